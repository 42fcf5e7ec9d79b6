"""Every legal move of the five original games can be made on the game page: from the list
of moves in words, or by what the board's own forms offer (ticking cards, picking a tile
and clicking its square, a 62 Soleils round click by click).

The board is rendered from its template as a browser would receive it and its forms are
read like a browser reads them: every choice of its radio buttons and ticked boxes with
every submit button is posted through the board's ``move_from_post``; a move begun on
the board (a ``Partial``) is rendered again with it and followed. Games are played by the
random bot, sampling positions of every seat. The browser tests click a few of these for
real (tests/web/test_bot_games.py, test_board_moves.py)."""
from __future__ import annotations

import json
from html.parser import HTMLParser
from itertools import combinations, product
from types import SimpleNamespace

import pytest
from django.template.loader import render_to_string
from django.utils.datastructures import MultiValueDict

from games import registry
from games.engine.bots import random_bot
from games.engine.harness import Table
from web import boards
from web.words import move_value

GAMES = {  # slug: (players, options, every n-th move sampled)
    "momiji": (2, {}, 2),
    "travel": (3, {"events": True, "special_items": True, "forbidden_items": True, "characters": True}, 2),
    "soleils": (2, {}, 3),
    "medina": (2, {}, 3),
    "linie1": (2, {}, 3),
    "forestsm": (2, {}, 3),
    "delphi": (3, {}, 5),
}
MOVES = 150      # random moves played per game (or to its end)
NAMES = ["Ann", "Ben", "Cleo", "Dan"]
MAX_TICKED = 4   # ticked-card subsets tried per form (up to this many cards)


class Forms(HTMLParser):
    """The forms of a page: hidden fields, radio groups, check boxes and submit buttons."""

    def __init__(self):
        super().__init__()
        self.forms, self.current = [], None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.current = {"hidden": {}, "radios": {}, "boxes": {}, "submits": []}
            self.forms.append(self.current)
        elif self.current is None:
            return
        elif tag == "input" and a.get("type") == "hidden" and a.get("name"):
            self.current["hidden"][a["name"]] = a.get("value", "")
        elif tag == "input" and a.get("type") == "radio":
            self.current["radios"].setdefault(a["name"], []).append(a.get("value", ""))
        elif tag == "input" and a.get("type") == "checkbox":
            self.current["boxes"].setdefault(a["name"], []).append(a.get("value", ""))
        elif tag == "button" and a.get("type", "submit") == "submit":
            self.current["submits"].append((a.get("name"), a.get("value", "")))

    def handle_endtag(self, tag):
        if tag == "form":
            self.current = None


def _posts(form):
    """Every post a person can send with this form."""
    radios = [[(name, value) for value in values] for name, values in form["radios"].items()]
    ticks = [[]]
    for name, values in form["boxes"].items():
        ticks = [[(name, v) for v in chosen] for size in range(1, MAX_TICKED + 1)
                 for chosen in combinations(values, size)]
    for submit, picked, ticked in product(form["submits"], product(*radios), ticks):
        data = MultiValueDict({name: [value] for name, value in form["hidden"].items()})
        for name, value in [*picked, *ticked]:
            data.appendlist(name, value)
        if submit[0]:
            data.appendlist(submit[0], submit[1])
        yield data


def board_moves(slug, view, legal, seat) -> set[str]:
    """The moves a person can make with the board's forms, followed through partial moves."""
    board_module = boards.board_for(slug)
    made, seen, todo = set(), set(), [boards.Partial()]
    while todo:
        partial = todo.pop()
        key = json.dumps(partial, sort_keys=True)
        if key in seen:
            continue
        seen.add(key)
        board = boards.present(slug, view, legal=legal, names=NAMES, seat=seat, partial=partial)
        html = render_to_string(board["template"], {"b": board, "move_url": "/move/", "replay": False,
                                                    "game": SimpleNamespace(pk=1, version=9)})
        parser = Forms()
        parser.feed(html)
        for form in parser.forms:
            for post in _posts(form):
                if post.get("move"):
                    made.add(move_value(json.loads(post["move"])))
                    continue
                move = board_module.move_from_post(post, legal) if hasattr(board_module, "move_from_post") else None
                if isinstance(move, boards.Partial):
                    todo.append(move)
                elif move is not None:
                    made.add(move_value(move))
    return made


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_legal_move_is_in_the_list_or_on_the_board(slug):
    players, options, every = GAMES[slug]
    rules = registry.get(slug).rules
    checked = {"positions": 0, "moves": 0, "on_board": 0}

    def check(table):
        for seat in sorted(rules.to_move(table.state) | rules.may_move(table.state)):
            legal = rules.legal_moves(table.state, seat)
            listed = {move_value(m) for m in legal if not boards.on_board(slug, m)}
            offered = board_moves(slug, rules.view(table.state, seat), legal, seat)
            missing = [m for m in legal if move_value(m) not in listed | offered]
            assert not missing, f"{slug} v{table.version}: not makeable on the page: {missing[:3]}"
            checked["positions"] += 1
            checked["moves"] += len(legal)
            checked["on_board"] += sum(move_value(m) in offered for m in legal)

    table = Table(rules, players, options, seed=f"makeable-{slug}")
    for number in range(MOVES):
        if table.over:
            break
        if number % every == 0:
            check(table)
        optional = sorted(rules.may_move(table.state))  # withdrawing an offer, now and then
        seat = optional[0] if optional and number % 3 == 0 else min(rules.to_move(table.state))
        table.bot_move(seat, random_bot)
    assert checked["positions"] >= 5 and checked["moves"] > checked["positions"], checked
    assert checked["on_board"] > 0, f"{slug}: no move was made through the board"
