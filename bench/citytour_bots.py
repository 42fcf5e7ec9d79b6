"""Citytrip Brugge's bot levels measured: basic against random, strong against basic.

Two-player games on the green side with 16 cards (and the same on the red side with the
two-direction variant); the measured bot alternates between the seats; a shared first
place counts as half a win. Pure Python, no Django.

    python -m bench.citytour_bots --games 200 --strong-games 100
"""
from __future__ import annotations

import argparse
import json
import time


def duel(bot, other, games: int, options: dict, label: str) -> dict:
    from games.catalog.citytour import RULES
    from games.engine.harness import play_game

    wins, margins, started = 0.0, [], time.perf_counter()
    for index in range(games):
        seat = index % 2
        bots = [other, other]
        bots[seat] = bot
        game = play_game(RULES, 2, options, seed=f"citytour-{label}:{index}", bots=bots)
        winners = game.outcome.winners
        if seat in winners:
            wins += 1 / len(winners)
        margins.append(game.outcome.scores[seat] - game.outcome.scores[1 - seat])
    return {"match": label, "options": options, "games": games, "wins": wins,
            "win_rate": round(wins / games, 3), "mean_margin": round(sum(margins) / games, 1),
            "seconds": round(time.perf_counter() - started, 1)}


def main() -> None:
    from games.catalog.citytour import BOTS
    from games.engine.bots import random_bot

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--strong-games", type=int, default=100)
    args = parser.parse_args()
    rows = []
    for options in ({}, {"side": "red", "two_directions": True}):
        rows.append(duel(BOTS["best"], random_bot, args.games, options, "basic-vs-random"))
        rows.append(duel(BOTS["strong"], BOTS["best"], args.strong_games, options, "strong-vs-basic"))
        print(json.dumps(rows[-2:]), flush=True)
    for row in rows:
        print(f"{row['match']:16} {json.dumps(row['options']):45} {row['wins']:6.1f}/{row['games']} "
              f"= {row['win_rate']:.0%}  mean margin {row['mean_margin']:+}  ({row['seconds']} s)")


if __name__ == "__main__":
    main()
