"""Let's Go to Japan in short text, for the turn email and the web client.

``move_words(move, view)`` says a move in words; ``situation(view, names)`` is the
compact text of a seat's situation; ``parse(text, legal_moves, view)`` reads the short
notation (docs/games/japan.md) and returns the legal move it names, or None:

    T12 mon 2            place Tokyo card 12 on Monday at position 2 (0 = top);
    T12 mon              ... at the bottom of Monday (its highlight)
    walk K7 tokyo wed 0  discard K7 for a walk from the Tokyo deck, top of Wednesday
    explore 2            spend an exploration marker: 2 Tokyo and 1 Kyoto card
    discard T12          discard after exploring
    draw kyoto           round 13: the extra card comes from Kyoto
    bonus joker          day bonus: mood, explore, joker, luxury, or "bonus walk kyoto 3"
    pass                 end the round, pass the remaining cards
    T75 kyoto            trip: the yellow card T75 belongs to Kyoto
    ticket luxury        trip: start, luxury or standard
    up K33 / down K33    trip: use a walk card face up or face down
    joker food           trip: spend a joker on the food marker;  go: no joker now
"""
from __future__ import annotations

import re

from .components import CITIES, CITY_NAMES, DAY_NAMES, DAYS, EXPERIENCE, ROUND_TABLE
from .conditions import card
from .rules import move_text

CARD = re.compile(r"^[tk]\d{1,2}$")
CITY_WORDS = {"tokyo": "tokyo", "kyoto": "kyoto"}
DAY_WORDS = {**{d: d for d in DAYS}, **{name.lower(): d for name, d in zip(DAY_NAMES, DAYS)}}


# A turn email numbers the moves only up to this many: a day bonus, the discards, a trip
# question; placements (each card on each open day, or traded for a walk) go in the notation.
MAX_LISTED = 30

EXAMPLES = ["T12 mon", "T12 mon 0", "walk K7 tokyo wed 0", "explore 2", "bonus joker", "pass",
            "T75 kyoto", "ticket luxury", "up K33", "joker food", "go"]

SYNTAX = """\
<card> <day> [<position>]        place a card on a day (mon ... sat); position 0 is the top,
                                 no position puts it at the bottom, where it is the highlight
walk <card> <city> <day> [<pos>] discard the card for a face-down walk from tokyo or kyoto
explore <n>                      spend an exploration marker: n cards from Tokyo, 3 - n from Kyoto
discard <card>                   discard one card after exploring
draw <city>                      round 13: the deck of your extra card
bonus mood|explore|joker|luxury  the day bonus you earned
bonus walk <city> <position>     the bonus walk, from that deck, at that place in the day
pass                             end your round and pass the remaining cards
<card> tokyo|kyoto               trip: the city of a yellow card
ticket start|luxury|standard     trip: the ticket for the next change of city
up <card> / down <card>          trip: use a walk card face up or face down
joker <experience>               trip: spend a joker (temple, food, nature, shopping, unique)
go                               trip: no joker now
Cards are written T12 (Tokyo) or K7 (Kyoto); words may be in any letter case."""


def notation(move: dict, view: dict | None = None) -> str:
    """The move in the short notation that ``parse`` reads back."""
    kind = move.get("type")
    if kind == "place":
        return f"{move['card']} {move['day']} {move['position']}"
    if kind == "walk":
        return f"walk {move['card']} {move['city']} {move['day']} {move['position']}"
    if kind == "explore":
        return f"explore {move['tokyo']}"
    if kind == "discard":
        return f"discard {move['card']}"
    if kind == "draw":
        return f"draw {move['city']}"
    if kind == "bonus":
        if move["bonus"] == "walk":
            return f"bonus walk {move['city']} {move['position']}"
        return f"bonus {move['bonus']}"
    if kind == "pass":
        return "pass"
    if kind == "city":
        return f"{move['card']} {move['city']}"
    if kind == "ticket":
        return f"ticket {move['kind']}"
    if kind == "face":
        return f"{move['face']} {move['card']}"
    if kind == "joker":
        return f"joker {move['track']}"
    if kind == "continue":
        return "go"
    return ""


def _where(move: dict, view: dict | None) -> str:
    """"on Monday, at the top" / "... at the bottom (the highlight)" / "... second"."""
    day = DAY_NAMES[DAYS.index(move["day"])]
    plan = ((view or {}).get("private") or {}).get("plan")
    if not plan:
        return f"on {day} at position {move['position']}"
    count = len(plan[DAYS.index(move["day"])])
    if count == 0:
        return f"on {day}"
    if move["position"] == count:
        return f"on {day}, at the bottom (its highlight)"
    if move["position"] == 0:
        return f"on {day}, at the top"
    return f"on {day}, between the cards"


def move_words(move: dict, view: dict | None = None) -> str:
    """One move in words, as the player who would make it reads it."""
    kind = move.get("type")
    if kind == "place":
        return f"Place {card(move['card']).name} ({move['card']}) {_where(move, view)}"
    if kind == "walk":
        return (f"Discard {card(move['card']).name} ({move['card']}) for a walk from "
                f"{CITY_NAMES[move['city']]} {_where(move, view)}")
    if kind == "explore":
        return f"Explore: draw {move['tokyo']} Tokyo and {3 - move['tokyo']} Kyoto cards, then discard 3"
    if kind == "discard":
        return f"Discard {card(move['card']).name} ({move['card']})"
    if kind == "draw":
        return f"Draw the extra card from {CITY_NAMES[move['city']]}"
    if kind == "bonus":
        words = {"mood": "a step of mood", "explore": "two exploration markers", "joker": "a joker",
                 "luxury": "a luxury ticket", "walk": "a bonus walk"}[move["bonus"]]
        if move["bonus"] == "walk":
            words += f" from {CITY_NAMES[move['city']]} at position {move['position']}"
        return f"Take {words} as the day bonus"
    if kind == "pass":
        return "Pass the remaining cards and end your round"
    if kind == "city":
        return f"Send the yellow card {card(move['card']).name} ({move['card']}) to {CITY_NAMES[move['city']]}"
    if kind == "ticket":
        return f"Use a {move['kind']} ticket"
    if kind == "face":
        return f"Use the walk {card(move['card']).name} ({move['card']}) face {move['face']}"
    if kind == "joker":
        return f"Spend a joker on {move['track']}"
    if kind == "continue":
        return "Go on without a joker"
    return move_text(move)[:1].upper() + move_text(move)[1:]


def _plan_text(plan: list) -> list[str]:
    lines = []
    for day, column in zip(DAY_NAMES, plan):
        cells = []
        for entry in column:
            if "walk" in entry:
                cells.append(f"walk({entry['walk'] or entry['city']})")
            else:
                cells.append(f"{entry['card']} {card(entry['card']).name}")
        lines.append(f"  {day[:3]}: " + (" / ".join(cells) if cells else "-"))
    return lines


def situation(view: dict, names: dict | list | None = None) -> str:
    """The seat's situation in a few lines of plain text."""
    def name(seat):
        if isinstance(names, dict) and seat in names:
            return names[seat]
        if isinstance(names, list) and seat < len(names):
            return names[seat]
        known = view.get("player_names") or []
        return known[seat] if seat < len(known) else "another traveller"

    if not view.get("started"):
        return "The game has not started."
    lines = []
    symbols = ", ".join(f"{day[:3]} {view['day_symbols'][d]}" for day, d in zip(DAY_NAMES, DAYS))
    if view["phase"] == "planning":
        source, keep, direction = ROUND_TABLE[view["round"]]
        lines.append(f"Round {view['round']} of 13: keep {keep}, the rest goes {direction}. Good days: {symbols}.")
    else:
        lines.append(f"The trip ({view['phase']}). Good days: {symbols}.")
    private = view.get("private")
    you = view.get("you")
    if private and view["phase"] == "planning":
        lines.append(f"Your tokens: {private['explore']} exploration, {private['jokers']} joker, "
                     f"{private['luxury']} luxury ticket; mood {private['mood']:+d}, joy {private['joy']}, "
                     f"stress {private['stress']}.")
        lines.append("Your plan (top to bottom, the last card is the highlight):")
        lines += _plan_text(private["plan"])
        if private["hand"]:
            lines.append("Your hand:")
            lines += [f"  {card(c).words()}" for c in private["hand"]]
        asks = {"draw": "Name the deck of your extra card (draw tokyo / draw kyoto).",
                "play": f"Play {private['plays_left']} card(s): place one, or walk instead.",
                "discard": f"Discard {private['discards_left']} card(s).",
                "bonus": (f"Day bonus for {private['bonus']['day']} (tier {private['bonus']['tier']})."
                          if private["bonus"] else ""),
                "finish": "Explore again, or pass the remaining cards.",
                "done": "Wait for the others to finish the round."}
        lines.append(asks.get(private["phase"], ""))
    for player in view["players"]:
        if player["seat"] == you:
            continue
        lines.append(f"{name(player['seat'])}: {sum(len(c) for c in player['plan'])} cards planned, "
                     f"{player['explore']} exploration, {player['jokers']} joker, {player['luxury']} luxury"
                     + (" (still choosing)" if player["waiting_for"] else "") + ". Plan as the round opened:")
        lines += _plan_text(player["plan"])
    for trip in view.get("trip") or []:
        who = "You" if trip["seat"] == you else name(trip["seat"])
        if trip["score"]:
            lines.append(f"{who}: trip over, {trip['score']['total']} points.")
        elif trip["asks"]:
            lines.append(f"{who}: the trip asks for a {trip['asks']['kind'].replace('_', ' ')} "
                         f"({', '.join(f'{k} {v}' for k, v in trip['asks']['about'].items())}).")
    return "\n".join(line for line in lines if line)


def parse(text: str, legal_moves: list, view: dict | None = None) -> dict | None:
    words = [w for w in re.split(r"[\s,;]+", (text or "").strip().lower()) if w]
    if not words:
        return None
    cards = [w.upper() for w in words if CARD.match(w)]
    cities = [CITY_WORDS[w] for w in words if w in CITY_WORDS]
    days = [DAY_WORDS[w] for w in words if w in DAY_WORDS]
    numbers = [int(w) for w in words if w.isdigit()]
    head = words[0]
    candidates: list[dict] = []
    if head == "pass":
        candidates = [{"type": "pass"}]
    elif head in ("go", "continue", "no"):
        candidates = [{"type": "continue"}]
    elif head == "draw" and cities:
        candidates = [{"type": "draw", "city": cities[0]}]
    elif head == "explore":
        candidates = [{"type": "explore", "tokyo": numbers[0] if numbers else 0}]
    elif head in ("discard", "d") and cards:
        candidates = [{"type": "discard", "card": cards[0]}]
    elif head == "ticket" and len(words) > 1:
        candidates = [{"type": "ticket", "kind": words[1]}]
    elif head in ("up", "down") and cards:
        candidates = [{"type": "face", "card": cards[0], "face": head}]
    elif head == "joker" and len(words) > 1 and words[1] in EXPERIENCE:
        candidates = [{"type": "joker", "track": words[1]}]
    elif head == "bonus" and len(words) > 1:
        if words[1] == "walk":
            candidates = [{"type": "bonus", "bonus": "walk", "city": cities[0] if cities else "tokyo",
                           "position": numbers[0] if numbers else 0}]
        else:
            candidates = [{"type": "bonus", "bonus": words[1]}]
    elif head == "walk" and cards and days:
        city = cities[0] if cities else "tokyo"
        candidates = _positions({"type": "walk", "card": cards[0], "city": city, "day": days[0]},
                                numbers, legal_moves)
    elif cards and days:
        candidates = _positions({"type": "place", "card": cards[0], "day": days[0]}, numbers, legal_moves)
    elif cards and cities:
        candidates = [{"type": "city", "card": cards[0], "city": cities[0]}]
    for move in candidates:
        if move in legal_moves:
            return move
    return None


def _positions(base: dict, numbers: list, legal_moves: list) -> list[dict]:
    if numbers:
        return [{**base, "position": numbers[0]}]
    # No position: the bottom of the day, where the card becomes the day's highlight.
    fitting = [m for m in legal_moves if all(m.get(k) == v for k, v in base.items())]
    if not fitting:
        return []
    return [max(fitting, key=lambda m: m["position"])]
