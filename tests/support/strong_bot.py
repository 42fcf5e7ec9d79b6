"""Shared checks of a game's strong bot (games/engine/search.py + the game's bot_strong.py)."""
from __future__ import annotations

import json

from games import registry
from games.engine.harness import Table, play_game
from games.engine.rng import rng_for_testing
from games.engine.search import Budget, strong_bot


def midgame(slug: str, moves: int, players: int = 2, seed: int = 0, options: dict | None = None) -> Table:
    """A table after ``moves`` moves of basic bots (lowest seat first, as the harness)."""
    entry = registry.get(slug)
    table = Table(entry.rules, players, options, seed)
    for _ in range(moves):
        if table.over:
            break
        seat = min(entry.rules.to_move(table.state))
        table.bot_move(seat, entry.bots["basic"])
    assert not table.over, "the position must still be in play"
    return table


def assert_legal_reproducible_and_pure(slug: str, state, seat: int, seed: int = 7) -> dict:
    """The strong move is legal, the same for the same RNG, and the state is left as it was."""
    entry = registry.get(slug)
    before = json.dumps(state, sort_keys=True)
    move = entry.bots["strong"](entry.rules, state, seat, rng_for_testing(seed))
    assert json.dumps(state, sort_keys=True) == before, "the bot must not change the state it is shown"
    assert move in entry.rules.legal_moves(state, seat)
    again = entry.bots["strong"](entry.rules, json.loads(before), seat, rng_for_testing(seed))
    assert again == move
    return move


def small_strong(slug: str):
    """The game's strong bot with a tiny budget: the same code path, a fast test."""
    module = __import__(f"games.catalog.{slug}.bot_strong", fromlist=["determinize"])
    return strong_bot(basic=registry.get(slug).bots["basic"], determinize=module.determinize,
                      evaluate=getattr(module, "evaluate", None), shortlist=getattr(module, "shortlist", None),
                      budget=Budget(worlds=2, candidates=2, rollout_moves=4))


def play_small_game(slug: str, seed: int = 3):
    """A two-player game, a small-budget strong bot against the basic bot, to the end;
    the harness plays every move through ``decide``, which rejects an illegal one."""
    entry = registry.get(slug)
    game = play_game(entry.rules, 2, seed=seed, bots=[small_strong(slug), entry.bots["basic"]])
    assert game.outcome is not None
    return game
