"""Hidden information: a seat's steps stay sealed until every seat has finished the
turn; the top card's back is never shown. (The catalogue-wide oracle in
tests/games/test_hidden_oracle.py checks every view and event with canaries.)"""
import json

from .helpers import RULES, idle, new_game, play


def test_the_others_see_only_that_a_seat_has_finished():
    state = new_game(players=2)
    before = json.dumps(RULES.view(state, 1), sort_keys=True)
    events = RULES.decide(state, 0, {"type": "choose", "cells": [0, 3]}, None)
    for event in events:
        shown = RULES.redact(event, 1)
        assert shown.payload == {"seat": 0, "turn": 1, "hidden": True}
        assert "secret" in RULES.describe(shown, 1) and "0, 3" not in RULES.describe(shown, 1)
        assert RULES.redact(event, 0).payload["move"] == {"type": "choose", "cells": [0, 3]}
        state = RULES.evolve(state, event)
    state = play(state, 0, {"type": "route", "path": ["D4", "D3"]})
    view = RULES.view(state, 1)
    assert json.dumps(view, sort_keys=True) == before       # nothing changed for the other seat yet
    state = play(state, 0, {"type": "mark", "marks": []})
    view = RULES.view(state, 1)
    assert view["sheets"][0]["finished_turn"] is True and view["sheets"][0]["route"] == ["E4"]
    mine = RULES.view(state, 0)
    assert mine["your_turn"] is None          # finished: waiting for the others
    state = idle(state, 1)
    assert RULES.view(state, 1)["sheets"][0]["route"] == ["E4", "D4", "D3"]   # revealed together


def test_the_top_cards_identity_is_stripped_from_every_seat():
    from games.engine.harness import Table

    table = Table(RULES, 2, {}, seed=3)
    turned = [e for e in table.game.events if e.type == "CardsTurned"][0]
    for seat in (0, 1, None):
        shown = RULES.redact(turned, seat)
        assert "top" not in shown.payload and shown.payload["display"] == turned.payload["display"]
        assert "top" not in RULES.view(table.state, seat)
