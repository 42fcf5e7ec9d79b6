"""Protocol properties: legal moves are exactly the accepted moves, JSON-stable state, replay."""
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.catalog.amazonas import BOTS, RULES
from games.catalog.amazonas import components as C
from games.engine import IllegalMove
from games.engine.bots import random_bot
from games.engine.harness import Table, replay
from games.engine.testing import check_game_properties


@pytest.mark.parametrize("players, missions", [(2, "bonus"), (3, "penalty"), (4, "bonus")])
def test_random_games_keep_the_protocol(players, missions):
    game = check_game_properties(RULES, players, {"missions": missions}, seed=players)
    assert game.state["phase"] == "over" and game.state["round"] == C.ROUNDS
    assert len(game.outcome.scores) == players


def move_space(seat_count):
    """Every well-formed move and a few malformed ones."""
    moves = [{"type": "collect"}, {"type": "end"}, {"type": "pass"}]
    moves += [{"type": "build", "village": v} for v in C.VILLAGE_IDS + ("atlantis",)]
    moves += [{"type": "neutral", "village": v} for v in C.VILLAGE_IDS]
    moves += [{"type": "income", "card": card} for card in range(-1, 8)]
    moves += [{"type": "hire", "research": kind} for kind in C.TYPES + ("jaguar",)]
    return moves


def accepted(table, seat, move):
    try:
        RULES.decide(table.state, seat, move, table.rng_for(table.version + 1))
    except IllegalMove as error:
        assert error.message and error.code
        return False
    return True


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3)])
def test_legal_moves_are_exactly_the_accepted_moves(players, seed):
    table = Table(RULES, players, {}, seed=100 + seed)
    kinds, step = set(), 0
    space = move_space(players)
    while not table.over:
        if step % 6 == 0:
            for seat in range(players):
                legal = RULES.legal_moves(table.state, seat)
                kinds |= {m["type"] for m in legal}
                for move in space:
                    assert accepted(table, seat, move) == (move in legal), (seat, move)
                assert all(move in space for move in legal)
        seat = min(RULES.to_move(table.state))
        table.bot_move(seat, BOTS["best"] if step % 3 else random_bot)
        step += 1
    expected = {"build", "income", "end"} | ({"neutral", "collect"} if players == 2 else set())
    assert expected <= kinds


junk = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 9) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6)
move_like = st.fixed_dictionaries(
    {"type": st.sampled_from(["build", "income", "neutral", "collect", "hire", "end", "Build"])},
    optional={"village": st.sampled_from(["manaus", "tefe", "Manaus", "x"]) | junk,
              "card": st.integers(-1, 8) | junk, "research": st.sampled_from(["fish", "orchid", "gold"]) | junk,
              "extra": junk})


def _start_table():
    table = Table(RULES, 2, {}, seed=7)
    while table.state["phase"] != "turn":
        table.bot_move(min(RULES.to_move(table.state)), BOTS["best"])
    return table


TABLE = _start_table()


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(move=move_like | junk)
def test_malformed_or_illegal_moves_are_refused_cleanly(move):
    state = TABLE.state
    seat = min(RULES.to_move(state))
    frozen = json.dumps(state, sort_keys=True)
    legal = RULES.legal_moves(state, seat)
    try:
        RULES.decide(state, seat, move, TABLE.rng_for(TABLE.version + 1))
    except IllegalMove as error:
        assert move not in legal or any(isinstance(v, bool) for v in move.values())
        assert error.message
    else:
        assert move in legal
    assert json.dumps(state, sort_keys=True) == frozen


def test_a_boolean_is_not_a_card_number():
    table = Table(RULES, 3, {}, seed=2)
    while table.state["phase"] != "choose":
        table.bot_move(min(RULES.to_move(table.state)), BOTS["best"])
    with pytest.raises(IllegalMove):
        RULES.decide(table.state, 0, {"type": "income", "card": True}, table.rng_for(9))


def test_schemas_describe_the_moves_and_options():
    import jsonschema

    schema = RULES.move_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    table = Table(RULES, 2, {}, seed=3)
    seen = set()
    while not table.over:
        for seat in RULES.to_move(table.state):
            for move in RULES.legal_moves(table.state, seat):
                validator.validate(move)
                seen.add(move["type"])
        table.bot_move(min(RULES.to_move(table.state)), BOTS["best"])
    assert {"build", "income", "neutral", "collect", "end"} <= seen
    options = RULES.options_schema()
    jsonschema.Draft202012Validator.check_schema(options)
    for spec in options["properties"].values():
        assert "default" in spec and "description" in spec
    with pytest.raises(IllegalMove):
        RULES.check_options(2, {"missions": "double"})
    with pytest.raises(IllegalMove):
        RULES.check_options(5, {})


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bot_games_finish_and_replay(players):
    from games.engine.harness import play_game

    for seed in range(4):
        game = play_game(RULES, players, {}, seed=seed, bots=[BOTS["best"]] * players)
        state = replay(RULES, game.batches)
        assert state == game.state
        assert RULES.outcome(state).to_json() == game.outcome.to_json()
