"""Medina in words, a text map, and a short notation (turn emails, the web client).

Pure Python, no Django; reads only a seat's ``view``. Squares are written like a
chess board: a column letter (A is x = 0, the wall ring on the left) and the row
number y (0 is the wall ring at the top), so ``F4`` is (5, 4) of the log. The
notation (docs/games/medina.md, "Playing by email"):

    building orange F4     roof F4     neutral F4     stable G4
    wall C0                merchant H6                tea
"""
from __future__ import annotations

import re

from .components import COLOURS

MAX_LISTED = 40
EXAMPLES = ["building orange F4", "roof F4", "stable G4", "wall C0", "merchant H6", "tea"]
SYNTAX = """\
building <colour> <square>     a building (white, violet, brown, orange)
roof <square>                  your roof on the palace with a building at <square>
neutral <square>               a neutral roof there
stable <square>                a stable
wall <square>                  a wall piece on the ring
merchant <square>              a merchant
tea                            a tea break instead of your second piece
A square is a column letter and a row number, as on the map: F4 is column F, row 4."""

PIECE_WORDS = {"building": "building", "roof": "roof", "neutral_roof": "neutral", "stable": "stable",
               "wall": "wall", "merchant": "merchant"}
ALIASES = {"b": "building", "r": "roof", "n": "neutral", "s": "stable", "w": "wall", "m": "merchant",
           "neutral_roof": "neutral", "dome": "roof", "house": "building", "t": "tea", "break": "tea"}


def square(x: int, y: int) -> str:
    return f"{chr(ord('A') + x)}{y}"


def _names(names: list[str], seat, who) -> str:
    if who is None:
        return "nobody"
    return "you" if who == seat else names[who] if 0 <= who < len(names) else "?"


def move_words(move: dict, view: dict) -> str:
    kind = move.get("type")
    if kind == "tea":
        return "Take a tea break instead of your second piece"
    where = f"{square(move['x'], move['y'])} ({move['x']}, {move['y']})"
    if kind == "building":
        return f"Place a {move['colour']} building on {where}"
    if kind == "roof":
        return f"Put your roof on the palace with the building on {where}, and own it"
    if kind == "neutral_roof":
        return f"Put a neutral roof on the palace with the building on {where}"
    if kind == "stable":
        return f"Place a stable on {where}"
    if kind == "wall":
        return f"Place a wall piece on {where}"
    if kind == "merchant":
        return f"Place a merchant on {where}"
    return str(move)


def notation(move: dict, view: dict | None = None) -> str:
    kind = move.get("type")
    if kind == "tea":
        return "tea"
    words = [PIECE_WORDS.get(kind, kind)]
    if kind == "building":
        words.append(move["colour"])
    words.append(square(move["x"], move["y"]))
    return " ".join(words)


def _tokens(text: str) -> list[str]:
    text = text.strip().lower()
    text = re.sub(r"\(?\s*(\d{1,2})\s*,\s*(\d{1,2})\s*\)?",
                  lambda m: f" {square(int(m.group(1)), int(m.group(2))).lower()} ", text)
    words = [w.strip(".!:;,") for w in text.replace(",", " ").split()]
    words = [ALIASES.get(w, w) for w in words if w and w not in ("on", "at", "a", "an", "the", "place", "put")]
    return words


def parse(text: str, legal_moves: list[dict], view: dict) -> dict | None:
    wanted = _tokens(text)
    if not wanted:
        return None
    loose = []
    for move in legal_moves:
        target = _tokens(notation(move, view))
        if target == wanted:
            return move
        if sorted(target) == sorted(wanted):
            loose.append(move)
    return loose[0] if len(loose) == 1 else None


def _cell_char(code: str, roofed: bool) -> str:
    if not code:
        return "."
    if code == "T":
        return "T"
    if code == "F":
        return "~"
    if code == "M":
        return "m"
    if code == "S":
        return "s"
    if code.startswith("W"):
        return "#"
    if code in COLOURS:
        letter = code[0]
        return letter.upper() if roofed else letter
    return "?"


def situation(view: dict, names: list[str]) -> str:
    if not view:
        return ""
    seat = view.get("you")
    grid = view["grid"]
    roofed = {tuple(b) for p in view["palaces"] if p["roof"] is not None for b in p["buildings"]}
    roofs = {tuple(p["roof"]) for p in view["palaces"] if p["roof"] is not None}
    width = len(grid[0])
    lines = ["The city (columns A-" + chr(ord("A") + width - 1) + ", rows 0-" + str(len(grid) - 1)
             + "; building letters w v b o, capital once roofed, ^ the roof; s stable, m merchant, "
             "# wall, T tower, ~ fountain, . empty):"]
    lines.append("     " + " ".join(chr(ord("A") + x) for x in range(width)))
    for y, row in enumerate(grid):
        cells = []
        for x, code in enumerate(row):
            ring = y in (0, len(grid) - 1) or x in (0, width - 1)
            char = _cell_char(code, (x, y) in roofed)
            if (x, y) in roofs:
                char = "^"
            if ring and not code:
                char = " "
            cells.append(char)
        lines.append(f"  {y:2d} " + " ".join(cells))
    lines.append("")
    palaces = [p for p in view["palaces"]]
    if palaces:
        lines.append("Palaces:")
        for p in palaces:
            squares = ", ".join(square(*b) for b in p["buildings"])
            owner = p["owner"]
            if p["roof"] is None:
                state = "open"
            elif owner is None:
                state = "neutral"
            else:
                state = f"owned by {_names(names, seat, owner)}"
            stables = f", {len(p['stables'])} stable{'s' if len(p['stables']) != 1 else ''}" if p["stables"] else ""
            points = p["points"]["total"] if isinstance(p["points"], dict) else p["points"]
            lines.append(f"  {p['colour']} on {squares}{stables}: {state}, size {p['size']}, worth {points}")
    for entry in view.get("guard_tiles") or []:
        if entry["holder"] is not None:
            lines.append(f"Guard tile of tower {entry['tower']} ({entry['value']} points): "
                         f"{_names(names, seat, entry['holder'])}")
    held = [f"{t['colour']} ({_names(names, seat, t['holder'])})" for t in view.get("palace_tiles") or []
            if t["holder"] is not None]
    if held:
        lines.append("Palace tiles: " + ", ".join(held))
    if view.get("closed_colours"):
        lines.append("Colours every player owns (no more such buildings): " + ", ".join(view["closed_colours"]))
    lines.append("")
    order = ([seat] if seat is not None else []) + [n for n in range(view["players"]) if n != seat]
    for number in order:
        supply = view["supply"][number]
        head = "You" if number == seat else names[number]
        buildings = ", ".join(f"{supply.get(c, 0)} {c}" for c in COLOURS)
        extra = f", {supply['tea']} tea" if supply.get("tea") else ""
        lines.append(f"{head}: {view['scores'][number]} points so far. Left: {buildings}; "
                     f"{supply['roofs']} roofs, {supply['neutral_roofs']} neutral roofs, {supply['stables']} stables, "
                     f"{supply['walls']} walls, {supply['merchants']} merchants{extra}")
    turn = view.get("turn")
    if turn and turn.get("seat") == seat:
        left = turn["pieces"] - turn["placed"]
        lines.append("")
        lines.append(f"This turn: {left} piece{'s' if left != 1 else ''} still to place.")
    return "\n".join(lines)
