"""One board per game: ``web/boards/<slug>.py`` (the presenter) and
``web/templates/web/boards/<slug>.html`` (the template).

A presenter is a plain function ``present(view, *, legal, names, seat) -> dict`` from
a seat's view (and its legal moves, to know what may be clicked) to template context.
It may also offer ``move_from_post(post, legal)``, turning what a player clicked on the
board (cards chosen from the hand, say) into one of the legal moves. A game without a
board module of its own gets the generic one, so every catalogued game is playable.
"""
from __future__ import annotations

import importlib
import json
from functools import lru_cache


class Partial(list):
    """The steps of a move chosen so far on the board: shown, never submitted."""


def partial_from(raw: str | None) -> Partial:
    """A partial move as the page carries it (JSON, a list of steps); empty if unreadable."""
    try:
        steps = json.loads(raw or "[]")
    except ValueError:
        return Partial()
    return Partial(steps) if isinstance(steps, list) and all(isinstance(s, dict) for s in steps) else Partial()


@lru_cache(maxsize=None)
def board_for(slug: str):
    try:
        return importlib.import_module(f"web.boards.{slug}")
    except ImportError:
        return importlib.import_module("web.boards.generic")


def on_board(slug: str, move: dict) -> bool:
    """Whether the board itself offers ``move`` (a square to click): the list of moves in
    words leaves those out rather than repeat hundreds of placements. A board module says
    so with ``on_board(move)``, or with the set ``ON_BOARD`` of move types."""
    board = board_for(slug)
    if hasattr(board, "on_board"):
        return board.on_board(move)
    return move.get("type") in getattr(board, "ON_BOARD", ())


def present(slug: str, view, *, legal, names, seat, partial: Partial | None = None) -> dict:
    board = board_for(slug)
    extra = {"partial": partial or Partial()} if getattr(board, "PARTIAL", False) else {}
    context = board.present(view, legal=legal, names=names, seat=seat, **extra)
    context["template"] = board.TEMPLATE
    context["drawn"] = board.__name__ != "web.boards.generic"
    return context
