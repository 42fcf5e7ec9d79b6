"""Delphi's log lines: one sentence per event, players as "Player N" (the platform puts
their names in), spaces by their names on the map ("blue water B3", "the red temple"),
which the events carry in ``place``/``places``."""
from __future__ import annotations

from . import components as C


def player(seat) -> str:
    return "A spectator" if seat is None else f"Player {seat + 1}"


def _place(p) -> str:
    return p.get("place") or p.get("to") or p.get("island") or "?"


def _colours(counts: dict) -> str:
    parts = [f"{n} {colour}" for colour, n in counts.items() if n]
    return ", ".join(parts) if parts else "none"


def _source(source: dict) -> str:
    if "die" in source:
        return f"a {source['die']} die"
    if "card" in source:
        return f"a {source['card']} oracle card"
    return "the extra action"


ACTION_WORDS = {
    "draw_oracle": "to draw an oracle card", "take_favour": "to take 2 favour", "peek": "to look at island tiles",
    "sail": "to sail", "fight": "to fight", "explore": "to explore", "shrine": "to build a shrine",
    "load_offering": "to load an offering", "deliver": "to make an offering", "load_statue": "to load a statue",
    "raise_statue": "to raise a statue", "heal": "to discard injuries", "advance_god": "to advance a god",
    "amulet": "for its amulet",
}
WHY_FAVOUR = {"no injuries": "for having no injuries", "action": "", "offering": "for the offering",
              "psi": "(the psi tile)", "charm": "(a charm)", "amulet": "(the amulet)", "equipment": "(equipment)"}


def describe(event, seat=None) -> str:
    p = event.payload
    kind = event.type
    who = player(p.get("seat")) if "seat" in p else ""
    if kind == "GameStarted":
        ships = "" if p.get("ships") else " Ship tiles will be drafted."
        return (f"A voyage for {p['players']} began; {player(p['first'])} starts. The offering Zeus tiles "
                f"are {' and '.join(p['offering_colours'])}.{ships}")
    if kind == "ShipTaken":
        return f"{who} sails the {C.SHIPS[p['ship']]['name']}: {C.SHIPS[p['ship']]['text']}"
    if kind == "ChoiceOwed":
        return f"{who} is to choose: {_choice(p)}."
    if kind == "ChoiceMade":
        return f"{who} has nothing to choose for {_choice(p)}." if p.get("skipped") and p["kind"] != "grab" else \
            (f"{who} lets the equipment card's grab go." if p.get("skipped") else f"{who} chooses.")
    if kind == "PlayStarted":
        return "The ships leave Zeus."
    if kind == "TurnStarted":
        return f"Round {p['round']}: {who}'s turn."
    if kind == "StepBegan":
        return {"actions": f"{who} takes their actions.",
                "recover": f"{who} has too many injuries: a recovering turn.",
                "blessing": f"{who} has no injuries: a blessing to take."}.get(p["step"], f"{who} goes on.")
    if kind == "OfferTaken":
        return f"{who} advances {C.god_name(p['colour'])} to row {p['row']} after {player(p['roller'])}'s roll."
    if kind == "OffersDeclined":
        return f"{who} leaves the god advances of the others' rolls."
    if kind == "FavourTaken":
        why = WHY_FAVOUR.get(p.get("why"), "")
        return f"{who} takes {p['amount']} favour{(' ' + why) if why else ''}."
    if kind == "FavourPaid":
        return f"{who} pays {p['amount']} favour."
    if kind == "GodMoved":
        return f"{who} advances {C.god_name(p['colour'])} to row {p['row']}" + \
            (" (the top row)." if p["row"] == C.TOP else ".")
    if kind == "OracleCardDrawn":
        return f"{who} draws a {p['colour']} oracle card."
    if kind == "InjuryDrawn":
        return f"{who} draws a {p['colour']} injury card."
    if kind == "InjuriesDiscarded":
        return f"{who} discards injury cards: {_colours(p['colours'])}."
    if kind == "DieUsed":
        recolour = f", recoloured to {p['colour']} for {p['recolour']} favour," if p.get("recolour") else ""
        return f"{who} uses {_source(p['source'])}{recolour} {ACTION_WORDS.get(p['action'], '')}."
    if kind == "ShipMoved":
        steps = f" ({p['steps']} space{'s' if p['steps'] != 1 else ''})" if p.get("steps") else ""
        creature = f" with the {p['creature']} creature" if p.get("creature") else ""
        return f"{who} sails to {_place(p)}{steps}{creature}."
    if kind == "ShipReturned":
        return f"{who} is back at Zeus with every task done! This round is the last."
    if kind == "BattleBegan":
        return (f"{who} fights the {p['monster']} {C.MONSTERS[p['monster']]} at {_place(p)} "
                f"(strength {p['strength']}).")
    if kind == "BattleRolled":
        return f"{who} rolls {p['roll']} against {p['strength']}: {'a win' if p['won'] else 'not enough'}."
    if kind == "BattleContinued":
        return f"{who} fights on; the monster is now {p['strength']}."
    if kind == "BattleEnded":
        return f"{who}'s battle is over." if p["won"] else f"{who} gives up the battle."
    if kind == "MonsterDefeated":
        return f"{who} defeats the {p['monster']} {C.MONSTERS[p['monster']]} at {_place(p)}."
    if kind == "EquipmentTaken":
        return f"{who} takes the equipment card {C.EQUIPMENT[p['card']]['name']}: {C.EQUIPMENT[p['card']]['text']}"
    if kind == "ShieldRaised":
        return f"{who}'s shield rises to {p['shield']}."
    if kind == "TileUncovered":
        return (f"{who} uncovers {_place(p)}: a {p['colour']} building site, {C.GREEK[p['letter']]} "
                f"({C.LETTERS[p['letter']]}).")
    if kind == "ShrineBuilt":
        return f"{who} builds a shrine on {_place(p)}."
    if kind == "OfferingLoaded":
        return f"{who} loads a {p['colour']} offering at {_place(p)}."
    if kind == "OfferingDelivered":
        return f"{who} makes a {p['colour']} offering at {_place(p)}."
    if kind == "StatueLoaded":
        return f"{who} loads a {p['colour']} statue at {_place(p)}."
    if kind == "StatueRaised":
        return f"{who} raises a {p['colour']} statue on {_place(p)}."
    if kind == "CompanionTaken":
        return f"{who} takes {C.companion_name(p['colour'], p['kind'])} as a companion."
    if kind == "TilesPeeked":
        places = " and ".join(p.get("places") or p.get("islands") or [])
        if p.get("tiles") is not None and seat == p.get("seat"):
            shown = "; ".join(f"{name}: {p['tiles'][key][0]} {C.GREEK[p['tiles'][key][1]]}"
                              for key, name in zip(p["islands"], p.get("places") or p["islands"]))
            return f"{who} looks at {places} ({shown})."
        return f"{who} looks at {places}."
    if kind == "GodPowerUsed":
        if p.get("power"):
            return f"{who} uses {C.god_name(p['colour'])}: {C.GOD_POWERS[p['colour']]}."
        return f"{who} returns {C.god_name(p['colour'])} for an oracle card."
    if kind == "ZeusTileReturned":
        colour = f"{p['colour']} " if p.get("colour") else ""
        return f"{who} returns a {colour}{p['kind']} Zeus tile to the box."
    if kind == "OracleConsulted":
        offers = "; ".join(f"{player(o['seat'])} may advance {', '.join(C.god_name(c) for c in o['colours'])}"
                           for o in p["offers"])
        return f"{who} consults the oracle: {', '.join(p['dice'])}.{(' ' + offers + '.') if offers else ''}"
    if kind == "TurnEnded":
        return f"{who} recovers; the turn ends."
    if kind == "TitanAttacked":
        roller = f"{who} rolls the Titan die: " if who else ""
        if p["roll"] == C.TITAN_FACES:
            return f"{roller}the Titan attacks with strength 6: everybody draws 2 injury cards."
        return f"{roller}the Titan attacks with strength {p['roll']}: every shield below it draws an injury card."
    if kind == "RoundBegan":
        return f"Round {p['round']} begins."
    if kind == "GameEnded":
        names = ", ".join(player(s) for s in p["winners"])
        return f"The voyage is over. {'Winner' if len(p['winners']) == 1 else 'Winners'}: {names}."
    return kind


def _choice(p) -> str:
    return {
        "ship": "a ship tile", "drop_tile": "a Zeus tile to return", "equipment": "an equipment card",
        "companion": f"a {p.get('colour', '')} companion", "god_step": "a god to advance",
        "heal_colour": "a colour of injuries to discard", "grab": "what the equipment card takes",
        "chart": "2 island tiles to look at", "uncover": "the tile to uncover", "god_top": "a god for the top row",
    }.get(p.get("kind"), "something")


def outcome_notes(state) -> list[str]:
    winners = state["winners"] or []
    returned = [seat for seat in range(state["players"]) if state["seats"][seat]["returned"]]
    notes = []
    if len(returned) > 1:
        detail = ", ".join(f"{player(s)} {len(state['seats'][s]['oracle'])} oracle cards and "
                           f"{state['seats'][s]['favour']} favour" for s in returned)
        if len(winners) > 1:
            notes.append(f"{', '.join(player(s) for s in winners)} returned to Zeus and tie on oracle cards "
                         f"and favour ({detail}): they share the victory.")
        else:
            notes.append(f"Several returned to Zeus ({detail}); {player(winners[0])} wins the tie-break.")
    elif returned:
        notes.append(f"{player(returned[0])} returned to Zeus first with every task done.")
    return notes
