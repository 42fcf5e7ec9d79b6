"""Momiji in words and in a short text notation, for turn emails and the web client.

Pure Python, no Django. Everything here reads a seat's ``view`` (rules.view), never
the full state, so nothing hidden can slip into a text.

The notation (docs/games/momiji.md, "Playing by email"): a verb and its words, in
any letter case, cards written ``red-0`` or ``red 0``:

    collect red            reveal            pass
    play red-0 yellow-1 left                 (the side only when a new stack starts)
    activate most_0        discard red-0 yellow-2
    power hot_spring       power koi_pond red-0 take yellow-1
    choose river           (the landscape draft)
"""
from __future__ import annotations

import re

from . import components as C

EXAMPLES = ["collect red", "play red-0 yellow-1 left", "discard red-0 yellow-2", "pass"]

SYNTAX = """\
collect <leaf>                 take every <leaf> card of the display
reveal                         pay an acorn to reveal four cards (then collect)
play <cards> [left|right]      play cards; say the side when a new stack starts
activate <objective>           activate an objective (three acorns)
discard <card> <card>          discard two cards for an acorn
power <landscape> [...]        use a landscape power, e.g. power koi_pond red-0 take yellow-1
pass                           end your turn (after your action)
choose <landscape>             pick a landscape in the draft
Cards are written red-0 (leaf and value); words may be in any letter case."""


def _cards(cards) -> str:
    return ", ".join(cards) if cards else "none"


def _power(name: str) -> str:
    return C.POWERS[name]["title"] if name in C.POWERS else name


def _objective(name: str) -> str:
    return C.OBJECTIVES[name]["title"] if name in C.OBJECTIVES else name


def _leaf_cards(view: dict, leaf: str) -> list[str]:
    return [card for card in view.get("display") or [] if C.CARD_LEAF.get(card) == leaf]


def _stack(view: dict, leaf: str) -> dict | None:
    seat = view.get("seat")
    rows = view.get("rows") or []
    row = rows[seat] if seat is not None and 0 <= seat < len(rows) else []
    return next((stack for stack in row if stack["leaf"] == leaf), None)


def move_words(move: dict, view: dict) -> str:
    """One move in words, as the player who would make it reads it."""
    kind = move.get("type")
    if kind == "collect":
        cards = _leaf_cards(view, move["leaf"])
        return f"Collect the {move['leaf']} leaves from the display ({_cards(cards)})"
    if kind == "reveal":
        return "Pay an acorn to reveal four cards from the deck (then collect)"
    if kind == "play":
        text = f"Play {_cards(move['cards'])}"
        if move.get("side"):
            text += f", a new stack at the {move['side']} end of your row"
        return text
    if kind == "activate":
        return f"Activate the objective {_objective(move['objective'])} (3 acorns)"
    if kind == "discard":
        return f"Discard {_cards(move['cards'])} for an acorn"
    if kind == "pass":
        return "End your turn"
    if kind == "choose_landscape":
        return f"Choose the landscape {_power(move['power'])}: {C.POWERS[move['power']]['text']}"
    if kind == "power":
        name = move["power"]
        title = f"Use {_power(name)} (1 acorn)"
        if "take" in move and "card" in move:
            return f"{title}: discard {move['card']}, take {move['take']} from the display"
        if "take" in move:
            return f"{title}: take {move['take']} from the display"
        if "card" in move:
            return f"{title}: play {move['card']} on your {C.CARD_LEAF[move['card']]} stack"
        if "leaf" in move:
            if name == "fox_shrine":
                return f"{title}: take the top card of your {move['leaf']} stack back"
            return f"{title}: take all {move['leaf']} leaves from the display"
        if "position" in move:
            return f"{title}: swap stacks {move['position'] + 1} and {move['position'] + 2} of your row"
        if "cards" in move:
            return f"{title}: discard {_cards(move['cards'])} and draw as many"
        text = C.POWERS[name]["text"] if name in C.POWERS else ""
        return f"{title}: {text[:1].lower()}{text[1:]}".rstrip(": .")
    return str(move)


def notation(move: dict, view: dict | None = None) -> str:
    """The move in the short notation that ``parse`` reads back."""
    kind = move.get("type")
    if kind == "collect":
        return f"collect {move['leaf']}"
    if kind == "play":
        return " ".join(["play", *move["cards"], *([move["side"]] if move.get("side") else [])])
    if kind == "activate":
        return f"activate {move['objective']}"
    if kind == "discard":
        return " ".join(["discard", *move["cards"]])
    if kind == "choose_landscape":
        return f"choose {move['power']}"
    if kind == "power":
        words = ["power", move["power"]]
        if "card" in move:
            words.append(move["card"])
        if "take" in move:
            words += ["take", move["take"]]
        if "leaf" in move:
            words.append(move["leaf"])
        if "position" in move:
            words.append(str(move["position"] + 1))
        if "cards" in move:
            words += move["cards"]
        return " ".join(words)
    return kind or ""


def _normal(text: str) -> list[str]:
    text = text.strip().lower()
    text = re.sub(r"\b(" + "|".join(C.LEAF_TYPES) + r")\s*[- ]\s*([0-3])\b", r"\1-\2", text)
    text = text.replace(",", " ").replace(";", " ")
    words = [w.strip(".!:") for w in text.split()]
    # Landscape and objective names may be written with spaces ("hot spring").
    return [w for w in words if w]


def _key(words: list[str]) -> tuple:
    """Order-free where order carries no meaning (the cards of a play or discard)."""
    if not words:
        return ()
    joined = " ".join(words)
    for title_map in (C.POWERS, C.OBJECTIVES):
        for name, spec in title_map.items():
            joined = joined.replace(spec["title"].lower(), name).replace(name.replace("_", " "), name)
    words = joined.split()
    head, rest = words[0], words[1:]
    if head in ("play", "discard"):
        return (head, tuple(sorted(rest)))
    return (head, *rest)


def parse(text: str, legal_moves: list[dict], view: dict) -> dict | None:
    """The legal move ``text`` names in the notation, or None."""
    wanted = _key(_normal(text))
    if not wanted:
        return None
    if wanted == ("end",) or wanted == ("end", "turn"):
        wanted = ("pass",)
    for move in legal_moves:
        if _key(_normal(notation(move, view))) == wanted:
            return move
    return None


def _row_text(row: list[dict]) -> str:
    if not row:
        return "(empty)"
    parts = []
    for stack in row:
        values = " ".join(str(v) for v in stack["values"])
        parts.append(f"[{stack['leaf']} {values}{' torii' if stack.get('closed') else ''}]")
    return " ".join(parts)


def situation(view: dict, names: list[str]) -> str:
    """The table in a few lines of text; ``names[seat]`` is each player's name."""
    seat = view.get("seat")
    lines = []
    if view.get("phase") == "draft":
        draft = view.get("draft") or {}
        lines.append("Landscape draft. Still to choose from: "
                     + ", ".join(_power(p) for p in draft.get("pool") or []) + ".")
    lines.append(f"Deck: {view.get('deck_count', 0)} cards. Discard pile: {view.get('discard_count', 0)}. "
                 f"Stacks closed with a torii: {view.get('torii', 0)} of {view.get('torii_limit', 0)} "
                 f"(the game ends there, or when the deck runs out).")
    lines.append(f"Display: {_cards(view.get('display'))}")
    if view.get("objectives"):
        lines.append("Objectives on the table: "
                     + ", ".join(f"{_objective(o)} ({o})" for o in view["objectives"]))
    for entry in view.get("active_objectives") or []:
        holder = entry["holder"]
        who = "you" if holder == seat else names[holder]
        lines.append(f"Objective {_objective(entry['objective'])} is held by {who}.")
    lines.append("")
    order = ([seat] if seat is not None else []) + [n for n in range(view.get("players", 0)) if n != seat]
    for number in order:
        acorns = view["acorns"][number]
        head = "You" if number == seat else names[number]
        if number == seat and "hand" in view:
            hand = f"your hand: {_cards(view['hand'])}"
        else:
            hand = f"{view['hand_counts'][number]} cards in hand"
        lines.append(f"{head}: {acorns} acorn{'s' if acorns != 1 else ''}, {hand}")
        lines.append(f"  row: {_row_text(view['rows'][number])}")
        powers = view.get("powers", [])[number] if number < len(view.get("powers", [])) else []
        used = set(view.get("powers_used", [[]] * (number + 1))[number])
        if powers:
            lines.append("  landscapes: " + ", ".join(
                f"{_power(p)} ({p}{', used' if p in used else ''})" for p in powers))
    turn = view.get("turn") or {}
    if seat is not None and seat in (view.get("to_move") or []) and view.get("phase") == "play":
        done = []
        if turn.get("main"):
            done.append("you have taken your action")
        if turn.get("revealed"):
            done.append("you paid to reveal, so collect now")
        if turn.get("discarded"):
            done.append("you discarded for an acorn")
        if turn.get("power"):
            done.append("you used a landscape power")
        if done:
            lines.append("")
            lines.append("This turn so far: " + "; ".join(done) + ".")
    return "\n".join(lines)
