"""The Oracle of Delphi's board: the sea (drawn by delphi_sea.sea_svg) with the ships, the
monsters, offerings, statues, island tiles and shrines on it; the turn (dice left, the
battle, a choice owed, god advances offered after another player's roll); every player's
ship, shield, favour, gods, cargo, oracle and injury cards, Zeus tiles, equipment and
companions; the equipment display.

Moves on the board: pick what pays in "Pay with" (a die, an oracle card, the extra
action, or Poseidon's special action), then click a water space to sail there (the
spaces the picked die can reach are marked) or one of the actions beside the map
(fight, explore, load, deliver, raise, heal, advance a god, draw, take favour). A god
advance another player's roll offers (an optional move while the seat waits) is a button
beside the words that say so, and in the list too. The rest (peeks, the other gods'
actions, the start of a turn, the choices rewards ask for, the end of the actions, a
battle's rounds) is in the list of moves in words below the board.
"""
from __future__ import annotations

import json

from games.catalog.delphi import board as B
from games.catalog.delphi import components as C
from games.catalog.delphi import hexes as H
from games.catalog.delphi import notation as N
from games.catalog.delphi import sea_text
from games.catalog.delphi.moves import choice_words
from web.boards import delphi_sea
from web.words import move_value

TEMPLATE = "web/boards/delphi.html"
# Actions the board's "Pay with" + click make; peeks (two tiles of many) stay in the list.
BOARD_ACTIONS = N.PAID - {"peek", "sail"}


def on_board(move: dict) -> bool:
    kind = move.get("type")
    return kind == "sail" or kind in BOARD_ACTIONS or (kind == "god_power" and move.get("colour") == "blue")


def pay_key(move: dict) -> str | None:
    """The "Pay with" choice a move uses: "die-red", "card-blue", "extra", "poseidon"."""
    if move.get("type") == "god_power":
        return "poseidon" if move.get("colour") == "blue" else None
    if move.get("extra"):
        return "extra"
    for field in ("die", "card"):
        if field in move:
            return f"{field}-{move[field]}"
    return None


def source_of(pay: str) -> dict | None:
    kind, _, colour = pay.partition("-")
    if pay == "extra":
        return {"extra": True}
    if kind in ("die", "card") and colour in C.COLOURS:
        return {kind: colour}
    return None


def move_from_post(post, legal) -> dict | None:
    """A "Pay with" choice and a clicked space or action: the move it makes (legal or not:
    the rules then say in words why it may not be made)."""
    pay = post.get("pay", "")
    space, act = post.get("space", ""), post.get("act", "")
    if space:
        if pay == "poseidon":
            return {"type": "god_power", "colour": "blue", "to": space}
        source = source_of(pay)
        if source is None:
            return None
        move = {"type": "sail", "to": space, **source}
        creature = post.get("creature", "")
        if creature in C.COLOURS:
            move["creature"] = creature
        return move
    if act:
        try:
            body = json.loads(act)
        except ValueError:
            return None
        source = source_of(pay)
        if not isinstance(body, dict) or body.get("type") not in BOARD_ACTIONS or source is None:
            return None
        return {**body, **source}
    return None


# -- the map -----------------------------------------------------------------------------------

def _frame(sea) -> tuple[float, float, float, float]:
    """The SVG's viewBox as delphi_sea draws it: left, top, width, height."""
    keys = list(sea.water) + list(sea.islands) + list(sea.shallows)
    points = [H.pixel(k, delphi_sea.SIZE) for k in keys]
    pad = delphi_sea.SIZE + 4
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad


def _marks(view: dict, names: list[str], seat) -> dict:
    sea = B.sea_for(view["sea"])
    board = view["board"]
    marks: dict[str, list] = {}

    def add(key, mark):
        marks.setdefault(key, []).append(mark)

    for key, colours in board["monsters"].items():
        for colour in colours:
            add(key, {"kind": "monster", "colour": colour, "title": f"the {colour} {C.MONSTERS[colour]}"})
    for key, colours in board["offerings"].items():
        for colour in colours:
            add(key, {"kind": "offering", "colour": colour, "title": f"a {colour} offering"})
    for key, statues in board["statues"].items():
        for colour in statues:
            add(key, {"kind": "statue", "colour": colour, "title": f"a {colour} statue"})
    for key, owners in board["sites"].items():
        for colour, owner in zip(sea.islands[key]["sites"], owners):
            if owner is not None:
                add(key, {"kind": "statue", "colour": colour, "title": f"a {colour} statue raised by {names[owner]}"})
    for key, colours in board["temples"].items():
        for colour in colours:
            add(key, {"kind": "offering", "colour": colour, "title": f"a {colour} offering made here"})
    seen = view.get("seen") or {}
    for key, tile in board["tiles"].items():
        if tile["up"]:
            letter = C.GREEK.get(tile["letter"], "")
            add(key, {"kind": "tile", "face": "up", "colour": tile["colour"], "letter": letter,
                      "title": f"island tile: {tile['colour']} building site, {tile['letter']}"})
            if tile.get("shrine") is not None:
                owner = tile["shrine"]
                add(key, {"kind": "shrine", "colour": view["seats"][owner]["colour"],
                          "title": f"shrine of {names[owner]}"})
        elif tile.get("colour"):               # the game is over: every tile shows its face
            add(key, {"kind": "tile", "face": "up", "colour": tile["colour"],
                      "letter": C.GREEK.get(tile["letter"], ""),
                      "title": f"never turned up: {tile['colour']} building site, {tile['letter']}"})
        elif key in seen:
            add(key, {"kind": "tile", "face": "down",
                      "title": f"face down; you saw a {seen[key]['colour']} site, {seen[key]['letter']}"})
            saw = sea_text.LETTER[seen[key]["colour"]] + C.GREEK.get(seen[key]["letter"], "")
            add(key, {"kind": "text", "text": saw})
        else:
            add(key, {"kind": "tile", "face": "down", "title": "a face-down island tile"})
    for number, data in enumerate(view["seats"]):
        add(data["position"], {"kind": "ship", "colour": data["colour"], "title": f"{names[number]}'s ship"})
    if seat is not None and 0 <= seat < len(view["seats"]):
        add(view["seats"][seat]["position"], {"kind": "highlight", "title": "your ship"})
    return marks


def _costs(sea_view: dict, moves: list[dict]) -> dict[str, str]:
    """Each move's price in words by its board value: "the red die: 2 favour"."""
    prices = {}
    for move, cost in zip(moves, N.action_costs(sea_view, moves)):
        paid = N.paid_with(move)
        if paid:
            prices[move_value(move)] = f"{paid}: {cost} favour" if cost else f"{paid}: free"
    return prices


def _sea(view: dict, legal: list[dict], names, seat, prices: dict) -> dict:
    sea = B.sea_for(view["sea"])
    left, top, width, height = _frame(sea)
    targets: dict[str, set] = {}
    ways: dict[str, list] = {}
    for move in legal:
        if move["type"] == "sail" and not move.get("creature") and move_value(move) in prices:
            ways.setdefault(move["to"], []).append(prices[move_value(move)])
        if move["type"] == "sail" and not move.get("creature") or \
                move["type"] == "god_power" and move.get("colour") == "blue":
            targets.setdefault(move["to"], set()).add(pay_key(move))
        elif move["type"] == "sail":
            targets.setdefault(move["to"], set()).add(f"{pay_key(move)}-creature")
    spaces = []
    for key, pays in sorted(targets.items()):
        x, y = H.pixel(key, delphi_sea.SIZE)
        spaces.append({"key": key, "code": sea_text.space_code(sea, key), "words": sea_text.describe(sea, key),
                       "left": round(100 * (x - left) / width, 3), "top": round(100 * (y - top) / height, 3),
                       "can": " ".join(sorted(f"can-{p}" for p in pays)),
                       "prices": "; ".join(ways.get(key, []))})
    return {"svg": delphi_sea.sea_svg(sea, _marks(view, names, seat)), "spaces": spaces,
            # A button is a circle inside its hex: 1.6 radii across (neighbours sit 1.73 apart).
            "hex_w": round(100 * delphi_sea.SIZE * 1.6 / width, 3),
            "hex_h": round(100 * delphi_sea.SIZE * 1.6 / height, 3),
            "width": round(width), "ratio": round(100 * height / width, 3)}


# -- the turn's controls ------------------------------------------------------------------------

def _pays(view: dict, legal: list[dict]) -> list[dict]:
    """The "Pay with" choices, in the order die, card, extra, Poseidon; only those some
    legal move uses."""
    used = {pay_key(m) for m in legal if on_board(m)}
    dice = view.get("dice_left") or []
    pays = []
    for colour in C.COLOURS:
        if f"die-{colour}" in used:
            count = dice.count(colour)
            pays.append({"key": f"die-{colour}", "colour": colour,
                         "title": f"{colour} die" + (f" (×{count})" if count > 1 else "")})
    for colour in C.COLOURS:
        if f"card-{colour}" in used:
            pays.append({"key": f"card-{colour}", "colour": colour, "title": f"{colour} oracle card"})
    if "extra" in used:
        pays.append({"key": "extra", "colour": "", "title": "the extra action (3 favour)"})
    if "poseidon" in used:
        pays.append({"key": "poseidon", "colour": "blue", "title": "Poseidon: sail anywhere"})
    return pays


def _acts(view: dict, legal: list[dict], prices: dict) -> list[dict]:
    """The actions beside the map, one button per action whatever pays (the words of the
    cheapest way, without the payment)."""
    acts: dict[str, dict] = {}
    for move in legal:
        if move["type"] not in BOARD_ACTIONS:
            continue
        body = {k: v for k, v in move.items() if k not in ("die", "card", "extra")}
        value = move_value(body)
        entry = acts.setdefault(value, {"value": value, "words": N.move_words(body, view), "pays": set(),
                                        "island": body.get("island"), "prices": []})
        entry["pays"].add(pay_key(move))
        if move_value(move) in prices:
            entry["prices"].append(prices[move_value(move)])
    result = []
    for entry in acts.values():
        entry["can"] = " ".join(sorted(f"can-{p}" for p in entry["pays"]))
        entry["prices"] = "; ".join(entry["prices"])
        result.append(entry)
    return result


def _gods(data: dict) -> list[dict]:
    return [{"colour": c, "name": C.god_name(c), "row": data["gods"][c], "top": data["gods"][c] >= C.TOP,
             "rows": [{"n": n, "on": n == data["gods"][c]} for n in range(C.TOP, -1, -1)]} for c in C.COLOURS]


def _tiles(data: dict) -> list[dict]:
    tiles = []
    for tile in data["tiles"]:
        colour = tile["colour"] or "white"
        tiles.append({"kind": tile["kind"], "colour": colour, "done": tile["done"],
                      "title": f"{colour} {tile['kind']}" if tile["kind"] != "shrine" else "shrine",
                      "letter": {"shrine": "⌂", "statue": "♟", "offering": "■", "monster": "◆"}[tile["kind"]]})
    return tiles


def _players(view: dict, names: list[str], seat) -> list[dict]:
    sea = B.sea_for(view["sea"])
    players = []
    order = list(view["order"])
    for number in ([seat] if seat is not None and 0 <= seat < view["players"] else []) + \
            [s for s in order if s != seat]:
        data = view["seats"][number]
        ship = C.SHIPS.get(data["ship"]) if data["ship"] is not None else None
        pos = data["position"]
        players.append({
            "name": names[number], "me": number == seat, "colour": data["colour"],
            "to_move": number in view.get("to_move", []), "turn": number == view.get("turn"),
            "ship": ship["name"] if ship else "no ship yet", "ship_text": ship["text"] if ship else "",
            "where": sea_text.describe(sea, pos), "code": sea_text.space_code(sea, pos),
            "shield": data["shield"], "favour": data["favour"], "range": data["range"],
            "storage": data["storage"], "cargo": data["cargo"],
            "free": max(0, data["storage"] - len(data["cargo"])),
            "oracle": data["oracle_cards"], "injuries": [{"colour": c, "n": data["injuries"][c]} for c in C.COLOURS
                                                          if data["injuries"][c]],
            "injury_total": data["injury_total"], "dice": data["dice"],
            "gods": _gods(data), "tiles": _tiles(data), "done": data["tasks_done"], "needed": data["tasks_needed"],
            "equipment": [{"name": C.EQUIPMENT[c]["name"], "text": C.EQUIPMENT[c]["text"]} for c in data["equipment"]],
            "companions": [{"title": f"{c['colour']} {c['kind']}", "colour": c["colour"],
                            "text": C.COMPANION_TEXT[c["kind"]]} for c in data["companions"]],
            "returned": data["returned"],
            "offers": [{"roller": names[o["roller"]], "gods": [C.god_name(c) for c in o["colours"]]}
                       for o in data.get("offers") or []],
        })
    return players


def present(view, *, legal, names, seat) -> dict:
    if not view or not view.get("started"):
        return {}
    me = seat if seat is not None and 0 <= seat < view["players"] else None
    sea_view = dict(view, you=me, player_names=names)
    board_moves = [m for m in legal if on_board(m)]
    prices = _costs(sea_view, [m for m in board_moves if m["type"] != "god_power"])
    creatures = sorted({m["creature"] for m in board_moves if m["type"] == "sail" and m.get("creature")},
                       key=C.COLOURS.index)
    battle = view.get("battle")
    pending = view.get("pending")
    turn = view.get("turn")
    if view["phase"] == "over":
        status = "The game is over."
    elif turn is None:
        status = f"Round {view['round']}: the players prepare (ships, first rewards)."
    else:
        whose = "Your" if turn == me else f"{names[turn]}'s"
        step = {"offers": "god advances offered by others' rolls", "recover": "recovering from injuries",
                "blessing": "no injuries: a blessing", "actions": "actions", "battle": "a battle"}.get(
            view.get("step"), view.get("step") or "")
        status = f"Round {view['round']} · {whose} turn" + (f" · {step}" if step else "")
    battle_words = None
    if battle:
        battle_words = (f"Battle against the {battle['monster']} {C.MONSTERS[battle['monster']]} on "
                        f"{sea_text.space_name(B.sea_for(view['sea']), battle['island'])}"
                        + (f": strength {battle['strength']}" if "strength" in battle else "")
                        + (f", last roll {battle['roll']}" if battle.get("roll") is not None else "") + ".")
    pending_words = None
    if pending:
        try:
            who = "You" if pending.get("seat") == me else names[pending["seat"]]
            pending_words = f"{who} must first {choice_words(pending)}."
        except (KeyError, IndexError, TypeError):  # a choice the words do not know: see the moves
            pending_words = None
    offers: dict[int, dict] = {}
    for move in legal:
        if move["type"] == "take_offer":
            entry = offers.setdefault(move["roller"], {"roller": names[move["roller"]], "moves": []})
            entry["moves"].append({"value": move_value(move), "god": C.god_name(move["colour"]),
                                   "colour": move["colour"]})
    takes = {m["card"]: move_value(m) for m in legal if m["type"] == "equipment"}
    decks = view["decks"]
    return {
        "offers": list(offers.values()),
        "status": status, "ending": view.get("ending"), "titan": view.get("titan"),
        "battle": battle_words, "pending": pending_words,
        "dice_left": view.get("dice_left") or [] if turn is not None else [],
        "card_used": view.get("card_used"), "wild": view.get("wild"),
        "sea": _sea(view, legal, names, me, prices), "pays": _pays(view, legal),
        "acts": _acts(sea_view, legal, prices),
        "creatures": creatures, "acting": bool(board_moves),
        "players": _players(view, names, me),
        "display": [{"name": C.EQUIPMENT[c]["name"], "text": C.EQUIPMENT[c]["text"], "move": takes.get(c)}
                    for c in decks["display"]],
        "decks": decks, "companions_left": len(view.get("companions_left") or []),
        "list_open": any(not on_board(m) for m in legal),
    }
