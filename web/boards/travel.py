"""Itchy Feet's table: every traveller's home country, whether they have been there, the
shared destination and what each country needs; my hand as cards; the offer on the table
with its answers; the deck and the discard pile. Moves are in the list of moves in words
(offers are built step by step there), the answers to an offer also beside the offer.
"""
from __future__ import annotations

from web.words import humanize, move_value

TEMPLATE = "web/boards/travel.html"
ANSWERS = ("accept", "reject", "counter", "withdraw")


def _card(code: str) -> dict:
    kind, _, copy = code.rpartition("-")
    if not kind or not copy.isdigit():
        kind = code
    return {"code": code, "name": humanize(kind), "initial": humanize(kind)[:2]}


def _seat(value, names):
    return names[value] if isinstance(value, int) and 0 <= value < len(names) else "–"


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
        offer = {"by": _seat(offer.get("by"), names), "to": _seat(offer.get("to"), names),
                 "give": humanize(str(offer.get("give") or "nothing")), "want": humanize(str(offer.get("want") or "nothing")),
                 "standing": offer.get("standing")}
    answers = [{"value": move_value(m), "words": humanize(m["type"])} for m in legal if m["type"] in ANSWERS]
    return {
        "travellers": travellers, "center": view.get("center"),
        "center_needs": [humanize(item) for item in needs.get(view.get("center"), [])],
        "hand": [_card(code) for code in view.get("hand") or []], "deck": view.get("deck_size"),
        "discard": [_card(code)["name"] for code in view.get("discard") or []][-5:],
        "offer": offer, "answers": answers, "step": humanize(str(view.get("step") or "")),
        "turn": view.get("turn"), "winner": _seat(view.get("winner"), names) if view.get("winner") is not None else None,
        "win_reason": view.get("win_reason"), "list_open": True,
    }
