"""What a seat of Delphi sees (view_schema.py describes every field).

Everything is public except the face-down island tiles: a seat sees what its own peeks
showed (``seen``), nobody else's. The decks are counts (their cards are drawn when they
are drawn, so there is no order to hide). A finished game shows every tile.
"""
from __future__ import annotations

from . import components as C
from . import queries as Q


def view(rules, state: dict, seat: int | None) -> dict:
    if not state:
        return {"started": False}
    players = state["players"]
    over = state["phase"] == "over"
    you = seat if seat is not None and 0 <= seat < players else None
    board = state["board"]
    tiles = {}
    for key, tile in board["tiles"].items():
        shown = dict(tile)
        if over and not tile["up"] and key in state["hidden"]:
            shown["colour"], shown["letter"] = state["hidden"][key]
        tiles[key] = shown
    seats = []
    for index in range(players):
        me = state["seats"][index]
        seats.append({
            "seat": index, "colour": me["colour"], "ship": me["ship"],
            "ship_name": C.SHIPS[me["ship"]]["name"] if me["ship"] is not None else None,
            "position": me["pos"], "shield": me["shield"], "favour": me["favour"],
            "gods": dict(me["gods"]), "oracle_cards": list(me["oracle"]),
            "injuries": dict(me["injuries"]), "injury_total": Q.injury_total(state, index),
            "cargo": [{"kind": kind, "colour": colour} for kind, colour in me["cargo"]],
            "storage": Q.storage(state, index), "range": Q.ship_range(state, index),
            "equipment": list(me["equipment"]),
            "companions": [{"colour": c, "kind": k} for c, k in me["companions"]],
            "tiles": [dict(tile) for tile in me["tiles"]],
            "tasks_done": Q.tasks_done(state, index), "tasks_needed": len(me["tiles"]),
            "returned": me["returned"], "dice": list(state["dice"][index]),
            "offers": [{"roller": o["roller"], "colours": list(o["colours"])} for o in state["offers"][index]],
        })
    decks = state["decks"]
    result = {
        "started": True, "phase": state["phase"], "round": state["round"], "players": players,
        "you": you, "first": state["first"], "order": list(state["order"]), "turn": state["turn"],
        "step": state["step"], "to_move": sorted(rules.to_move(state)), "may_move": sorted(rules.may_move(state)),
        "options": dict(state["options"]), "offering_colours": list(state["offering_colours"]),
        "sea": state["sea"],
        "board": {"offerings": {k: list(v) for k, v in board["offerings"].items()},
                  "monsters": {k: list(v) for k, v in board["monsters"].items()},
                  "statues": {k: list(v) for k, v in board["statues"].items()},
                  "sites": {k: list(v) for k, v in board["sites"].items()},
                  "temples": {k: list(v) for k, v in board["temples"].items()},
                  "tiles": tiles},
        "seen": {k: {"colour": v[0], "letter": v[1]} for k, v in state["known"][you].items()} if you is not None else {},
        "decks": {"oracle": sum(decks["oracle"].values()), "injury": sum(decks["injury"].values()),
                  "oracle_discard": dict(decks["oracle_discard"]), "injury_discard": dict(decks["injury_discard"]),
                  "equipment": len(decks["equipment"]), "display": list(decks["display"])},
        "companions_left": [{"colour": c, "kind": k} for c, k in state["companions"]],
        "ships_offered": list(state["ships_offered"]),
        "dice_left": list(state["unused"]), "card_used": state["card_used"], "extra_used": state["extra_used"],
        "wild": state["wild"], "pending": dict(state["pending"][0]) if state["pending"] else None,
        "battle": dict(state["battle"]) if state["battle"] else None,
        "titan": state["titan"], "ending": state["ending"], "seats": seats,
    }
    if over:
        result["outcome"] = rules.outcome(state).to_json()
    return result
