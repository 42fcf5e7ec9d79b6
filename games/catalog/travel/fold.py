"""How each event of the travel game changes the state (``evolve``).

Every function here trusts its event: validation happened in ``decide``. Cards move
between the places they can be: a seat's hand, the draw pile ``deck`` (index 0 is the
top), the face-up ``discard`` pile (last is the top).
"""
from __future__ import annotations


def _take(hand: list, card: str) -> None:
    hand.remove(card)


def game_set_up(state, p):
    n = p["players"]
    state.update({
        "players": n,
        "options": dict(p["options"]),
        "hands": [list(hand) for hand in p["hands"]],
        "deck": list(p["deck"]),
        "discard": [],
        "country": list(p["countries"]),
        "visited": [False] * n,
        "center": p["center"],
        "characters": list(p["characters"]) if p["characters"] else [None] * n,
        "current": p["first"],
        "turn": 0,
        "step": "between",
        "turn_over": False,
        "discards_due": {},
        "draft": None,
        "offer": None,
        "offers_made": 0,
        "window": None,
        "guide": None,
        "strike": None,
        "revealed": None,
        "winner": None,
        "win_reason": None,
    })


def turn_started(state, p):
    state["current"] = p["seat"]
    state["turn"] = p["turn"]
    state["step"] = "action"
    state["turn_over"] = False
    state["offers_made"] = 0
    if state["strike"] == p["seat"]:
        state["strike"] = None


def turn_ended(state, p):
    state["step"] = "between"
    state["turn_over"] = True


def card_drawn(state, p):
    state["deck"].remove(p["card"])
    state["hands"][p["seat"]].append(p["card"])


def deck_reshuffled(state, p):
    state["deck"].extend(p["order"])
    state["discard"] = []


def event_revealed(state, p):
    state["deck"].remove(p["card"])
    state["discard"].append(p["card"])


def cards_passed(state, p):
    for giver, _receiver, card in p["passes"]:
        _take(state["hands"][giver], card)
    for _giver, receiver, card in p["passes"]:
        state["hands"][receiver].append(card)


def luggage_lost(state, p):
    for seat, card in p["losses"]:
        _take(state["hands"][seat], card)
        state["discard"].append(card)


def strike_called(state, p):
    state["strike"] = p["seat"]


def hand_limit_reached(state, p):
    state["discards_due"] = dict(p["due"])
    if "then" in p:            # rules v3: the draws the stopped command still owes
        state["pending"] = {"draws": [list(task) for task in p["then"]["draws"]],
                            "after": p["then"]["after"]}


def cards_discarded(state, p):
    for card in p["cards"]:
        _take(state["hands"][p["seat"]], card)
        state["discard"].append(card)
    key = str(p["seat"])
    if p["reason"] == "hand_limit" and key in state["discards_due"]:
        state["discards_due"][key] -= len(p["cards"])
        if state["discards_due"][key] <= 0:
            del state["discards_due"][key]
        if not state["discards_due"]:
            state.pop("pending", None)     # the command goes on (turn.py, _discard)


def recycled(state, p):
    # The card is taken first and the price paid after, so a card just paid can
    # never be taken back (DESIGN, see docs).
    state["discard"].remove(p["took"])
    state["hands"][p["seat"]].append(p["took"])
    for card in p["paid"]:
        _take(state["hands"][p["seat"]], card)
        state["discard"].append(card)


def draft_opened(state, p):
    state["step"] = "draft"
    state["draft"] = {"by": p["by"], "to": p["to"], "counter": p["counter"],
                      "previous": p.get("previous"), "entries": []}
    state["offer"] = None
    state["offers_made"] += 1     # every offer or counter-offer begun counts (see MAX_OFFERS_PER_TURN)


def draft_changed(state, p):
    entries = state["draft"]["entries"]
    if p["entry"] is None:
        entries.pop()
    else:
        entries.append(dict(p["entry"]))


def draft_cancelled(state, p):
    state["draft"] = None
    state["step"] = "action"


def offer_made(state, p):
    state["offer"] = {"by": p["by"], "to": p["to"], "give": list(p["give"]),
                      "want": list(p["want"]), "standing": False}
    if p.get("withdrawable"):
        # rules v2: the offer stands at once; its sender may withdraw it until it is
        # answered, unasked (may_move). Under v1 the sender had to let it stand first.
        state["offer"].update(standing=True, withdrawable=True)
    state["draft"] = None
    state["step"] = "offer"


def offer_stands(state, p):
    state["offer"]["standing"] = True


def offer_closed(state, p):
    state["offer"] = None
    state["step"] = "action"


def trade_completed(state, p):
    offerer, accepter = state["hands"][p["offerer"]], state["hands"][p["accepter"]]
    for card in p["offerer_gave"]:
        _take(offerer, card)
    for card in p["accepter_gave"]:
        _take(accepter, card)
    offerer.extend(p["accepter_gave"])
    accepter.extend(p["offerer_gave"])
    state["offer"] = None
    state["step"] = "action"


def steal_declared(state, p):
    if p["paid"] is not None:
        _take(state["hands"][p["thief"]], p["paid"])
        state["discard"].append(p["paid"])
    state["window"] = {"kind": "steal", "actor": p["thief"], "target": p["victim"],
                       "waiting": list(p["waiting"])}
    state["step"] = "window"


def reaction_passed(state, p):
    state["window"]["waiting"].remove(p["seat"])


def steal_resolved(state, p):
    _take(state["hands"][p["victim"]], p["card"])
    state["hands"][p["thief"]].append(p["card"])
    state["window"] = None
    state["step"] = "action"


def steal_foiled(state, p):
    _take(state["hands"][p["victim"]], "mouse_trap")
    state["discard"].append("mouse_trap")
    state["window"] = None
    state["step"] = "action"


def travel_declared(state, p):
    state["revealed"] = {"seat": p["seat"], "hand": list(p["hand"])}
    state["window"] = {"kind": "travel", "actor": p["seat"], "target": None,
                       "country": p["country"], "cards": list(p["cards"]),
                       "waiting": list(p["waiting"])}
    state["step"] = "window"


def travel_cancelled(state, p):
    _take(state["hands"][p["by"]], "cancelled_flight")
    state["discard"].append("cancelled_flight")
    state["window"] = None
    state["step"] = "action"


def travelled(state, p):
    seat = p["seat"]
    for card in p["cards"]:
        _take(state["hands"][seat], card)
        state["discard"].append(card)
    if p["country"] != state["center"]:   # reaching the shared country ends the game (GameWon)
        state["country"][seat] = None
        state["visited"][seat] = True
    state["window"] = None
    state["step"] = "action"


def forbidden_disposed(state, p):
    for card in (p["card"], p["extra"]):
        _take(state["hands"][p["seat"]], card)
        state["discard"].append(card)


def smuggled(state, p):
    _take(state["hands"][p["seat"]], p["card"])
    state["hands"][p["to"]].append(p["card"])


def special_played(state, p):
    _take(state["hands"][p["seat"]], p["card"])
    state["discard"].append(p["card"])


def guide_looked(state, p):
    state["guide"] = {"seat": p["seat"], "cards": list(p["cards"])}
    state["step"] = "guide"


def guide_took(state, p):
    if p["card"] is not None:
        state["deck"].remove(p["card"])
        state["hands"][p["seat"]].append(p["card"])
    state["guide"] = None
    state["step"] = "action"


def cards_buried(state, p):
    for card in p["cards"]:
        _take(state["hands"][p["seat"]], card)
        state["deck"].append(card)


def took_from_discard(state, p):
    state["discard"].remove(p["card"])
    state["hands"][p["seat"]].append(p["card"])


def game_won(state, p):
    state["winner"] = p["seat"]
    state["win_reason"] = p["reason"]
    state["step"] = "over"


FOLDS = {
    "GameSetUp": game_set_up,
    "TurnStarted": turn_started,
    "TurnEnded": turn_ended,
    "CardDrawn": card_drawn,
    "DeckReshuffled": deck_reshuffled,
    "EventRevealed": event_revealed,
    "CardsPassed": cards_passed,
    "LuggageLost": luggage_lost,
    "StrikeCalled": strike_called,
    "HandLimitReached": hand_limit_reached,
    "CardsDiscarded": cards_discarded,
    "Recycled": recycled,
    "DraftOpened": draft_opened,
    "DraftChanged": draft_changed,
    "DraftCancelled": draft_cancelled,
    "OfferMade": offer_made,
    "OfferStands": offer_stands,
    "OfferWithdrawn": offer_closed,
    "OfferRejected": offer_closed,
    "TradeCompleted": trade_completed,
    "StealDeclared": steal_declared,
    "ReactionPassed": reaction_passed,
    "StealResolved": steal_resolved,
    "StealFoiled": steal_foiled,
    "TravelDeclared": travel_declared,
    "TravelCancelled": travel_cancelled,
    "Travelled": travelled,
    "ForbiddenDisposed": forbidden_disposed,
    "Smuggled": smuggled,
    "SpecialPlayed": special_played,
    "GuideLooked": guide_looked,
    "GuideTook": guide_took,
    "CardsBuried": cards_buried,
    "TookFromDiscard": took_from_discard,
    "GameWon": game_won,
}


def apply(state, event):
    FOLDS[event.type](state, event.payload)
    return state
