"""Linie 1 in words, a text board, and a short notation (turn emails, the web client).

Pure Python, no Django; reads only a seat's ``view`` (with ``you``, the reader's
seat, and ``player_names``, which the platform adds to its copy). Squares are a column letter
A-L and a row number 1-12, A1 at the top left (the move's ``row`` and ``col`` are
0-based: F7 is row 6, col 5). A tile is named by its type and its rotation ``r0``-
``r3`` (quarter turns clockwise from the picture in docs/games/linie1.md); the
email spells out where the track runs. The notation (docs/games/linie1.md,
"Playing by email"):

    F7 curve r1          C3 left-switch r0          F7 straight r1 from bob
    start left route 2   roll          die 2          pass          give up
"""
from __future__ import annotations

import re

from . import components as C

MAX_LISTED = 40
SIZE = C.BOARD_SIZE
EDGES = ("north", "east", "south", "west")
TILE_WORDS = ["straight", "curve", "left-switch", "right-switch", "y-switch", "double-curve", "t-junction",
              "three-way", "roundabout", "crossing", "double-switch", "mirrored-switch"]
EXAMPLES = ["F7 curve r1", "C3 straight r0", "start left", "roll", "die 2", "pass"]
SYNTAX = """\
<square> <tile> r<rotation>    place a tile from your hand, e.g. F7 curve r1
   ... from <player>           the tile comes from a driving player's hand
start <side> [route <n>]       start your trip at the terminal on that side (on route n)
roll                           roll the dice
die <face>                     use a rolled die: red, 1, 2, 3, 4, H or tool
pass                           stop for this turn (or skip when nothing fits)
give up                        leave the game (0 points)
Squares: column A-L, row 1-12, A1 top left. Tiles: straight, curve, left-switch,
right-switch, y-switch, double-curve, t-junction, three-way, roundabout, crossing,
double-switch, mirrored-switch. Rotation r0-r3: quarter turns clockwise."""


def square(row: int, col: int) -> str:
    return f"{chr(ord('A') + col)}{row + 1}"


def track(tile: int, rotation: int) -> str:
    """Where a tile's track runs once turned: "north-south, south-west"."""
    segments = []
    for a, b in C.TILE_SEGMENTS[tile]:
        ends = sorted(((a + rotation) % 4, (b + rotation) % 4))
        segments.append(f"{EDGES[ends[0]]}-{EDGES[ends[1]]}")
    return ", ".join(segments)


def _name(names, seat, who) -> str:
    if who == seat:
        return "you"
    return names[who] if who is not None and 0 <= who < len(names) else "?"


def move_words(move: dict, view: dict) -> str:
    kind = move.get("type")
    if kind == "place":
        tile, rotation = move["tile"], move["rotation"]
        text = (f"Place a {C.TILE_NAMES[tile]} on {square(move['row'], move['col'])}, "
                f"track {track(tile, rotation)}")
        if move.get("from_seat") is not None:
            text += f" (a tile from {_name(view.get('player_names') or [], view.get('you'), move['from_seat'])}'s hand)"
        return text
    if kind == "start_trip":
        text = f"Start your trip at your terminal on the {move['start']} side"
        if move.get("route") is not None:
            routes = (view.get("trip_routes") or {}).get(move["start"]) or []
            route = next((r for r in routes if r.get("route") == move["route"]), None)
            text += f", route {move['route'] + 1}"
            if route:
                signs = ", ".join(route.get("stop_signs") or []) or "no stop signs"
                text += f" ({route['squares']} squares, past {signs})"
        return text
    if kind == "roll":
        return "Roll the dice"
    if kind == "use_die":
        return f"Use the die showing {move['face']}"
    if kind == "pass":
        return "Pass (stop for this turn)"
    if kind == "give_up":
        return "Give up, scoring 0 points"
    return str(move)


def notation(move: dict, view: dict | None = None) -> str:
    kind = move.get("type")
    if kind == "place":
        text = f"{square(move['row'], move['col'])} {TILE_WORDS[move['tile']]} r{move['rotation']}"
        if move.get("from_seat") is not None:
            names = (view or {}).get("player_names") or []
            who = move["from_seat"]
            text += f" from {names[who].lower() if who < len(names) else f'p{who + 1}'}"
        return text
    if kind == "start_trip":
        route = f" route {move['route'] + 1}" if move.get("route") is not None else ""
        return f"start {move['start']}{route}"
    if kind == "use_die":
        return f"die {move['face']}".lower()
    if kind == "give_up":
        return "give up"
    return kind or ""


ALIASES = {"y": "y-switch", "t": "t-junction", "three-way-switch": "three-way", "mirrored-double-switch":
           "mirrored-switch", "giveup": "give", "use": "die", "dice": "die"}


def _tokens(text: str) -> list[str]:
    text = text.strip().lower()
    for long in ("left switch", "right switch", "y switch", "double curve", "t junction", "three-way switch",
                 "three way switch", "three way", "double switch", "mirrored double switch", "mirrored switch"):
        text = text.replace(long, long.replace(" ", "-"))
    text = re.sub(r"\brotation\s*([0-3])\b", r"r\1", text)
    words = [w.strip(".!:;,") for w in text.replace(",", " ").split()]
    words = [ALIASES.get(w, w) for w in words if w and w not in ("a", "the", "on", "at", "place", "tile")]
    if words[-1:] == ["up"] and words[:1] == ["give"]:
        words = ["give", "up"]
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


# Box-drawing characters by the set of edges a tile's track touches (N, E, S, W).
_BOX = {frozenset("NS"): "│", frozenset("EW"): "─", frozenset("NE"): "└", frozenset("ES"): "┌",
        frozenset("SW"): "┐", frozenset("NW"): "┘", frozenset("NES"): "├", frozenset("ESW"): "┬",
        frozenset("NSW"): "┤", frozenset("NEW"): "┴", frozenset("NESW"): "┼"}


def _tile_char(tile: int, rotation: int) -> str:
    edges = set()
    for a, b in C.TILE_SEGMENTS[tile]:
        edges |= {"NESW"[(a + rotation) % 4], "NESW"[(b + rotation) % 4]}
    return _BOX.get(frozenset(edges), "+")


def situation(view: dict, names: list[str]) -> str:
    if not view:
        return ""
    seat = view.get("you")
    grid = [["." for _ in range(SIZE)] for _ in range(SIZE)]
    for letter, building in (view.get("buildings") or {}).items():
        row, col = building["square"]
        grid[row][col] = letter
    for t in view.get("tiles") or []:
        grid[t["row"]][t["col"]] = _tile_char(t["tile"], t["rotation"])
    lines = ["The board (track drawn by where it leaves each square; letters are buildings, . empty):",
             "     " + " ".join(chr(ord("A") + c) for c in range(SIZE))]
    for r in range(SIZE):
        lines.append(f"  {r + 1:2d} " + " ".join(grid[r]))
    stops = {letter: square(*sq) for letter, sq in (view.get("signs") or {}).items()}
    lines.append("Buildings: " + ", ".join(
        f"{letter} {b['name']}" + (f" (stop sign at {stops[letter]})" if letter in stops else "")
        for letter, b in (view.get("buildings") or {}).items()))
    lines.append(f"Tiles left in the pile: {view.get('pile_size', 0)}.")
    lines.append("")
    for p in sorted(view["players"], key=lambda p: (p["seat"] != seat, p["seat"])):
        head = "You" if p["seat"] == seat else names[p["seat"]]
        hand = ", ".join(C.TILE_NAMES[t] for t in p["hand"]) or "none"
        lines.append(f"{head} ({p['status']}): hand {hand}")
        if p.get("line") is not None:
            terminals = " and ".join(p.get("terminals") or [])
            route = ", ".join(p.get("stops") or [])
            whose = "your" if p["seat"] == seat else "their"
            lines.append(f"  line {p['line']} (terminals {terminals}); {whose} stops: {route}")
        if p.get("trip"):
            lines.append(f"  tram on the way: {p['milestones_reached']} of {p['milestones']} milestones")
    if view.get("stage") in ("choose", "continue") and view.get("dice"):
        lines.append("")
        lines.append(f"Dice rolled: {', '.join(str(d) for d in view['dice'])}.")
    placed = view.get("placed_this_turn") or []
    if placed and view.get("current") == seat:
        lines.append(f"Placed this turn: {', '.join(square(r, c) for r, c in placed)}.")
    return "\n".join(lines)
