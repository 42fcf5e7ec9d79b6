"""Protocol properties over every player count and option combination, legal moves
versus decide both ways, and complete bot games that replay to the same result."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.catalog.medina import BOTS, RULES
from games.catalog.medina.scoring import palace_tile_holders
from games.engine.bots import random_bot
from games.engine.errors import IllegalMove
from games.engine.harness import Table, play_game, replay
from games.engine.testing import check_game_properties


ALL_OFF = {"fountain": False, "tea_tiles": False, "tower_merchants": False}


def option_sets(players):
    """Each option on and off at least once per player count: the defaults (every
    second-edition option on), everything off, and the count's own variants."""
    yield {}
    yield dict(ALL_OFF)
    if players == 3:
        yield {"neutral_roofs_for_three": True}
        yield {**ALL_OFF, "neutral_roofs_for_three": True}
    if players >= 3:
        yield {"first_edition": True}


CASES = [(players, options) for players in (2, 3, 4) for options in option_sets(players)]


@pytest.mark.parametrize("players,options", CASES)
def test_random_games_keep_the_protocol(players, options):
    # bots keep the check fast; one seat plays the greedy bot so palaces get claimed
    seed = len(json.dumps(options)) + players
    bots = [BOTS["best"]] + [random_bot] * (players - 1)
    game = check_game_properties(RULES, players, options, seed=seed, bots=bots)
    assert game.outcome is not None and len(game.outcome.scores) == players


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fully_random_games_keep_the_protocol(players):
    check_game_properties(RULES, players, {}, seed=100 + players)


@settings(max_examples=30, deadline=None)
@given(kind=st.sampled_from(["building", "roof", "neutral_roof", "stable", "wall", "merchant", "tea", "pass", "x"]),
       x=st.integers(-2, 20), y=st.integers(-2, 14),
       colour=st.sampled_from(["white", "violet", "brown", "orange", "green"]),
       steps=st.integers(0, 30))
def test_every_move_is_either_legal_or_refused(kind, x, y, colour, steps):
    table = Table(RULES, 3, {}, seed=steps)
    for _ in range(steps):
        if table.over:
            break
        table.bot_move(min(RULES.to_move(table.state)), BOTS["best"])
    assert not table.over      # 30 placements never end a game of Medina
    seat = min(RULES.to_move(table.state))
    move = {"type": kind} if kind in ("tea", "pass") else {"type": kind, "x": x, "y": y}
    if kind == "building":
        move["colour"] = colour
    legal = RULES.legal_moves(table.state, seat)
    frozen = json.dumps(table.state, sort_keys=True)
    if move in legal:
        RULES.decide(table.state, seat, move, table.rng_for(table.version + 1))
    else:
        with pytest.raises(IllegalMove):
            RULES.decide(table.state, seat, move, table.rng_for(table.version + 1))
    assert json.dumps(table.state, sort_keys=True) == frozen


def test_all_legal_moves_accepted_in_a_mid_game_position():
    table = Table(RULES, 4, {}, seed=11)
    for _ in range(60):
        table.bot_move(min(RULES.to_move(table.state)), BOTS["best"])
    seat = min(RULES.to_move(table.state))
    moves = RULES.legal_moves(table.state, seat)
    assert len(moves) == len({json.dumps(m, sort_keys=True) for m in moves})
    for move in moves:
        RULES.decide(table.state, seat, move, table.rng_for(table.version + 1))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bot_games_finish_and_replay(players):
    for seed in range(20):
        game = play_game(RULES, players, {}, seed=f"sim{players}:{seed}", bots=[BOTS["best"]] * players)
        assert game.state["finished"]
        replayed = replay(RULES, game.batches)
        assert replayed == game.state
        assert RULES.outcome(replayed).to_json() == game.outcome.to_json()
        # once nobody can place, every seat really is stuck
        assert not any(RULES.can_place(game.state, seat) for seat in range(players))
        # the stored palace tiles match the largest palaces
        assert palace_tile_holders(game.state) == game.state["palace_tiles"]


def test_legal_moves_match_the_move_schema():
    import jsonschema

    schema = RULES.move_schema()
    validator = jsonschema.Draft202012Validator(schema)
    table = Table(RULES, 2, {}, seed=5)
    seen = set()
    for _ in range(80):
        if table.over:
            break
        seat = min(RULES.to_move(table.state))
        for move in RULES.legal_moves(table.state, seat):
            validator.validate(move)
            seen.add(move["type"])
        table.bot_move(seat, BOTS["best"])
    assert {"building", "roof", "wall", "merchant"} <= seen
    jsonschema.validate({"type": "tea"}, schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"type": "wall", "x": 1}, schema)
