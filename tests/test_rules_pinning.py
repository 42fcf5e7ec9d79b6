"""Finished games recorded under tests/corpus must replay exactly, forever.

A rules change that alters how an old game plays out fails here; a deliberate change
bumps the game's rules version and keeps the old version for old games
(``RULES_BY_VERSION`` in the game package), which the second half of this file shows.
"""
import hashlib
import json
from pathlib import Path

import pytest

from games import registry
from games.engine.canonical import canonical_json
from games.platform_events import fold
from games.verify import verify_export

CORPUS = sorted((Path(__file__).parent / "corpus").glob("*.json"))


def test_the_corpus_covers_every_catalogued_game():
    covered = {path.name.split("-v")[0] for path in CORPUS}
    import pkgutil

    import games.catalog

    # The packages of the catalogue, not the small games tests register for themselves.
    catalogued = {module.name for module in pkgutil.iter_modules(games.catalog.__path__)}
    assert catalogued <= covered, f"no corpus yet for {sorted(catalogued - covered)}; run manage.py corpus"


@pytest.mark.parametrize("path", CORPUS, ids=[path.stem for path in CORPUS])
def test_a_recorded_game_replays_to_the_same_state_outcome_and_hashes(path):
    data = json.loads(path.read_text())
    export, expected = data["export"], data["expected"]
    verdict = verify_export(export)
    assert verdict.ok, verdict
    game = export["game"]
    rules = registry.rules_for(game["slug"], game["rules_version"])
    state = rules.initial_state()
    for row in export["events"]:
        state = fold(rules, state, row["type"], row["payload"])
    assert hashlib.sha256(canonical_json(state)).hexdigest() == expected["state_sha256"]
    assert rules.outcome(state).to_json() == {k: v for k, v in expected["outcome"].items()}
    assert export["events"][-1]["hash"] == expected["head_hash"]
    assert len(export["events"]) == expected["version"]
