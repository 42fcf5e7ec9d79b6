"""Property checks every game's tests run (pure Python, usable from pytest).

``check_game_properties`` plays random games and, before every move, checks the
protocol's promises: the state is JSON-stable; ``legal_moves`` lists only moves
``decide`` accepts; ``decide`` changes nothing; every view is JSON; moves by seats
neither to move nor allowed to move unasked are refused; the optional moves are made
now and then. After the game, replaying the log reproduces the state.
"""
from __future__ import annotations

import json

from .errors import IllegalMove
from .harness import Table, play_game, replay


def _json_roundtrip(value):
    return json.loads(json.dumps(value))


def check_table(table: Table, max_moves_checked: int = 25) -> None:
    rules, state = table.rules, table.state
    frozen = json.dumps(state, sort_keys=True)
    assert _json_roundtrip(state) == state, "state must survive a JSON round trip"
    to_move = rules.to_move(state)
    optional = rules.may_move(state)
    assert not to_move & optional, f"seats {sorted(to_move & optional)} are both awaited and optional"
    for seat in range(table.players):
        json.dumps(rules.view(state, seat))
        moves = rules.legal_moves(state, seat)
        if seat not in to_move and seat not in optional:
            assert moves == [], f"seat {seat} is not to move but has legal moves"
            continue
        assert moves, f"seat {seat} may move but has no legal move"
        step = max(1, len(moves) // max_moves_checked)
        for move in moves[::step]:
            rules.decide(state, seat, move, table.rng_for(table.version + 1))
    json.dumps(rules.view(state, None))
    for seat in range(table.players):
        if seat in to_move or seat in optional:
            continue
        sample = next(iter(rules.legal_moves(state, min(to_move)))) if to_move else {"type": "pass"}
        try:
            rules.decide(state, seat, sample, table.rng_for(table.version + 1))
        except IllegalMove:
            pass
        else:
            raise AssertionError(f"seat {seat} moved out of turn with {sample}")
    assert json.dumps(state, sort_keys=True) == frozen, "decide/legal_moves/view changed the state"


def check_game_properties(rules, players: int, options: dict | None = None, seed: int = 0,
                          bots=None):
    """Play a random game checking every property; return the finished game."""
    game = play_game(rules, players, options, seed=seed, bots=bots, check=check_table, optional_every=3)
    replayed = replay(rules, game.batches)
    assert replayed == game.state, "replaying the log must reproduce the final state"
    assert rules.outcome(replayed).to_json() == game.outcome.to_json()
    for seat in list(range(players)) + [None]:
        json.dumps(rules.view(game.state, seat))
        for event in game.events:
            json.dumps(rules.redact(event, seat).to_json())
    return game
