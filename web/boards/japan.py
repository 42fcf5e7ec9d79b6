"""Let's Go to Japan's board: my trip sheet (six days, each day's cards top to bottom,
its good-day symbol, the highlight at the bottom), my hand and tokens, what I chose this
round, who is still choosing in the simultaneous draft, the other travellers' sheets as
they stood when the round opened (walks face down), and on the trip each one's route,
questions and score.

To place a card: pick it in your hand, say whether it is placed or traded for a walk
(from the Tokyo or the Kyoto deck), then click a gap in a day (above, between or below
its cards). Exploring, discarding, day bonuses, passing and the trip's questions are
in the list of moves in words below the board.
"""
from __future__ import annotations

from games.catalog.japan.components import (CARDS_PER_DAY, CITY_NAMES, DAY_NAMES, DAYS, EXPERIENCE_COLOURS,
                                            ICON_WORDS, ROUNDS)
from games.catalog.japan.conditions import card

TEMPLATE = "web/boards/japan.html"
ON_BOARD = {"place", "walk"}
HOW = {"place": "place the card", "walk-tokyo": "trade it for a walk from Tokyo",
       "walk-kyoto": "trade it for a walk from Kyoto"}
ICON_SHORT = {"temple": "temple", "food": "food", "nature": "nature", "shopping": "shop", "unique": "unique",
              "relax": "relax", "cheap": "cheap", "strain": "strain", "pricey": "pricey"}
ICON_CLASS = {**{kind: f"x-{colour}" for kind, colour in EXPERIENCE_COLOURS.items()},
              "relax": "m-green", "cheap": "m-green", "strain": "m-red", "pricey": "m-red"}
SYMBOL_WORDS = {**{kind: ICON_WORDS[kind] for kind in EXPERIENCE_COLOURS}, "happiness": "happiness (any joy)"}


def _card(card_id: str) -> dict:
    shown = card(card_id)
    return {"id": card_id, "name": shown.name, "points": shown.points,
            "city": "yellow" if shown.yellow else shown.city,
            "city_name": "either city" if shown.yellow else CITY_NAMES[shown.city],
            "icons": [{"short": ICON_SHORT.get(i, i), "word": ICON_WORDS[i], "cls": ICON_CLASS.get(i, "")}
                      for i in shown.icons],
            "highlight": f"{shown.condition.words()} → {shown.reward.words()}"}


def _entry(entry: dict, highlight: bool) -> dict:
    if "walk" in entry:
        turned = entry.get("walk")
        what = f"walk from {CITY_NAMES[entry['city']]}" + (", the bonus walk" if entry.get("bonus") else "")
        return {"walk": True, "words": what, "card": _card(turned) if turned else None, "highlight": highlight}
    return {"walk": False, "card": _card(entry["card"]), "highlight": highlight}


def _sheet(plan: list, symbols: dict, slots: set | None = None) -> list[dict]:
    days = []
    for index, (day, column) in enumerate(zip(DAYS, plan)):
        entries = [_entry(e, i == len(column) - 1 and len(column) == CARDS_PER_DAY) for i, e in enumerate(column)]
        # Gaps and cards in reading order: a gap above, between and below the cards where
        # a card may go now (the bottom gap of a day with two cards makes the highlight).
        rows = []
        for position in range(len(column) + 1):
            if f"{day},{position}" in (slots or ()):
                rows.append({"gap": True, "position": position, "highlight": position == CARDS_PER_DAY - 1
                             and len(column) == CARDS_PER_DAY - 1,
                             "words": "here" if not column else ("above" if position == 0 else
                                                                 "below" if position == len(column) else "between")})
            if position < len(column):
                rows.append({"gap": False, "entry": entries[position]})
        days.append({"day": day, "name": DAY_NAMES[index], "symbol": SYMBOL_WORDS[symbols[day]],
                     "symbol_key": symbols[day], "entries": entries, "rows": rows,
                     "full": len(column) >= CARDS_PER_DAY})
    return days


def _tokens(data: dict) -> dict:
    return {"explore": data["explore"], "jokers": data["jokers"], "luxury": data["luxury"],
            "start_ticket": data["start_ticket"], "mood": f"{data['mood']:+d}", "joy": data["joy"],
            "stress": data["stress"]}


def present(view, *, legal, names, seat) -> dict:
    if not view or not view.get("started"):
        return {}
    symbols = view["day_symbols"]
    private = view.get("private") or {}
    placing = [m for m in legal if m["type"] in ON_BOARD]
    slots = {f"{m['day']},{m['position']}" for m in placing}
    hand_cards = sorted({m["card"] for m in placing})
    hows = [key for key in HOW if any((m["type"] == "place") if key == "place"
                                      else (m["type"] == "walk" and m["city"] == key[5:]) for m in placing)]
    me = seat if seat is not None and 0 <= seat < len(view["players"]) else None
    mine = None
    if me is not None and private.get("plan") is not None:
        mine = {"sheet": _sheet(private["plan"], symbols, slots), "tokens": _tokens(private),
                "hand": [_card(c) for c in private["hand"]], "phase": private["phase"],
                "plays_left": private["plays_left"], "discards_left": private["discards_left"],
                "stack_size": private["stack_size"],
                "bonus": ({"day": DAY_NAMES[DAYS.index(private["bonus"]["day"])], "tier": private["bonus"]["tier"]}
                          if private["bonus"] else None),
                "chosen": [_chosen(m) for m in private["moves_this_round"]]}
    trips = {t["seat"]: t for t in view.get("trip") or []}
    others = []
    order = ([me] if me is not None and mine is None else []) + [p["seat"] for p in view["players"] if p["seat"] != me]
    by_seat = {p["seat"]: p for p in view["players"]}
    for number in order:
        player = by_seat[number]
        trip = trips.get(number)
        others.append({
            "name": names[number], "me": number == me, "sheet": _sheet(player["plan"], symbols),
            "tokens": _tokens(player), "hand_size": player["hand_size"], "stack_size": player["stack_size"],
            "choosing": player["waiting_for"], "planned": sum(len(c) for c in player["plan"]),
            "trip": _trip(trip) if trip else None,
        })
    phase = view["phase"]
    rule = view["round_rule"]
    if phase == "planning":
        headline = (f"Round {view['round']} of {ROUNDS}: keep {rule['keep']}, "
                    + ("the rest is discarded" if rule["pass"] == "discard" else f"the rest goes {rule['pass']}") + ".")
    elif phase == "trip":
        headline = "The trip: every traveller answers the trip's questions."
    else:
        headline = "The trips are over."
    def who(number):
        return "you" if number == me else names[number]

    return {
        "headline": headline, "decks": view["decks"], "discard": len(view["discard"]), "mine": mine,
        "planning": phase == "planning",
        "others": others, "hand_picks": hand_cards, "hows": [{"key": k, "words": HOW[k]} for k in hows],
        "waiting": [who(s) for s in view["to_move"]],
        "done": [who(p["seat"]) for p in view["players"] if not p["waiting_for"]] if phase == "planning" else [],
        "agent": _sheet(view["agent"]["plan"], symbols) if view.get("agent") else None,
        "agent_score": (view.get("agent") or {}).get("score"),
        "list_open": any(m["type"] not in ON_BOARD for m in legal),
    }


def _chosen(move: dict) -> str:
    from games.catalog.japan.rules import move_text

    return move_text(move)


ASKS = {"yellow": "which city the yellow card {card} counts for",
        "ticket": "which ticket to use for the change of city",
        "face": "whether the walk {card} is used face up or face down",
        "joker": "whether to spend a joker before a highlight",
        "final_joker": "whether to spend a joker before experience scoring"}


def _route(cities: list) -> str:
    """The cities of the trip card by card, runs counted: "Tokyo (4) → Kyoto (11) → Tokyo"."""
    runs: list[list] = []
    for city in cities:
        if not city:
            continue
        if runs and runs[-1][0] == city:
            runs[-1][1] += 1
        else:
            runs.append([city, 1])
    return " → ".join(CITY_NAMES.get(c, c) + (f" ({n})" if n > 1 else "") for c, n in runs)


def _trip(trip: dict) -> dict:
    asks = trip["asks"]
    about = (asks or {}).get("about") or {}
    question = ASKS.get(asks["kind"], asks["kind"]).format(card=about.get("card", "")) if asks else ""
    return {"cities": _route(trip["cities"]), "asks": question, "score": trip["score"],
            "parts": ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in (trip["score"] or {}).items()
                               if k != "total" and isinstance(v, int))}


def move_from_post(post, legal) -> dict | None:
    """A card and what to do with it picked, a gap in a day clicked ("day,position"): the
    placement or the walk (as asked, so an illegal one is refused by the rules in words)."""
    picked, how, slot = post.get("card", ""), post.get("how", "place"), post.get("slot", "")
    day, _, position = slot.partition(",")
    if day not in DAYS or not position.isdigit() or not picked:
        return None
    if how == "place":
        return {"type": "place", "card": picked, "day": day, "position": int(position)}
    if how in ("walk-tokyo", "walk-kyoto"):
        return {"type": "walk", "card": picked, "city": how[5:], "day": day, "position": int(position)}
    return None
