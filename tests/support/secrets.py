"""What each catalogued game keeps from a seat, written from its rules text.

Each function names paths, into a state or into an event's payload, of the items a
seat (None: a spectator) may not know. The oracle in tests/support/hidden.py marks
each item separately and looks for it in whatever that seat receives. Once a game
is over everything is revealed, so nothing is secret any more.
"""
from __future__ import annotations

import copy

from tests.support.hidden import LETTERS, GameSecrets


def _others(players: int, seat: int | None):
    return [other for other in range(players) if other != seat]


def _items(container: list, *prefix) -> list[tuple]:
    return [(*prefix, index) for index in range(len(container))]


# -- Momiji -------------------------------------------------------------------------
# Rules: the hands are held secretly, the deck is face down (so the order of its
# cards too), a draw is seen by its drawer, discards go face down.
def momiji_state(state, seat):
    if state.get("phase") == "over":
        return []
    paths = _items(state["deck"], "deck")
    for other in _others(state["players"], seat):
        paths += _items(state["hands"][other], "hands", other)
    return paths


def momiji_event(event, seat):
    p = event.payload
    if event.type == "GameSetUp":
        paths = _items(p["deck"], "deck")
        for other in _others(len(p["hands"]), seat):
            paths += _items(p["hands"][other], "hands", other)
        return paths
    if event.type in ("CardsDrawn", "CardsDiscarded") and p["seat"] != seat:
        return _items(p["cards"], "cards")
    return []


# -- Itchy Feet: The Travel Game ------------------------------------------------------
# docs/games/travel.md "Hidden information" (rules version 3, new games): a seat sees its
# own hand, not another's; never the deck; a draft only as its author (a sent offer and a
# completed trade are face up; versions 1-2 hid them from third seats: that is pinned in
# tests/games/travel/test_hidden.py); a drawn card, a
# stolen card, the Tour Guide's peek, buried cards, a smuggled card and each Civil
# Unrest pass only as the seats involved.
def travel_state(state, seat):
    if state["winner"] is not None:
        return []
    paths = _items(state["deck"], "deck")
    for other in _others(state["players"], seat):
        paths += _items(state["hands"][other], "hands", other)
    draft, guide = state["draft"], state["guide"]
    if draft is not None and seat != draft["by"]:
        paths += _items(draft["entries"], "draft", "entries")
    if guide is not None and seat != guide["seat"] and guide.get("cards"):
        paths += _items(guide["cards"], "guide", "cards")
    return paths


_TRAVEL_PRIVATE = {
    "CardDrawn": (("seat",), ("card",)),
    "GuideLooked": (("seat",), ("cards",)),
    "GuideTook": (("seat",), ("card",)),
    "CardsBuried": (("seat",), ("cards",)),
    "DraftChanged": (("by",), ("entry",)),
    "StealResolved": (("thief", "victim"), ("card",)),
    "Smuggled": (("seat", "to"), ("card",)),
}


def travel_event(event, seat):
    p = event.payload
    if event.type == "GameSetUp":
        paths = _items(p["deck"], "deck")
        for other in _others(len(p["hands"]), seat):
            paths += _items(p["hands"][other], "hands", other)
        return paths
    if event.type == "DeckReshuffled":
        return _items(p["order"], "order")
    if event.type == "CardsPassed":
        return [("passes", index, 2) for index, (giver, receiver, _card) in enumerate(p["passes"])
                if seat not in (giver, receiver)]
    if event.type in _TRAVEL_PRIVATE:
        sides, fields = _TRAVEL_PRIVATE[event.type]
        if seat is not None and seat in [p[side] for side in sides]:
            return []
        return [(name,) for name in fields if p.get(name) is not None]
    return []


# Rules versions 1-2 (games begun before version 3) keep trades closed: a sent offer, the
# offer a counter-offer answers and the cards a completed trade moves are seen by the
# two sides only.
_TRAVEL_CLOSED_TRADES = {
    "OfferMade": (("by", "to"), ("give", "want")),
    "DraftOpened": (("by", "to"), ("previous",)),
    "TradeCompleted": (("offerer", "accepter"), ("offerer_gave", "accepter_gave")),
}


def travel_closed_trades_state(state, seat):
    paths = travel_state(state, seat)
    offer = state["offer"]
    if paths and offer is not None and seat not in (offer["by"], offer["to"]):
        paths += _items(offer["give"], "offer", "give") + _items(offer["want"], "offer", "want")
    return paths


def travel_closed_trades_event(event, seat):
    p = event.payload
    if event.type in _TRAVEL_CLOSED_TRADES:
        sides, fields = _TRAVEL_CLOSED_TRADES[event.type]
        if seat is not None and seat in [p[side] for side in sides]:
            return []
        return [(name,) for name in fields if p.get(name)]
    return travel_event(event, seat)


# -- 62 Soleils d'Été -----------------------------------------------------------------
# Everyone chooses in secret; the choices are shown together when the round is
# resolved. Whether a seat has finished its round is public.
def soleils_state(state, seat):
    return []          # the sealed choices are checked by soleils_alternatives


def soleils_event(event, seat):
    if event.type == "ChoiceMade" and event.payload["seat"] != seat:
        # The choice itself (a move, or a round's steps): all but who chose and when.
        return [(key,) for key in event.payload if key not in ("seat", "round")]
    return []


def soleils_alternatives(rules, state, seat):
    """The same state with another seat's sealed choices replaced by other choices
    that leave it exactly as finished (or not) as before."""
    from games.catalog.soleils.turn import DONE

    if not state or state["finished"]:
        return
    for owner in _others(state["players"], seat):
        moves = state["moves"][owner]
        if not moves:
            continue
        done = rules.turn_of(state, owner).phase == DONE
        if not done:
            other = copy.deepcopy(state)
            other["moves"][owner] = []
            if rules.turn_of(other, owner).phase != DONE:
                yield other
            continue
        for attempt in range(3):
            other, chosen = copy.deepcopy(state), []
            for step in range(20):
                other["moves"][owner] = chosen
                turn = rules.turn_of(other, owner)
                if turn.phase == DONE:
                    break
                legal = turn.legal_moves()
                chosen = chosen + [legal[(attempt * 7 + step * 3) % len(legal)]]
            if rules.turn_of(other, owner).phase == DONE and other["moves"][owner] != moves:
                yield other


# -- Linie 1 ------------------------------------------------------------------------
# Each player's line card and route card (its stops) are secret until the player
# starts driving; the tiles in hand lie face up; the draw pile is face down.
def linie1_state(state, seat):
    if state["stage"] == "over":
        return []
    paths = _items(state["pile"], "pile")
    for other in _others(state["players"], seat):
        if not state["revealed"][other]:
            paths += [("lines", other), ("routes", other, LETTERS), ("route_cards", other)]
    return paths


def linie1_event(event, seat):
    p = event.payload
    if event.type != "GameSetUp":
        return []
    paths = _items(p["pile"], "pile")
    for other in _others(p["players"], seat):
        paths += [("lines", other), ("routes", other, LETTERS), ("route_cards", other)]
    return paths


# -- Medina -------------------------------------------------------------------------
# docs/games/medina.md: no hidden information that matters (the supplies behind the
# screens can be counted from the board), so views show everything to everyone.
def nothing(*_args):
    return []


# -- Amazonas -------------------------------------------------------------------------
# Rules: each mission card is secret until the final scoring; the income cards are
# chosen face down and shown together once everyone has chosen (whether a player has
# chosen is public). The event cards left are public (they can be counted).
def amazonas_state(state, seat):
    if state.get("phase") == "over":
        return []
    paths = [("missions", other) for other in _others(state["players"], seat)]
    if state["phase"] == "choose":
        paths += [("chosen", other) for other in _others(state["players"], seat)
                  if state["chosen"][other] is not None]
    return paths


def amazonas_event(event, seat):
    p = event.payload
    if event.type == "GameStarted":
        return [("missions", other) for other in _others(p["players"], seat)]
    if event.type == "IncomeChosen" and p["seat"] != seat:
        return [("card",)]
    return []


# -- Harmonies ------------------------------------------------------------------------
# docs/games/harmonies.md "Hidden information": the two Nature's Spirit cards dealt face
# down to a seat, and the one it gives back, are its own until the game is over. The
# pouch and the deck are contents without an order (each draw is made when it happens),
# and what is in them can be counted from the table, so they hold no secret.
def harmonies_state(state, seat):
    if state.get("phase") == "over":
        return []
    paths = []
    for other in _others(state["players"], seat):
        paths += _items(state["spirit_deal"][other], "spirit_deal", other)
        if state["spirit_returned"][other] is not None:
            paths.append(("spirit_returned", other))
    return paths


def harmonies_event(event, seat):
    p = event.payload
    if event.type == "GameSetUp" and p.get("spirit_deals"):
        return [("spirit_deals", other, index) for other in _others(len(p["spirit_deals"]), seat)
                for index in range(len(p["spirit_deals"][other]))]
    if event.type == "SpiritChosen" and p["seat"] != seat and p.get("returned") is not None:
        return [("returned",)]
    return []


# -- Let's Go to Japan -----------------------------------------------------------------
# docs/games/japan.md: while the plans are made, a seat sees its own hand, not another's,
# nor any stack (its own neither: only its size); the cards left in the decks are face
# down; this round's choices are sealed until the round closes (others see the table as
# it was when the round opened, in state["shown"]), and a walk's card lies face down,
# even for its owner, until the trip. A choice's draws ("ops") name the drawn cards.
_JAPAN_SEAT_SECRETS = ("hand", "stack", "round_moves", "plan")


def _japan_walks(plan, *prefix):
    return [(*prefix, day, index, "walk") for day, column in enumerate(plan)
            for index, entry in enumerate(column) if "walk" in entry]


def japan_state(state, seat):
    if not state or state["phase"] == "over":
        return []
    paths = [(("decks", city, index)) for city, cards in state["decks"].items() for index in range(len(cards))]
    if state["phase"] != "planning":
        return paths
    shown = state["shown"]
    # Discards made this round go face up only when it closes.
    paths += [("discard", index) for index in range(len(shown["discard"]), len(state["discard"]))]
    for index, data in enumerate(state["seats"]):
        paths += _japan_walks(shown["seats"][index]["plan"], "shown", "seats", index, "plan")
        if index == seat:
            paths += _items(data["stack"], "seats", index, "stack")
            paths += _japan_walks(data["plan"], "seats", index, "plan")
            continue
        for key in _JAPAN_SEAT_SECRETS:
            if data[key]:
                paths.append(("seats", index, key))
    return paths


def japan_event(event, seat):
    p = event.payload
    if event.type == "RoundStarted":
        paths = [("ops", index, 2) for index in range(len(p.get("ops", ())))]
        for other in _others(len(p.get("hands", ())), seat):
            paths += _items(p["hands"][other], "hands", other)
        return paths
    if event.type == "ChoiceMade":
        if p["seat"] != seat:
            return [(key,) for key in p if key not in ("seat", "round")]
        if p.get("walk") is not None:
            return [("walk",)] + [("ops", index, 2) for index, op in enumerate(p.get("ops", ()))
                                  if op[2] == p["walk"]]
    return []


SECRETS = {
    "momiji": GameSecrets("momiji", momiji_state, momiji_event),
    "travel": GameSecrets("travel", travel_state, travel_event),
    # Not a catalogued game of its own: Travel as rules versions 1-2 keep it.
    "travel-closed-trades": GameSecrets("travel", travel_closed_trades_state, travel_closed_trades_event),
    "soleils": GameSecrets("soleils", soleils_state, soleils_event, alternatives=soleils_alternatives),
    "linie1": GameSecrets("linie1", linie1_state, linie1_event),
    "medina": GameSecrets("medina", nothing, nothing, notes="no hidden information"),
    "amazonas": GameSecrets("amazonas", amazonas_state, amazonas_event),
    "harmonies": GameSecrets("harmonies", harmonies_state, harmonies_event),
    "japan": GameSecrets("japan", japan_state, japan_event),
}


# -- Citytrip Brugge ------------------------------------------------------------------
# docs/games/citytour.md "Hidden information": every player's steps of a turn are secret
# until the turn is resolved (whether a seat has finished is public); the back of the
# top card of the action deck, and with it which card it is, stays hidden.
def citytour_state(state, seat):
    if not state or state["finished"]:
        return []
    paths = [("top",)] if state.get("top") else []
    for other in _others(state["players"], seat):
        paths += _items(state["pending"][other], "pending", other)
    return paths


def citytour_event(event, seat):
    p = event.payload
    if event.type == "StepTaken" and p["seat"] != seat:
        return [(key,) for key in p if key not in ("seat", "turn")]
    if event.type == "CardsTurned":
        return [("top",)]
    return []


def citytour_alternatives(rules, state, seat):
    """The same state with another seat's secret steps replaced by other legal steps,
    as many as before."""
    if not state or state["finished"]:
        return
    for owner in _others(state["players"], seat):
        steps = state["pending"][owner]
        if not steps:
            continue
        for attempt in range(2):
            other, chosen = copy.deepcopy(state), []
            for index in range(len(steps)):
                other["pending"][owner] = chosen
                legal = rules.turn_of(other, owner).legal_moves()
                chosen = chosen + [legal[(attempt * 5 + index * 3 + 1) % len(legal)]]
            other["pending"][owner] = chosen
            if chosen != steps:
                yield other


SECRETS["citytour"] = GameSecrets("citytour", citytour_state, citytour_event,
                                  alternatives=citytour_alternatives)


# -- The Oracle of Delphi ---------------------------------------------------------------
# docs/games/delphi.md "Hidden information": the face-down island tiles (colour and Greek
# letter), and what another seat's peeks showed it. The decks have no order (each card is
# drawn when it is drawn); oracle and injury cards are face up.
def delphi_state(state, seat):
    if not state or state.get("phase") == "over":
        return []
    paths = [("hidden", key, index) for key in state["hidden"] for index in (0, 1)]
    for other in _others(state["players"], seat):
        paths += [("known", other, key, index) for key in state["known"][other] for index in (0, 1)]
    return paths


def delphi_event(event, seat):
    p = event.payload
    if event.type == "GameStarted":
        return [("hidden", key, index) for key in p["hidden"] for index in (0, 1)]
    if event.type == "TilesPeeked" and p["seat"] != seat:
        return [("tiles", key, index) for key in p["tiles"] for index in (0, 1)]
    return []


SECRETS["delphi"] = GameSecrets("delphi", delphi_state, delphi_event)
