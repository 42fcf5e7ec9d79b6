"""Bot strength: how often a bot beats random players (used by ``make bench``)."""
from __future__ import annotations

from .bots import random_bot
from .harness import play_game


def bot_vs_random(rules, bot, players: int, games: int, options: dict | None = None,
                  seed: int = 0) -> dict:
    """Play ``games`` games with ``bot`` in one seat (rotating) and random elsewhere.

    Returns the bot's win share (a shared first place counts as a win) and the
    share a random player would expect (1 / players), so a reader sees the margin.
    """
    wins = 0
    for index in range(games):
        bot_seat = index % players
        bots = [random_bot] * players
        bots[bot_seat] = bot
        game = play_game(rules, players, options, seed=f"{seed}:{index}", bots=bots)
        if game.outcome.ranks[bot_seat] == 1:
            wins += 1
    return {"games": games, "players": players, "bot_wins": wins,
            "win_rate": wins / games, "random_expectation": 1 / players}
