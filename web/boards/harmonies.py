"""Harmonies' board: the central board's token groups, the animal cards on display with
their habitats drawn, and each player's hex board with its stacked tokens and cubes;
my card places, my tokens still to place and my Nature's Spirit choice.

Taking a central group is a click on it; to place a token or a cube, pick it (the tokens
in hand, the cards with a cube to place), then click a space of your board (the spaces
where it may go are marked). A displayed card is taken to the first free place with its
button; another place, the spirit choice and the end of the turn are in the list of
moves in words below the board.
"""
from __future__ import annotations

import math

from games.catalog.harmonies import board as B
from games.catalog.harmonies import components as C
from games.catalog.harmonies.notation import LETTER_OF, card_title
from web.words import move_value

TEMPLATE = "web/boards/harmonies.html"
ON_BOARD = {"take_tokens", "place_token", "place_cube"}
COLOUR_WORDS = {"blue": "water", "grey": "mountain", "brown": "trunk", "green": "tree top",
                "yellow": "field", "red": "building"}
# What each habitat requirement looks like: the colour drawn and its short label.
REQUIREMENT_LOOK = {"W": ("blue", "W"), "F": ("yellow", "F"), "M1": ("grey", "M"), "M2": ("grey", "MM"),
                    "M3": ("grey", "MMM"), "T1": ("green", "G"), "T2": ("green", "TG"),
                    "T3": ("green", "TTG"), "B": ("red", "R")}
HABITAT_RADIUS = 10
FILL = {"blue": "#6fa8dc", "grey": "#b7b7b7", "brown": "#a47148", "green": "#6aa84f", "yellow": "#f6d55c",
        "red": "#d9534f"}


def _habitat(card_id: int) -> dict:
    """The card's habitat as a small SVG of hexes (the cube's hex marked), in its printed turn."""
    cells = []
    for (q, r), requirement in C.CARDS[card_id]["cells"]:
        x = HABITAT_RADIUS * 1.5 * q
        y = HABITAT_RADIUS * math.sqrt(3) * (r + q / 2)
        colour, label = REQUIREMENT_LOOK[requirement]
        corners = " ".join(f"{x + HABITAT_RADIUS * math.cos(math.pi / 3 * k):.1f},"
                           f"{y + HABITAT_RADIUS * math.sin(math.pi / 3 * k):.1f}" for k in range(6))
        cells.append({"x": round(x, 1), "y": round(y + 3, 1), "points": corners, "fill": FILL[colour],
                      "label": label, "cube": (q, r) == (0, 0), "cube_x": round(x - 3, 1),
                      "cube_y": round(y - 9, 1)})
    pad = HABITAT_RADIUS + 1
    xs = [c["x"] for c in cells]
    ys = [c["y"] - 3 for c in cells]
    box = (min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad)
    return {"cells": cells, "view_box": " ".join(f"{v:.1f}" for v in box),
            "width": round(box[2] * 1.6), "height": round(box[3] * 1.6)}


def _card(card_id: int, placed: int = 0) -> dict:
    card = C.CARDS[card_id]
    spirit = C.is_spirit(card_id)
    points = card["points"]
    return {"id": card_id, "title": card_title(card_id), "spirit": spirit, "habitat": _habitat(card_id),
            "points": [{"value": p, "reached": i < placed} for i, p in enumerate(points)] if not spirit else [],
            "rule": card.get("rule", ""), "words": _habitat_words(card_id)}


def _habitat_words(card_id: int) -> str:
    return ", ".join(C.REQUIREMENT_WORDS[req] + (" (cube)" if offset == (0, 0) else "")
                     for offset, req in C.CARDS[card_id]["cells"])


def _spaces(view, seat: int, can: dict) -> list[dict]:
    side = view["side"]
    coords = B.spaces(side)
    space_names = B.names(side)
    result = []
    for index, cell in enumerate(view["boards"][seat]):
        col, row = coords[index]
        stack = cell["stack"]
        words = " on ".join(COLOUR_WORDS[c] for c in reversed(stack)) or "empty"
        cube = cell["cube"]
        title = f"{space_names[index]}: {words}" + (f", a cube of the {card_title(cube)}" if cube else "")
        result.append({
            "index": index, "name": space_names[index], "col": col, "row": row, "odd": col % 2,
            "tokens": [{"colour": c, "letter": LETTER_OF[c]} for c in stack],
            "top": stack[-1] if stack else "empty", "cube": cube is not None,
            "cube_letter": card_title(cube)[:2] if cube else "", "title": title,
            "can": " ".join(sorted(can.get(index, ()))), "clickable": index in can,
        })
    return result


def _geometry(side: str) -> dict:
    coords = B.spaces(side)
    return {"cols": max(c for c, _ in coords) + 1, "rows": max(r for _, r in coords) + 1}


def present(view, *, legal, names, seat) -> dict:
    if not view:
        return {}
    mine = seat if seat is not None and 0 <= seat < view["players"] else None
    can: dict[int, set] = {}
    pieces: dict[str, str] = {}
    for move in legal:
        if move["type"] == "place_token":
            key = f"token-{move['colour']}"
            pieces.setdefault(key, f"{move['colour']} token ({COLOUR_WORDS[move['colour']]})")
        elif move["type"] == "place_cube":
            key = f"cube-{move['card']}"
            pieces.setdefault(key, f"a cube of the {card_title(move['card'])}")
        else:
            continue
        can.setdefault(move["space"], set()).add(f"can-{key}")
    takes = {m["space"]: move_value(m) for m in legal if m["type"] == "take_tokens"}
    central = [{"number": i + 1, "tokens": [{"colour": c, "letter": LETTER_OF[c]} for c in tokens],
                "move": takes.get(i)} for i, tokens in enumerate(view["central"])]
    first_take: dict[int, dict] = {}
    for move in legal:
        if move["type"] == "take_card" and (move["card"] not in first_take
                                            or move["place"] < first_take[move["card"]]["place"]):
            first_take[move["card"]] = move
    display = []
    for card_id in view["display"]:
        entry = _card(card_id)
        take = first_take.get(card_id)
        entry["move"] = move_value(take) if take else None
        entry["place"] = take["place"] + 1 if take else None
        display.append(entry)
    boards = []
    order = ([mine] if mine is not None else []) + [s for s in range(view["players"]) if s != mine]
    for other in order:
        places = []
        for number, entry in enumerate(view["places"][other]):
            if entry is None:
                places.append({"number": number + 1, "card": None})
            else:
                places.append({"number": number + 1, "card": _card(entry["card"], entry["placed"]),
                               "placed": entry["placed"], "cubes": entry["cubes"]})
        score = view["scores"][other]
        spirit = view["spirit"][other]
        boards.append({
            "name": names[other], "me": other == mine,
            "spaces": _spaces(view, other, can if other == mine else {}),
            "places": places, "done": [_card(e["card"], e["placed"]) for e in view["done"][other]],
            "spirit": _card(spirit["card"]) if spirit else None,
            "spirit_placed": bool(spirit and spirit["placed"]),
            "score": score["total"],
            "breakdown": ", ".join(f"{key.replace('_', ' ')} {value}" for key, value in score.items()
                                   if key not in ("total", "animal_cubes") and isinstance(value, int)),
            "choosing_spirit": view["spirit_choosing"][other],
            "to_move": other in view["to_move"],
        })
    turn = view["turn"]
    return {
        "side": view["side"], "geometry": _geometry(view["side"]), "central": central, "display": display,
        "boards": boards, "pieces": [{"key": k, "title": t} for k, t in pieces.items()],
        "hand": [{"colour": c, "letter": LETTER_OF[c]} for c in turn["hand"]],
        "taken": turn["taken"] + 1 if turn["taken"] is not None else None, "card_taken": turn["card_taken"],
        "spirit_deal": [_card(c) for c in view.get("spirit_deal") or []],
        "pouch": view["pouch_count"], "deck": view["deck_count"], "reserve": view["reserve"],
        "end_trigger": view["end_trigger"] is not None, "current": names[view["current"]],
        "phase": view["phase"], "turns": view["turns"],
        "list_open": any(m["type"] not in ON_BOARD | {"take_card"} for m in legal),
    }


def move_from_post(post, legal) -> dict | None:
    """A token or cube picked and a space clicked: the legal move it makes (or, when none,
    the move as asked, so the rules say in words why it may not be made)."""
    piece, square = post.get("piece", ""), post.get("square", "")
    if not square.isdigit():
        return None
    space = int(square)
    kind, _, what = piece.partition("-")
    if kind == "token" and what in C.COLOURS:
        return {"type": "place_token", "colour": what, "space": space}
    if kind == "cube" and what.isdigit():
        return {"type": "place_cube", "card": int(what), "space": space}
    return None
