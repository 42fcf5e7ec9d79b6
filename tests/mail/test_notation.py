"""The games' notation modules, as pure functions: every legal move of real (bot) games
written in the notation reads back as that move, and the texts never fail."""
from __future__ import annotations

import importlib
import random

import pytest

from games import registry
from games.engine import harness

SLUGS = ["momiji", "travel", "soleils", "medina", "linie1", "amazonas", "citytour", "forestsm", "delphi"]
PLAYERS = {"momiji": 2, "travel": 3, "soleils": 2, "medina": 3, "linie1": 2, "amazonas": 2, "citytour": 3,
           "forestsm": 3, "delphi": 3}
# Every expansion on, so that their moves (the Smuggler's, the special items') are read too.
OPTIONS = {"travel": {"events": True, "special_items": True, "forbidden_items": True, "characters": True},
           "medina": {"tea_tiles": True, "fountain": True, "tower_merchants": True}}
MOVES = 400
# How often a position is checked: every third move, or every fourth for Citytrip, whose
# three steps a turn would otherwise always put the checked seat at the same step.
STRIDE = {"citytour": 4}
NAMES = ["Alice", "Bob", "Carol", "Dan", "Eve", "Finn"]


def reader_view(rules, state, seat):
    return {**rules.view(state, seat), "you": seat, "player_names": NAMES}


@pytest.mark.parametrize("slug", SLUGS)
def test_every_legal_move_reads_back_from_its_notation(slug):
    rules = registry.get(slug).rules
    module = importlib.import_module(f"games.catalog.{slug}.notation")
    chooser = random.Random(slug)
    seen_types: set[str] = set()
    positions = 0

    def check(table):
        nonlocal positions
        state = table.state
        seats = sorted(rules.to_move(state) | rules.may_move(state))
        if not seats or positions >= 40:
            return
        positions += 1
        seat = seats[0]
        view = reader_view(rules, state, seat)
        text = module.situation(view, NAMES[:table.players])
        assert isinstance(text, str) and text
        legal = rules.legal_moves(state, seat)
        sample = legal if len(legal) <= 40 else chooser.sample(legal, 15)
        for move in sample:
            seen_types.add(move["type"])
            seen_types.update(step["type"] for step in move.get("steps") or [])  # a sealed choice's steps
            words = module.move_words(move, view)
            assert words and "{" not in words, (move, words)
            written = module.notation(move, view)
            back = module.parse(written, legal, view)
            assert back is not None, (move, written)
            # Two copies of one card (two passports) are one move to play: the same notation.
            assert back == move or module.notation(back, view) == written, (move, written, back)
            assert module.parse(written.upper(), legal, view) is not None, written
        assert module.parse("no such move at all", legal, view) is None

    table = harness.Table(rules, PLAYERS[slug], OPTIONS.get(slug), seed=7)
    bot = registry.get(slug).bot("best")
    for number in range(MOVES):
        if table.over:
            break
        if number % STRIDE.get(slug, 3) == 0:
            check(table)
        optional = sorted(rules.may_move(table.state) - rules.to_move(table.state))
        if optional and number % 7 == 0:
            table.bot_move(optional[0])  # a random move unasked (withdrawing an offer, say)
            continue
        table.bot_move(min(rules.to_move(table.state)), bot)
    assert positions > 5
    assert len(seen_types) >= 3, seen_types


def test_the_travel_table_says_my_offer_so_far_in_words():
    module = importlib.import_module("games.catalog.travel.notation")
    view = {"you": 0, "player_names": ["Alice", "Bob"], "players": 2, "hand_sizes": [3, 4], "countries": [None, None],
            "center": None, "draft": {"by": 0, "to": 1, "counter": False,
                                      "entries": [{"give": "camera-1"}, {"want": "sun_hat"}]}}
    text = module.situation(view, ["Alice", "Bob"])
    assert "Your offer to Bob so far: you give Camera; you want sun hat." in text
    assert "{" not in text and "[" not in text
