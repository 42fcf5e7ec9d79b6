"""Names and codes for the spaces of a Delphi sea, for log lines, emails and the notation.

Every space of a map has a short code that is unique on that map and stable for it
(it depends only on the map dict, which the setup event records):

  water     colour letter + number: R red, Y yellow, G green, B blue, P pink, K black,
            numbered 1-12 per colour in reading order (rows from the top, then left to
            right): "B3" is the third blue water space
  Zeus      "Z"
  islands   "T1".."T12" island-tile spaces, "O1".."O6" offering islands, "S1".."S6"
            statue islands, "M1".."M9" monster islands, temples and cities by colour
            letter: "RT" the red temple, "KC" the black city
  shallows  "X1", "X2" (Zeus aside; nothing happens there)

`space_name` gives the words ("blue water B3", "island tile T4", "the red temple"),
`describe` adds where it is ("blue water B3, beside the red temple").
"""
from __future__ import annotations

from . import board as B
from . import hexes as H
from .tiles import COLOURS

LETTER = {"red": "R", "yellow": "Y", "green": "G", "blue": "B", "pink": "P", "black": "K"}
COLOUR_OF_LETTER = {letter: colour for colour, letter in LETTER.items()}
ISLAND_LETTER = {"tile": "T", "offering": "O", "statue": "S", "monster": "M", "monster2": "M"}
ISLAND_WORDS = {"tile": "island tile", "offering": "offering island", "statue": "statue island",
                "monster": "monster island", "monster2": "monster island"}
# Which neighbour names a water space best (the first kind found, in this order).
LANDMARK_ORDER = ("temple", "city", "statue", "offering", "monster", "monster2", "tile")

assert set(LETTER) == set(COLOURS)


def _as_sea(sea):
    """A Sea for a Sea or a map dict (the state's "sea")."""
    return B.sea_for(sea) if isinstance(sea, dict) else sea


def codes(sea) -> dict[str, str]:
    """Every map key's code (computed once per Sea object). Every function here takes a
    Sea or the map dict itself."""
    sea = _as_sea(sea)
    cached = getattr(sea, "_space_codes", None)
    if cached is not None:
        return cached
    found: dict[str, str] = {sea.zeus: "Z"}
    counters: dict[str, int] = {}

    def number(prefix: str) -> str:
        counters[prefix] = counters.get(prefix, 0) + 1
        return f"{prefix}{counters[prefix]}"

    for space in sorted(sea.water, key=H.reading_order):
        found[space] = number(LETTER[sea.water[space]])
    for space in sorted(sea.islands, key=H.reading_order):
        island = sea.islands[space]
        kind = island["kind"]
        if kind == "temple":
            found[space] = LETTER[island["colour"]] + "T"
        elif kind == "city":
            found[space] = LETTER[island["colour"]] + "C"
        else:
            found[space] = number(ISLAND_LETTER[kind])
    for space in sorted(sea.shallows, key=H.reading_order):
        if space != sea.zeus:
            found[space] = number("X")
    sea._space_codes = found
    sea._spaces_by_code = {code: space for space, code in found.items()}
    return found


def space_code(sea, key: str) -> str:
    return codes(sea)[key]


def spaces_by_code(sea) -> dict[str, str]:
    """Code -> map key."""
    codes(sea)
    return _as_sea(sea)._spaces_by_code


def space_from_code(sea, code: str) -> str:
    """The map key a code names ("b3", " B3 " and "B03" all work, "Zeus" too); ValueError
    if none."""
    spaces = spaces_by_code(sea)
    text = "".join(str(code).split()).upper()
    if text == "ZEUS":
        text = "Z"
    letters = text.rstrip("0123456789")
    digits = text[len(letters):]
    if digits:
        text = letters + str(int(digits))
    try:
        return spaces[text]
    except KeyError:
        raise ValueError(f"There is no space {str(code).strip()!r} on this map.") from None


def space_name(sea, key: str) -> str:
    """Words for a space: "blue water B3", "Zeus", "the red temple", "island tile T4"."""
    sea = _as_sea(sea)
    code = space_code(sea, key)
    if key == sea.zeus:
        return "Zeus"
    if key in sea.water:
        return f"{sea.water[key]} water {code}"
    if key in sea.islands:
        island = sea.islands[key]
        if island["kind"] in ("temple", "city"):
            return f"the {island['colour']} {island['kind']}"
        return f"{ISLAND_WORDS[island['kind']]} {code}"
    return f"the shallows {code}"


def direction_from_zeus(sea, key: str) -> str:
    """Where a space lies seen from Zeus: "north-east", "west"... ('' for Zeus itself)."""
    sea = _as_sea(sea)
    x, y = H.pixel(key)
    zx, zy = H.pixel(sea.zeus)
    return H.compass(x - zx, y - zy)


def describe(sea, key: str) -> str:
    """A space's name and where it is: "blue water B3, beside the red temple",
    "statue island S2, north-east of Zeus"."""
    sea = _as_sea(sea)
    name = space_name(sea, key)
    if key == sea.zeus:
        return "Zeus, in the middle of the sea"
    if key in sea.water:
        if key in sea.zeus_neighbours():
            return f"{name}, beside Zeus"
        beside = sea.adjacent_islands(key)
        for kind in LANDMARK_ORDER:
            for island in sorted(beside, key=H.reading_order):
                if sea.islands[island]["kind"] == kind:
                    return f"{name}, beside {space_name(sea, island)}"
        return f"{name}, open water {direction_from_zeus(sea, key)} of Zeus"
    return f"{name}, {direction_from_zeus(sea, key)} of Zeus"


def parse_colour(letter: str) -> str:
    """The colour a colour letter (R Y G B P K) or a colour word names; ValueError if none."""
    text = str(letter).strip().lower()
    if text in LETTER:
        return text
    if text.upper() in COLOUR_OF_LETTER:
        return COLOUR_OF_LETTER[text.upper()]
    raise ValueError(f"{str(letter).strip()!r} is not a colour (red, yellow, green, blue, pink or black).")
