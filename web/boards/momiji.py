"""Momiji's board: the display and the deck, every player's row of stacks, my hand,
objectives and landscapes. Cards show their leaf's letter and value as well as its
colour, and the acorn corners as dots."""
from __future__ import annotations

from games.catalog.momiji import components as C
from web.words import move_value

TEMPLATE = "web/boards/momiji.html"


def card(code: str) -> dict:
    leaf, value = C.CARD_LEAF[code], C.CARD_VALUE[code]
    return {"code": code, "leaf": leaf, "value": value, "letter": leaf[0].upper(),
            "left_acorn": C.CARD_LEFT_ACORN[code], "right_acorn": C.CARD_RIGHT_ACORN[code]}


def _words(move: dict, names) -> str:
    power = C.POWERS.get(move.get("power"), {}).get("title", move.get("power", ""))
    parts = []
    if "leaf" in move:
        parts.append(f"leaf {move['leaf']}")
    if "card" in move:
        parts.append(f"give {move['card']}")
    if "take" in move:
        parts.append(f"take {move['take']}")
    if "cards" in move:
        parts.append(", ".join(move["cards"]))
    if "position" in move:
        parts.append(f"stacks {move['position'] + 1} and {move['position'] + 2}")
    return f"{power}: {'; '.join(parts)}" if parts else power


def present(view, *, legal, names, seat) -> dict:
    if view is None:
        return {}
    by_type: dict[str, list[dict]] = {}
    for move in legal:
        by_type.setdefault(move["type"], []).append(move)
    collect = {move["leaf"]: move_value(move) for move in by_type.get("collect", [])}
    display = [{**card(code), "move": collect.get(C.CARD_LEAF[code])} for code in view["display"]]
    players = []
    for number in range(view["players"]):
        players.append({
            "name": names[number], "me": number == seat, "to_move": number in view["to_move"],
            "acorns": view["acorns"][number], "hand_count": view["hand_counts"][number],
            "stacks": [{"leaf": s["leaf"], "letter": s["leaf"][0].upper(), "closed": s["closed"],
                        "cards": [card(f"{s['leaf']}-{v}") for v in s["values"]]}
                       for s in view["rows"][number]],
            "powers": [{"title": C.POWERS[p]["title"], "text": C.POWERS[p]["text"],
                        "used": p in view["powers_used"][number]} for p in view["powers"][number]],
            "objectives": [C.OBJECTIVES[a["objective"]]["title"] for a in view["active_objectives"]
                           if a.get("holder") == number],
            "score": (view.get("scores") or [None] * view["players"])[number],
            "hand": [card(code) for code in view["hands"][number]] if view.get("hands") else None,
        })
    activate = {move["objective"]: move_value(move) for move in by_type.get("activate", [])}
    objectives = [{"title": C.OBJECTIVES[key]["title"], "text": C.OBJECTIVES[key]["text"],
                   "move": activate.get(key)} for key in view["objectives"]]
    draft = None
    if view.get("draft"):
        choose = {move["power"]: move_value(move) for move in by_type.get("choose_landscape", [])}
        draft = [{"title": C.POWERS[p]["title"], "text": C.POWERS[p]["text"], "move": choose.get(p)}
                 for p in view["draft"]["pool"]]
    plays = by_type.get("play", [])
    return {
        "phase": view["phase"], "draft": draft, "display": display, "deck_count": view["deck_count"],
        "discard_count": view["discard_count"], "torii": view["torii"], "torii_limit": view["torii_limit"],
        "reveal": move_value({"type": "reveal"}) if by_type.get("reveal") else None,
        "pass_move": move_value({"type": "pass"}) if by_type.get("pass") else None,
        "hand": [{**card(code), "index": index} for index, code in enumerate(view.get("hand") or [])],
        "can_play": bool(plays), "needs_side": any("side" in move for move in plays),
        "can_discard": bool(by_type.get("discard")), "players": players, "objectives": objectives,
        "powers": [{"value": move_value(move), "words": _words(move, names)} for move in by_type.get("power", [])],
        "turn": view["turn"], "my_turn": seat is not None and seat in view["to_move"],
    }


def move_from_post(post, legal) -> dict | None:
    """Cards ticked in the hand and the Play or Discard button: the matching legal move."""
    action = post.get("board_action")
    if action not in ("play", "discard"):
        return None
    chosen = sorted(post.getlist("cards"))
    side = post.get("side") or "right"
    for move in legal:
        if move["type"] == action and sorted(move["cards"]) == chosen and move.get("side", side) == side:
            return move
    return {"type": action, "cards": chosen, **({"side": side} if action == "play" else {})}
