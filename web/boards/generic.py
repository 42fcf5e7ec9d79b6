"""The board of a game that has none of its own: the view, laid out as an indented list
of labelled values. Lists with one entry per seat are labelled with the players' names.

The rows are flat (each with its depth), so the template is one loop.
"""
from __future__ import annotations

from web.words import humanize

TEMPLATE = "web/boards/generic.html"
MAX_DEPTH = 4
NOT_PER_SEAT = {"grid", "tiles", "cells", "board"}
# Fields that name a seat: shown as the player's name, never as a number.
SEAT_KEYS = {"seat", "you", "current", "to_move", "may_move", "winner", "first_player", "by", "to", "holder",
             "owner", "player", "next", "dealer", "starter", "mover"}


def _scalar(value) -> str:
    if value is None:
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _is_grid(value) -> bool:
    """A list of equally long rows of plain values: drawn as a table of squares."""
    return (isinstance(value, list) and len(value) >= 2 and all(isinstance(row, list) for row in value)
            and len({len(row) for row in value}) == 1 and len(value[0]) >= 2
            and all(not isinstance(cell, (dict, list)) for row in value for cell in row))


def _seat_name(value, names):
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(names):
        return names[value]
    return value


def _rows(label: str, value, names, depth: int, key: str, out: list):
    if key in SEAT_KEYS:
        value = [_seat_name(v, names) for v in value] if isinstance(value, list) else _seat_name(value, names)
    if _is_grid(value):
        out.append({"depth": depth, "label": label, "text": "",
                    "grid": [[{"short": _scalar(cell)[:3] if cell not in (None, "") else "",
                               "full": _scalar(cell)} for cell in row] for row in value]})
    elif isinstance(value, list) and all(not isinstance(item, (dict, list)) for item in value):
        out.append({"depth": depth, "label": label, "text": ", ".join(map(_scalar, value)) if value else "none"})
    elif isinstance(value, (dict, list)) and depth >= MAX_DEPTH:
        out.append({"depth": depth, "label": label, "text": f"{len(value)} entries"})
    elif isinstance(value, dict):
        out.append({"depth": depth, "label": label, "text": ""})
        for k, v in value.items():
            _rows(humanize(k), v, names, depth + 1, k, out)
    elif isinstance(value, list):
        out.append({"depth": depth, "label": label, "text": ""})
        per_seat = len(value) == len(names) and len(names) > 1 and key not in NOT_PER_SEAT
        for index, item in enumerate(value):
            _rows(names[index] if per_seat else str(index + 1), item, names, depth + 1, "", out)
    else:
        out.append({"depth": depth, "label": label, "text": _scalar(value)})


def present(view, *, legal, names, seat) -> dict:
    rows: list[dict] = []
    for key, value in (view or {}).items():
        _rows(humanize(key), value, names, 0, key, rows)
    return {"rows": rows}
