"""Amazonas in words and in a short text notation, for turn emails and the web client.

Pure Python, no Django. Everything here reads a seat's ``view`` (rules.view), never the
full state, so nothing hidden can slip into a text.

The notation (docs/games/amazonas.md, "Playing by email"), in any letter case, village
names with or without accents and spaces:

    card 5             choose your income card (0 to 6)
    build manaus       build a hut (the cheapest free site)
    neutral tefe       two players: a free neutral hut, before your income
    collect            take your income (and leave the Indio to the next player)
    hire fish          hire the Indio; it joins your fish tiles
    end                end your turn
"""
from __future__ import annotations

import re
import unicodedata

from . import components as C

EXAMPLES = ["card 5", "build manaus", "build santa isabel", "collect", "hire fish", "end"]

SYNTAX = """\
card <0-6>            choose your income card for this round (secret until all have chosen)
build <village>       build a hut in a village (you pay its cheapest free site)
neutral <village>     two players: build a free neutral hut first, before your income
collect               take your income (and leave the Indio, if offered, to the next player)
hire <type>           hire the Indio instead of income: orchid, fish, butterfly, parrot or iguana
end                   end your turn
Villages may be written with or without accents and spaces (santa isabel, Santa_Isabel)."""


def _plain(text: str) -> str:
    text = unicodedata.normalize("NFKD", str(text)).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


_VILLAGE_KEYS = {**{_plain(v): v for v in C.VILLAGE_IDS}, **{_plain(C.village_name(v)): v for v in C.VILLAGE_IDS}}
_TYPE_KEYS = {**{kind: kind for kind in C.TYPES}, "iguana": "reptile", "iguanas": "reptile",
              **{kind + "s": kind for kind in C.TYPES}, "fishes": "fish", "butterflies": "butterfly"}


def _name(view: dict, seat: int, names: list[str] | None = None) -> str:
    names = names or view.get("player_names") or []
    if seat == view.get("you"):
        return "you"
    return names[seat] if seat < len(names) else f"Player {seat + 1}"


def _money(silver: int) -> str:
    gold, rest = divmod(silver, C.SILVER_PER_GOLD)
    return f"{gold} gold {rest} silver" if rest else f"{gold} gold"


def _cost(view: dict, village: str) -> int | None:
    taken = len((view.get("sites") or {}).get(village, []))
    costs = C.site_costs(village)
    return costs[taken] if taken < len(costs) else None


def move_words(move: dict, view: dict) -> str:
    """One move in words, as the player who would make it reads it."""
    kind = move.get("type")
    if kind == "income":
        return f"Play income card {C.card_name(move['card'])}"
    if kind == "build":
        village = move["village"]
        cost = _cost(view or {}, village)
        price = f" for {cost} gold" if cost is not None else ""
        mission = " (a mission village)" if village in ((view or {}).get("mission") or []) else ""
        kind = C.TYPE_NAMES[C.village_type(village)]
        return (f"Build a hut in {C.village_name(village)}{price}, gaining "
                f"{'an' if kind[0] in 'aeiou' else 'a'} {kind} tile{mission}")
    if kind == "neutral":
        return f"Build a free neutral hut in {C.village_name(move['village'])}"
    if kind == "collect":
        if (view or {}).get("indio_open"):
            return "Take your income and leave the Indio to the next player"
        return "Take your income"
    if kind == "hire":
        return f"Hire the Indio instead of your income; it joins your {C.TYPE_NAMES[move['research']]} tiles"
    if kind == "end":
        return "End your turn"
    return str(move)


def notation(move: dict, view: dict | None = None) -> str:
    """The move in the short notation that ``parse`` reads back."""
    kind = move.get("type")
    if kind == "income":
        return f"card {move['card']}"
    if kind in ("build", "neutral"):
        return f"{kind} {move['village']}"
    if kind == "hire":
        return f"hire {C.TYPE_NAMES[move['research']]}"
    return kind or ""


def parse(text: str, legal_moves: list[dict], view: dict) -> dict | None:
    """The legal move ``text`` names in the notation, or None."""
    words = str(text).strip().lower().split(None, 1)
    if not words:
        return None
    head, rest = words[0].strip(".!:"), (words[1] if len(words) > 1 else "").strip(" .!")
    wanted: dict | None = None
    if head in ("card", "income", "play") and rest.isdigit():
        wanted = {"type": "income", "card": int(rest)}
    elif head in ("build", "hut", "neutral") and rest:
        village = _VILLAGE_KEYS.get(_plain(rest))
        if village:
            wanted = {"type": "neutral" if head == "neutral" else "build", "village": village}
    elif head in ("hire", "indio") and rest:
        kind = _TYPE_KEYS.get(_plain(rest))
        if kind:
            wanted = {"type": "hire", "research": kind}
    elif head in ("collect", "income", "take") and not rest or (head, rest) == ("take", "income"):
        wanted = {"type": "collect"}
    elif head in ("end", "done", "pass") and rest in ("", "turn"):
        wanted = {"type": "end"}
    return wanted if wanted in legal_moves else None


def _tiles(seat_view: dict) -> str:
    parts = []
    for kind in C.TYPES:
        count = seat_view["counts"][kind]
        if count:
            indio = seat_view["indios"][kind]
            parts.append(f"{count} {C.TYPE_NAMES[kind]}" + (f" (with {indio} Indio)" if indio else ""))
    return ", ".join(parts) or "no tiles"


def situation(view: dict, names: list[str]) -> str:
    """The table in a few lines of text; ``names[seat]`` is each player's name."""
    if not view or not view.get("started"):
        return "The expedition has not started yet."
    you = view.get("you")
    lines = []
    phase = view["phase"]
    if phase == "start":
        lines.append("Start round: each player builds a first hut in any village, paying 2 or 3 gold.")
    elif phase == "over":
        lines.append("The expedition is over.")
    else:
        event = view["event"]
        lines.append(f"Round {view['round']} of {view['rounds']}. Event: {C.EVENT_NAMES[event]}: {C.EVENT_TEXT[event]}")
        if event == "indio":
            lines.append("The Indio is " + ("still on offer." if view["indio_open"] else "no longer on offer."))
    if phase == "turn":
        order = ", ".join(_name(view, seat, names) for seat in view["order"])
        lines.append(f"Turn order: {order}.")
    if view.get("mission"):
        lines.append("Your mission villages: " + ", ".join(C.village_name(v) for v in view["mission"]) + ".")
    if you is not None and view.get("my_card") is not None and phase == "choose":
        lines.append(f"You chose income card {C.card_name(view['my_card'])}; waiting for the others.")
    lines.append("")
    for data in view["seats"]:
        seat = data["seat"]
        head = "You" if seat == you else _name(view, seat, names)
        huts = ", ".join(C.village_name(v) for v in data["huts"]) or "none"
        cards = data["hand"]
        hand = (f"card{'s' if len(cards) > 1 else ''} " + ", ".join(str(card) for card in cards)) if cards else "none"
        extra = []
        if data["five_types_chip"]:
            extra.append(f"five-type chip {data['five_types_chip']}")
        if data["majority_chips"]:
            extra.append("majority in " + ", ".join(C.TYPE_NAMES[k] for k in data["majority_chips"]))
        if phase == "choose":
            extra.append("has chosen" if data["chosen"] else "choosing")
        elif phase == "turn" and data["chosen"] is not None:
            extra.append(f"played card {data['chosen']} worth {data['value']}")
        lines.append(f"{head}: {_money(data['money'])}, copper coin {data['copper']}, "
                     f"{data['huts_left']} huts left; income cards in hand: {hand}")
        lines.append(f"  tiles: {_tiles(data)}; huts in: {huts}" + (f"; {'; '.join(extra)}" if extra else ""))
    return "\n".join(lines)
