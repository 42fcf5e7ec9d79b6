"""62 Soleils d'Été's board: every player's sheet drawn cell by cell (zones by name,
pearls, crabs and hats marked with signs), the round's dice, the sun track and tallies.

To write a die into a cell, pick the die (or the crab), then click a marked cell of
your sheet; the sun and question moves are in the list of moves in words.
"""
from __future__ import annotations

TEMPLATE = "web/boards/soleils.html"
ON_BOARD = {"write", "crab"}
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


def present(view, *, legal, names, seat) -> dict:
    if not view or not view.get("started"):
        return {}
    moves_at: dict[str, list[str]] = {}
    pieces: list[dict] = []
    for move in legal:
        if move["type"] == "write":
            piece = f"die-{move['value']}"
        elif move["type"] == "crab":
            piece = "crab"
        else:
            continue
        moves_at.setdefault(move["cell"], []).append(piece)
        if piece not in [p["key"] for p in pieces]:
            pieces.append({"key": piece, "title": f"write {move['value']}" if piece != "crab" else "a crab"})
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
            "list_open": any(m["type"] not in ON_BOARD for m in legal)}


def move_from_post(post, legal) -> dict | None:
    piece, cell = post.get("piece", ""), post.get("cell", "")
    if not cell:
        return None
    if piece == "crab":
        return {"type": "crab", "cell": cell}
    try:
        return {"type": "write", "cell": cell, "value": int(piece.removeprefix("die-"))}
    except ValueError:
        return None
