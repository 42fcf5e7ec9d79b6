"""Citytrip Brugge's components as data.

Sources, in order of precedence:

* SEED — the rule text (shared/seeds/001): a double-sided sheet per player (green base
  side, red advanced side) with a map of Bruges whose places carry type symbols and are
  joined by dashed lines; a scoring area with one row per place type; rush boxes with
  rising penalties; 20 double-sided action cards with 3 symbols per face (compass, bag,
  camera, visitor, smiley, each with a number); costs (large historic building 2
  cameras, theatre 2 visitors, restaurant 2 smileys; museum and theatre one dearer on
  the red side); four gastronomy types, each once; mission cards with numbered backs in
  four families; start cards; bonus boxes on the red side; 15 solo levels.
* FACT — published material (see docs/games/citytour.md): 23 start cards, 44 mission
  cards, 7 symbol combinations, a realistic map of Bruges.
* DESIGN — our own content where no source gives it: the map graph and place names,
  the row values, bonus boxes, rush penalties, the symbols on the 40 card faces, the 44
  missions and the 15 solo levels. Every DESIGN item is listed in docs/games/citytour.md.
"""
from __future__ import annotations

from dataclasses import dataclass

GREEN, RED = "green", "red"
SIDES = (GREEN, RED)

# -- place types ---------------------------------------------------------------
SIGHTS = ("shop", "bridge", "statue", "almshouse", "church", "monument", "museum", "theatre")
GASTRONOMY = ("cafe", "frituur", "brewery", "restaurant")
TYPES = SIGHTS + GASTRONOMY
SQUARE = "square"          # a plain place: the route may pass, nothing to mark

# The action symbol kind that pays for each type.
COMPASS, BAG, CAMERA, VISITOR, SMILEY = "compass", "bag", "camera", "visitor", "smiley"
KINDS = (COMPASS, BAG, CAMERA, VISITOR, SMILEY)
PAID_WITH = {"shop": BAG, "bridge": CAMERA, "statue": CAMERA, "almshouse": CAMERA,
             "church": CAMERA, "monument": CAMERA, "museum": VISITOR, "theatre": VISITOR,
             "cafe": SMILEY, "frituur": SMILEY, "brewery": SMILEY, "restaurant": SMILEY}

# SEED: costs in symbols. The red side makes museum and theatre one dearer.
COSTS = {
    GREEN: {"shop": 1, "bridge": 1, "statue": 1, "almshouse": 1, "church": 1, "monument": 2,
            "museum": 1, "theatre": 2, "cafe": 1, "frituur": 1, "brewery": 1, "restaurant": 2},
}
COSTS[RED] = {**COSTS[GREEN], "museum": 2, "theatre": 3}

TYPE_WORDS = {"shop": "shop", "bridge": "bridge", "statue": "statue", "almshouse": "almshouse",
              "church": "church", "monument": "large historic building", "museum": "museum",
              "theatre": "theatre", "cafe": "cafe", "frituur": "frituur", "brewery": "brewery",
              "restaurant": "restaurant", SQUARE: "square"}

# -- the map -------------------------------------------------------------------
# DESIGN: the city map as a drawing. Places sit on a grid of columns A–J and rows 1–8
# (the coordinates of the start cards); "-" and "|" are the dashed lines joining
# neighbours. Letters: S shop, B bridge, T statue, A almshouse, C church, H large
# historic building, M museum, P theatre, c café, f frituur, b brewery, R restaurant,
# o square. On the red side the digits are special places offering two types
# (SPECIAL below); on the green side the same places are plain squares. Only straight
# lines between grid neighbours: the map is planar, so a route that never repeats a
# place never crosses itself.
MAP_DRAWING = (
    "S-C-B 1-M-P-b-A T  ",
    "|   | |   |   | |  ",
    "f H-o-B-c P-S-B-o-S",
    "| | |   | |   |   |",
    "o-M T-S-R-o-C 2-M-A",
    "  | | |     | | | |",
    "A-S-B o-H-M-3 f-S c",
    "| |   | |   |     |",
    "C-T S-b-T B-o-H-4-R",
    "|   |     | |   |  ",
    "B-5-c-M P-S A-C S-6",
    "  | | | |     | |  ",
    "S-A o-f-b-B-o-T-M-o",
    "| | |       | |   |",
    "o-C-S-B-H c-o-A-B-o",
)
LETTERS = {"S": "shop", "B": "bridge", "T": "statue", "A": "almshouse", "C": "church",
           "H": "monument", "M": "museum", "P": "theatre", "c": "cafe", "f": "frituur",
           "b": "brewery", "R": "restaurant", "o": SQUARE}
COLUMNS = "ABCDEFGHIJ"
ROWS = 8

# DESIGN: the red side's special places: each offers two types, the player picks one
# when marking it (ruling 17) and it then counts as that type.
SPECIAL = {"1": ("shop", "museum"), "2": ("church", "theatre"), "3": ("bridge", "cafe"),
           "4": ("statue", "monument"), "5": ("almshouse", "frituur"), "6": ("museum", "restaurant")}

# Place names (Bruges streets and sights; names only), handed out per type in reading
# order, row by row.
NAMES = {
    # Plain ASCII: names and words reach views, emails and pages.
    "shop": ["Steenstraat", "Geldmuntstraat", "Lace shop", "Chocolate shop", "Zuidzandstraat",
             "Noordzandstraat", "Vlamingstraat", "Wollestraat", "Sint-Amandsstraat", "Hoogstraat",
             "Katelijnestraat", "Mariastraat"],
    "bridge": ["Augustijnenbrug", "Vlamingbrug", "Meestraatbrug", "Blinde-Ezelbrug",
               "Peerdenbrug", "Bonifaciusbrug", "Sint-Jansbrug", "Gentpoortbrug",
               "Katelijnebrug", "Minnewaterbrug"],
    "statue": ["Simon Stevin", "Jan van Eyck", "Breydel and De Coninck", "Guido Gezelle",
               "Zilverpand statue", "Hans Memling"],
    "almshouse": ["Godshuis De Vos", "Godshuizen Rooms", "Godshuis Meulenaere",
                  "Godshuis Sint-Jozef", "Godshuis De Moor", "Begijnhof", "Godshuis Spanoghe"],
    "church": ["Sint-Salvatorskathedraal", "Onze-Lieve-Vrouwekerk", "Sint-Jakobskerk",
               "Jeruzalemkerk", "Sint-Gilliskerk", "Sint-Annakerk", "Sint-Walburgakerk"],
    "monument": ["Belfort", "Stadhuis", "Poortersloge", "Gentpoort", "Kruispoort",
                 "Heilig-Bloedbasiliek"],
    "museum": ["Groeningemuseum", "Gruuthusemuseum", "Sint-Janshospitaal", "Arentshuis",
               "Historium", "Choco-Story", "Frietmuseum", "Kantcentrum"],
    "theatre": ["Stadsschouwburg", "Concertgebouw", "Theater De Werf"],
    "cafe": ["Cafe Vlissinghe", "Cafe Rose Red", "Cafe Markt", "Cafe Craenenburg"],
    "frituur": ["Frituur Markt", "Frituur Chez Vincent", "Frituur Sint-Jan"],
    "brewery": ["De Halve Maan", "Bourgogne des Flandres", "2be beer wall"],
    "restaurant": ["Restaurant Dijver", "Restaurant Burg"],
    SQUARE: ["Markt", "Burg", "Jan van Eyckplein", "Simon Stevinplein", "Vismarkt",
             "Huidenvettersplein", "'t Zand", "Walplein", "Minnewater", "Rozenhoedkaai",
             "Dijver", "Spiegelrei", "Langestraat", "Ezelstraat", "Potterierei", "Sint-Annarei"],
    "special": ["Oude Griffie", "Prinsenhof", "Sint-Janshuismolen", "Ezelpoort", "Brewery square",
                "Lucifernum"],
}


@dataclass(frozen=True)
class Place:
    id: str                 # the coordinate, "C4"
    name: str
    type: str               # one of TYPES or SQUARE on the green side
    offers: tuple = ()      # red side special places: the types offered
    x: int = 0              # column 0–9
    y: int = 0              # row 0–7


def _parse_map(side: str) -> tuple[dict, dict]:
    places, raw = {}, {}
    counters: dict = {}
    for row in range(ROWS):
        line = MAP_DRAWING[2 * row]
        for col in range(len(COLUMNS)):
            char = line[2 * col] if 2 * col < len(line) else " "
            if char == " ":
                continue
            pid = f"{COLUMNS[col]}{row + 1}"
            raw[pid] = char
            if char in SPECIAL:
                key = "special"
                ptype, offers = (SQUARE, ()) if side == GREEN else ("special", SPECIAL[char])
            else:
                key = ptype = LETTERS[char]
                offers = ()
            index = counters.get(key, 0)
            counters[key] = index + 1
            name = NAMES[key][index]
            places[pid] = Place(pid, name, ptype, offers, col, row)
    edges: dict = {pid: [] for pid in places}
    for row in range(ROWS):
        line = MAP_DRAWING[2 * row].ljust(19)
        below = MAP_DRAWING[2 * row + 1].ljust(19) if row + 1 < ROWS else " " * 19
        for col in range(len(COLUMNS)):
            pid = f"{COLUMNS[col]}{row + 1}"
            if pid not in places:
                continue
            if col + 1 < len(COLUMNS) and line[2 * col + 1] == "-":
                other = f"{COLUMNS[col + 1]}{row + 1}"
                edges[pid].append(other)
                edges[other].append(pid)
            if row + 1 < ROWS and below[2 * col] == "|":
                other = f"{COLUMNS[col]}{row + 2}"
                edges[pid].append(other)
                edges[other].append(pid)
    return places, {pid: sorted(ns, key=place_order) for pid, ns in edges.items()}


def place_order(pid: str) -> tuple:
    return (int(pid[1:]), pid[0])


MAPS = {side: _parse_map(side) for side in SIDES}


def places(side: str) -> dict:
    return MAPS[side][0]


def neighbours(side: str) -> dict:
    return MAPS[side][1]


def place_types(side: str, pid: str) -> tuple:
    """The types a place may be marked as (none for a square)."""
    place = places(side)[pid]
    if place.offers:
        return place.offers
    return () if place.type == SQUARE else (place.type,)


# -- the scoring area -------------------------------------------------------------
# DESIGN: row values. A row with n boxes crossed scores VALUES[type][n] (SEED: "the
# points in the next free box"). Rows have one box per place of the type on the map;
# the red side has two more boxes per row (its special places count as those types).
ROW_VALUES = {
    GREEN: {
        "shop": [0, 1, 2, 4, 6, 9, 12, 15, 19, 23, 27, 31, 35],
        "bridge": [0, 1, 3, 5, 8, 11, 15, 19, 23, 27, 31],
        "statue": [0, 2, 4, 7, 10, 14, 18, 22],
        "almshouse": [0, 2, 4, 7, 10, 14, 18, 22],
        "church": [0, 2, 4, 7, 10, 14, 18, 22],
        "monument": [0, 3, 7, 12, 17, 22, 27],
        "museum": [0, 2, 5, 8, 12, 16, 21, 26, 31],
        "theatre": [0, 4, 9, 15, 21, 27],
    },
}
ROW_VALUES[RED] = ROW_VALUES[GREEN]
# DESIGN: gastronomy boxes (one per type, each crossed at most once). The restaurant's
# box holds no points: it doubles the others (SEED).
GASTRONOMY_POINTS = {"cafe": 3, "frituur": 3, "brewery": 4, "restaurant": 0}

# DESIGN: the red side's bonus boxes: crossing the n-th box of a row activates a bonus
# worth the value given. Box ids are "type:n".
BONUS_BOXES = {
    "shop": {3: 1, 6: 2}, "bridge": {3: 1, 5: 2}, "statue": {2: 1, 4: 2},
    "almshouse": {2: 1, 4: 2}, "church": {2: 1, 4: 2}, "monument": {2: 2},
    "museum": {2: 1, 4: 2}, "theatre": {1: 1, 2: 2},
    "cafe": {1: 1}, "frituur": {1: 1}, "brewery": {1: 1}, "restaurant": {1: 2},
}
BONUS_PER_TURN = 2     # SEED: up to two bonus boxes per turn

# DESIGN: the rush row: crossing the n-th rush box makes the penalty RUSH_PENALTY[n].
RUSH_PENALTY = [0, 1, 3, 6, 10, 15]
RUSH_BOXES = len(RUSH_PENALTY) - 1


def row_size(side: str, ptype: str) -> int:
    """How many boxes a type's row holds (gastronomy: one)."""
    if ptype in GASTRONOMY:
        return 1
    return len(ROW_VALUES[side][ptype]) - 1


# -- action cards ------------------------------------------------------------------
# DESIGN: the 20 double-sided action cards, (front, back), each face three symbols from
# top to bottom. Letters: k compass, b bag, p camera (photo), v visitor, s smiley.
# 120 symbols: 40 compasses, 23 cameras, 20 smileys, 19 visitors, 18 bags.
SYMBOL_LETTERS = {"k": COMPASS, "b": BAG, "p": CAMERA, "v": VISITOR, "s": SMILEY}
LETTER_OF = {kind: letter for letter, kind in SYMBOL_LETTERS.items()}
CARD_TEXT = [
    ("k2 p1 b1", "s1 k1 v2"),
    ("p2 k1 s1", "k2 b2 p1"),
    ("v1 k2 b1", "p1 s2 k1"),
    ("k1 p2 k1", "b1 v1 s2"),
    ("s2 k1 p1", "k3 v1 b1"),
    ("b2 k2 v1", "p1 k1 s1"),
    ("k1 s1 p2", "v2 k2 b1"),
    ("p1 v1 k2", "k1 p2 s1"),
    ("k2 b1 s1", "p2 k1 v1"),
    ("v2 p1 k1", "s1 k2 b2"),
    ("k3 p1 v1", "b1 s1 k1"),
    ("s1 k2 p1", "k1 v1 b2"),
    ("b1 p1 k1", "k2 s2 v1"),
    ("k1 v2 s1", "p1 b1 k2"),
    ("p3 k1 b1", "s1 k1 v1"),
    ("k2 s1 v1", "b1 p1 k3"),
    ("v1 k1 p2", "k1 b1 s1"),
    ("k1 b2 p1", "s2 v1 k2"),
    ("s1 p1 k1", "k2 v1 p1"),
    ("b1 k3 s1", "p2 k1 v1"),
]


def _face(text: str) -> list:
    return [[SYMBOL_LETTERS[token[0]], int(token[1:])] for token in text.split()]


# CARDS[n] = (front, back); a face is [[kind, number], x3] from top to bottom.
CARDS = [(_face(front), _face(back)) for front, back in CARD_TEXT]
DECK_SIZES = (16, 20)          # SEED: 16 random cards, or all 20

# The 3x2 display: cells 0-2 are the column of the card just flipped (its back, top to
# bottom), cells 3-5 the top card of the deck (its front). SEED: seven adjacent pairs.
CELL_NEIGHBOURS = {0: (1, 3), 1: (0, 2, 4), 2: (1, 5), 3: (0, 4), 4: (1, 3, 5), 5: (2, 4)}
CELL_NAMES = ["L1", "L2", "L3", "R1", "R2", "R3"]    # as the notation names them
PAIRS = [(0, 1), (1, 2), (3, 4), (4, 5), (0, 3), (1, 4), (2, 5)]


def selections(with_rush: bool) -> list[tuple]:
    """Every choice of symbols: the seven pairs, and with a rush every third symbol
    adjacent to one of the pair (the connected triples of the display)."""
    result = [tuple(pair) for pair in PAIRS]
    if with_rush:
        triples = set()
        for a, b in PAIRS:
            for cell in set(CELL_NEIGHBOURS[a]) | set(CELL_NEIGHBOURS[b]):
                if cell not in (a, b):
                    triples.add(tuple(sorted((a, b, cell))))
        result += sorted(triples)
    return result


# -- start cards -------------------------------------------------------------------
# FACT: 23 start cards. DESIGN: which 23 places (scorable sights only, ruling 2).
START_PLACES = ["B1", "F1", "A4", "D2", "H2", "B3", "G3", "I3", "E4", "F4", "B5", "E5",
                "H5", "A6", "D6", "E6", "H6", "B7", "H7", "C8", "E8", "H8", "I8"]


def bonus_value(box: str) -> int:
    ptype, number = box.split(":")
    return BONUS_BOXES[ptype][int(number)]
