"""Protocol properties: legal moves are exactly the accepted moves (both ways), the
state is JSON-stable, replay reproduces the game, for every player count and option."""
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.catalog.citytour import RULES
from games.catalog.citytour.components import GREEN, TYPES, neighbours, places
from games.engine import IllegalMove
from games.engine.bots import random_bot
from games.engine.harness import Table
from games.engine.rng import rng_for_testing
from games.engine.testing import check_game_properties

PLAYS = [(1, {"level": 13, "two_directions": True}), (2, {}), (3, {"side": "red", "missions": 4}),
         (4, {"two_directions": True}), (6, {"side": "red", "deck": 20})]


@pytest.mark.parametrize("players,options", PLAYS, ids=[f"{p}p-{i}" for i, (p, _) in enumerate(PLAYS)])
def test_random_games_keep_the_protocol(players, options):
    game = check_game_properties(RULES, players, options, seed=players)
    assert game.state["finished"] and game.state["turn"] == game.state["turns"]


def accepted(state, seat, move):
    try:
        RULES.decide(state, seat, move, rng_for_testing(1))
    except IllegalMove as error:
        assert error.message and error.code
        return False
    return True


def neighbourhood_moves(state, seat, rnd) -> list:
    """Well-formed moves of the seat's current step, legal or nearly so: every
    selection of 1-4 cells, bonus and end variations, paths through the map near the
    route end, marks of places near the route in every type."""
    turn = RULES.turn_of(state, seat)
    phase = turn.phase
    moves = []
    if phase == "choose":
        for a in range(6):
            for b in range(6):
                moves.append({"type": "choose", "cells": [a, b]})
                for c in range(6):
                    moves.append({"type": "choose", "cells": [a, b, c]})
        for move in list(moves[:60]):
            moves.append({**move, "end": "tail"})
            moves.append({**move, "end": "head"})
            moves.append({**move, "bonuses": [{"value": 1, "cell": move["cells"][0]}]})
            moves.append({**move, "bonuses": [{"value": 2, "cell": move["cells"][-1]},
                                              {"value": 1, "cell": move["cells"][0]}]})
    elif phase == "route":
        graph = neighbours(state["side"])
        start = turn.end()
        for _ in range(150):
            path, at = [], start
            for _ in range(rnd.randint(0, 6)):
                at = rnd.choice(graph[at] + [rnd.choice(sorted(graph))])
                path.append(at)
            moves.append({"type": "route", "path": path})
    else:
        near = [turn.end()] + list(turn.steps[1]["path"]) + list(state["sheets"][seat]["route"][-3:])
        near += neighbours(state["side"])[turn.end()]
        for _ in range(150):
            marks = []
            for pid in sorted(set(near)):
                if rnd.random() < 0.35:
                    offered = [places(state["side"])[pid].type] + list(places(state["side"])[pid].offers)
                    marks.append({"place": pid, "as": rnd.choice(offered + [rnd.choice(TYPES)])})
            moves.append({"type": "mark", "marks": marks})
    return moves


@pytest.mark.parametrize("players,options", [(1, {"level": 12}), (2, {"two_directions": True}),
                                             (3, {"side": "red", "two_directions": True})])
def test_legal_moves_are_exactly_the_accepted_moves(players, options):
    rnd = random.Random(players)
    from games.catalog.citytour import BOTS
    table = Table(RULES, players, options, seed=20 + players)
    phases = set()
    step = 0
    while not table.over:
        to_move = RULES.to_move(table.state)
        seat = min(to_move)
        if step % 4 == 0:
            legal = RULES.legal_moves(table.state, seat)
            phases.add(RULES.turn_of(table.state, seat).phase)
            for move in legal:
                assert accepted(table.state, seat, move)
            keys = {json.dumps(m, sort_keys=True) for m in legal}
            for move in neighbourhood_moves(table.state, seat, rnd):
                assert accepted(table.state, seat, move) == (json.dumps(move, sort_keys=True) in keys), move
        table.bot_move(seat, BOTS["best"] if step % 3 else random_bot)
        step += 1
    assert phases == {"choose", "route", "mark"}


junk = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 9) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6)
move_like = st.fixed_dictionaries(
    {"type": st.sampled_from(["choose", "route", "mark", "pass", "Choose"])},
    optional={"cells": st.lists(st.integers(-1, 7), max_size=4) | junk,
              "path": st.lists(st.sampled_from(sorted(places(GREEN))), max_size=4) | junk,
              "marks": st.lists(st.fixed_dictionaries({"place": st.sampled_from(sorted(places(GREEN))),
                                                       "as": st.sampled_from(TYPES)}), max_size=3) | junk,
              "bonuses": junk, "end": junk})

TABLE = Table(RULES, 2, {}, seed=7)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(move=move_like | junk)
def test_malformed_or_illegal_moves_are_refused_cleanly(move):
    state = TABLE.state
    frozen = json.dumps(state, sort_keys=True)
    legal = RULES.legal_moves(state, 0)
    try:
        RULES.decide(state, 0, move, TABLE.rng_for(3))
    except IllegalMove as error:
        assert move not in legal and error.message
    else:
        assert move in legal
    assert json.dumps(state, sort_keys=True) == frozen


def test_schemas_describe_the_moves_and_options():
    import jsonschema

    schema = RULES.move_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    table = Table(RULES, 2, {"side": "red", "two_directions": True}, seed=4)
    for _ in range(12):
        seat = min(RULES.to_move(table.state))
        for move in RULES.legal_moves(table.state, seat)[:20]:
            jsonschema.validate(move, schema)
        table.bot_move(seat)
    options = RULES.options_schema()
    jsonschema.Draft202012Validator.check_schema(options)
    for spec in options["properties"].values():
        assert "default" in spec and "description" in spec


@pytest.mark.parametrize("players,options,code", [
    (2, {"side": "blue"}, "invalid_options"), (2, {"deck": 18}, "invalid_options"),
    (2, {"missions": 5}, "invalid_options"), (1, {"level": 16}, "invalid_options"),
(3, {"level": 4}, "invalid_options"),
    (7, {}, "invalid_player_count")])
def test_bad_options_are_refused(players, options, code):
    with pytest.raises(IllegalMove) as error:
        RULES.check_options(players, options)
    assert error.value.code == code


def test_a_solo_level_decides_the_side():
    assert RULES.check_options(1, {"level": 12, "side": "green"})["side"] == "red"
    assert RULES.check_options(1, {"level": 2, "side": "red"})["side"] == "green"


def test_the_red_side_draws_up_to_six_missions_two_of_each_back():
    from games.catalog.citytour.missions import MISSIONS

    table = Table(RULES, 3, {"side": "red"}, seed=2)
    backs = sorted(MISSIONS[n]["back"] for n in table.state["missions"])
    assert backs == [1, 1, 2, 2, 3, 3]
    table = Table(RULES, 3, {}, seed=2)
    assert sorted(MISSIONS[n]["back"] for n in table.state["missions"]) == [1, 2, 3]
