"""Delphi's evolve: one small handler per event type. No checks, no randomness."""
from __future__ import annotations

from . import components as C
from .setup import initial_state


def evolve(state: dict, event_type: str, p: dict) -> dict:
    if event_type == "GameStarted":
        state.clear()
        state.update(initial_state(p))
        return state
    HANDLERS[event_type](state, p)
    return state


def _seat(state, p):
    return state["seats"][p["seat"]]


def _ship_taken(state, p):
    me = _seat(state, p)
    me["ship"] = p["ship"]
    if p["ship"] in state["ships_offered"]:
        state["ships_offered"].remove(p["ship"])
    if p["ship"] == 0:
        me["shield"] = min(C.SHIELD_MAX, me["shield"] + 2)
    elif p["ship"] == 3:
        me["favour"] += 1
    elif p["ship"] == 4:
        for colour, row in me["gods"].items():
            me["gods"][colour] = max(row, C.ENTRY_ROW[state["players"]])


def _choice_owed(state, p):
    state["pending"].append({key: value for key, value in p.items()})


def _choice_made(state, p):
    state["pending"].pop(0)


def _play_started(state, p):
    state["phase"] = "play"
    state["ships_offered"] = []


def _turn_started(state, p):
    seat = p["seat"]
    state["turn"] = seat
    state["step"] = p["step"]
    state["unused"] = list(state["dice"][seat])
    state["card_used"] = state["extra_used"] = state["wild"] = False
    state["turns"] += 1
    if p["step"] != "offers":
        state["offers"][seat] = []


def _step_began(state, p):
    state["step"] = p["step"]
    if p["step"] != "offers" and state["turn"] is not None:
        state["offers"][state["turn"]] = []


def _offer_taken(state, p):
    _seat(state, p)["gods"][p["colour"]] = p["row"]
    offers = state["offers"][p["seat"]]
    state["offers"][p["seat"]] = [offer for offer in offers if offer["roller"] != p["roller"]]


def _offers_declined(state, p):
    state["offers"][p["seat"]] = []


def _favour(state, p):
    me = _seat(state, p)
    me["favour"] = max(0, me["favour"] + p["amount"])


def _favour_paid(state, p):
    me = _seat(state, p)
    me["favour"] = max(0, me["favour"] - p["amount"])


def _god_moved(state, p):
    _seat(state, p)["gods"][p["colour"]] = p["row"]


def _draw(deck: dict, discard: dict, colour: str) -> None:
    if sum(deck.values()) == 0:
        for key, count in discard.items():
            deck[key] = deck.get(key, 0) + count
            discard[key] = 0
    deck[colour] -= 1


def _oracle_drawn(state, p):
    _draw(state["decks"]["oracle"], state["decks"]["oracle_discard"], p["colour"])
    _seat(state, p)["oracle"].append(p["colour"])
    _seat(state, p)["oracle"].sort(key=C.COLOURS.index)


def _injury_drawn(state, p):
    _draw(state["decks"]["injury"], state["decks"]["injury_discard"], p["colour"])
    _seat(state, p)["injuries"][p["colour"]] += 1


def _injuries_discarded(state, p):
    me = _seat(state, p)
    for colour, count in p["colours"].items():
        me["injuries"][colour] -= count
        state["decks"]["injury_discard"][colour] += count


def _die_used(state, p):
    source = p["source"]
    if "die" in source:
        state["unused"].remove(source["die"])
    elif "card" in source:
        state["card_used"] = True
        _seat(state, p)["oracle"].remove(source["card"])
        state["decks"]["oracle_discard"][source["card"]] += 1
    else:
        state["extra_used"] = True


def _ship_moved(state, p):
    _seat(state, p)["pos"] = p["to"]


def _ship_returned(state, p):
    me = _seat(state, p)
    me["pos"] = state["sea"]["zeus"]
    me["returned"] = True
    state["ending"] = True


def _battle_began(state, p):
    state["battle"] = {"island": p["island"], "monster": p["monster"], "strength": p["strength"]}
    state["step"] = "battle"


def _battle_rolled(state, p):
    pass


def _battle_continued(state, p):
    state["battle"]["strength"] = p["strength"]


def _battle_ended(state, p):
    state["battle"] = None
    state["step"] = "actions"


def _monster_defeated(state, p):
    state["board"]["monsters"][p["island"]].remove(p["monster"])
    _complete(state, p)


def _complete(state, p):
    tile = _seat(state, p)["tiles"][p["tile"]]
    tile["done"] = True
    tile["with"] = p.get("colour") or p.get("monster")


def _equipment_taken(state, p):
    decks = state["decks"]
    decks["display"].remove(p["card"])
    if p.get("refill") is not None:
        decks["equipment"].remove(p["refill"])
        decks["display"].append(p["refill"])
    _seat(state, p)["equipment"].append(p["card"])


def _shield_raised(state, p):
    _seat(state, p)["shield"] = p["shield"]


def _tile_uncovered(state, p):
    tile = state["board"]["tiles"][p["island"]]
    tile.update({"up": True, "colour": p["colour"], "letter": p["letter"]})
    state["hidden"].pop(p["island"], None)
    for known in state["known"]:
        known.pop(p["island"], None)


def _shrine_built(state, p):
    state["board"]["tiles"][p["island"]]["shrine"] = p["seat"]
    _complete(state, p)


def _offering_loaded(state, p):
    state["board"]["offerings"][p["island"]].remove(p["colour"])
    _seat(state, p)["cargo"].append(["offering", p["colour"]])


def _offering_delivered(state, p):
    _seat(state, p)["cargo"].remove(["offering", p["colour"]])
    state["board"]["temples"][p["island"]].append(p["colour"])
    _complete(state, p)


def _statue_loaded(state, p):
    state["board"]["statues"][p["island"]].remove(p["colour"])
    _seat(state, p)["cargo"].append(["statue", p["colour"]])


def _statue_raised(state, p):
    _seat(state, p)["cargo"].remove(["statue", p["colour"]])
    state["board"]["sites"][p["island"]][p["site"]] = p["seat"]
    _complete(state, p)


def _companion_taken(state, p):
    state["companions"].remove([p["colour"], p["kind"]])
    _seat(state, p)["companions"].append([p["colour"], p["kind"]])


def _tiles_peeked(state, p):
    # A redacted copy (another seat's peek) carries no tiles: nothing to learn.
    for key, tile in (p.get("tiles") or {}).items():
        state["known"][p["seat"]][key] = list(tile)


def _god_power_used(state, p):
    _seat(state, p)["gods"][p["colour"]] = p["row"]
    if p["colour"] == "yellow":
        state["wild"] = True


def _zeus_tile_returned(state, p):
    _seat(state, p)["tiles"].pop(p["tile"])


def _oracle_consulted(state, p):
    state["dice"][p["seat"]] = list(p["dice"])
    state["unused"] = []
    for offer in p["offers"]:
        state["offers"][offer["seat"]].append({"roller": p["seat"], "colours": list(offer["colours"])})
    state["step"] = "done"


def _turn_ended(state, p):
    state["unused"] = []
    state["step"] = "done"


def _titan_attacked(state, p):
    state["titan"] = p["roll"]


def _round_began(state, p):
    state["round"] = p["round"]


def _game_ended(state, p):
    state["phase"] = "over"
    state["winners"] = list(p["winners"])
    state["turn"] = None
    state["step"] = None
    state["pending"] = []
    state["offers"] = [[] for _ in range(state["players"])]


HANDLERS = {
    "ShipTaken": _ship_taken, "ChoiceOwed": _choice_owed, "ChoiceMade": _choice_made,
    "PlayStarted": _play_started, "TurnStarted": _turn_started, "StepBegan": _step_began,
    "OfferTaken": _offer_taken, "OffersDeclined": _offers_declined,
    "FavourTaken": _favour, "FavourPaid": _favour_paid, "GodMoved": _god_moved,
    "OracleCardDrawn": _oracle_drawn, "InjuryDrawn": _injury_drawn,
    "InjuriesDiscarded": _injuries_discarded, "DieUsed": _die_used, "ShipMoved": _ship_moved,
    "ShipReturned": _ship_returned, "BattleBegan": _battle_began, "BattleRolled": _battle_rolled,
    "BattleContinued": _battle_continued, "BattleEnded": _battle_ended,
    "MonsterDefeated": _monster_defeated, "EquipmentTaken": _equipment_taken,
    "ShieldRaised": _shield_raised, "TileUncovered": _tile_uncovered, "ShrineBuilt": _shrine_built,
    "OfferingLoaded": _offering_loaded, "OfferingDelivered": _offering_delivered,
    "StatueLoaded": _statue_loaded, "StatueRaised": _statue_raised,
    "CompanionTaken": _companion_taken, "TilesPeeked": _tiles_peeked,
    "GodPowerUsed": _god_power_used, "ZeusTileReturned": _zeus_tile_returned,
    "OracleConsulted": _oracle_consulted, "TitanAttacked": _titan_attacked,
    "RoundBegan": _round_began, "TurnEnded": _turn_ended, "GameEnded": _game_ended,
}
