"""Citytrip Brugge's mission cards and solo levels as data, and how a mission scores.

SEED: missions reward having visited certain places, being first to reach a number of
places of a kind, having visited the most places of a type, and sets of place symbols;
they are shuffled by the numbers on their backs. FACT: 44 mission cards. DESIGN: the
cards below (15 with back 1, 15 with back 2, 14 with back 3) and the 15 solo levels.

"Visited" means marked on the sheet (the start place included, ruling 2 and 15). A
mission type is a place type, or "gastronomy" for any of the four gastronomy types.
"""
from __future__ import annotations

from .components import GASTRONOMY, GREEN, RED, START_PLACES, TYPE_WORDS


def _visit(back, places, points):
    return {"kind": "visit", "back": back, "places": list(places), "points": points}


def _race(back, ptype, count, points):
    return {"kind": "race", "back": back, "type": ptype, "count": count, "points": points}


def _most(back, ptype, points):
    return {"kind": "most", "back": back, "type": ptype, "points": points}


def _set(back, types, points):
    return {"kind": "set", "back": back, "types": list(types), "points": points}


# DESIGN: the 44 mission cards; the id is the card's number.
MISSION_LIST = [
    # back 1: near places, small races, pairs
    _visit(1, ("E4", "F4"), 3), _visit(1, ("B3", "B5"), 3), _visit(1, ("H5", "H6"), 3),
    _visit(1, ("D2", "E1"), 3), _visit(1, ("B7", "C8"), 3),
    _race(1, "shop", 3, 4), _race(1, "bridge", 3, 4), _race(1, "gastronomy", 2, 3),
    _race(1, "museum", 2, 4),
    _set(1, ("shop", "bridge"), 2), _set(1, ("church", "statue"), 3), _set(1, ("museum", "shop"), 2),
    _set(1, ("almshouse", "bridge"), 2),
    _most(1, "shop", 4), _most(1, "bridge", 4),
    # back 2: three places, longer races, triples
    _visit(2, ("B1", "E1", "F1"), 5), _visit(2, ("G3", "I3", "H5"), 5),
    _visit(2, ("A6", "B7", "D6"), 5), _visit(2, ("E6", "E5", "F4"), 5),
    _visit(2, ("H7", "H8", "I8"), 5),
    _race(2, "shop", 5, 6), _race(2, "church", 3, 5), _race(2, "almshouse", 3, 5),
    _race(2, "statue", 3, 5),
    _set(2, ("church", "almshouse", "bridge"), 4), _set(2, ("museum", "theatre"), 5),
    _set(2, ("gastronomy", "shop", "statue"), 4),
    _most(2, "museum", 5), _most(2, "church", 5), _most(2, "almshouse", 5),
    # back 3: far apart, long races, large sets
    _visit(3, ("B1", "I8"), 7), _visit(3, ("F1", "E8", "A6"), 8), _visit(3, ("E4", "H5", "C8", "I3"), 9),
    _visit(3, ("D2", "B7", "H2"), 8),
    _race(3, "museum", 4, 7), _race(3, "monument", 3, 7),
    _set(3, ("monument", "theatre"), 6), _set(3, ("shop", "museum", "church", "bridge"), 6),
    _set(3, ("statue", "almshouse", "monument"), 6), _set(3, ("gastronomy", "museum", "theatre"), 6),
    _set(3, ("cafe", "frituur", "brewery"), 6),
    _most(3, "monument", 6), _most(3, "statue", 5), _most(3, "gastronomy", 6),
]
MISSIONS = {number: card for number, card in enumerate(MISSION_LIST, start=1)}
BACKS = (1, 2, 3)
MISSIONS_BY_SIDE = {GREEN: 3, RED: 6}      # SEED: three; up to six on the red side

# DESIGN: the 15 solo levels: start place, side, missions (never a majority, ruling 18)
# and the target score.
SOLO_LEVELS = {
    1: {"start": "E4", "side": GREEN, "missions": [1, 6, 10], "target": 28},
    2: {"start": "F4", "side": GREEN, "missions": [2, 7, 11], "target": 31},
    3: {"start": "B5", "side": GREEN, "missions": [3, 8, 12], "target": 34},
    4: {"start": "H6", "side": GREEN, "missions": [4, 9, 13], "target": 37},
    5: {"start": "B1", "side": GREEN, "missions": [16, 21, 25], "target": 40},
    6: {"start": "G3", "side": GREEN, "missions": [17, 22, 26], "target": 43},
    7: {"start": "D6", "side": GREEN, "missions": [18, 23, 27], "target": 46},
    8: {"start": "E6", "side": GREEN, "missions": [19, 24, 25, 5], "target": 49},
    9: {"start": "H8", "side": GREEN, "missions": [20, 35, 37, 10], "target": 52},
    10: {"start": "E4", "side": GREEN, "missions": [33, 36, 40, 6], "target": 55},
    11: {"start": "F1", "side": RED, "missions": [1, 16, 31, 6], "target": 45},
    12: {"start": "I3", "side": RED, "missions": [2, 17, 32, 7, 26], "target": 50},
    13: {"start": "A6", "side": RED, "missions": [5, 18, 34, 21, 38], "target": 55},
    14: {"start": "E8", "side": RED, "missions": [3, 20, 33, 35, 39, 12], "target": 60},
    15: {"start": "C8", "side": RED, "missions": [4, 19, 32, 36, 41, 40], "target": 65},
}
assert all(level["start"] in START_PLACES for level in SOLO_LEVELS.values())
assert all(MISSIONS[m]["kind"] != "most" for level in SOLO_LEVELS.values() for m in level["missions"])


def count_of(marks: dict, ptype: str) -> int:
    """How many marked places count as ``ptype`` (marks: place -> type marked as)."""
    if ptype == "gastronomy":
        return sum(1 for marked in marks.values() if marked in GASTRONOMY)
    return sum(1 for marked in marks.values() if marked == ptype)


def sets_of(marks: dict, types: list) -> int:
    return min(count_of(marks, ptype) // types.count(ptype) for ptype in set(types))


def reached(card: dict, marks: dict) -> bool:
    """Is a race card's goal reached on this sheet?"""
    return count_of(marks, card["type"]) >= card["count"]


def mission_points(card: dict, number: int, seat: int, all_marks: list, claims: dict,
                   reached_turns: dict, solo: bool) -> int:
    """Points a mission gives a seat at the end.

    claims: mission -> the first turn anyone reached a race; reached_turns: the seat's
    own turn of reaching it. Ruling 13: everyone who reached a race in that first turn
    scores; later finishers score nothing (in solo reaching it is enough).
    """
    marks = all_marks[seat]
    kind = card["kind"]
    if kind == "visit":
        return card["points"] if all(place in marks for place in card["places"]) else 0
    if kind == "race":
        turn = reached_turns.get(str(number))
        if turn is None:
            return 0
        return card["points"] if solo or claims.get(str(number)) == turn else 0
    if kind == "most":
        mine = count_of(marks, card["type"])
        best = max(count_of(other, card["type"]) for other in all_marks)
        return card["points"] if mine >= 1 and mine == best else 0
    return card["points"] * sets_of(marks, card["types"])


def mission_words(card: dict, names: dict | None = None) -> str:
    def type_word(ptype, plural=False):
        word = "gastronomy place" if ptype == "gastronomy" else TYPE_WORDS[ptype]
        if not plural:
            return word
        return word + ("es" if word.endswith(("s", "ch")) else "s")
    kind = card["kind"]
    if kind == "visit":
        listed = ", ".join((names or {}).get(p, p) + f" ({p})" for p in card["places"])
        return f"Visit {listed}: {card['points']} points"
    if kind == "race":
        return (f"First to visit {card['count']} {type_word(card['type'], True)}: "
                f"{card['points']} points")
    if kind == "most":
        return f"Most {type_word(card['type'], True)}: {card['points']} points"
    return (f"Each set of {' + '.join(type_word(t) for t in card['types'])}: "
            f"{card['points']} points")
