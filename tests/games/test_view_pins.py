"""What each seat is shown is part of the contract: pinned per game.

For one recorded game of each catalogued game (tests/corpus), the views of every
seat and of a spectator at every fifth version, and every event as each of them
sees it (redacted and described), are hashed and compared with
tests/games/view_pins.json. The hidden-information oracle says nothing secret is in
them; this pin says nothing else changed by accident either: a deliberate change to
a view, a redaction or a description re-pins with

    python -m tests.games.test_view_pins --update
"""
import hashlib
import json
import sys
from pathlib import Path

import pytest

from games import registry
from games.engine.canonical import canonical_json
from games.engine.events import Event

ROOT = Path(__file__).resolve().parents[1]
PINS = Path(__file__).with_name("view_pins.json")
# Each game with its options varied: Momiji drafting its landscapes, Travel with every
# expansion, Soleils with the other sailboat rule, Linie 1 on the other board and die,
# Harmonies with the spirit cards on side B, Japan with the experience tie-break.
# The newest rules version of each game, and Momiji's first too.
GAMES = ["momiji-v1-2p-1", "momiji-v2-2p-1", "momiji-v2-2p-3", "travel-v2-2p-0", "travel-v2-4p-3",
         "soleils-v1-3p-1", "soleils-v1-3p-3", "linie1-v2-2p-0", "linie1-v2-4p-3", "medina-v2-2p-0",
         "travel-v3-h2-4p-3", "harmonies-v1-h2-2p-3", "japan-v1-h2-3p-2",
         "amazonas-v1-h2-2p-0", "amazonas-v1-h2-3p-3",
         "delphi-v1-h2-2p-0", "delphi-v1-h2-3p-3"]
EVERY = 5


def shown(name: str) -> dict:
    export = json.loads((ROOT / "corpus" / f"{name}.json").read_text())["export"]
    game = export["game"]
    rules = registry.rules_for(game["slug"], game["rules_version"])
    seats = list(range(game["players"])) + [None]
    views, events = hashlib.sha256(), hashlib.sha256()
    state, count = rules.initial_state(), 0
    for index, row in enumerate(export["events"], start=1):
        if row["type"] in ("SeatTimedOut", "SeatForfeited"):
            continue
        event = Event(row["type"], row["payload"])
        state = rules.evolve(state, event)
        for seat in seats:
            redacted = rules.redact(event, seat)
            events.update(canonical_json([seat, redacted.type, redacted.payload, rules.describe(redacted, seat)]))
        if index % EVERY == 0 or index == len(export["events"]):
            for seat in seats:
                views.update(canonical_json([index, seat, rules.view(state, seat)]))
            count += 1
    return {"views": views.hexdigest(), "events": events.hexdigest(), "views_hashed": count}


@pytest.mark.parametrize("name", GAMES)
def test_what_each_seat_is_shown_is_pinned(name):
    pins = json.loads(PINS.read_text())
    assert shown(name) == pins[name], f"{name}: views or redactions changed; re-pin if that was meant"


if __name__ == "__main__" and "--update" in sys.argv:
    import django

    django.setup()
    PINS.write_text(json.dumps({name: shown(name) for name in GAMES}, indent=1) + "\n")
    print(f"wrote {PINS}")
