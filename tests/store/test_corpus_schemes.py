"""The rules-pinning corpus holds games of both hash schemes, each verifying as recorded."""
import json
from pathlib import Path

import pytest

from games.verify import verify_export

CORPUS = sorted((Path(__file__).resolve().parents[1] / "corpus").glob("*.json"))


def scheme(path):
    return json.loads(path.read_text())["export"]["game"].get("hash_scheme", 1)


def test_both_schemes_are_pinned_for_every_game_with_a_file_name_that_says_so():
    by_scheme = {}
    for path in CORPUS:
        by_scheme.setdefault(scheme(path), set()).add(path.name.split("-v")[0])
        assert ("-h2-" in path.name) == (scheme(path) == 2), path.name
    # Games catalogued before the hiding scheme keep their scheme-1 recordings; every game
    # has scheme-2 ones.
    assert {"linie1", "medina", "momiji", "soleils", "travel"} <= by_scheme[1]
    assert by_scheme[1] <= by_scheme[2]


@pytest.mark.parametrize("path", [p for p in CORPUS if "-h2-" in p.name], ids=lambda p: p.stem)
def test_a_scheme_2_game_fails_if_a_secret_is_changed_under_its_sealed_value(path):
    export = json.loads(path.read_text())["export"]
    assert verify_export(export).ok
    row = next(r for r in export["events"] if r["command"] and r["command"].get("kind") == "move")
    row["command"] = dict(row["command"], seat=row["command"]["seat"] + 1)   # only sealed covers the command
    verdict = verify_export(export)
    assert not verdict.ok and f"event {row['seq']}" in verdict.message and "sealed" in verdict.message
