"""Amazonas's board: the river map (waterways blue, jungle paths dashed), each village
with its building sites (a filled site shows its hut's owner, an empty one its cost in
gold) and research type; the seat's mission villages ringed; the round's event and turn
order; the seat's income cards; every player's money, tiles, chips and huts.

A village where the seat may build (or put a neutral hut) is a button on the map; an
income card in hand is a button while cards are chosen. Taking income, hiring the Indio
and ending the turn are in the list of moves in words below the board.
"""
from __future__ import annotations

from games.catalog.amazonas import components as C
from web.words import move_value

TEMPLATE = "web/boards/amazonas.html"
ON_BOARD = {"build", "neutral", "income"}
WIDTH, HEIGHT = 1000, 640
COLOURS = ("red", "blue", "orange", "violet")
TYPE_LETTER = {"orchid": "O", "fish": "F", "butterfly": "B", "parrot": "P", "reptile": "I"}


def _site(owner, cost: int, names) -> dict:
    if owner is None:
        return {"kind": "free", "text": str(cost), "title": f"free site, {cost} gold"}
    if owner < 0:
        return {"kind": "neutral", "text": "", "title": "neutral hut"}
    return {"kind": COLOURS[owner % len(COLOURS)], "text": "", "title": f"hut of {names[owner]}"}


def present(view, *, legal, names, seat) -> dict:
    if not view or not view.get("started"):
        return {}
    actions = {}
    for move in legal:
        if move["type"] in ("build", "neutral"):
            actions[move["village"]] = move
    mission = set(view.get("mission") or [])
    villages = []
    for village, (name, kind, costs, x, y) in C.VILLAGES.items():
        owners = view["sites"][village]
        sites = [_site(owners[i] if i < len(owners) else None, cost, names) for i, cost in enumerate(costs)]
        move = actions.get(village)
        verb = None
        if move is not None:
            verb = "Build a neutral hut in" if move["type"] == "neutral" else "Build a hut in"
        villages.append({
            "id": village, "name": name, "type": kind, "letter": TYPE_LETTER[kind],
            "type_name": C.TYPE_NAMES[kind], "left": round(100 * x / WIDTH, 2), "top": round(100 * y / HEIGHT, 2),
            "sites": sites, "mission": village in mission, "move": move_value(move) if move else None,
            "action": f"{verb} {name}" if verb else "", "neutral": bool(move and move["type"] == "neutral"),
        })
    edges = [{"x1": C.VILLAGES[a][3], "y1": C.VILLAGES[a][4], "x2": C.VILLAGES[b][3], "y2": C.VILLAGES[b][4],
              "kind": kind} for a, b, kind in C.EDGES]
    income = {m["card"]: move_value(m) for m in legal if m["type"] == "income"}
    me = view["seats"][seat] if seat is not None and 0 <= seat < view["players"] else None
    hand = []
    if me is not None:
        for card in C.INCOME_CARDS:
            hand.append({"card": card, "name": C.card_name(card), "in_hand": card in me["hand"],
                         "move": income.get(card), "chosen": view.get("my_card") == card})
    players = []
    for data in view["seats"]:
        number = data["seat"]
        players.append({
            "name": names[number], "me": number == seat, "colour": COLOURS[number % len(COLOURS)],
            "money": data["money"], "gold": data["money"] // 3, "silver": data["money"] % 3,
            "copper": data["copper"], "huts_left": data["huts_left"], "neutral_left": data["neutral_left"],
            "tiles": [{"name": C.TYPE_NAMES[k], "count": data["counts"][k], "indio": data["indios"][k]}
                      for k in C.TYPES],
            "five": data["five_types_chip"], "majority": ", ".join(C.TYPE_NAMES[k] for k in data["majority_chips"]),
            "card": ("chosen" if data["chosen"] else "choosing") if view["phase"] == "choose"
            else data["chosen"],
            "value": data["value"], "income": data["income"], "played": data["played"],
            "mission": [C.village_name(v) for v in data.get("mission") or []],
            "to_move": data["waiting_for"],
        })
    event = view.get("event")
    return {
        "phase": view["phase"], "round": view["round"], "rounds": view["rounds"],
        "event": C.EVENT_NAMES.get(event, ""), "event_text": C.EVENT_TEXT.get(event, ""),
        "indio_open": view["indio_open"],
        "order": [names[n] for n in view["order"]] if view["phase"] in ("turn", "over") else [],
        "current": names[view["current"]] if view.get("current") is not None else None,
        "villages": villages, "edges": edges, "width": WIDTH, "height": HEIGHT,
        "mission": [C.village_name(v) for v in view.get("mission") or []],
        "hand": hand, "players": players, "chips_left": view["chips_left"],
        "building": any(m["type"] in ("build", "neutral") for m in legal),
        "list_open": any(m["type"] not in ON_BOARD for m in legal),
    }
