"""Citytrip Brugge's board: the display of two action cards, the city sheet with the
route drawn along the dashed lines and the crossed-off places, the scoring rows, the
missions, and every other player's sheet.

Moves on the board: tick two (or three, a rush) symbols of the display and take them;
click a place to walk there (when one route leads there), or type the route in the
notation; tick the places of this turn's route to cross them off. Every move is also
in the list of moves in words.
"""
from __future__ import annotations

from games.catalog.citytour import notation
from games.catalog.citytour.components import (COLUMNS, GASTRONOMY, MAP_DRAWING, ROW_VALUES, ROWS, SIGHTS,
                                               TYPE_WORDS, place_types, places)
from web.words import move_value

TEMPLATE = "web/boards/citytour.html"
# Letters rather than pictures: they read the same in every browser and font.
ICON = {"shop": "Sh", "bridge": "Br", "statue": "St", "almshouse": "Al", "church": "Ch", "monument": "HB",
        "museum": "Mu", "theatre": "Th", "cafe": "Ca", "frituur": "Fr", "brewery": "Be", "restaurant": "Re",
        "square": "·", "special": "✦"}
KIND_ICON = {"compass": "➤", "bag": "◆", "camera": "■", "visitor": "●", "smiley": "☺"}


def _edges(route: list) -> set:
    return {frozenset(pair) for pair in zip(route, route[1:])}


def _map(side: str, sheet: dict, clicks: dict, markable: list) -> list[list[dict]]:
    """The drawing at double resolution: places, dashed lines (solid where the route runs)."""
    info = places(side)
    route = sheet["route"]
    on = _edges(route)
    ends = {route[0], route[-1]}
    grid = []
    for r in range(2 * ROWS - 1):
        line = MAP_DRAWING[r].ljust(2 * len(COLUMNS) - 1)
        row = []
        for c in range(2 * len(COLUMNS) - 1):
            char = line[c]
            if r % 2 == 0 and c % 2 == 0 and char != " ":
                pid = f"{COLUMNS[c // 2]}{r // 2 + 1}"
                place = info[pid]
                marked = sheet["marks"].get(pid)
                kind = "special" if place.offers else place.type
                row.append({"kind": "place", "id": pid, "type": kind, "icon": ICON[kind],
                            "marked": marked, "on_route": pid in route, "end": pid in ends,
                            "title": f"{place.name} ({pid}), "
                                     + (" or ".join(TYPE_WORDS[t] for t in place.offers) if place.offers
                                        else TYPE_WORDS[place.type])
                                     + (f", crossed off as {TYPE_WORDS[marked]}" if marked else ""),
                            "click": clicks.get(pid), "markable": pid in markable,
                            "offers": [{"type": t, "words": TYPE_WORDS[t]} for t in place_types(side, pid)]})
            elif char == "-":
                a, b = f"{COLUMNS[(c - 1) // 2]}{r // 2 + 1}", f"{COLUMNS[(c + 1) // 2]}{r // 2 + 1}"
                row.append({"kind": "h", "on": frozenset((a, b)) in on})
            elif char == "|":
                a, b = f"{COLUMNS[c // 2]}{(r - 1) // 2 + 1}", f"{COLUMNS[c // 2]}{(r + 1) // 2 + 1}"
                row.append({"kind": "v", "on": frozenset((a, b)) in on})
            else:
                row.append({"kind": "blank"})
        grid.append(row)
    return grid


def _rows(side: str, sheet: dict, score: dict) -> list[dict]:
    counts = sheet["counts"]
    rows = []
    for ptype in SIGHTS:
        values = ROW_VALUES[side][ptype]
        crossed = counts.get(ptype, 0)
        rows.append({"type": ptype, "icon": ICON[ptype], "words": TYPE_WORDS[ptype],
                     "boxes": [{"value": v, "crossed": i < crossed, "next": i == crossed}
                               for i, v in enumerate(values[1:])],
                     "points": score["rows"][ptype]})
    gastro = [{"type": t, "icon": ICON[t], "words": TYPE_WORDS[t], "crossed": bool(counts.get(t))}
              for t in GASTRONOMY]
    return rows, gastro


def present(view, *, legal, names, seat) -> dict:
    if not view or not view.get("started"):
        return {}
    side = view["side"]
    mine = view.get("your_turn") or {}
    phase = mine.get("phase")
    clicks, markable = {}, []
    if phase == "route":
        by_end: dict = {}
        for move in legal:
            end = move["path"][-1] if move["path"] else mine.get("from")
            by_end.setdefault(end, []).append(move)
        clicks = {pid: {"value": move_value(moves[0]), "path": " ".join(moves[0]["path"]) or "stay"}
                  for pid, moves in by_end.items() if len(moves) == 1}
    if phase == "mark":
        markable = list(mine.get("markable") or [])
    shown = seat if seat is not None and 0 <= seat < len(view["sheets"]) else 0
    sheets = []
    for sheet in view["sheets"]:
        number = sheet["seat"]
        me = number == shown
        rows, gastro = _rows(side, sheet, sheet["score"])
        sheets.append({
            "name": names[number] if number < len(names) else f"Player {number + 1}",
            "me": me, "you": number == seat, "finished_turn": sheet["finished_turn"],
            "score": sheet["score"], "rush": sheet["rush"], "route": " – ".join(sheet["route"]),
            "map": _map(side, sheet, clicks if me else {}, markable if me else []),
            "rows": rows, "gastro": gastro, "bonus_active": sheet["bonus_active"],
            "bonus_used": sheet["bonus_used"],
            "missions": [{"words": m["words"], "points": sheet["score"]["missions"].get(str(m["number"]), 0)}
                         for m in view["missions"]],
        })
    sheets.sort(key=lambda s: not s["me"])
    display = view.get("display") or []
    cells = [{"index": i, "name": notation.CELL_NAMES[i], "kind": kind, "number": number,
              "icon": KIND_ICON[kind]} for i, (kind, number) in enumerate(display)]
    free_bonus = sorted({int(b["value"]) for m in legal if m.get("type") == "choose" for b in m.get("bonuses", [])})
    return {
        "turn": view["turn"], "turns": view["turns"], "side": side, "phase": phase,
        "left": cells[:3], "right": cells[3:], "sheets": sheets, "missions": view["missions"],
        "solo": view.get("solo"), "two_ends": view["options"].get("two_directions"),
        "budget": [{"kind": k, "icon": KIND_ICON[k], "n": n} for k, n in (mine.get("budget") or {}).items() if n],
        "from": mine.get("from"), "free_bonus": free_bonus,
        "cell_names": notation.CELL_NAMES,
        "stay": next((move_value(m) for m in legal if m.get("type") == "route" and not m["path"]), None),
        "list_open": phase == "route",
    }


def move_from_post(post, legal) -> dict | None:
    action = post.get("board_action")
    if action == "choose":
        cells = sorted(int(c) for c in post.getlist("cell") if c.isdigit())
        move = {"type": "choose", "cells": cells}
        bonuses = []
        for key in ("bonus_a", "bonus_b"):
            raw = post.get(key, "")
            if ":" in raw:
                value, cell = raw.split(":", 1)
                if value.isdigit() and cell.isdigit():
                    bonuses.append({"value": int(value), "cell": int(cell)})
        if bonuses:
            move["bonuses"] = sorted(bonuses, key=lambda b: (b["value"], b["cell"]))
        if post.get("end"):
            move["end"] = post.get("end")
        elif any("end" in m for m in legal if m.get("type") == "choose"):
            move["end"] = "head"
        return move
    if action == "mark":
        ticked = set(post.getlist("mark"))
        for move in legal:
            if move.get("type") != "mark" or {m["place"] for m in move["marks"]} != ticked:
                continue
            if all(post.get(f"as-{m['place']}", m["as"]) == m["as"] for m in move["marks"]):
                return move
        order = [m["place"] for move in legal if move.get("type") == "mark" for m in move["marks"]]
        return {"type": "mark", "marks": [{"place": p, "as": post.get(f"as-{p}", "")} for p in sorted(
            ticked, key=lambda p: order.index(p) if p in order else 99)]}
    if action == "walk":
        text = post.get("walk", "").strip()
        move = notation.parse(text if text.lower().startswith(("walk", "stay")) else f"walk {text}", legal, {})
        if move is not None:
            return move
        return {"type": "route", "path": [w.upper() for w in text.replace(",", " ").split() if w.lower() != "walk"]}
    return None
