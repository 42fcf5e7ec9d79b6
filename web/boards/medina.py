"""Medina's board: the city as a grid of squares inside its wall, with palaces (a
colour's letter, the roof and its owner), stables, merchants, walls, towers and the
fountain; the supplies, guard and palace tiles and the scores beside it.

To place a piece, pick it, then click a square where it may go (those squares are
marked); several pieces per turn, each posted on its own as the rules take them.
"""
from __future__ import annotations

from games.catalog.medina.components import COLOURS
from web.words import move_value

TEMPLATE = "web/boards/medina.html"
ON_BOARD = {"building", "roof", "neutral_roof", "stable", "wall", "merchant", "tea"}
LETTER = {"white": "W", "violet": "V", "brown": "B", "orange": "O"}
PIECE_TITLES = {"roof": "a roof (claims the palace)", "neutral_roof": "a neutral roof", "stable": "a stable",
                "wall": "a wall", "merchant": "a merchant"}


def _piece(move: dict) -> str:
    return f"building-{move['colour']}" if move["type"] == "building" else move["type"]


def _cell(value: str, x: int, y: int, roofs: dict, names) -> dict:
    text, kind, title = "", "empty", "empty square"
    if value in LETTER:
        text, kind, title = LETTER[value], f"building {value}", f"{value} building"
        if (x, y) in roofs:
            owner = roofs[(x, y)]
            text += "^"
            title += ", roofed" + (f" by {names[owner]}" if owner is not None else " (neutral)")
    elif value == "S":
        text, kind, title = "s", "stable", "stable"
    elif value == "M":
        text, kind, title = "m", "merchant", "merchant"
    elif value == "T":
        text, kind, title = "T", "tower", "tower"
    elif value == "F":
        text, kind, title = "≈", "fountain", "fountain"
    elif value.startswith("W"):
        text, kind, title = "#", "wall", f"wall of tower {value[1:]}"
    return {"text": text, "kind": kind, "title": title}


def present(view, *, legal, names, seat) -> dict:
    if not view:
        return {}
    roofs = {tuple(p["roof"]): p["owner"] if p["status"] == "owned" else None
             for p in view["palaces"] if p["roof"] is not None}
    at: dict[tuple[int, int], list[str]] = {}
    pieces: dict[str, str] = {}
    for move in legal:
        if "x" in move:
            piece = _piece(move)
            at.setdefault((move["x"], move["y"]), []).append(piece)
            pieces.setdefault(piece, f"a {move['colour']} building" if move["type"] == "building"
                              else PIECE_TITLES.get(move["type"], move["type"]))
    rows = []
    for y, line in enumerate(view["grid"]):
        cells = []
        for x, value in enumerate(line):
            cell = _cell(value, x, y, roofs, names)
            cell.update(x=x, y=y, can=" ".join(f"can-{p}" for p in at.get((x, y), [])),
                        clickable=(x, y) in at)
            cells.append(cell)
        rows.append(cells)
    tea = [move_value(m) for m in legal if m["type"] == "tea"]
    players = []
    for number in range(view["players"]):
        supply = view["supply"][number]
        players.append({"name": names[number], "me": number == seat, "score": view["scores"][number],
                        "buildings": ", ".join(f"{LETTER[c]} {supply[c]}" for c in COLOURS),
                        "roofs": supply["roofs"], "stables": supply["stables"], "merchants": supply["merchants"],
                        "walls": supply["walls"], "tea": supply.get("tea", 0),
                        "claimed": ", ".join(view["claimed_colours"][number]) or "none"})
    return {
        "rows": rows, "pieces": [{"key": k, "title": t} for k, t in pieces.items()],
        "tea": tea[0] if tea else None, "players": players,
        "list_open": any(m["type"] not in ON_BOARD for m in legal),
        "guards": [{"tower": g["tower"], "value": g["value"],
                    "holder": names[g["holder"]] if g["holder"] is not None else "nobody"}
                   for g in view["guard_tiles"]],
        "palace_tiles": [{"colour": t["colour"], "letter": LETTER[t["colour"]], "value": t["value"],
                          "holder": names[t["holder"]] if t["holder"] is not None else "nobody"}
                         for t in view["palace_tiles"]],
        "turn": view["turn"], "tea_left": view["tea_tiles_left"],
    }


def move_from_post(post, legal) -> dict | None:
    """A piece picked and a square clicked ("x,y"): the legal move placing it there."""
    piece, square = post.get("piece", ""), post.get("square", "")
    try:
        x, y = (int(part) for part in square.split(","))
    except ValueError:
        return None
    for move in legal:
        if move.get("x") == x and move.get("y") == y and _piece(move) == piece:
            return move
    kind, _, colour = piece.partition("-")
    return {"type": kind, "x": x, "y": y, **({"colour": colour} if colour else {})}
