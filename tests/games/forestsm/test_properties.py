"""Protocol properties at every player count, legal moves against decide both ways
(property-based), moves against the move schema, and bot games that finish and replay."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.catalog.forestsm import BOTS, RULES
from games.engine.bots import random_bot
from games.engine.errors import IllegalMove
from games.engine.harness import Table, play_game, replay
from games.engine.testing import check_game_properties


@pytest.mark.parametrize("players", [2, 5])
def test_games_keep_the_protocol(players):
    bots = [BOTS["best"]] + [random_bot] * (players - 1)
    game = check_game_properties(RULES, players, {}, seed=players, bots=bots)
    assert game.outcome is not None and len(game.outcome.scores) == players


def test_fully_random_games_keep_the_protocol():
    check_game_properties(RULES, 2, {}, seed=77)


CARD = st.integers(-1, 210)
MOVES = st.one_of(
    st.builds(lambda s: {"type": "draw", "source": s}, st.sampled_from(["deck", "clearing", "pond"])),
    st.builds(lambda c: {"type": "draw", "source": "clearing", "card": c}, CARD),
    st.builds(lambda c: {"type": "play", "card": c}, CARD),
    st.builds(lambda c, r: {"type": "play", "card": c, "river": r}, CARD, CARD),
    st.builds(lambda c, h, s, slot: {"type": "play", "card": c, "half": h, "stem": s, "slot": slot},
              CARD, st.sampled_from(["top", "bottom", "left", "right", "middle"]), st.integers(-1, 6),
              st.sampled_from(["top", "top2", "bottom", "bottom2", "left", "right", "x"])),
    st.builds(lambda c: {"type": "pay", "card": c}, CARD),
    st.builds(lambda c: {"type": "take", "card": c}, CARD),
    st.builds(lambda c: {"type": "tuck", "card": c}, CARD),
    st.just({"type": "pass"}),
    st.builds(lambda a, b: {"type": "shelter", "cards": [a, b]}, CARD, CARD),
    st.just({"type": "dance"}),
)


@settings(max_examples=70, deadline=None)
@given(move=MOVES, players=st.integers(2, 5), steps=st.integers(0, 120), seed=st.integers(0, 5))
def test_a_move_is_accepted_exactly_when_it_is_listed(move, players, steps, seed):
    table = Table(RULES, players, {}, seed=seed)
    for _ in range(steps):
        if table.over:
            break
        table.bot_move(min(RULES.to_move(table.state)), BOTS["best"])
    if table.over:
        return
    frozen = json.dumps(table.state, sort_keys=True)
    seat = min(RULES.to_move(table.state))
    legal = RULES.legal_moves(table.state, seat)
    # Make the drawn move a listed one half the time, so acceptance is exercised too.
    if steps % 2 and legal:
        move = legal[steps % len(legal)]
    for who in range(players):
        rng = table.rng_for(table.version + 1)
        if who == seat and move in legal:
            RULES.decide(table.state, who, move, rng)
        else:
            with pytest.raises(IllegalMove) as error:
                RULES.decide(table.state, who, move, rng)
            assert error.value.message.endswith(".")
    assert json.dumps(table.state, sort_keys=True) == frozen


def test_every_listed_move_is_accepted_and_listed_once():
    table = Table(RULES, 3, {}, seed=11)
    seen = set()
    while not table.over:
        seat = min(RULES.to_move(table.state))
        moves = RULES.legal_moves(table.state, seat)
        keys = [json.dumps(m, sort_keys=True) for m in moves]
        assert len(keys) == len(set(keys))
        if table.version % 4 == 0:
            for move in moves:
                RULES.decide(table.state, seat, move, table.rng_for(table.version + 1))
        seen |= {m["type"] for m in moves}
        table.bot_move(seat, BOTS["best"] if table.version % 3 else random_bot)
    assert {"draw", "play", "pay", "take", "tuck", "pass"} <= seen


def test_legal_moves_match_the_move_schema():
    import jsonschema

    validator = jsonschema.Draft202012Validator(RULES.move_schema())
    for players in (3,):
        table = Table(RULES, players, {}, seed=3)
        while not table.over:
            seat = min(RULES.to_move(table.state))
            for move in RULES.legal_moves(table.state, seat):
                validator.validate(move)
            table.bot_move(seat, BOTS["best"])
    with pytest.raises(jsonschema.ValidationError):
        validator.validate({"type": "draw", "source": "pond"})


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_bot_games_finish_replay_and_end_on_the_third_winter(players):
    for seed in range(1):
        game = play_game(RULES, players, {}, seed=f"sim{players}:{seed}", bots=[BOTS["best"]] * players)
        replayed = replay(RULES, game.batches)
        assert replayed == game.state
        assert RULES.outcome(replayed).to_json() == game.outcome.to_json()
        assert len(game.state["winters"]) == 3 and game.state["end"] == "third_winter"
        assert game.events[-1].type == "GameEnded"


def test_the_basic_bot_beats_a_random_player():
    wins = 0
    for seed in range(6):
        game = play_game(RULES, 2, {}, seed=f"vs-random:{seed}", bots=[BOTS["best"], random_bot])
        wins += 0 in game.outcome.winners
    assert wins >= 5
