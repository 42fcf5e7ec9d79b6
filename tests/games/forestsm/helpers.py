"""Build Forest Shuffle: Smoky Mountains positions by hand for the worked examples.

Cards are found by what they show (``tree("red_spruce")``, ``half("owl", symbol=...)``);
``arrange`` takes the named cards out of wherever setup put them and lays them where the
example wants them, so every card stays in exactly one place.
"""
from __future__ import annotations

from games.catalog.forestsm import RULES
from games.catalog.forestsm import components as C
from games.engine.harness import Table

def table(players: int = 2, seed: int = 0, current: int = 0) -> Table:
    """A fresh table with ``current`` (also the first player) to move."""
    t = Table(RULES, players, {}, seed)
    t.state["first"] = current
    t.state["current"] = current
    return t


def cards(species: str, count: int = 1, symbol: str | None = None, half: str | None = None,
          avoid=()) -> list[int]:
    """``count`` different cards showing ``species`` (as a tree, a river or one half)."""
    found = []
    for card_id, entry in C.CARDS.items():
        if card_id in avoid or entry["kind"] == "winter":
            continue
        if symbol is not None and entry["symbol"] != symbol:
            continue
        if entry["kind"] == "split":
            sides = [side for side, name in entry["halves"].items() if name == species]
            if not sides or (half is not None and half not in sides):
                continue
        elif entry["species"] != species:
            continue
        found.append(card_id)
        if len(found) == count:
            return found
    raise LookupError(f"fewer than {count} cards of {species}")


def card(species: str, **kwargs) -> int:
    return cards(species, 1, **kwargs)[0]


def filler(count: int, avoid=(), symbol: str | None = None, not_symbol: str | None = None) -> list[int]:
    """Cards with no part in the example: dry top/bottom split cards (a firefly and a
    trillium-like bottom), to fill hands and pay with."""
    found = []
    for card_id, entry in C.CARDS.items():
        if card_id in avoid or entry["kind"] != "split" or entry["orientation"] != "tb":
            continue
        if symbol is not None and entry["symbol"] != symbol:
            continue
        if not_symbol is not None and entry["symbol"] == not_symbol:
            continue
        found.append(card_id)
        if len(found) == count:
            return found
    raise LookupError("not enough filler cards")


def _take_out(state: dict, card_id: int) -> None:
    for pile in state["piles"]:
        if card_id in pile:
            pile.remove(card_id)
    for place in (state["removed"], state["clearing"], *state["hands"], *state["caves"]):
        if card_id in place:
            place.remove(card_id)


def arrange(t: Table, hands: dict | None = None, clearing: list | None = None,
            forests: dict | None = None, caves: dict | None = None, deck: list | None = None) -> None:
    """Put cards where an example wants them. ``hands``/``caves``: {seat: [ids]} replace
    them (the old cards go back to the deck); ``forests``: {seat: [stem, ...]} with stems
    as ``stem(card, river=None, top=(card, "top"), ...)``; ``deck``: the cards the deck
    will give next, in the order given (the rest of the deck comes after them)."""
    state = t.state
    placed = []
    for seat, stems in (forests or {}).items():
        for stem_ in stems:
            placed.append(stem_["card"])
            if stem_.get("river") is not None:
                placed.append(stem_["river"])
            placed += [entry["card"] for entry in stem_["slots"].values()]
    wanted = placed + [c for hand in (hands or {}).values() for c in hand] + list(clearing or []) \
        + [c for cave in (caves or {}).values() for c in cave] + list(deck or [])
    for seat, hand in (hands or {}).items():
        state["piles"][0].extend(c for c in state["hands"][seat] if c not in wanted)
        state["hands"][seat] = []
    for card_id in wanted:
        _take_out(state, card_id)
    for seat, hand in (hands or {}).items():
        state["hands"][seat] = list(hand)
    if clearing is not None:
        state["piles"][0].extend(state["clearing"])
        state["clearing"] = list(clearing)
    for seat, cave in (caves or {}).items():
        state["caves"][seat] = list(cave)
    for seat, stems in (forests or {}).items():
        state["forests"][seat] = stems
    if deck:
        # Single-card piles in front of the deck: drawn in exactly this order.
        state["piles"][:0] = [[c] for c in deck]
    for pile in state["piles"]:
        pile.sort()


def stem(card_id: int, river: int | None = None, **slots) -> dict:
    """A tree or river of a forest; slots as ``top=(card, "top")``."""
    return {"card": card_id, "river": river,
            "slots": {slot: {"card": c, "half": half} for slot, (c, half) in slots.items()}}


def play(t: Table, seat: int, move: dict):
    return t.play(seat, move)


def types(events) -> list[str]:
    return [event.type for event in events]
