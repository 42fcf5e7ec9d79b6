"""Citytrip Brugge in words and a short notation (turn emails, web client).

Pure Python, no Django; reads only a seat's ``view``. The display's six symbols are
named L1-L3 (the left card, the back of the card just flipped, top to bottom) and
R1-R3 (the right card, the front of the deck's top card). Places are named by their
coordinate on the map (column A-J, row 1-8). The notation (docs/games/citytour.md,
"Playing by email"), one step of the turn per reply:

    take L1 R1            take L1 L2 L3 (a rush)      take L2 R2 +1 L2      take L1 R1 tail
    walk D4 D3            stay
    mark D3 E5            mark G4 bridge              mark nothing
"""
from __future__ import annotations

import re

from .components import CELL_NAMES, TYPE_WORDS, places
EXAMPLES = ["take L1 R1", "take L1 L2 L3", "walk D4 D3", "stay", "mark D3 E5", "mark G4 bridge",
            "mark nothing"]
SYNTAX = """\
A turn has three steps, one reply each:
take <symbol> <symbol> [<symbol>]   the two touching symbols you use (a third one is a rush);
                                   symbols L1-L3 on the left card, R1-R3 on the right, top to bottom
     ... +<n> <symbol>              (red side) add an activated bonus box worth n to a chosen symbol
     ... head / tail                (two-direction variant) the end of your route to continue
walk <place> <place> ...            the places your route moves to, by coordinate (E5, D5)
stay                                do not move this turn
mark <place> [<type>] ...           the places you cross off, in route order (a special place
                                   names the type you mark it as); "mark nothing" marks none"""

MAX_LISTED = 40


def _cell(index: int) -> str:
    return CELL_NAMES[index]


def _symbol(symbol) -> str:
    kind, number = symbol
    return f"{number}-{kind}"


def notation(move: dict, view: dict | None = None) -> str:
    kind = move.get("type")
    if kind == "choose":
        words = ["take"] + [_cell(c) for c in move.get("cells", [])]
        for bonus in move.get("bonuses", []):
            words += [f"+{bonus['value']}", _cell(bonus["cell"])]
        if "end" in move:
            words.append(move["end"])
        return " ".join(words)
    if kind == "route":
        return "walk " + " ".join(move["path"]) if move.get("path") else "stay"
    if kind == "mark":
        if not move.get("marks"):
            return "mark nothing"
        words = ["mark"]
        side = (view or {}).get("side", "green")
        for m in move["marks"]:
            words.append(m["place"])
            if len(_offers(side, m["place"])) > 1:
                words.append(m["as"])
        return " ".join(words)
    return str(kind)


def _offers(side: str, pid: str) -> tuple:
    place = places(side).get(pid)
    if place is None:
        return ()
    return place.offers or (place.type,)


def _place_words(side: str, pid: str) -> str:
    place = places(side).get(pid)
    return f"{place.name} ({pid})" if place else pid


def move_words(move: dict, view: dict) -> str:
    kind = move.get("type")
    side = (view or {}).get("side", "green")
    display = (view or {}).get("display") or []
    if kind == "choose":
        cells = move.get("cells", [])
        parts = [f"{_symbol(display[c])} ({_cell(c)})" if c < len(display) else _cell(c) for c in cells]
        text = "Take " + " and ".join(parts)
        if len(cells) == 3:
            text += " (a rush)"
        for bonus in move.get("bonuses", []):
            text += f", bonus +{bonus['value']} on {_cell(bonus['cell'])}"
        if move.get("end") == "tail":
            text += ", continuing the route's first end"
        elif move.get("end") == "head":
            text += ", continuing the route's last end"
        return text
    if kind == "route":
        if not move.get("path"):
            return "Stay where you are"
        return "Walk to " + ", ".join(_place_words(side, p) for p in move["path"])
    if kind == "mark":
        if not move.get("marks"):
            return "Mark nothing"
        return "Mark " + ", ".join(f"{_place_words(side, m['place'])} as {TYPE_WORDS.get(m['as'], m['as'])}"
                                   for m in move["marks"])
    return str(kind)


def _tokens(text: str) -> list[str]:
    text = text.strip().lower().replace(",", " ").replace(";", " ")
    text = re.sub(r"\+\s+(\d)", r"+\1", text)
    words = [w.strip(".!:") for w in text.split()]
    return [w for w in words if w and w not in ("and", "to", "as", "the", "on", "then")]


def parse(text: str, legal_moves: list[dict], view: dict) -> dict | None:
    wanted = _tokens(text)
    if not wanted:
        return None
    if wanted[0] in ("stay", "walk") and len(wanted) == 1:
        wanted = ["stay"]
    loose = []
    for move in legal_moves:
        target = _tokens(notation(move, view))
        if target == wanted:
            return move
        # Marks may name the type of an ordinary place too ("mark D3 shop").
        if move.get("type") == "mark" and wanted[0] == "mark":
            full = ["mark"] + [w for m in move["marks"] for w in (m["place"].lower(), m["as"])]
            if full == wanted:
                return move
        if move.get("type") == "choose" and sorted(target) == sorted(wanted):
            loose.append(move)
    return loose[0] if len(loose) == 1 else None


def _count(number: int, word: str) -> str:
    """'1 church', '2 churches', '3 breweries', '0 shops'."""
    if number == 1:
        return f"{number} {word}"
    if word.endswith(("ch", "sh", "s", "x")):
        return f"{number} {word}es"
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return f"{number} {word[:-1]}ies"
    return f"{number} {word}s"


def _name(names, seat) -> str:
    return names[seat] if names and 0 <= seat < len(names) else f"Player {seat + 1}"


def situation(view: dict, names: list[str]) -> str:
    if not view or not view.get("started"):
        return ""
    side = view["side"]
    seat = view.get("you")
    lines = [f"Turn {view['turn']} of {view['turns']} ({side} side). The display:"]
    display = view.get("display") or []
    for row in range(3):
        if len(display) == 6:
            lines.append(f"  L{row + 1} {_symbol(display[row]):<12} R{row + 1} {_symbol(display[row + 3])}")
    lines.append("Missions: " + "; ".join(m["words"] for m in view.get("missions") or []) + ".")
    if view.get("solo"):
        lines.append(f"Solo level {view['solo']['level']}: reach {view['solo']['target']} points "
                     f"with every mission fulfilled.")
    for sheet in view.get("sheets") or []:
        who = "You" if sheet["seat"] == seat else _name(names, sheet["seat"])
        counts = ", ".join(_count(n, TYPE_WORDS.get(t, t)) for t, n in sorted(sheet["counts"].items()))
        route = sheet["route"]
        text = (f"{who}: route {' - '.join(route)} ({_count(len(route), 'place')}); crossed off {counts}; "
                f"{sheet['rush']} rush{'es' if sheet['rush'] != 1 else ''}; {sheet['score']['total']} points so far")
        if sheet.get("bonus_active"):
            text += "; bonus boxes ready: " + ", ".join(sheet["bonus_active"])
        if sheet["seat"] != seat:
            text += "; finished this turn" if sheet.get("finished_turn") else "; still choosing"
        lines.append(text + ".")
    mine = view.get("your_turn")
    if mine:
        if mine["phase"] == "choose":
            lines.append("Now choose your symbols (take ...).")
        else:
            budget = ", ".join(f"{n} {k}" for k, n in mine.get("budget", {}).items() if n)
            lines.append(f"Your symbols this turn: {budget or 'nothing'}. Your route continues from "
                         f"{_place_words(side, mine['from'])}.")
            if mine["phase"] == "route":
                lines.append("Now draw your route (walk ... or stay).")
            else:
                markable = ", ".join(_place_words(side, p) for p in mine.get("markable", []))
                lines.append(f"Now mark your places (mark ...). On this turn's route: {markable or 'nothing to mark'}.")
    return "\n".join(lines)
