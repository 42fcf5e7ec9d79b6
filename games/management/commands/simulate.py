import json
import statistics

from django.core.management.base import BaseCommand, CommandError

from games import registry
from games.simulation import simulate


class Command(BaseCommand):
    help = "Play complete bot games through the real event store, then replay and verify each."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--players", type=int, required=True)
        parser.add_argument("--games", type=int, default=10)
        parser.add_argument("--seed", type=int, default=0)
        parser.add_argument("--bots", choices=["random", "best"], default="best")
        parser.add_argument("--options", default="{}", help="Game options as JSON.")
        parser.add_argument("--all-option-combinations", action="store_true",
                            help="Cycle through every combination of the game's on/off and "
                                 "choice options, one per game (over --options).")

    def handle(self, slug, players, games, seed, bots, options, all_option_combinations, **_):
        if registry.get(slug) is None:
            raise CommandError(f"Unknown game '{slug}'. Known: {', '.join(e.slug for e in registry.all_games())}")
        report = simulate(slug, players=players, games=games, seed=seed, bots=bots, options=json.loads(options),
                          all_combinations=all_option_combinations)
        self.stdout.write(f"game {slug}, {players} players, bots {bots}, "
                          f"{len(report.combinations)} option combination(s)")
        self.stdout.write(f"games finished: {report.finished}/{report.games}")
        self.stdout.write(f"moves: {report.moves}  ({report.moves_per_second:.1f} moves/s, "
                          f"{report.seconds:.1f} s)")
        self.stdout.write(f"errors: {len(report.errors)}")
        for error in report.errors[:20]:
            self.stdout.write(f"  {error}")
        if report.scores:
            flat = [score for scores in report.scores for score in scores]
            wins = [0] * players
            for winners in report.winners:
                for seat in winners:
                    wins[seat] += 1
            self.stdout.write(f"scores: mean {statistics.mean(flat):.1f}, min {min(flat)}, max {max(flat)}")
            self.stdout.write("wins per seat: " + ", ".join(f"{seat}: {n}" for seat, n in enumerate(wins)))
            order = report.wins_by_turn_order(players)
            self.stdout.write("wins by turn order (first player first): "
                              + ", ".join(f"{share:.0%}" for share in order))
            moves = [length[0] for length in report.lengths]
            turns = [length[1] for length in report.lengths]
            self.stdout.write(f"game length: moves median {statistics.median(moves):g}, longest {max(moves)}; "
                              f"turns median {statistics.median(turns):g}, longest {max(turns)}")
        if report.errors:
            raise CommandError(f"{len(report.errors)} error(s)")
