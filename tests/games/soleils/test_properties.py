"""Protocol properties: legal moves are exactly the accepted moves, JSON-stable state,
replay, for every player count and option value."""
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.catalog.soleils import RULES_BY_VERSION
from games.catalog.soleils.components import CELL_IDS
from games.engine import IllegalMove
from games.engine.harness import Table
from games.engine.testing import check_game_properties

RULES = RULES_BY_VERSION[1]   # the step-by-step rules; version 2 sends the steps as one move

OPTIONS = [{"sailboat_rule": "row_all_different"}, {"sailboat_rule": "adjacent_different"}]


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
@pytest.mark.parametrize("options", OPTIONS, ids=["row", "adjacent"])
def test_random_games_keep_the_protocol(players, options):
    game = check_game_properties(RULES, players, options, seed=players)
    assert RULES.outcome(game.state) is not None
    rounds = game.state["round"]
    assert 1 <= rounds <= 20
    assert rounds == 20 or max(sheet["sun"][-1] for sheet in game.state["sheets"]) >= 62


def every_move():
    """The whole move space (well-formed moves of every type)."""
    values = range(1, 7)
    moves = [{"type": "write", "cell": c, "value": v} for c in CELL_IDS for v in values]
    moves += [{"type": "sun_only", "value": v} for v in values]
    moves += [{"type": "crab", "cell": c} for c in CELL_IDS] + [{"type": "crab_skip"}]
    moves += [{"type": "sun", "value": v} for v in values]
    moves += [{"type": "question", "cell": c, "value": v} for c in CELL_IDS for v in values]
    moves += [{"type": "question_skip"}]
    return moves


ALL_MOVES = every_move()


def accepted(state, seat, move, table):
    try:
        RULES.decide(state, seat, move, table.rng_for(table.version + 1))
    except IllegalMove as error:
        assert error.message and error.code
        return False
    return True


@pytest.mark.parametrize("players,options", [(1, OPTIONS[0]), (2, OPTIONS[1]), (3, OPTIONS[0])])
def test_legal_moves_are_exactly_the_accepted_moves(players, options):
    phases_seen = set()
    for seed in range(2):
        table = Table(RULES, players, options, seed=100 + seed)
        step = 0
        while not table.over:
            to_move = RULES.to_move(table.state)
            if step % 3 == 0 or RULES.turn_of(table.state, min(to_move)).phase != "place":
                for seat in range(players):
                    legal = RULES.legal_moves(table.state, seat)
                    if seat in to_move:
                        phases_seen.add(RULES.turn_of(table.state, seat).phase)
                    for move in ALL_MOVES:
                        assert accepted(table.state, seat, move, table) == (move in legal), (seat, move)
            table.bot_move(min(to_move))
            step += 1
    assert {"place", "crab", "sun", "question"} <= phases_seen


junk = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 9) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6)
move_like = st.fixed_dictionaries(
    {"type": st.sampled_from(["write", "sun_only", "crab", "crab_skip", "sun", "question",
                              "question_skip", "pass", "Write"])},
    optional={"cell": st.sampled_from(CELL_IDS) | junk, "value": st.integers(-1, 8) | junk,
              "die": junk})


TABLE = Table(RULES, 2, {}, seed=7)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(move=move_like | junk)
def test_malformed_or_illegal_moves_are_refused_cleanly(move):
    table = TABLE
    state = table.state
    frozen = json.dumps(state, sort_keys=True)
    legal = RULES.legal_moves(state, 0)
    try:
        RULES.decide(state, 0, move, table.rng_for(2))
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
    for move in ALL_MOVES:
        jsonschema.validate(move, schema)
    for bad in ({"type": "write", "cell": "hut1-t"}, {"type": "sun", "value": 0},
                {"type": "crab_skip", "cell": "hut1-t"}, {"type": "pass"}):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(bad, schema)
    options = RULES.options_schema()
    jsonschema.Draft202012Validator.check_schema(options)
    for name, spec in options["properties"].items():
        assert "default" in spec and "description" in spec
    for value in OPTIONS:
        jsonschema.validate(value, options)
