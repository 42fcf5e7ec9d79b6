"""Protocol properties over every player count and option, legal moves against decide
both ways (property-based), and bot games that finish and replay to the same result."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.catalog.harmonies import BOTS, RULES
from games.catalog.harmonies import components as C
from games.engine.bots import random_bot
from games.engine.errors import IllegalMove
from games.engine.harness import Table, play_game, replay
from games.engine.testing import check_game_properties

OPTIONS = [{}, {"side": "B"}, {"spirits": True}, {"side": "B", "spirits": True}]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("options", OPTIONS, ids=["A", "B", "A-spirits", "B-spirits"])
def test_games_keep_the_protocol(players, options):
    bots = [BOTS["best"]] + [random_bot] * (players - 1)
    game = check_game_properties(RULES, players, options, seed=players, bots=bots)
    assert game.outcome is not None and len(game.outcome.scores) == players


@pytest.mark.parametrize("players", [1, 2, 4])
def test_fully_random_games_keep_the_protocol(players):
    check_game_properties(RULES, players, {"spirits": True}, seed=50 + players)


MOVES = st.one_of(
    st.builds(lambda s: {"type": "take_tokens", "space": s}, st.integers(-1, 6)),
    st.builds(lambda c, s: {"type": "place_token", "colour": c, "space": s},
              st.sampled_from(C.COLOURS + ["pink"]), st.integers(-1, 29)),
    st.builds(lambda c, p: {"type": "take_card", "card": c, "place": p},
              st.integers(0, 43), st.integers(-1, 4)),
    st.builds(lambda c, s: {"type": "place_cube", "card": c, "space": s},
              st.integers(0, 43), st.integers(-1, 29)),
    st.builds(lambda c: {"type": "choose_spirit", "card": c}, st.integers(30, 43)),
    st.just({"type": "end_turn"}),
    st.builds(lambda c: {"type": "end_turn", "discard": c}, st.integers(0, 33)),
)


@settings(max_examples=120, deadline=None)
@given(move=MOVES, players=st.integers(1, 4), spirits=st.booleans(),
       side=st.sampled_from(["A", "B"]), steps=st.integers(0, 120), seed=st.integers(0, 5))
def test_a_move_is_accepted_exactly_when_it_is_listed(move, players, spirits, side, steps, seed):
    table = Table(RULES, players, {"side": side, "spirits": spirits}, seed=seed)
    for _ in range(steps):
        if table.over:
            break
        table.bot_move(min(RULES.to_move(table.state)), BOTS["best"])
    if table.over:
        return
    frozen = json.dumps(table.state, sort_keys=True)
    for seat in range(players):
        legal = RULES.legal_moves(table.state, seat)
        rng = table.rng_for(table.version + 1)
        if move in legal:
            RULES.decide(table.state, seat, move, rng)
        else:
            with pytest.raises(IllegalMove) as error:
                RULES.decide(table.state, seat, move, rng)
            assert error.value.message.endswith(".")
    assert json.dumps(table.state, sort_keys=True) == frozen


@pytest.mark.parametrize("players,side", [(1, "A"), (3, "B"), (4, "A")])
def test_every_listed_move_is_accepted_and_listed_once(players, side):
    table = Table(RULES, players, {"side": side, "spirits": True}, seed=11)
    seen = set()
    while not table.over:
        seat = min(RULES.to_move(table.state))
        moves = RULES.legal_moves(table.state, seat)
        keys = [json.dumps(m, sort_keys=True) for m in moves]
        assert len(keys) == len(set(keys))
        if table.version % 5 == 0:
            for move in moves:
                RULES.decide(table.state, seat, move, table.rng_for(table.version + 1))
        seen |= {m["type"] for m in moves}
        # ruling 8: every turn starts with at least three empty spaces
        if table.state["turn"]["taken"] is None:
            assert sum(1 for s in table.state["boards"][seat] if not s) >= 3
        table.bot_move(seat, BOTS["best"])
    assert {"take_tokens", "place_token", "take_card", "place_cube", "choose_spirit",
            "end_turn"} <= seen


def test_legal_moves_match_the_move_schema():
    import jsonschema

    validator = jsonschema.Draft202012Validator(RULES.move_schema())
    for players in (1, 4):
        table = Table(RULES, players, {"side": "B", "spirits": True}, seed=3)
        while not table.over:
            seat = min(RULES.to_move(table.state))
            for move in RULES.legal_moves(table.state, seat):
                validator.validate(move)
            table.bot_move(seat, BOTS["best"])
    with pytest.raises(jsonschema.ValidationError):
        validator.validate({"type": "place_token", "colour": "pink", "space": 1})


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_bot_games_finish_and_replay(players):
    for seed in range(4):
        options = OPTIONS[seed % 4]
        game = play_game(RULES, players, options, seed=f"sim{players}:{seed}",
                         bots=[BOTS["best"]] * players)
        assert RULES.outcome(game.state) is not None
        replayed = replay(RULES, game.batches)
        assert replayed == game.state
        assert RULES.outcome(replayed).to_json() == game.outcome.to_json()
        reasons = game.state["end_trigger"]["reasons"]
        if reasons == ["pouch_empty"]:
            # 105 tokens after setup last 35 refills (solo: 111 last 12 of nine)
            assert game.state["turns"] == (13 if players == 1 else 36)


def test_the_bot_is_deterministic_given_the_seed():
    first = play_game(RULES, 3, {}, seed=42, bots=[BOTS["best"]] * 3)
    second = play_game(RULES, 3, {}, seed=42, bots=[BOTS["best"]] * 3)
    assert [e.to_json() for e in first.events] == [e.to_json() for e in second.events]
