"""62 Soleils d'Été's board: every player's sheet drawn cell by cell (zones by name,
pearls, crabs and hats marked with signs), the round's dice, the sun track and tallies.

To write a die into a cell, pick the die, then click a marked cell of your sheet. Under
rules version 2 a round's choice is one move of several steps (the write, then the crab's
copy, the frog hat's sun value, the question mark, as the sheet asks): each step is one
click (a cell, or a button in words for the steps without a cell), and the choice goes
in when its last step is made. Games under version 1 take each step as a move.
"""
from __future__ import annotations

import json

from games.catalog.soleils.notation import move_words
from web.boards import Partial, partial_from

TEMPLATE = "web/boards/soleils.html"
PARTIAL = True
CELL_STEPS = {"write", "crab", "question"}


def on_board(move: dict) -> bool:
    """Every version-2 choice is built on the board; of version 1, the writes and crabs."""
    return move.get("type") in ("choice", "write", "crab")


def _piece(step: dict) -> str:
    return {"write": f"die-{step.get('value')}", "crab": "crab",
            "question": f"q-{step.get('value')}"}.get(step["type"], "")


def _piece_title(step: dict) -> str:
    return {"write": f"write {step.get('value')}", "crab": "the crab's copy",
            "question": f"question mark: {step.get('value')}"}[step["type"]]


def _next_steps(legal: list[dict], partial: list) -> tuple[list, list[dict]]:
    """The steps chosen so far (kept only if some legal choice begins with them) and the
    steps that may follow; under version 1, no steps so far and the legal moves."""
    choices = [m["steps"] for m in legal if m.get("type") == "choice"]
    if not choices:
        return [], legal
    partial = list(partial)
    if not any(steps[:len(partial)] == partial for steps in choices):
        partial = []
    following: list[dict] = []
    for steps in choices:
        if steps[:len(partial)] == partial and steps[len(partial)] not in following:
            following.append(steps[len(partial)])
    return partial, following
ZONE_LETTER = {"huts": "H", "koi": "K", "boats": "S", "bottles": "B", "gulls": "G"}


def _sheet(layout: dict, cells: dict, moves_at: dict) -> list[list[dict | None]]:
    rows = max(c["row"] for c in layout["cells"]) + 1
    cols = max(c["col"] for c in layout["cells"]) + 1
    grid: list[list[dict | None]] = [[None] * cols for _ in range(rows)]
    for cell in layout["cells"]:
        value = cells.get(cell["id"])
        marks = ("*" if cell["crab"] else "") + ("^" if cell["hat"] else "")
        grid[cell["row"]][cell["col"]] = {
            "id": cell["id"], "value": value, "zone": cell["zone"], "pearl": cell["pearl"],
            "letter": ZONE_LETTER.get(cell["zone"], cell["zone"][:1].upper()), "marks": marks,
            "can": " ".join(f"can-{piece}" for piece in moves_at.get(cell["id"], [])),
            "title": f"{cell['zone']} {cell['group']}, pearl {cell['pearl']}" + (", crab" if cell["crab"] else "")
                     + (", hat" if cell["hat"] else "") + (f": {value}" if value is not None else ""),
        }
    return grid


def present(view, *, legal, names, seat, partial=()) -> dict:
    if not view or not view.get("started"):
        return {}
    partial, following = _next_steps(legal, partial)
    versioned = any(m.get("type") == "choice" for m in legal)
    moves_at: dict[str, list[str]] = {}
    pieces: list[dict] = []
    buttons: list[dict] = []
    for step in following:
        if step["type"] not in CELL_STEPS:
            if versioned:  # version 1 lists these in words below the board
                buttons.append({"value": json.dumps(step, sort_keys=True), "words": move_words(step, view)})
            continue
        piece = _piece(step)
        moves_at.setdefault(step["cell"], []).append(piece)
        if piece not in [p["key"] for p in pieces]:
            pieces.append({"key": piece, "title": _piece_title(step)})
    layout = view["layout"]
    sheets = []
    for player in view["players"]:
        number = player["seat"]
        sheets.append({"name": names[number], "me": number == seat, "tally": player["tally"],
                       "sun": player["sun"], "finished_round": player.get("finished_round"),
                       "grid": _sheet(layout, player["cells"], moves_at if number == seat else {})})
    sheets.sort(key=lambda sheet: not sheet["me"])
    return {"sheets": sheets, "pieces": sorted(pieces, key=lambda p: p["key"]), "dice": view["dice"],
            "round": view["round"], "max_rounds": view["max_rounds"], "sun_goal": layout.get("sun_goal"),
            "buttons": buttons, "partial": json.dumps(partial), "so_far": [move_words(s, view) for s in partial],
            "list_open": any(not on_board(m) for m in legal)}


def _clicked(post) -> dict | None:
    """The step a click names: a button's step, or the picked piece and the clicked cell."""
    if post.get("step"):
        try:
            step = json.loads(post["step"])
        except ValueError:
            return None
        return step if isinstance(step, dict) else None
    piece, cell = post.get("piece", ""), post.get("cell", "")
    if not cell:
        return None
    if piece == "crab":
        return {"type": "crab", "cell": cell}
    kind = "question" if piece.startswith("q-") else "write"
    try:
        return {"type": kind, "cell": cell, "value": int(piece.rpartition("-")[2])}
    except ValueError:
        return None


def move_from_post(post, legal) -> dict | Partial | None:
    """A click: under version 2 one more step of the round's choice (the whole choice once
    it is complete, else the steps so far); under version 1 the move itself."""
    step = _clicked(post)
    if step is None:
        return None
    choices = [m for m in legal if m.get("type") == "choice"]
    if not choices:
        return step
    steps = [*partial_from(post.get("partial")), step]
    for move in choices:
        if move["steps"] == steps:
            return move
    if any(move["steps"][:len(steps)] == steps for move in choices):
        return Partial(steps)
    return None
