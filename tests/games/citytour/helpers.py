"""Hand-built Citytrip Brugge states: a game folded from events we choose.

``new_game`` folds a GameStarted (start place, missions) and a CardsTurned with the
display we want; ``turn(state, seat, choose, path, marks)`` plays one seat's three
steps; ``sym("k2 p1 ...")`` writes a display from the card notation of components.py.
"""
from __future__ import annotations

from games.catalog.citytour import RULES
from games.catalog.citytour.components import SYMBOL_LETTERS
from games.engine import Event
from games.engine.rng import rng_for_testing


def sym(text: str) -> list:
    return [[SYMBOL_LETTERS[token[0]], int(token[1:])] for token in text.split()]


def new_game(players=2, options=None, start="E4", missions=(1, 16, 31), display="k2 p1 b1 k1 v2 s1"):
    options = RULES.check_options(players, options or {})
    state = RULES.initial_state()
    state = RULES.evolve(state, Event("GameStarted", {"players": players, "options": options,
                                                      "start": start, "missions": list(missions)}))
    state = show(state, display, turn=1)
    PINNED[id(state)] = display
    return state


# The display each hand-built game keeps: after a turn is resolved the rules turn a
# random card; ``play`` lays the chosen display again (the fold changes the state in
# place, so the state keeps its identity).
PINNED: dict = {}


def show(state, display, turn=None):
    """Lay a display of our choosing (the cards' identities do not matter here)."""
    return RULES.evolve(state, Event("CardsTurned", {
        "turn": state["turn"] if turn is None else turn, "turns": state["turns"],
        "display": sym(display), "top": {"card": 0, "up": 0}, "flipped": 1}))


def play(state, seat, move):
    events = RULES.decide(state, seat, move, rng_for_testing(7))
    for event in events:
        state = RULES.evolve(state, event)
        if event.type == "CardsTurned" and id(state) in PINNED:
            state = show(state, PINNED[id(state)])
    return state


def turn(state, seat, cells, path=(), marks=(), **choose):
    """One seat's whole turn: marks given as (place, type) pairs."""
    state = play(state, seat, {"type": "choose", "cells": list(cells), **choose})
    state = play(state, seat, {"type": "route", "path": list(path)})
    return play(state, seat, {"type": "mark", "marks": [{"place": p, "as": t} for p, t in marks]})


def idle(state, seat):
    """A turn that spends nothing (symbols 0 and 1, no route, no marks)."""
    return turn(state, seat, (0, 1))
