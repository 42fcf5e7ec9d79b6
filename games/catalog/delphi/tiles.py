"""The printed map pieces of The Oracle of Delphi: 12 board tiles and 6 city tiles.

Each piece is a list of hexes at axial offsets (dq, dr) from its anchor, as printed
(rotation 0). A hex is one of
  ("water", colour)        a water space of that colour
  ("shallows", None)       a hole in the tile: impassable (on tile "7-0" it is Zeus)
  ("tile", ring colour)    a space for a face-down island tile, with its coloured ring
  ("offering", None)       an offering island (cubes are placed there at setup)
  ("temple", None)         a temple island (one temple per colour is placed at setup)
  ("statue", None)         a statue island: three building sites, colours in STATUE_SITES
  ("monster", None)        an island for one monster
  ("monster2", None)       an island marked for two monsters
  ("city", None)           the city island of a city tile (colour in CITY_COLOURS)

The hex lists follow the published tiles as recorded by a public implementation of the
game (facts; see docs/games/delphi.md, "The map"). Totals, checked by the tests: 72 water
spaces (12 of each colour), 12 island-tile spaces (2 per ring colour), 6 offering,
6 temple and 6 statue islands (18 sites, 3 per colour), 6 single- and 3 two-monster
islands, 3 shallows (Zeus in the middle of "7-0").
"""
from __future__ import annotations

COLOURS = ("red", "yellow", "green", "blue", "pink", "black")

ZEUS_TILE = "7-0"

# Board tiles: name -> hexes. Names give the size and a variant number.
BOARD_TILES: dict[str, tuple[tuple[int, int, str, str | None], ...]] = {
    "7-0": ((0, 0, "shallows", None), (1, -1, "water", "black"), (1, 0, "water", "green"),
            (0, 1, "water", "pink"), (-1, 1, "water", "blue"), (-1, 0, "water", "red"),
            (0, -1, "water", "yellow")),
    "7-1": ((0, 0, "shallows", None), (1, -1, "water", "red"), (1, 0, "water", "blue"),
            (0, 1, "water", "yellow"), (-1, 1, "monster", None), (-1, 0, "tile", "green"),
            (0, -1, "water", "pink")),
    "7-2": ((0, 0, "shallows", None), (1, -1, "water", "green"), (1, 0, "water", "yellow"),
            (0, 1, "water", "red"), (-1, 1, "offering", None), (-1, 0, "tile", "green"),
            (0, -1, "water", "black")),
    "7-3": ((0, 0, "water", "green"), (1, -1, "water", "black"), (0, 1, "temple", None),
            (-1, 1, "water", "yellow"), (-1, 0, "monster2", None), (0, -1, "tile", "black"),
            (1, -2, "water", "blue")),
    "7-4": ((0, 0, "water", "yellow"), (1, -1, "water", "blue"), (0, 1, "water", "red"),
            (-1, 1, "monster", None), (-1, 0, "tile", "blue"), (0, -1, "temple", None),
            (1, -2, "water", "black")),
    "7-5": ((0, 0, "water", "yellow"), (1, -1, "temple", None), (0, 1, "water", "black"),
            (-1, 1, "statue", None), (-1, 0, "tile", "blue"), (0, -1, "water", "blue"),
            (1, -2, "monster2", None)),
    "9-0": ((0, 0, "tile", "yellow"), (1, -1, "statue", None), (1, 0, "water", "green"),
            (0, 1, "water", "pink"), (-1, 1, "water", "red"), (-1, 0, "water", "blue"),
            (0, -1, "water", "yellow"), (-1, -1, "offering", None), (-2, 1, "water", "pink")),
    "9-1": ((0, 0, "water", "pink"), (1, -1, "monster2", None), (1, 0, "water", "red"),
            (0, 1, "offering", None), (-1, 1, "water", "green"), (-1, 0, "water", "yellow"),
            (0, -1, "tile", "black"), (-1, -1, "water", "pink"), (-2, 1, "statue", None)),
    "9-2": ((0, 0, "water", "green"), (1, -1, "tile", "red"), (1, 0, "offering", None),
            (0, 1, "monster", None), (-1, 1, "water", "blue"), (-1, 0, "water", "black"),
            (0, -1, "water", "pink"), (-1, -1, "statue", None), (-2, 1, "temple", None)),
    "11-0": ((0, 0, "water", "yellow"), (1, -1, "water", "black"), (1, 0, "water", "red"),
             (0, 1, "monster", None), (-1, 1, "water", "black"), (-1, 0, "tile", "red"),
             (0, -1, "water", "blue"), (-2, 2, "water", "red"), (-1, 2, "water", "blue"),
             (-2, 3, "temple", None), (-1, 3, "tile", "pink")),
    "11-1": ((0, 0, "water", "pink"), (1, -1, "water", "green"), (1, 0, "tile", "yellow"),
             (0, 1, "monster", None), (-1, 1, "water", "red"), (-1, 0, "offering", None),
             (0, -1, "water", "black"), (-2, 2, "water", "black"), (-1, 2, "water", "blue"),
             (-2, 3, "water", "green"), (-1, 3, "statue", None)),
    "11-2": ((0, 0, "water", "red"), (1, -1, "offering", None), (1, 0, "water", "green"),
             (0, 1, "temple", None), (-1, 1, "water", "yellow"), (-1, 0, "statue", None),
             (0, -1, "water", "pink"), (-2, 2, "tile", "pink"), (-1, 2, "water", "green"),
             (-2, 3, "water", "pink"), (-1, 3, "monster", None)),
}

# The three building-site colours of each tile's statue island.
STATUE_SITES: dict[str, tuple[str, str, str]] = {
    "7-5": ("pink", "blue", "red"),
    "9-0": ("green", "red", "yellow"),
    "9-1": ("blue", "black", "yellow"),
    "9-2": ("pink", "green", "yellow"),
    "11-1": ("green", "black", "blue"),
    "11-2": ("pink", "black", "red"),
}

# City tiles: the city island and two water spaces. At rotation 0 the city's north-west
# and north-east sides face the open sea (the edge of the map).
CITY_COLOURS = COLOURS
CITY_OUTER_SIDES = ((0, -1), (1, -1))   # directions from the city hex, rotation 0
CITY_WATER: dict[str, tuple[str, str]] = {
    "red": ("black", "pink"),
    "yellow": ("red", "green"),
    "green": ("black", "blue"),
    "blue": ("yellow", "green"),
    "pink": ("red", "blue"),
    "black": ("yellow", "pink"),
}


def city_tile(colour: str) -> tuple[tuple[int, int, str, str | None], ...]:
    first, second = CITY_WATER[colour]
    return ((1, -1, "city", None), (0, 0, "water", first), (1, 0, "water", second))


CITY_TILES = {f"city-{colour}": city_tile(colour) for colour in CITY_COLOURS}


def piece(name: str) -> tuple[tuple[int, int, str, str | None], ...]:
    """The hexes of a board tile ("7-3") or a city tile ("city-red")."""
    return BOARD_TILES[name] if name in BOARD_TILES else CITY_TILES[name]
