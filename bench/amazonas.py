"""Amazonas bot strength at 2, 3 and 4 players: the basic bot against random players and
the strong bot against basic bots. The measured seat moves to the next seat every game
(so every seat and turn position is tried); a shared first place counts as a win.
Pure Python, no Django.

    python -m bench.amazonas --games 60 --strong-games 24 [--out var/amazonas.json]
"""
from __future__ import annotations

import argparse
import json
import time
from pathlib import Path


def duel(hero, others, players: int, games: int, label: str) -> dict:
    from games.catalog.amazonas import RULES
    from games.engine.harness import play_game

    wins, started, moves = 0, time.process_time(), []
    for index in range(games):
        seat = index % players
        bots = [others] * players
        bots[seat] = hero
        game = play_game(RULES, players, seed=f"bench-{label}-{players}:{index}", bots=bots)
        wins += game.outcome.ranks[seat] == 1
        moves.append(game.moves)
    return {"match": label, "players": players, "games": games, "wins": wins,
            "win_rate": round(wins / games, 3) if games else None, "chance": round(1 / players, 3),
            "cpu_seconds": round(time.process_time() - started, 1),
            "median_moves": sorted(moves)[len(moves) // 2] if moves else None}


def main() -> None:
    from games.catalog.amazonas import BOTS
    from games.engine.bots import random_bot

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--strong-games", type=int, default=24)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    rows = []
    for players in (2, 3, 4):
        rows.append(duel(BOTS["best"], random_bot, players, args.games, "basic-vs-random"))
        print(json.dumps(rows[-1]), flush=True)
    for players in (2, 3, 4):
        rows.append(duel(BOTS["strong"], BOTS["best"], players, args.strong_games, "strong-vs-basic"))
        print(json.dumps(rows[-1]), flush=True)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
