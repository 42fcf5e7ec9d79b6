"""Scoring: palaces, their walls, merchants and fountain squares, and the tiles."""
from __future__ import annotations

from .components import COLOURS, FOUNTAIN_POINTS, GUARD_TILE_VALUE, PALACE_TILE_VALUE
from .placement import board_of, is_wall


def palace_parts(palace: dict) -> list[int]:
    return palace["buildings"] + palace["stables"]


def palace_size(palace: dict) -> int:
    return len(palace["buildings"]) + len(palace["stables"])


def palace_points(state, palace: dict) -> dict:
    """What a palace is worth to its owner: 1 per building or stable, +1 per wall
    piece and per merchant next to it (each counted once per palace), +4 per part
    on a fountain square."""
    board = board_of(state)
    cells = state["cells"]
    walls, merchants = set(), set()
    parts = palace_parts(palace)
    for square in parts:
        for n in board.orth[square]:
            if is_wall(cells[n]):
                walls.add(n)
            elif cells[n] == "M":
                merchants.add(n)
    fountain = 0
    if state["fountain"] is not None:
        marked = set(board.fountain_squares(state["fountain"]))
        fountain = FOUNTAIN_POINTS * sum(1 for square in parts if square in marked)
    return {"parts": len(parts), "walls": len(walls), "merchants": len(merchants),
            "fountain": fountain, "total": len(parts) + len(walls) + len(merchants) + fountain}


def palace_tile_holders(state) -> dict:
    """The owner of the largest roofed palace of each colour (None: no roofed palace,
    or the largest is neutral). On equal size the palace that reached the size first
    keeps the tile."""
    holders = {}
    for colour in COLOURS:
        best = None
        for palace in state["palaces"]:
            if palace["colour"] != colour or palace["status"] == "open":
                continue
            key = (palace_size(palace), -palace["grown_at"])
            if best is None or key > best[0]:
                best = (key, palace)
        holders[colour] = best[1]["owner"] if best is not None else None
    return holders


def player_scores(state) -> list[dict]:
    """A per-seat breakdown of the score as things stand."""
    seats = state["players"]
    result = [{"palaces": 0, "parts": 0, "walls": 0, "merchants": 0, "fountain": 0,
               "palace_tiles": 0, "guard_tiles": 0, "largest_palace": 0,
               "largest_claimed_at": None, "total": 0} for _ in range(seats)]
    for palace in state["palaces"]:
        owner = palace["owner"]
        if palace["status"] != "owned":
            continue
        points = palace_points(state, palace)
        row = result[owner]
        row["palaces"] += points["total"]
        for key in ("parts", "walls", "merchants", "fountain"):
            row[key] += points[key]
        size = palace_size(palace)
        if size > row["largest_palace"] or (
                size == row["largest_palace"] and palace["claimed_at"] < row["largest_claimed_at"]):
            row["largest_palace"] = size
            row["largest_claimed_at"] = palace["claimed_at"]
    for colour, holder in state["palace_tiles"].items():
        if holder is not None:
            result[holder]["palace_tiles"] += PALACE_TILE_VALUE[colour]
    for tower, holder in enumerate(state["guards"]):
        if holder is not None:
            result[holder]["guard_tiles"] += GUARD_TILE_VALUE[tower]
    for row in result:
        row["total"] = row["palaces"] + row["palace_tiles"] + row["guard_tiles"]
    return result
