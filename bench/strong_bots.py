"""The strong bot level against the basic bot: two-player games per catalogued game.

The strong bot takes seat 0 in even games and seat 1 in odd ones. ``strong_wins``
counts every first place, a shared one too; since a shared first place is not a win
over the other seat, the rows also split it into sole wins, shared wins and losses and
give the score with a shared first place counted as half (``score_rate``), each rate
with its Wilson 95% interval. The time per strong move is process CPU time (the machine
is shared, so wall-clock time would measure the neighbours). Pure Python, no Django.

    python -m bench.strong_bots --games 200 [--game momiji ...] [--out var/strong.json]

``--start N`` plays games N to N+games-1 of the same seeds (shards side by side add up
to the full run); ``--baseline`` puts the basic bot in the strong bot's seat instead, on
the same seeds, to tell the strong bot's share from the seat's.
"""
from __future__ import annotations

import argparse
import json
import math
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


def wilson(rate: float, n: int, z: float = 1.96) -> list[float] | None:
    """The Wilson score interval of a rate over ``n`` games (for the ties-as-half score,
    the interval of a proportion with that rate: ties only narrow the true spread)."""
    if not n:
        return None
    centre = (rate + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(rate * (1 - rate) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return [round(centre - half, 4), round(centre + half, 4)]


def strong_vs_basic(entry, games: int, seed: int = 1, start: int = 0, baseline: bool = False) -> dict:
    from games.engine.harness import play_game

    basic = entry.bots["basic"]
    strong = basic if baseline else entry.bots["strong"]
    wins = sole = shared = 0
    spent, started = [], time.perf_counter()
    for index in range(start, start + games):
        seat = index % 2
        bots = [basic, basic]
        bots[seat] = _timed(strong, spent)
        game = play_game(entry.rules, 2, seed=f"strong-{seed}:{index}", bots=bots)
        first = game.outcome.ranks[seat] == 1
        wins += first
        if first and game.outcome.ranks.count(1) == 1:
            sole += 1
        elif first:
            shared += 1
    score = sole + shared / 2
    return {"game": entry.slug, "players": 2, "games": games, "strong_wins": wins,
            "win_rate": wins / games if games else None,
            "level": "basic" if baseline else "strong",
            "bot_version": getattr(strong, "version", 1), "start": start,
            "sole_wins": sole, "shared_wins": shared, "losses": games - wins,
            "score": score, "score_rate": score / games if games else None,
            "score_wilson95": wilson(score / games, games) if games else None,
            "win_wilson95": wilson(wins / games, games) if games else None,
            "strong_moves": len(spent),
            "ms_per_strong_move": round(1000 * sum(spent) / len(spent), 1) if spent else None,
            "strong_cpu_seconds": round(sum(spent), 3),
            "seconds": round(time.perf_counter() - started, 1)}


def bench_strong(games: int, slugs=None, start: int = 0, baseline: bool = False) -> list[dict]:
    from games import registry

    rows = []
    for entry in registry.all_games():
        if "strong" not in entry.bots or (slugs and entry.slug not in slugs):
            continue
        try:
            rows.append(strong_vs_basic(entry, games, start=start, baseline=baseline))
        except Exception as error:  # report, do not hide
            rows.append({"game": entry.slug, "players": 2, "error": f"{type(error).__name__}: {error}"})
    return rows


def _percent(interval) -> str:
    return f"{interval[0]:.1%}–{interval[1]:.1%}" if interval else ""


def report_lines(rows: list[dict]) -> list[str]:
    lines = ["## The strong bot against the basic bot", "",
             "Two-player games, the strong bot in seat 0 and seat 1 in turn, the basic bot in the other. "
             "Wins count every first place; the score counts a shared first place as half. "
             "Time per strong move is CPU time of this process.", "",
             "| game | games | strong wins | win rate | sole / shared / lost | score (ties half) | 95% Wilson "
             "| ms per strong move | strong moves |",
             "|---|---|---|---|---|---|---|---|---|"]
    for row in rows:
        if "error" in row:
            lines.append(f"| {row['game']} | — | error: {row['error']} | | | | | | |")
        else:
            # rows stored before the split into sole and shared wins lack those fields
            split = (f"{row['sole_wins']} / {row['shared_wins']} / {row['losses']}" if "sole_wins" in row else "—")
            score = f"{row['score_rate']:.1%}" if "score_rate" in row else "—"
            lines.append(f"| {row['game']} | {row['games']} | {row['strong_wins']} | {row['win_rate']:.0%} | "
                         f"{split} | {score} | {_percent(row.get('score_wilson95'))} | "
                         f"{row['ms_per_strong_move']} | {row['strong_moves']} |")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--start", type=int, default=0, help="index of the first game (for shards)")
    parser.add_argument("--baseline", action="store_true",
                        help="the basic bot in the strong bot's seat, on the same seeds")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    rows = bench_strong(args.games, args.game, start=args.start, baseline=args.baseline)
    text = json.dumps(rows, indent=2)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(text)
    print(text)


if __name__ == "__main__":
    main()
