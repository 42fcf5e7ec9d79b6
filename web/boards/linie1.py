"""Linie 1's board: the 12 × 12 city with every laid tile's tracks drawn, the buildings
and their stop signs, the trams on their way; my line and stops; every player's hand.

To lay a tile, pick one from your hand and a rotation (each drawn), then click a marked
square; trips, dice and the rest are in the list of moves in words below the board.
"""
from __future__ import annotations

from games.catalog.linie1 import components as C

TEMPLATE = "web/boards/linie1.html"
def on_board(move: dict) -> bool:
    """Tiles from my own hand are laid on the board; a tile from another driver's hand
    (``from_seat``) is chosen from the list of moves in words."""
    return move.get("type") == "place" and "from_seat" not in move
SIZE = C.BOARD_SIZE
MIDPOINT = {0: (20, 0), 1: (40, 20), 2: (20, 40), 3: (0, 20)}
ROTATIONS = ["as drawn", "turned right", "turned twice", "turned left"]


def tracks(tile: int, rotation: int) -> list[str]:
    """SVG paths (in a 40 × 40 square) of a tile's track segments, turned clockwise."""
    paths = []
    for a, b in C.TILE_SEGMENTS[tile]:
        (x1, y1), (x2, y2) = MIDPOINT[(a + rotation) % 4], MIDPOINT[(b + rotation) % 4]
        if (a - b) % 4 == 2:
            paths.append(f"M{x1} {y1}L{x2} {y2}")
        else:
            paths.append(f"M{x1} {y1}Q20 20 {x2} {y2}")
    return paths


def present(view, *, legal, names, seat) -> dict:
    if not view:
        return {}
    squares = [[{"row": r, "col": c, "paths": [], "tree": False, "building": "", "sign": "", "trams": [],
                 "can": [], "title": f"row {r + 1}, column {c + 1}"} for c in range(SIZE)] for r in range(SIZE)]
    for tile in view["tiles"]:
        square = squares[tile["row"]][tile["col"]]
        square["paths"] = tracks(tile["tile"], tile["rotation"])
        square["tree"] = tile["tile"] in C.TREE_TILES
        square["title"] += f": {C.TILE_NAMES[tile['tile']]}"
    for letter, info in view["buildings"].items():
        r, c = info["square"]
        squares[r][c]["building"] = letter
        squares[r][c]["title"] += f": {info['name']} ({letter})"
    for letter, (r, c) in view["signs"].items():
        squares[r][c]["sign"] = letter
    for number, player in enumerate(view["players"]):
        trip = player.get("trip")
        if trip and trip["path"]:
            r, c = trip["path"][min(trip["position"], len(trip["path"]) - 1)]
            squares[r][c]["trams"].append(names[number][:2])
    places = [m for m in legal if on_board(m)]
    for move in places:  # marked for the picked tile, and brighter for its picked rotation
        squares[move["row"]][move["col"]]["can"] += [f"can-t{move['tile']}", f"can-t{move['tile']}-r{move['rotation']}"]
    for line in squares:
        for square in line:
            square["can"] = " ".join(sorted(set(square["can"])))
    hand_tiles = sorted({m["tile"] for m in places})
    players = []
    for number, player in enumerate(view["players"]):
        players.append({"name": names[number], "me": number == seat, "status": player["status"],
                        "hand": [C.TILE_NAMES[t] for t in player["hand"]],
                        "line": player["line"], "stops": player["stops"], "terminals": player["terminals"],
                        "progress": f"{player['milestones_reached']} of {player['milestones']}"})
    return {
        "squares": squares, "players": players, "stage": view["stage"], "dice": view["dice"],
        "pile": view["pile_size"],
        "hand": [{"tile": t, "name": C.TILE_NAMES[t],
                  "rotations": [{"rotation": r, "words": ROTATIONS[r], "paths": tracks(t, r)} for r in range(4)]}
                 for t in hand_tiles],
        "list_open": any(not on_board(m) for m in legal),
    }


def move_from_post(post, legal) -> dict | None:
    """A tile and a rotation picked and a square clicked ("row,col"): that placement."""
    try:
        tile, rotation = int(post.get("tile", "")), int(post.get("rotation", ""))
        row, col = (int(part) for part in post.get("square", "").split(","))
    except ValueError:
        return None
    return {"type": "place", "tile": tile, "rotation": rotation, "row": row, "col": col}
