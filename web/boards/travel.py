"""Itchy Feet's table: every traveller's home country, whether they have been there, the
shared destination and what each country needs; my hand as cards; the offer on the table
with its answers, and my offer as I put it together; the deck and the discard pile.

The hand's cards can be ticked and played with the buttons under them (travel, discard
for the hand limit, give in an offer, the Trading Post, get rid of a forbidden item,
smuggle); the offer's answers are beside the offer. Every move is also in the list of
moves in words below the board (an offer's steps, steals, the reaction window...).
"""
from __future__ import annotations

from games.catalog.travel.components import CARDS, card_name
from games.catalog.travel.components import kind as card_kind
from web.words import humanize, move_value

TEMPLATE = "web/boards/travel.html"
ANSWERS = ("accept", "reject", "counter", "withdraw")
# Moves made with the ticked cards of the hand: (move type, the button's words).
HAND_PLAYS = {
    "offer_give": "Give the ticked card in your offer",
    "travel": "Travel to {country} with the ticked cards",
    "discard": "Discard the ticked cards",
    "trading_post": "Play the Trading Post with the ticked cards",
    "dispose": "Get rid of the ticked forbidden item and card",
    "smuggle": "Smuggle the ticked card to {to}",
}


def on_board(move: dict) -> bool:
    return False  # the hand's buttons are a shortcut: every move stays in the list in words


def _name(code) -> str:
    return card_name(code) if code in CARDS else humanize(str(code))


def _card(code: str) -> dict:
    name = _name(code)
    return {"code": code, "name": name, "initial": name[:2]}


def _seat(value, names):
    return names[value] if isinstance(value, int) and 0 <= value < len(names) else "–"


def _cards(cards) -> str:
    return ", ".join(_name(c) for c in cards or []) or "nothing"


def _kinds(kinds) -> str:
    return ", ".join(humanize(str(k)).lower() for k in kinds or []) or "nothing"


def _hand_plays(legal: list[dict], names) -> list[dict]:
    plays, seen = [], set()
    for move in legal:
        kind = move["type"]
        if kind not in HAND_PLAYS:
            continue
        key = kind + (f":{move['country']}" if kind == "travel" else f":{move['to']}" if kind == "smuggle" else "")
        if key in seen:
            continue
        seen.add(key)
        plays.append({"value": key, "words": HAND_PLAYS[kind].format(
            country=move.get("country", ""), to=_seat(move.get("to"), names))})
    return plays


def present(view, *, legal, names, seat) -> dict:
    if not view:
        return {}
    needs = view.get("country_needs") or {}
    travellers = []
    for number in range(view["players"]):
        country = view["countries"][number] if number < len(view.get("countries", [])) else None
        travellers.append({"name": names[number], "me": number == seat, "country": country,
                           "needs": [humanize(item) for item in needs.get(country, [])],
                           "visited": view["visited"][number], "hand_size": view["hand_sizes"][number],
                           "current": number == view.get("current"),
                           "character": (view.get("characters") or [None] * view["players"])[number]})
    offer = view.get("offer")
    if offer:
        secret = "give" not in offer
        offer = {"by": _seat(offer.get("by"), names), "to": _seat(offer.get("to"), names), "secret": secret,
                 "give": _cards(offer.get("give")), "want": _kinds(offer.get("want")),
                 "standing": offer.get("standing")}
    draft = view.get("draft")
    if draft and draft.get("by") == seat and "entries" in draft:
        entries = draft["entries"]
        draft = {"to": _seat(draft.get("to"), names), "counter": draft.get("counter"),
                 "give": _cards([e["give"] for e in entries if "give" in e]),
                 "want": _kinds([e["want"] for e in entries if "want" in e])}
    elif draft:
        draft = {"by": _seat(draft.get("by"), names), "to": _seat(draft.get("to"), names), "secret": True}
    answers = [{"value": move_value(m), "words": humanize(m["type"])} for m in legal if m["type"] in ANSWERS]
    return {
        "travellers": travellers, "center": view.get("center"),
        "center_needs": [humanize(item) for item in needs.get(view.get("center"), [])],
        "hand": [_card(code) for code in view.get("hand") or []], "deck": view.get("deck_size"),
        "discard": [_name(code) for code in view.get("discard") or []][-5:],
        "offer": offer, "draft": draft, "answers": answers, "plays": _hand_plays(legal, names),
        "discard_due": (view.get("discards_due") or {}).get(str(seat)),
        "step": humanize(str(view.get("step") or "")),
        "turn": view.get("turn"), "winner": _seat(view.get("winner"), names) if view.get("winner") is not None else None,
        "win_reason": view.get("win_reason"), "list_open": True,
    }


def _same_cards(chosen: list[str], cards: list[str]) -> bool:
    """The ticked cards are these, or cards of the same kinds (copies of a kind play alike)."""
    return sorted(chosen) == sorted(cards) or sorted(map(card_kind, chosen)) == sorted(map(card_kind, cards))


def move_from_post(post, legal) -> dict | None:
    """The ticked cards of the hand and a button ("travel:France", "discard", ...): that move."""
    kind, _, target = post.get("play", "").partition(":")
    chosen = post.getlist("card") if hasattr(post, "getlist") else []
    if kind not in HAND_PLAYS or not chosen:
        return None
    for exact in (True, False):
        for move in legal:
            if move["type"] != kind:
                continue
            if kind == "travel" and move["country"] != target or kind == "smuggle" and str(move["to"]) != target:
                continue
            cards = move.get("cards") or [move[k] for k in ("card", "extra") if k in move]
            if (sorted(chosen) == sorted(cards)) if exact else _same_cards(chosen, cards):
                return move
    return None
