"""The board of a game that has none of its own: the view, laid out as labelled tables.

Lists with one entry per seat are labelled with the players' names.
"""
from __future__ import annotations

from web.words import humanize

TEMPLATE = "web/boards/generic.html"
MAX_DEPTH = 4


def _cell(value, names, depth, key=""):
    if isinstance(value, dict):
        if depth >= MAX_DEPTH:
            return {"text": "…"}
        return {"rows": [{"label": humanize(k), "cell": _cell(v, names, depth + 1, k)} for k, v in value.items()]}
    if isinstance(value, list):
        if all(not isinstance(item, (dict, list)) for item in value):
            return {"text": ", ".join(_scalar(item) for item in value) if value else "none"}
        if depth >= MAX_DEPTH:
            return {"text": f"{len(value)} entries"}
        per_seat = len(value) == len(names) and len(names) > 1 and key not in {"grid", "tiles", "cells", "board"}
        return {"rows": [{"label": names[index] if per_seat else str(index + 1),
                          "cell": _cell(item, names, depth + 1)} for index, item in enumerate(value)]}
    return {"text": _scalar(value)}


def _scalar(value) -> str:
    if value is None:
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def present(view, *, legal, names, seat) -> dict:
    if view is None:
        return {"rows": []}
    return {"rows": [{"label": humanize(key), "cell": _cell(value, names, 1, key)} for key, value in view.items()]}
