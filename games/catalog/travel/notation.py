"""Itchy Feet: The Travel Game in words, the table as text, and a short notation.

Pure Python, no Django; reads only a seat's ``view`` (with ``you`` and the
``player_names`` the platform adds to its copy). Cards are written by their kind
(``camera``, ``sun_hat``, ``passport``, ``duty_free`` ...): two copies of a kind are
the same card to play. Players by their names. The notation
(docs/games/travel.md, "Playing by email"):

    draw                   recycle map sunscreen take camera     travel france camera guidebook phrasebook passport
    propose bob            give camera        want map           send        undo        cancel
    accept / reject / counter / withdraw / pass                  steal bob pay map
    discard map camera     guide       take sun_hat              trading_post map camera
    smuggle fireworks to bob           sticky_fingers bob        duty_free         flea_market camera
    mouse_trap             cancel_flight
"""
from __future__ import annotations

from .components import CARDS, card_name

MAX_LISTED = 60
EXAMPLES = ["draw", "recycle map sunscreen take camera", "propose bob", "give camera", "want map", "send",
            "accept", "travel france camera guidebook phrasebook passport"]
SYNTAX = """\
draw                           draw a card
recycle <card> <card> take <card>     pay cards, take one from the discard pile
travel <country> <cards>       travel with exactly these cards
propose <player>               start an offer to a player, then:
  give <card> / want <card> / undo / send / cancel
accept / reject / counter      answer an offer made to you
withdraw                       take back your offer
steal <player> pay <card>      pay a card, take a random one from the player
discard <cards>                hand limit: discard these cards
pass                           let the action in a reaction window go ahead
guide / take <card>            the Local Tour Guide and your pick
trading_post <cards>, sticky_fingers <player>, duty_free, flea_market <card>,
smuggle <card> to <player>, mouse_trap, cancel_flight
Cards by kind (camera, sun_hat, passport, exotic_pet ...); players by name."""


def _kind(card) -> str:
    data = CARDS.get(card)
    return data["kind"] if data else str(card)


def _name(card) -> str:
    return card_name(card) if card in CARDS else str(card)


def _player(view: dict, seat) -> str:
    if seat is None:
        return "nobody"
    if seat == view.get("you"):
        return "you"
    names = view.get("player_names") or []
    return names[seat] if 0 <= seat < len(names) else f"player {seat + 1}"


def _cards(cards) -> str:
    return ", ".join(_name(c) for c in cards) if cards else "nothing"


def move_words(move: dict, view: dict) -> str:
    kind = move.get("type")
    who = lambda seat: _player(view, seat)  # noqa: E731
    simple = {
        "draw": "Draw a card", "offer_undo": "Take back the last addition to your offer",
        "offer_send": "Send the offer", "offer_cancel": "Give up this offer", "accept": "Accept the offer",
        "reject": "Refuse the offer", "counter": "Refuse the offer and make a counter-offer",
        "withdraw": "Withdraw your offer", "pass": "Pass (let it go ahead)",
        "guide": "Play the Local Tour Guide", "duty_free": "Play Duty Free: draw two cards",
        "mouse_trap": "Play the Mouse Trap: the steal fails",
        "cancel_flight": "Play the Cancelled Flight: the journey is cancelled",
    }
    if kind in simple:
        return simple[kind]
    if kind == "recycle":
        return f"Recycle: pay {_cards(move['pay'])}, take {_name(move['take'])} from the discard pile"
    if kind == "propose":
        return f"Start an offer to {who(move['to'])}"
    if kind == "offer_give":
        return f"Offer: give {_name(move['card'])}"
    if kind == "offer_want":
        return f"Offer: ask for {_name(move['kind']) if move['kind'] in CARDS else move['kind'].replace('_', ' ')}"
    if kind == "steal":
        pay = f", paying {_name(move['pay'])}" if move.get("pay") else ""
        return f"Steal a random card from {who(move['target'])}{pay}"
    if kind == "travel":
        return f"Travel to {move['country']} with {_cards(move['cards'])}"
    if kind == "dispose":
        return f"Get rid of {_name(move['card'])} with {_name(move['extra'])}"
    if kind == "smuggle":
        return f"Smuggle {_name(move['card'])} to {who(move['to'])}, then draw"
    if kind == "guide_take":
        return f"Take {_name(move['card'])}"
    if kind == "trading_post":
        return f"Play the Trading Post with {_cards(move['cards'])}"
    if kind == "sticky_fingers":
        return f"Play Sticky Fingers on {who(move['target'])}"
    if kind == "flea_market":
        return f"Play the Flea Market and take {_name(move['take'])}"
    if kind == "discard":
        return f"Discard {_cards(move['cards'])}"
    return str(move)


def notation(move: dict, view: dict | None = None) -> str:
    view = view or {}
    kind = move.get("type")
    names = [n.lower() for n in view.get("player_names") or []]

    def who(seat):
        return names[seat] if seat is not None and 0 <= seat < len(names) else f"p{(seat or 0) + 1}"

    short = {"offer_undo": "undo", "offer_send": "send", "offer_cancel": "cancel"}
    if kind in short:
        return short[kind]
    if kind == "recycle":
        return " ".join(["recycle", *map(_kind, move["pay"]), "take", _kind(move["take"])])
    if kind == "propose":
        return f"propose {who(move['to'])}"
    if kind == "offer_give":
        return f"give {_kind(move['card'])}"
    if kind == "offer_want":
        return f"want {move['kind']}"
    if kind == "steal":
        return f"steal {who(move['target'])}" + (f" pay {_kind(move['pay'])}" if move.get("pay") else "")
    if kind == "travel":
        return " ".join(["travel", move["country"].lower(), *map(_kind, move["cards"])])
    if kind == "dispose":
        return f"dispose {_kind(move['card'])} {_kind(move['extra'])}"
    if kind == "smuggle":
        return f"smuggle {_kind(move['card'])} to {who(move['to'])}"
    if kind == "guide_take":
        return f"take {_kind(move['card'])}"
    if kind in ("trading_post", "discard"):
        return " ".join([kind, *map(_kind, move["cards"])])
    if kind == "sticky_fingers":
        return f"sticky_fingers {who(move['target'])}"
    if kind == "flea_market":
        return f"flea_market {_kind(move['take'])}"
    return kind or ""


def _tokens(text: str) -> list[str]:
    text = text.strip().lower()
    for long in ("sun hat", "bug spray", "hiking boots", "power adapter", "sleeping bag", "winter coat",
                 "trading post", "sticky fingers", "duty free", "flea market", "mouse trap", "cancel flight",
                 "cancelled flight", "exotic pet", "smelly cheese", "local tour guide"):
        text = text.replace(long, long.replace(" ", "_"))
    words = [w.strip(".!:;,") for w in text.replace(",", " ").split()]
    aliases = {"cancelled_flight": "cancel_flight", "local_tour_guide": "guide", "offer": "propose",
               "sunglass": "sunglasses"}
    return [aliases.get(w, w) for w in words if w and w not in ("a", "the", "and", "with")]


def parse(text: str, legal_moves: list[dict], view: dict) -> dict | None:
    wanted = _tokens(text)
    if not wanted:
        return None
    loose = []
    for move in legal_moves:
        target = _tokens(notation(move, view))
        if target == wanted:
            return move
        if target[:1] == wanted[:1] and sorted(target) == sorted(wanted):
            loose.append(move)
    return loose[0] if loose else None


def situation(view: dict, names: list[str]) -> str:
    if not view:
        return ""
    seat = view.get("you")
    lines = []
    if view.get("center"):
        needs = ", ".join(n.replace("_", " ") for n in (view.get("country_needs") or {}).get(view["center"], []))
        lines.append(f"The shared country: {view['center']} (needs {needs}).")
    lines.append(f"Draw pile: {view.get('deck_size', 0)} cards. Discard pile, top last: "
                 f"{_cards(view.get('discard') or [])}.")
    if view.get("strike") is not None:
        lines.append("Airport Strike: nobody may travel for now.")
    lines.append("")
    order = ([seat] if seat is not None else []) + [n for n in range(view.get("players", 0)) if n != seat]
    for number in order:
        head = "You" if number == seat else names[number]
        country = (view.get("countries") or [None] * (number + 1))[number]
        needs = ", ".join(n.replace("_", " ") for n in (view.get("country_needs") or {}).get(country, []))
        goal = (f"first to {country} (needs {needs}), then to {view.get('center')}" if country
                else f"has been to their own country; next {view.get('center')}")
        character = (view.get("characters") or [None] * (number + 1))[number] if view.get("characters") else None
        extra = f", the {character.replace('_', ' ')}" if character else ""
        lines.append(f"{head}{extra}: {view['hand_sizes'][number]} cards; {goal}")
        if number == seat and "hand" in view:
            lines.append(f"  your hand: {_cards(view['hand'])}")
    offer = view.get("offer")
    if offer:
        lines.append("")
        by, to = _player(view, offer["by"]), _player(view, offer["to"])
        if "give" in offer or "want" in offer:
            lines.append(f"Offer from {by} to {to}: gives {_cards(offer.get('give') or [])}, wants "
                         f"{', '.join(str(k).replace('_', ' ') for k in offer.get('want') or []) or 'nothing'}.")
        else:
            lines.append(f"{by.capitalize()} has made an offer to {to}.")
    draft = view.get("draft")
    if draft and draft.get("by") == seat and "entries" in draft:
        entries = draft.get("entries") or []
        give = _cards([e["give"] for e in entries if "give" in e])
        want = ", ".join(str(e["want"]).replace("_", " ") for e in entries if "want" in e) or "nothing"
        lines.append(f"Your offer to {_player(view, draft['to'])} so far: you give {give}; you want {want}.")
    due = view.get("discards_due") or {}
    if str(seat) in due:
        lines.append(f"Your hand is over the limit: discard {due[str(seat)]} card(s).")
    window = view.get("window")
    if window:
        lines.append(f"Waiting for reactions to a {window.get('kind')}.")
    guide = view.get("guide")
    if guide and guide.get("cards") and guide.get("seat") == seat:
        lines.append(f"The tour guide shows you: {_cards(guide['cards'])}.")
    return "\n".join(lines)
