"""Questions about a state of the travel game that the rules, moves and bot share.

The state is plain JSON (see rules.py for its fields). Nothing here changes it.
"""
from __future__ import annotations

from .components import (COUNTRIES, HAND_LIMIT, ITEM_COPIES, KIND_CATEGORY, KINDS,
                         OPTION_CATEGORIES, POSTCARD_COUNT, POSTCARDS_TO_WIN, category,
                         is_forbidden, kind)

_OPTION_OF_CATEGORY = {cat: name for name, cat in OPTION_CATEGORIES.items()}


def option(state, name: str):
    return state["options"].get(name)


def character(state, seat: int) -> str | None:
    return state["characters"][seat]


def hand_limit(state, seat: int) -> int:
    return HAND_LIMIT + 1 if character(state, seat) == "backpacker" else HAND_LIMIT


def others(state, seat: int) -> list[int]:
    n = state["players"]
    return [(seat + step) % n for step in range(1, n)]


def target_country(state, seat: int) -> str:
    """Your own country first, the shared one after it (SEED: "Zuerst ... eigenes Land")."""
    return state["center"] if state["visited"][seat] else state["country"][seat]


def holds_forbidden(hand: list[str]) -> bool:
    return any(is_forbidden(card) for card in hand)


def holds_passport(hand: list[str]) -> bool:
    return any(kind(card) == "passport" for card in hand)


def postcards_in(hand: list[str]) -> int:
    return sum(1 for card in hand if kind(card) == "postcard")


def postcard_winner(state) -> int | None:
    if not option(state, "postcards"):
        return None
    for seat, hand in enumerate(state["hands"]):
        if postcards_in(hand) >= POSTCARDS_TO_WIN:
            return seat
    return None


def payable(hand: list[str]) -> list[str]:
    """Cards that may pay for Recycle, Steal, the hand limit or a forbidden item's extra card.

    SEED FAQ: a forbidden item may pay for none of these.
    """
    return [card for card in hand if not is_forbidden(card)]


def takeable_from_discard(state) -> list[str]:
    """SEED: events can never be taken back from the discard pile."""
    seen, result = set(), []
    for card in state["discard"]:
        if category(card) != "event" and card not in seen:
            seen.add(card)
            result.append(card)
    return result


def copies_in_game(state, card_kind: str) -> int:
    """How many cards of a kind this game was set up with."""
    if card_kind == "passport":
        return state["players"]            # SEED: one passport per player, the rest put away
    if card_kind == "postcard":
        return POSTCARD_COUNT if option(state, "postcards") else 0
    cat = KIND_CATEGORY[card_kind]
    if cat == "item":
        return ITEM_COPIES
    if cat == "event":
        return 0                           # events never sit in a hand
    return 1 if option(state, _OPTION_OF_CATEGORY[cat]) else 0


def wantable_kinds(state) -> list[str]:
    """Every kind a hand can hold in this game, in a fixed order."""
    return [k for k in KINDS if copies_in_game(state, k) > 0]


def reaction_card(window_kind: str) -> str:
    return "mouse_trap" if window_kind == "steal" else "cancelled_flight"


def reaction_seats(state, window_kind: str, actor: int, target: int | None,
                   discard_after: list[str], public_hand: list[str] | None = None) -> list[int]:
    """Seats that get a reaction window, judged from public knowledge only.

    A window opens for every seat that *might* hold the reaction card: the special
    items are in play and the card is neither in the discard pile nor in a hand just
    shown to everyone. Opening it for a seat that turns out not to hold the card
    costs that seat one "pass"; opening it only for the real holder would tell the
    whole table who holds it.
    """
    if not option(state, "special_items"):
        return []
    card = reaction_card(window_kind)
    if card in discard_after or (public_hand is not None and card in public_hand):
        return []
    if window_kind == "steal":
        return [target] if state["hands"][target] else []
    return [seat for seat in others(state, actor) if state["hands"][seat]]


def draft_lists(draft) -> tuple[list[str], list[str]]:
    give = [entry["give"] for entry in draft["entries"] if "give" in entry]
    want = [entry["want"] for entry in draft["entries"] if "want" in entry]
    return give, want


def pick_wanted(hand: list[str], want: list[str]) -> list[str] | None:
    """The cards a hand hands over for a list of wanted kinds, or None if it cannot.

    Cards of one kind do the same thing, so the lowest id is taken: the choice never
    matters for the rules.
    """
    available = sorted(hand)
    picked = []
    for wanted in want:
        card = next((c for c in available if kind(c) == wanted and c not in picked), None)
        if card is None:
            return None
        picked.append(card)
    return picked


def needs_of(country: str) -> list[str]:
    return list(COUNTRIES[country]["needs"])
