"""Build Harmonies positions by hand for the worked examples.

A board is written as ``{"c3": "TTG", "a1": "W"}``: each space's stack from bottom
to top in the letters of the game's notation: W blue (water), M grey (mountain),
T brown (trunk), G green, F yellow (field), R red.
"""
from __future__ import annotations

import pytest

from games.catalog.harmonies import RULES
from games.catalog.harmonies import board as B
from games.engine import IllegalMove
from games.engine.harness import Table

LETTERS = {"W": "blue", "M": "grey", "T": "brown", "G": "green", "F": "yellow", "R": "red"}


def stacks(side: str, spec: dict) -> list[list[str]]:
    result = [[] for _ in B.spaces(side)]
    for name, letters in spec.items():
        result[B.index_of_name(side)[name]] = [LETTERS[letter] for letter in letters]
    return result


def space(side: str, name: str) -> int:
    return B.index_of_name(side)[name]


def table(players: int = 2, side: str = "A", spirits: bool = False, seed: int = 0,
          current: int = 0) -> Table:
    """A fresh table with ``current`` (also the first player) to move."""
    t = Table(RULES, players, {"side": side, "spirits": spirits}, seed)
    t.state["first"] = current
    t.state["current"] = current
    return t


def set_board(t: Table, seat: int, spec: dict, cubes: dict | None = None) -> None:
    side = t.state["side"]
    t.state["boards"][seat] = stacks(side, spec)
    t.state["cubes"][seat] = [None] * len(B.spaces(side))
    for name, card in (cubes or {}).items():
        t.state["cubes"][seat][space(side, name)] = card


def give_tokens(t: Table, tokens: list[str], central_space: int = 0) -> None:
    """Pretend the current seat took ``tokens`` (colour names) from a central space."""
    t.state["central"][central_space] = []
    t.state["turn"] = {"taken": central_space, "hand": list(tokens), "card_taken": False}


def hold(t: Table, seat: int, card: int, placed: int = 0, place: int | None = None) -> None:
    from games.catalog.harmonies import components as C

    places = t.state["places"][seat]
    index = places.index(None) if place is None else place
    places[index] = {"card": card, "cubes": C.cubes_on(card), "placed": placed}


def refused(t: Table, seat: int, move: dict, code: str) -> str:
    with pytest.raises(IllegalMove) as error:
        RULES.decide(t.state, seat, move, t.rng_for(t.version + 1))
    assert error.value.code == code, error.value.message
    return error.value.message


def types(events) -> list[str]:
    return [event.type for event in events]
