"""Harmonies in words and in a short text notation, for the turn email and the web.

Pure functions of a seat's ``view`` (never the full state):

* ``move_words(move, view)``: one move in words;
* ``situation(view, names)``: a compact text picture of the position;
* ``parse(text, legal_moves, view)``: the legal move a short text names, or None.

The notation (case and extra spaces do not matter; docs/games/harmonies.md has examples):

    take 2            take the three tokens of central space 2 (spaces count from 1)
    grey c3           place a grey token on c3; a colour is its name or its letter:
    M c3              W blue (water), M grey (mountain), T brown (trunk), G green,
                      F yellow (field), R red
    card fox          take the fox to your first free card place ("card fox 3": place 3)
    cube fox c3       place the fox's next cube on c3
    spirit 35         keep that Nature's Spirit card (its number or its name)
    end               end the turn ("end discard fox": solo, discard the fox)
"""
from __future__ import annotations

import re

from . import board as B
from . import components as C

LETTER_OF = {"blue": "W", "grey": "M", "brown": "T", "green": "G", "yellow": "F", "red": "R"}
COLOUR_OF = {**{letter.lower(): colour for colour, letter in LETTER_OF.items()},
             **{colour: colour for colour in C.COLOURS}, "gray": "grey"}


EXAMPLES = ["take 2", "grey c3", "G a1", "card fox 3", "cube fox c3", "spirit 35", "end",
            "end discard fox"]

SYNTAX = """\
take <n>                 take the three tokens of central space n (counted from 1)
<colour> <space>         place a token: blue/W, grey/M, brown/T, green/G, yellow/F, red/R
                         on a space of your board named by column letter and row (c3)
card <animal> [<place>]  take an animal card to your card place 1-4 (first free one if left out)
cube <animal> <space>    place that card's next cube on the space (its habitat must be there)
spirit <name or number>  keep that Nature's Spirit card (first turn, with the variant)
end                      end your turn once the three tokens are placed
end discard <animal>     solo: end the turn and discard a displayed card (when you took none)
Animals are named (fox, white-wolf) or numbered (23); words may be in any letter case."""


def _card_word(card_id) -> str:
    """A card as one word the parser reads back: its name with hyphens, or its number."""
    card = C.CARDS.get(card_id)
    if card is None or C.is_spirit(card_id):
        return str(card_id)
    return card["name"].replace(" ", "-")


def notation(move: dict, view: dict) -> str:
    """The move in the short notation that ``parse`` reads back."""
    kind = move.get("type")
    if kind == "take_tokens":
        return f"take {move['space'] + 1}"
    if kind == "place_token":
        return f"{move['colour']} {_space_name(view, move['space'])}"
    if kind == "take_card":
        return f"card {_card_word(move['card'])} {move['place'] + 1}"
    if kind == "place_cube":
        return f"cube {_card_word(move['card'])} {_space_name(view, move['space'])}"
    if kind == "choose_spirit":
        return f"spirit {move['card']}"
    if kind == "end_turn":
        return f"end discard {_card_word(move['discard'])}" if "discard" in move else "end"
    return ""


def card_title(card_id) -> str:
    card = C.CARDS.get(card_id)
    if card is None:
        return f"card {card_id}"
    return card["name"].capitalize()


def habitat_words(card_id) -> str:
    card = C.CARDS[card_id]
    parts = []
    for offset, requirement in card["cells"]:
        word = C.REQUIREMENT_WORDS[requirement]
        parts.append(word + (" (cube)" if offset == (0, 0) else ""))
    return f"{card['shape'].replace('_', ' ')}: " + ", ".join(parts)


def stack_text(stack) -> str:
    return "".join(LETTER_OF[colour] for colour in stack) or "."


def _space_name(view, index) -> str:
    names = B.names(view["side"])
    return names[index] if 0 <= index < len(names) else str(index)


def move_words(move: dict, view: dict) -> str:
    kind = move.get("type")
    if kind == "take_tokens":
        tokens = view["central"][move["space"]] if move["space"] < len(view["central"]) else []
        what = f" ({', '.join(tokens)})" if tokens else ""
        return f"Take the tokens of central space {move['space'] + 1}{what}"
    if kind == "place_token":
        seat = view.get("seat")
        where = _space_name(view, move["space"])
        if seat is not None and view.get("boards"):
            below = view["boards"][seat][move["space"]]["stack"]
            if below:
                return (f"Place a {move['colour']} token on {where} "
                        f"(on {' and '.join(below[::-1])})")
        return f"Place a {move['colour']} token on {where}"
    if kind == "take_card":
        return f"Take the {card_title(move['card'])} card to place {move['place'] + 1}"
    if kind == "place_cube":
        return f"Place a cube of the {card_title(move['card'])} on {_space_name(view, move['space'])}"
    if kind == "choose_spirit":
        card = C.CARDS.get(move["card"])
        rule = f" ({card['rule']})" if card else ""
        return f"Keep the Nature's Spirit card {card_title(move['card'])}{rule}"
    if kind == "end_turn":
        if "discard" in move:
            return f"End the turn and discard the {card_title(move['discard'])} from the display"
        return "End the turn"
    return str(move)


def _board_lines(view, seat) -> list[str]:
    """The board as staggered text: every space named, the odd columns (b, d, ...) on the
    line between two rows of the even ones, half a hex lower as on the board, so that a
    space's neighbours are the ones touching it on the page."""
    side = view["side"]
    coords = B.spaces(side)
    names = B.names(side)
    rows = max(row for _, row in coords) + 1
    width = 8
    cells = {coords[i]: f"{names[i]} {stack_text(view['boards'][seat][i]['stack'])}"
             f"{'*' if view['boards'][seat][i]['cube'] else ''}" for i in range(len(coords))}
    columns = max(col for col, _ in coords) + 1
    lines = []
    for row in range(rows):
        for parity in (0, 1):
            text = "".join(f"{cells.get((col, row), ''):<{width}}" if col % 2 == parity else " " * width
                           for col in range(columns))
            if text.strip():
                lines.append("  " + text.rstrip())
    return lines


def situation(view: dict, names: list[str]) -> str:
    """The position in a few lines of plain text, for the turn email."""
    seat = view.get("seat")
    lines = []
    current = view["current"]
    if view["phase"] == "over":
        lines.append("The game is over.")
    else:
        lines.append(f"{names[current]} is to move (turn {view['turns'] + 1}).")
        turn = view["turn"]
        if turn["hand"]:
            lines.append("Tokens still to place: " + ", ".join(turn["hand"]) + ".")
    lines.append("Central board: " + "; ".join(
        f"{index + 1}: {', '.join(tokens) if tokens else 'empty'}"
        for index, tokens in enumerate(view["central"])) + ".")
    lines.append(f"Pouch: {view['pouch_count']} tokens. Animal deck: {view['deck_count']} cards. "
                 f"Cube reserve: {view['reserve']}.")
    lines.append("Animal cards on display:")
    for card in view["display"]:
        points = ", ".join(str(p) for p in C.CARDS[card]["points"])
        lines.append(f"  {card_title(card)} ({card}) - {habitat_words(card)} - points {points}")
    shown = [seat] if seat is not None else []
    shown += [other for other in range(view["players"]) if other != seat]
    for other in shown:
        score = view["scores"][other]["total"]
        who = "Your board" if other == seat else f"{names[other]}'s board"
        lines.append(f"{who} (side {view['side']}, {score} points now):")
        lines.extend(_board_lines(view, other))
        cards = [entry for entry in view["places"][other] if entry]
        if cards:
            lines.append("  Cards: " + "; ".join(
                f"{card_title(e['card'])} ({e['placed']}/{e['cubes']} cubes placed, "
                f"{habitat_words(e['card'])})" for e in cards))
        done = view["done"][other]
        if done:
            lines.append("  Completed: " + ", ".join(card_title(e["card"]) for e in done))
        spirit = view["spirit"][other]
        if spirit and spirit["placed"]:
            lines.append(f"  Nature's Spirit: {card_title(spirit['card'])} (cube placed)")
    if view.get("spirit_deal"):
        lines.append("Your Nature's Spirit cards to choose from: " + "; ".join(
            f"{card_title(c)} ({c}) - {habitat_words(c)} - {C.CARDS[c]['rule']}"
            for c in view["spirit_deal"]))
    if view.get("end_trigger"):
        lines.append("The game ends after this round.")
    lines.append("Each space shows its name and its stack, read bottom to top: W blue, M grey, "
                 "T brown, G green, F yellow, R red; . an empty space, * a cube. Columns b, d, ... "
                 "sit half a space lower, so the spaces touching on the page are neighbours.")
    return "\n".join(lines)


def _card_from(word: str, candidates) -> int | None:
    word = word.strip().lower().replace("-", " ")
    if word.isdigit():
        number = int(word)
        return number if number in candidates else None
    squeezed = word.replace(" ", "")
    for card in candidates:
        if C.CARDS[card]["name"].replace(" ", "") == squeezed:
            return card
    matches = [card for card in candidates if C.CARDS[card]["name"].replace(" ", "").startswith(squeezed)]
    return matches[0] if len(matches) == 1 else None


def parse(text: str, legal_moves: list[dict], view: dict):
    """The legal move ``text`` names in the notation above, or None."""
    words = re.sub(r"[,.;:!]", " ", (text or "").strip().lower()).split()
    if not words:
        return None
    side = view["side"]
    space_of = B.index_of_name(side)
    head, rest = words[0], words[1:]

    def pick(**wanted):
        for move in legal_moves:
            if all(move.get(key) == value for key, value in wanted.items()) and \
                    set(move) - {"type"} <= set(wanted) | {"type"}:
                return move
        return None

    if head in ("take", "t") and len(rest) == 1 and rest[0].isdigit():
        return pick(type="take_tokens", space=int(rest[0]) - 1)
    if re.fullmatch(r"t\d", head) and not rest:
        return pick(type="take_tokens", space=int(head[1:]) - 1)
    if head in COLOUR_OF and len(rest) in (1, 2):
        target = rest[-1]
        if len(rest) == 2 and rest[0] != "on":
            return None
        if target in space_of:
            return pick(type="place_token", colour=COLOUR_OF[head], space=space_of[target])
        return None
    if head == "card" and rest:
        place = None
        if len(rest) >= 2 and rest[-1].isdigit() and len(rest[-1]) == 1:
            place = int(rest[-1]) - 1
            rest = rest[:-1]
            if rest and rest[-1] == "place":
                rest = rest[:-1]
        offered = sorted({m["card"] for m in legal_moves if m["type"] == "take_card"})
        card = _card_from(" ".join(rest), offered)
        if card is None:
            return None
        if place is None:
            places = sorted(m["place"] for m in legal_moves if m["type"] == "take_card" and m["card"] == card)
            place = places[0] if places else None
        return pick(type="take_card", card=card, place=place)
    if head == "cube" and len(rest) >= 2 and rest[-1] in space_of:
        held = sorted({m["card"] for m in legal_moves if m["type"] == "place_cube"})
        card = _card_from(" ".join(rest[:-1]), held)
        if card is None:
            return None
        return pick(type="place_cube", card=card, space=space_of[rest[-1]])
    if head == "spirit" and rest:
        offered = sorted({m["card"] for m in legal_moves if m["type"] == "choose_spirit"})
        card = _card_from(" ".join(rest), offered)
        return pick(type="choose_spirit", card=card) if card is not None else None
    if head in ("end", "done", "pass"):
        if not rest:
            return pick(type="end_turn")
        if rest[0] == "discard" and len(rest) >= 2:
            offered = sorted({m["discard"] for m in legal_moves if m["type"] == "end_turn" and "discard" in m})
            card = _card_from(" ".join(rest[1:]), offered)
            return pick(type="end_turn", discard=card) if card is not None else None
    return None
