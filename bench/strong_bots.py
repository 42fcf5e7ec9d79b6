"""The strong bot level against the basic bot: two-player games per catalogued game.

The strong bot takes seat 0 in even games and seat 1 in odd ones; a shared first place
counts as a win. The time per strong move is process CPU time (the machine is shared,
so wall-clock time would measure the neighbours). Pure Python, no Django.

    python -m bench.strong_bots --games 200 [--game momiji ...] [--out var/strong.json]
"""
from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

LEVELS_SHOWN = ("strong", "basic")


def _timed(bot, spent: list):
    def choose(rules, state, seat, rng):
        started = time.process_time()
        move = bot(rules, state, seat, rng)
        spent.append(time.process_time() - started)
        return move
    return choose


def strong_vs_basic(entry, games: int, seed: int = 1) -> dict:
    from games.engine.harness import play_game

    strong, basic = entry.bots["strong"], entry.bots["basic"]
    wins, spent, started = 0, [], time.perf_counter()
    for index in range(games):
        seat = index % 2
        bots = [basic, basic]
        bots[seat] = _timed(strong, spent)
        game = play_game(entry.rules, 2, seed=f"strong-{seed}:{index}", bots=bots)
        wins += game.outcome.ranks[seat] == 1
    return {"game": entry.slug, "players": 2, "games": games, "strong_wins": wins,
            "win_rate": wins / games if games else None, "strong_moves": len(spent),
            "ms_per_strong_move": round(1000 * sum(spent) / len(spent), 1) if spent else None,
            "seconds": round(time.perf_counter() - started, 1)}


def bench_strong(games: int, slugs=None) -> list[dict]:
    from games import registry

    rows = []
    for entry in registry.all_games():
        if "strong" not in entry.bots or (slugs and entry.slug not in slugs):
            continue
        try:
            rows.append(strong_vs_basic(entry, games))
        except Exception as error:  # report, do not hide
            rows.append({"game": entry.slug, "players": 2, "error": f"{type(error).__name__}: {error}"})
    return rows


def report_lines(rows: list[dict]) -> list[str]:
    lines = ["## The strong bot against the basic bot", "",
             "Two-player games, the strong bot in seat 0 and seat 1 in turn, the basic bot in the other; "
             "a shared first place counts as a win. Time per strong move is CPU time of this process.", "",
             "| game | games | strong wins | win rate | ms per strong move | strong moves |",
             "|---|---|---|---|---|---|"]
    for row in rows:
        if "error" in row:
            lines.append(f"| {row['game']} | — | error: {row['error']} | | | |")
        else:
            lines.append(f"| {row['game']} | {row['games']} | {row['strong_wins']} | {row['win_rate']:.0%} | "
                         f"{row['ms_per_strong_move']} | {row['strong_moves']} |")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    rows = bench_strong(args.games, args.game)
    text = json.dumps(rows, indent=2)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(text)
    print(text)


if __name__ == "__main__":
    main()
