"""Harmonies components as data, with where each number comes from.

Sources: SEED = the German rule text (shared seeds, file 000, lines 3-90, newest
revision); PUB = the published English rulebook; BGA = the card data of the online
edition as gathered in the shared component notes (docs/games/harmonies.md lists them).
"""
from __future__ import annotations

# -- landscape tokens -----------------------------------------------------------------
# SEED, the table "Verteilung der Steine": 120 tokens in the pouch (PUB agrees).
TOKEN_COUNTS = {"blue": 23, "grey": 23, "brown": 21, "green": 19, "yellow": 19, "red": 15}
COLOURS = list(TOKEN_COUNTS)
TOKENS_PER_SPACE = 3            # SEED: "ein Set aus 3 Spielsteinen"

# -- central board and display (PUB) ----------------------------------------------------
CENTRAL_SPACES = {"multi": 5, "solo": 3}     # 2-4 players side / solo side
DISPLAY_SIZE = {"multi": 5, "solo": 3}       # face-up animal cards
CARD_PLACES = 4                              # SEED: "an einem der 4 Plätze"
CUBE_RESERVE = 66                            # PUB component list: 66 animal cubes
SPIRIT_CARDS_DEALT = 2                       # PUB (Nature's Spirit variant)

# -- habitat requirements ---------------------------------------------------------------
# A requirement names the exact stack a space must hold (bottom to top). Trees and
# mountains must match their height exactly; a building ("B") is a red token on any one
# grey, brown or red token (PUB, and the shared rulings 3 and 9).
REQUIREMENTS = {
    "W": ("blue",),
    "F": ("yellow",),
    "M1": ("grey",),
    "M2": ("grey", "grey"),
    "M3": ("grey", "grey", "grey"),
    "T1": ("green",),
    "T2": ("brown", "green"),
    "T3": ("brown", "brown", "green"),
}
BUILDING_BASES = ("grey", "brown", "red")
REQUIREMENT_WORDS = {
    "W": "water", "F": "field", "M1": "mountain of 1", "M2": "mountain of 2",
    "M3": "mountain of 3", "T1": "tree of 1", "T2": "tree of 2", "T3": "tree of 3",
    "B": "building",
}


def stack_meets(stack, requirement: str) -> bool:
    """True when ``stack`` (bottom to top) is exactly what ``requirement`` asks for."""
    if requirement == "B":
        return len(stack) == 2 and stack[1] == "red" and stack[0] in BUILDING_BASES
    return tuple(stack) == REQUIREMENTS[requirement]


# -- habitat shapes ---------------------------------------------------------------------
# Offsets in axial hex coordinates (q, r) from the space that receives the cube, which
# is always (0, 0). The six axial directions are (1,0) (1,-1) (0,-1) (-1,0) (-1,1) (0,1);
# the rules turn each shape through all six rotations and never mirror it.
# Shape names follow the shared component notes (section 1.3).
SHAPES = {
    # two neighbouring spaces: the cube space and one more
    "pair": [(0, 0), (1, 0)],
    # three in a straight line, cube at one end (listed far end, middle, cube)
    "line": [(2, 0), (1, 0), (0, 0)],
    # three in a line with the cube in the middle (listed end, cube, end)
    "line_mid": [(-1, 0), (0, 0), (1, 0)],
    # three mutually neighbouring spaces
    "triangle": [(1, 0), (1, -1), (0, 0)],
    # the cube space with two neighbours 120 degrees apart (listed end, cube, end)
    "boomerang": [(1, 0), (0, 0), (0, -1)],
    # the cube space with three consecutive neighbours (cube first)
    "spread": [(0, 0), (1, 0), (1, -1), (0, -1)],
    # four spaces: two neighbours in the middle, a tip on each side (tip, mid, mid, cube tip)
    "diamond": [(2, -1), (1, 0), (1, -1), (0, 0)],
}


def _card(number, name, shape, stacks, points, kind="animal"):
    offsets = SHAPES[shape]
    cells = []
    for offset, stack in zip(offsets, stacks):
        cells.append((offset, stack.rstrip("*")))
    cube = [offset for offset, stack in zip(offsets, stacks) if stack.endswith("*")]
    assert cube == [(0, 0)], (number, stacks)
    return {"id": number, "name": name, "kind": kind, "shape": shape,
            "cells": cells, "points": list(points)}


# BGA card data (ids 1-32), cross-checked with a second independent card list; the
# habitats and point tracks are as printed. 96 point spaces in all.
ANIMAL_CARDS = [
    _card(1, "crocodile", "line", ["T3", "W", "W*"], [4, 9, 15]),
    _card(2, "stingray", "triangle", ["M1", "M1", "W*"], [4, 10, 16]),
    _card(3, "fish", "pair", ["W*", "M3"], [3, 6, 10, 16]),
    _card(4, "otter", "line", ["T1", "T1", "W*"], [5, 10, 16]),
    _card(5, "frog", "pair", ["W*", "T1"], [2, 4, 6, 10, 15]),
    _card(6, "duck", "pair", ["W*", "B"], [2, 4, 8, 13]),
    _card(7, "flamingo", "triangle", ["F", "F", "W*"], [4, 10, 16]),
    _card(8, "lizard", "line", ["F", "F", "B*"], [5, 10, 16]),
    _card(9, "mouse", "boomerang", ["F", "B*", "F"], [5, 10, 17]),
    _card(10, "peacock", "boomerang", ["W", "B*", "W"], [5, 10, 17]),
    _card(11, "squirrel", "pair", ["B*", "T3"], [4, 9, 15]),
    _card(12, "hedgehog", "triangle", ["T2", "T2", "B*"], [5, 12]),
    _card(13, "bee", "spread", ["T2*", "F", "F", "F"], [8, 18]),
    _card(14, "bear", "triangle", ["M2", "M2", "T1*"], [5, 11]),
    _card(15, "rabbit", "line", ["B", "T1", "T1*"], [5, 10, 17]),
    _card(16, "parrot", "triangle", ["W", "W", "T2*"], [4, 9, 14]),
    _card(17, "boar", "pair", ["T2*", "B"], [4, 8, 13]),
    _card(18, "koala", "pair", ["T2*", "T1"], [3, 6, 10, 15]),
    _card(19, "wolf", "triangle", ["F", "F", "T3*"], [4, 10, 16]),
    _card(20, "kingfisher", "boomerang", ["W", "T3*", "W"], [5, 11, 18]),
    _card(21, "penguin", "boomerang", ["W", "M1*", "W"], [4, 10, 16]),
    _card(22, "bat", "pair", ["M1*", "T3"], [3, 6, 10, 15]),
    _card(23, "fox", "line", ["F", "M1", "M1*"], [4, 9, 16]),
    _card(24, "monkey", "triangle", ["W", "W", "M2*"], [5, 11]),
    _card(25, "eagle", "pair", ["M3*", "F"], [5, 11]),
    _card(26, "meerkat", "pair", ["M1*", "F"], [2, 5, 9, 14]),
    _card(27, "crow", "boomerang", ["B", "F*", "B"], [4, 9]),
    _card(28, "llama", "line", ["M2", "F", "F*"], [5, 12]),
    _card(29, "white wolf", "boomerang", ["T2", "F*", "T2"], [5, 10, 17]),
    _card(30, "raccoon", "spread", ["F*", "W", "W", "W"], [6, 12]),
    _card(31, "butterfly", "pair", ["F*", "T1"], [2, 5, 8, 12, 17]),
    _card(32, "panther", "line", ["T2", "T2", "F*"], [5, 11]),
]

# Nature's Spirit cards (BGA ids 33-42): one habitat and one cube each; the card scores
# by its own formula (``scoring.spirit_points``) once its cube is placed. ``group``
# tells the solo sun table whether it counts connected groups or landscapes.
SPIRIT_CARDS = [
    {**_card(33, "spirit of the meadows", "line", ["T2", "F", "F*"], [0], "spirit"),
     "rule": "each field group: 10 points with 3 or more tokens, else 2", "group": True},
    {**_card(34, "spirit of the marsh", "diamond", ["F", "W", "W", "F*"], [0], "spirit"),
     "rule": "5 points per field group of any size", "group": True},
    {**_card(35, "spirit of the old wood", "line_mid", ["T3", "T2*", "T1"], [0], "spirit"),
     "rule": "4 points per tree of height 2 or 3", "group": False},
    {**_card(36, "spirit of the grove", "triangle", ["T1", "T1", "T3*"], [0], "spirit"),
     "rule": "3 points per tree of height 1 or 2, 4 per tree of height 3", "group": False},
    {**_card(37, "spirit of the villages", "line", ["B", "T1", "B*"], [0], "spirit"),
     "rule": "4 points per connected group of buildings", "group": True},
    {**_card(38, "spirit of the towns", "line", ["F", "B", "B*"], [0], "spirit"),
     "rule": "6 points per connected group of 2 or more buildings", "group": True},
    {**_card(39, "spirit of the peaks", "pair", ["M3*", "M2"], [0], "spirit"),
     "rule": "4 points per mountain of height 2 or 3, neighbours or not", "group": False},
    {**_card(40, "spirit of the hills", "boomerang", ["M1", "M2*", "M1"], [0], "spirit"),
     "rule": "3 points per mountain of height 1 or 2, 1 per mountain of height 3",
     "group": False},
    {**_card(41, "spirit of the lakes", "line_mid", ["T2", "W*", "T2"], [0], "spirit"),
     "rule": "7 points per water group of 2 or more tokens", "group": True},
    {**_card(42, "spirit of the springs", "line_mid", ["M2", "W*", "W"], [0], "spirit"),
     "rule": "2 points per water token", "group": False},
]

CARDS = {card["id"]: card for card in ANIMAL_CARDS + SPIRIT_CARDS}
ANIMAL_IDS = [card["id"] for card in ANIMAL_CARDS]
SPIRIT_IDS = [card["id"] for card in SPIRIT_CARDS]


def is_spirit(card_id: int) -> bool:
    return CARDS[card_id]["kind"] == "spirit"


def cubes_on(card_id: int) -> int:
    """Cubes a card carries when taken: one per point space (a spirit card: one)."""
    return len(CARDS[card_id]["points"])


# -- scoring tables (SEED) ----------------------------------------------------------------
TREE_POINTS = {1: 1, 2: 3, 3: 7}
MOUNTAIN_POINTS = {1: 1, 2: 3, 3: 7}
FIELD_POINTS = 5
BUILDING_POINTS = 5
BUILDING_COLOURS_NEEDED = 3
ISLAND_POINTS = 5
RIVER_POINTS = {2: 2, 3: 5, 4: 8, 5: 11, 6: 15}
RIVER_EXTRA_PER_TOKEN = 4


def river_points(length: int) -> int:
    if length <= 1:
        return 0
    if length <= 6:
        return RIVER_POINTS[length]
    return RIVER_POINTS[6] + RIVER_EXTRA_PER_TOKEN * (length - 6)


# -- solo result (BGA's sun table; see the docs page) --------------------------------------
SOLO_SUN_THRESHOLDS = [40, 70, 90, 110, 130, 140, 150, 160]
