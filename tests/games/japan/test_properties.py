"""Protocol properties: legal moves are exactly the accepted moves, JSON-stable state, replay."""
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.catalog.japan import BOTS, RULES
from games.catalog.japan.components import CITIES, DAYS, EXPERIENCE
from games.engine import IllegalMove
from games.engine.bots import random_bot
from games.engine.harness import Table
from games.engine.testing import check_game_properties


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_random_games_keep_the_protocol(players):
    game = check_game_properties(RULES, players, {"experience_tie_break": players == 3}, seed=players)
    assert game.state["phase"] == "over"
    for seat in game.state["seats"]:
        assert sum(len(column) for column in seat["plan"]) >= 18
        assert all(len(column) >= 3 for column in seat["plan"])


def move_space(state, seat):
    """Well-formed moves around this state: every type, the seat's cards and some others."""
    data = state["seats"][seat]
    cards = sorted(set(data["hand"]) | {"T1", "K80", "T45"})
    plan_cards = [e.get("card") or e.get("walk") for column in data["plan"] for e in column]
    moves = [{"type": "pass"}, {"type": "continue"}]
    moves += [{"type": "draw", "city": c} for c in CITIES]
    moves += [{"type": "explore", "tokyo": k} for k in range(-1, 5)]
    moves += [{"type": "discard", "card": c} for c in cards]
    for c in cards:
        for day in DAYS:
            for position in range(5):
                moves.append({"type": "place", "card": c, "day": day, "position": position})
                moves += [{"type": "walk", "card": c, "city": city, "day": day, "position": position}
                          for city in CITIES]
    moves += [{"type": "bonus", "bonus": b} for b in ("mood", "explore", "joker", "luxury", "walk")]
    moves += [{"type": "bonus", "bonus": "walk", "city": city, "position": p} for city in CITIES for p in range(5)]
    for c in plan_cards + ["T1"]:
        if c:
            moves += [{"type": "city", "card": c, "city": city} for city in CITIES]
            moves += [{"type": "face", "card": c, "face": f} for f in ("up", "down")]
    moves += [{"type": "ticket", "kind": k} for k in ("start", "luxury", "standard", "first")]
    moves += [{"type": "joker", "track": t} for t in EXPERIENCE + ("mood",)]
    return moves


def accepted(table, seat, move):
    try:
        RULES.decide(table.state, seat, move, table.rng_for(table.version + 1))
    except IllegalMove as error:
        assert error.message and error.code
        return False
    return True


@pytest.mark.parametrize("players,seed", [(1, 0), (2, 1), (3, 2)])
def test_legal_moves_are_exactly_the_accepted_moves(players, seed):
    table = Table(RULES, players, {}, seed=100 + seed)
    kinds = set()
    checked = {"bonus": 0, "discard": 0, "draw": 0, "finish": 0}
    step = 0
    while not table.over:
        to_move = RULES.to_move(table.state)
        phases = {data["phase"] for data in table.state["seats"]} & {"bonus", "discard", "draw", "finish"}
        special = [p for p in phases if checked[p] < 3]
        for p in special:
            checked[p] += 1
        if step % 12 == 0 or special or (table.state["phase"] == "trip" and step % 3 == 0):
            for seat in range(players):
                legal = RULES.legal_moves(table.state, seat)
                kinds |= {m["type"] for m in legal}
                space = move_space(table.state, seat)
                for move in space:
                    assert accepted(table, seat, move) == (move in legal), (seat, move)
                for move in legal:
                    assert move in space or accepted(table, seat, move)
        seat = min(to_move)
        # Mix bot moves (which reach bonuses and the trip's questions) and random ones (exploring).
        bot = BOTS["best"] if step % 3 else random_bot
        table.bot_move(seat, bot)
        step += 1
    assert {"place", "walk", "explore", "bonus"} <= kinds


junk = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 9) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6)
move_like = st.fixed_dictionaries(
    {"type": st.sampled_from(["place", "walk", "explore", "discard", "bonus", "pass", "draw", "city",
                              "ticket", "face", "joker", "continue", "Place"])},
    optional={"card": st.sampled_from(["T1", "K1", "T80", "K99", "t1"]) | junk,
              "day": st.sampled_from(list(DAYS) + ["sun"]) | junk,
              "position": st.integers(-1, 4) | junk, "city": st.sampled_from(["tokyo", "kyoto", "osaka"]),
              "tokyo": st.integers(-1, 4) | junk, "bonus": st.sampled_from(["mood", "walk", "gold"]),
              "kind": st.sampled_from(["start", "luxury"]), "extra": junk})

TABLE = Table(RULES, 2, {}, seed=7)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(move=move_like | junk)
def test_malformed_or_illegal_moves_are_refused_cleanly(move):
    state = TABLE.state
    frozen = json.dumps(state, sort_keys=True)
    legal = RULES.legal_moves(state, 0)
    try:
        RULES.decide(state, 0, move, TABLE.rng_for(2))
    except IllegalMove as error:
        assert move not in legal
        assert error.message
    else:
        assert move in legal
    assert json.dumps(state, sort_keys=True) == frozen


def test_schemas_describe_the_moves_and_options():
    import jsonschema

    schema = RULES.move_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    table = Table(RULES, 2, {}, seed=3)
    seen = set()
    step = 0
    while not table.over:
        for seat in RULES.to_move(table.state):
            for move in RULES.legal_moves(table.state, seat)[:: 1 if step % 5 == 0 else 40]:
                validator.validate(move)
                seen.add(move["type"])
        table.bot_move(min(RULES.to_move(table.state)), BOTS["best"])
        step += 1
    assert {"place", "walk", "ticket"} <= seen
    for bad in ({"type": "place", "card": "T1"}, {"type": "explore", "tokyo": 4}, {"type": "pass", "x": 1}):
        with pytest.raises(jsonschema.ValidationError):
            validator.validate(bad)
    options = RULES.options_schema()
    jsonschema.Draft202012Validator.check_schema(options)
    for spec in options["properties"].values():
        assert "default" in spec and "description" in spec
