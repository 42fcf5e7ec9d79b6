"""Balance of a game: basic bots on every seat, for each player count, in memory.

For every player count of the game (or the ones asked for) it plays ``--games`` games
with the rules' own harness, default options, the ``best`` bot on every seat, and
prints a markdown table: games finished, the first player's share of the wins (by turn
order, since the first player may be drawn at random), the wins of every place in turn
order, and the median and longest game in turns and in moves. A turn is a run of
consecutive moves by the same seat and the first player is the seat that made the first
move, as ``manage.py simulate`` counts them (games/simulation.py, which plays through the
event store; this plays the same bots in memory, many times faster, with no Django). A
shared win counts as a fraction.

    nice python -m bench.balance --game soleils --games 200 [--players 3 ...]
        [--bot-version 2] [--seed balance]

The same seeds give the same games, so a table can be reproduced exactly.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass, field


@dataclass
class Report:
    games: int = 0
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0
    # Per finished game: its winners, the seat that moved first, (moves, turns).
    winners: list[list[int]] = field(default_factory=list)
    first_seats: list[int] = field(default_factory=list)
    lengths: list[tuple[int, int]] = field(default_factory=list)

    @property
    def finished(self) -> int:
        return len(self.winners)

    def wins_by_turn_order(self, players: int) -> list[float]:
        """Share of the wins of the first, second, ... player in turn order."""
        wins = [0.0] * players
        for first, winners in zip(self.first_seats, self.winners):
            for seat in winners:
                wins[(seat - first) % players] += 1 / len(winners)
        return [count / self.finished for count in wins] if self.finished else wins


def measure(slug: str, players: int, games: int, *, bot_version: int | None = None,
            seed: str = "balance", options: dict | None = None, max_moves: int = 100_000):
    """Play the games; a Report of their winners, first seats and lengths."""
    from games import registry
    from games.engine.harness import play_game

    entry = registry.get(slug)
    bot = entry.bot("best", bot_version)
    if bot is None:
        raise SystemExit(f"{slug} has no best bot of version {bot_version}")
    report = Report()
    started = time.perf_counter()
    for index in range(games):
        report.games += 1
        try:
            game = play_game(entry.rules, players, options or {}, seed=f"{seed}-{players}:{index}",
                             bots=[bot] * players, max_moves=max_moves)
        except Exception as error:  # an unfinished game is a finding, not a crash
            report.errors.append(f"game {index}: {type(error).__name__}: {error}")
            continue
        movers = [batch.seat for batch in game.batches if batch.move is not None]
        report.winners.append(list(game.outcome.winners))
        report.first_seats.append(movers[0])
        turns = sum(1 for before, after in zip([None] + movers, movers) if before != after)
        report.lengths.append((len(movers), turns))
    report.seconds = time.perf_counter() - started
    return report


def _number(value) -> str:
    return f"{value:,g}" if isinstance(value, (int, float)) else str(value)


HEADER = ["| players | games finished | first player wins | wins by turn order (1st, 2nd, …) "
          "| turns median / longest | moves median / longest |",
          "|---|---|---|---|---|---|"]


def table_row(players: int, report) -> str:
    if not report.finished:
        return f"| {players} | 0/{report.games} | — | — | — | — |"
    moves = [length[0] for length in report.lengths]
    turns = [length[1] for length in report.lengths]
    if players > 1:
        order = report.wins_by_turn_order(players)
        first, spread = f"{order[0]:.0%}", ", ".join(f"{share:.2f}" for share in order)
    else:
        first = spread = "—"
    return (f"| {players} | {report.finished}/{report.games} | {first} | {spread} "
            f"| {_number(statistics.median(turns))} / {_number(max(turns))} "
            f"| {_number(statistics.median(moves))} / {_number(max(moves))} |")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, action="append", help="default: every count the rules allow")
    parser.add_argument("--bot-version", type=int, help="an older version of the best bot (BOTS_BY_VERSION)")
    parser.add_argument("--seed", default="balance")
    args = parser.parse_args(argv)
    from games import registry

    entry = registry.get(args.game)
    if entry is None:
        raise SystemExit(f"unknown game {args.game!r}")
    counts = args.players or range(entry.rules.min_players, entry.rules.max_players + 1)
    bot = entry.bot("best", args.bot_version)
    print(f"{args.game}, rules version {entry.rules.version}, best bot version "
          f"{getattr(bot, 'version', 1)} on every seat, default options, seeds {args.seed}-N:i", flush=True)
    print("", *HEADER, sep="\n", flush=True)
    for players in counts:
        report = measure(args.game, players, args.games, bot_version=args.bot_version, seed=args.seed)
        print(table_row(players, report), flush=True)
        for error in report.errors[:5]:
            print(f"  {players} players, {error}", file=sys.stderr)
        print(f"  {players} players: {report.seconds:.0f} s", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
