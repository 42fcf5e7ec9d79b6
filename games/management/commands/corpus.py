"""Write the rules-pinning corpus: finished games per catalogued game, exported.

    python manage.py corpus --out tests/corpus --games 2 [--slug momiji]

Each file holds the export (log, seeds, outcome) and what replay must give: the
hash of the final state and the outcome. tests/test_rules_pinning.py replays every
file on every run, so a rules change that would rewrite old games fails CI.
"""
import hashlib
import json
from pathlib import Path

from django.core.management.base import BaseCommand

from games import registry
from games.audit import export_game
from games.engine.canonical import canonical_json
from games.simulation import play_one


def state_digest(state) -> str:
    return hashlib.sha256(canonical_json(state)).hexdigest()


def other_options(rules) -> dict:
    """The options furthest from the defaults: every flag on, every choice at its last value."""
    chosen = {}
    for name, spec in rules.options_schema().get("properties", {}).items():
        if spec.get("type") == "boolean":
            chosen[name] = not spec.get("default", False)
        elif spec.get("enum"):
            chosen[name] = spec["enum"][-1]
    return chosen


class Command(BaseCommand):
    help = "Play and export finished games per catalogued game for the rules-pinning tests."

    def add_arguments(self, parser):
        parser.add_argument("--out", default="tests/corpus")
        parser.add_argument("--games", type=int, default=3)
        parser.add_argument("--slug", action="append", help="Only these games (repeatable).")

    def handle(self, out, games, slug, **_):
        folder = Path(out)
        folder.mkdir(parents=True, exist_ok=True)
        for entry in registry.all_games():
            if slug and entry.slug not in slug:
                continue
            rules = entry.rules
            counts = sorted({rules.min_players, (rules.min_players + rules.max_players) // 2, rules.max_players})
            variants = [(counts[index % len(counts)], {}) for index in range(games)]
            variants.append((counts[len(counts) // 2], other_options(rules)))
            for index, (players, options) in enumerate(variants):
                try:
                    options = rules.check_options(players, options)
                except Exception:  # that combination is not allowed at this count: defaults
                    options = {}
                game, _ = play_one(entry.slug, players, bots="best", options=options,
                                   player_seed=f"corpus-{index}")
                export = export_game(game)
                expected = {"state_sha256": state_digest(game.state), "outcome": game.outcome,
                            "head_hash": game.head_hash, "version": game.version}
                # Files of games under the hiding hash scheme say so; a file once
                # written is never rewritten (old games must keep verifying as recorded).
                scheme = f"-h{game.hash_scheme}" if game.hash_scheme > 1 else ""
                path = folder / f"{entry.slug}-v{game.rules_version}{scheme}-{players}p-{index}.json"
                if path.exists():
                    self.stdout.write(f"{path}: exists, kept as it is")
                    continue
                path.write_text(json.dumps({"export": export, "expected": expected}, sort_keys=True) + "\n")
                self.stdout.write(f"{path}: {game.version} events")
