"""62 Soleils d'Été in words, the sheet as text, and a short notation (emails, web client).

Pure Python, no Django; reads only a seat's ``view`` (the sheet's layout comes with
it). Cells are named as on the sheet: hut1-t ... hut4-b, koi1-1 ... koi3-4,
boat1-1 ... boat2-3, bottle-1 ... bottle-3, gull-1 ... gull-6. The notation
(docs/games/soleils.md, "Playing by email"):

    write koi1-2 5       sun only 4       crab boat1-2       no crab
    sun 6                question gull-3 2                   no question

A move type this module does not know yet (a newer rules version) is written as
its type and fields, so it can still be listed, numbered and answered.
"""
from __future__ import annotations

import re

EXAMPLES = ["write koi1-2 5", "sun only 4", "crab boat1-2", "sun 6", "question gull-3 2"]
SYNTAX = """\
write <cell> <value>           write a die's value into a cell whose pearl shows another die
sun only <value>               write nothing; put that die on the sun track
crab <cell> / no crab          copy the number just written into a neighbouring cell, or not
sun <value>                    (frog hat) the value to add to the sun track
question <cell> <value> / no question   the question mark: any number into any empty cell
Rules version 2 takes the round's steps in one reply, in order, e.g.
   write koi1-2 5 / crab koi1-3 / sun 6
Cells as on the sheet: hut1-t, hut1-b ... koi1-1 ... boat1-1 ... bottle-1 ... gull-1 ..."""

WORDS = {"write": "write", "sun_only": "sun only", "crab": "crab", "crab_skip": "no crab", "sun": "sun",
         "question": "question", "question_skip": "no question"}


def _fields(move: dict) -> list:
    return [move[key] for key in ("cell", "value", "cells", "values") if key in move]


def move_words(move: dict, view: dict) -> str:
    kind = move.get("type")
    if kind == "choice":  # rules version 2: the round's whole sealed choice, its steps in order
        steps = [move_words(step, view) for step in move.get("steps") or []]
        return "; then ".join([steps[0]] + [s[:1].lower() + s[1:] for s in steps[1:]]) if steps else "No step"
    if kind == "write":
        return f"Write {move['value']} into {move['cell']}"
    if kind == "sun_only":
        return f"Write nothing; put the {move['value']} on the sun track"
    if kind == "crab":
        return f"Crab: copy the number into {move['cell']}"
    if kind == "crab_skip":
        return "No crab copy"
    if kind == "sun":
        return f"Frog hat: add {move['value']} to the sun track"
    if kind == "question":
        return f"Question mark: write {move['value']} into {move['cell']}"
    if kind == "question_skip":
        return "Leave the question mark unused"
    extra = ", ".join(f"{k} {v}" for k, v in move.items() if k != "type")
    return f"{str(kind).replace('_', ' ').capitalize()}{': ' + extra if extra else ''}"


def notation(move: dict, view: dict | None = None) -> str:
    kind = move.get("type", "")
    if kind == "choice":
        return " / ".join(notation(step, view) for step in move.get("steps") or [])
    words = [WORDS.get(kind, kind.replace("_", " "))]
    for key, value in move.items():
        if key == "type":
            continue
        if isinstance(value, list):
            words += [str(v) for v in value]
        elif isinstance(value, dict):
            words += [str(v) for v in value.values()]
        else:
            words.append(str(value))
    return " ".join(words)


def _tokens(text: str) -> list[str]:
    text = text.strip().lower().replace("sun_only", "sun only").replace("skip crab", "no crab")
    text = text.replace("/", " ").replace(";", " ").replace(" then ", " ")
    text = re.sub(r"\b(hut[1-4]|koi[1-3]|boat[12]|bottle|gull)\s+([tb1-6])\b", r"\1-\2", text)
    words = [w.strip(".!:;,") for w in text.replace(",", " ").split()]
    return [w for w in words if w and w not in ("into", "in", "the", "a", "on", "=")]


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


def _sheet(cells: dict, layout: dict) -> list[str]:
    grid: dict[tuple, dict] = {(c["row"], c["col"]): c for c in layout.get("cells") or []}
    rows = max((r for r, _ in grid), default=-1) + 1
    cols = max((c for _, c in grid), default=-1) + 1
    lines = []
    for r in range(rows):
        parts = []
        for c in range(cols):
            cell = grid.get((r, c))
            if cell is None:
                parts.append(" " * 13)
                continue
            value = cells.get(cell["id"])
            mark = "c" if cell["crab"] else ("h" if cell["hat"] else " ")
            shown = f"={value}" if value is not None else f"(p{cell['pearl']})"
            parts.append(f"{cell['id']:>8}{shown:<4}{mark}")
            if c == 3:
                parts.append("|")
        lines.append(" ".join(parts).rstrip())
    return lines


def situation(view: dict, names: list[str]) -> str:
    if not view or not view.get("started"):
        return ""
    seat = view.get("you")
    lines = [f"Round {view['round']} of {view['max_rounds']}. The dice: "
             + ", ".join(str(d) for d in view.get("dice") or []) + "."]
    players = view.get("players") or []
    mine = next((p for p in players if p["seat"] == seat), None)
    if mine is not None:
        turn = view.get("your_turn") or {}
        cells = turn.get("cells") or mine["cells"]
        sun = turn.get("sun") or mine["sun"]
        lines.append("")
        lines.append("Your sheet (=n written, (pn) an empty cell's pearl; c crab, h frog hat):")
        lines += ["  " + line for line in _sheet(cells, view.get("layout") or {})]
        lines.append(f"Your sun track: {sun[-1] if sun else 0} of 62"
                     + (f" (marked {', '.join(str(v) for v in sun)})." if sun else "."))
        tally = mine.get("tally") or {}
        if tally:
            lines.append(f"So far: {tally.get('pearls', 0)} pearls filled, "
                         f"{tally.get('group_starfish', 0) + tally.get('flag_starfish', 0) + tally.get('sun_starfish', 0)}"
                         f" starfish, {tally.get('shells', tally.get('group_shells', 0))} shells.")
        if turn.get("phase") and turn.get("phase") not in ("place", "done"):
            lines.append(f"This round so far: {', '.join(move_words(m, view) for m in turn.get('moves') or [])}.")
    for p in players:
        if p["seat"] == seat:
            continue
        total = (p.get("sun") or [0])[-1]  # the track holds the running totals
        done = "has finished this round" if p.get("finished_round") else "is still choosing"
        filled = sum(1 for v in (p.get("cells") or {}).values() if v is not None)
        lines.append(f"{names[p['seat']]}: {filled} cells filled, sun total {total}; {done}.")
    return "\n".join(lines)
