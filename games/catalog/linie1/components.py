"""The components of Linie 1 / Streetcar as plain data.

Sources (facts only, gathered in shared/games/linie1.md):

* the Goldsieber 1995 rulebook and board photos (board, buildings, terminals,
  route cards, tile counts, "126 Schienenkärtchen");
* the Board Game Arena implementation's material tables (the relettered BGA
  board, its terminals and its tile stack of 125 plus start hands);
* the BGA game help page (the seed text): the three traffic-light dice.

Coordinates in this file are (row, col) counted from 1 at the top left, exactly as
in the tables of the sources; ``board.py`` turns them into 0-based squares.
Edges are numbered N=0, E=1, S=2, W=3; a rotation turns a tile clockwise by
90 degrees per step.
"""
from __future__ import annotations

N, E, S, W = 0, 1, 2, 3
EDGE_NAMES = ("N", "E", "S", "W")

# --- track tiles ---------------------------------------------------------
# Each tile type is a list of track segments in its base orientation. A tram
# entering a tile through edge e may only leave through the other end of a
# segment that contains e: that is what "no right-angle or acute turns, follow
# the track as drawn through switches and crossings" means on a square tile.
TILE_SEGMENTS: list[list[tuple[int, int]]] = [
    [(N, S)],                      # 0 straight
    [(N, E)],                      # 1 curve
    [(N, S), (S, W)],              # 2 straight with a curve (switch)
    [(N, S), (S, E)],              # 3 straight with the mirrored curve
    [(N, E), (N, W)],              # 4 double curve ("Y")
    [(N, E), (S, W)],              # 5 two opposite curves
    [(E, W), (N, E), (N, W)],      # 6 T: straight with two curves (trees)
    [(E, W), (E, N), (E, S)],      # 7 straight with two curves at one end (trees)
    [(N, E), (E, S), (S, W), (W, N)],  # 8 roundabout, no straight on (trees)
    [(N, S), (E, W)],              # 9 crossing, no turning (trees)
    [(N, S), (N, E), (S, W)],      # 10 straight with two opposite curves (trees)
    [(N, S), (N, W), (S, E)],      # 11 mirror image of 10 (trees)
]
TILE_NAMES = [
    "straight", "curve", "left switch", "right switch", "Y switch", "double curve",
    "T junction", "three-way switch", "roundabout", "crossing", "double switch",
    "mirrored double switch",
]
# Tiles showing trees (green background on BGA) can never be replaced.
TREE_TILES = frozenset(range(6, 12))
STRAIGHT, CURVE = 0, 1

# Tile counts. 1995: 126 tiles = 25 start tiles (15 straights + 10 curves, darker
# backs) + 101 drawing tiles; each player starts with 3 straights + 2 curves from
# the start tiles, unused start tiles go back in the box.
TILES_1995_MAIN = [21, 20, 10, 10, 10, 6, 6, 6, 4, 4, 2, 2]
TILES_1995_START = {STRAIGHT: 15, CURVE: 10}
# BGA: a stack of 125 tiles; every player additionally gets 3 straights + 2 curves.
TILES_BGA_STACK = [24, 23, 13, 13, 12, 8, 8, 8, 5, 5, 3, 3]
START_HAND = [STRAIGHT, STRAIGHT, STRAIGHT, CURVE, CURVE]
HAND_SIZE = 5

# --- boards --------------------------------------------------------------
BOARD_SIZE = 12

# Building squares (row, col), the same 12 squares on both boards but lettered
# differently (there is no J).
BUILDINGS_1995 = {
    "G": ("Gericht", (1, 8)),
    "F": ("Fischmarkt", (2, 4)),
    "M": ("Museum", (4, 6)),
    "H": ("Hallenbad", (4, 11)),
    "E": ("E-Werk", (5, 1)),
    "I": ("ICKEA", (6, 9)),
    "L": ("Lichtspielhaus", (7, 4)),
    "A": ("Altstadt", (8, 12)),
    "D": ("Dom", (9, 2)),
    "K": ("Kurhotel", (9, 7)),
    "B": ("Bahnhof", (11, 9)),
    "C": ("Charly's Pub", (12, 5)),
}
BUILDINGS_BGA = {
    "A": ("Automaker", (1, 8)),
    "H": ("Hospital", (2, 4)),
    "I": ("Ice cream parlor", (4, 6)),
    "B": ("Brewery", (4, 11)),
    "G": ("Gardens", (5, 1)),
    "K": ("Kindergarten", (6, 9)),
    "M": ("Museum", (7, 4)),
    "C": ("Cathedral", (8, 12)),
    "F": ("Fire station", (9, 2)),
    "L": ("Library", (9, 7)),
    "D": ("Department store", (11, 9)),
    "E": ("Exhibition", (12, 5)),
}

# Terminals: every terminal is a U-loop outside the board that feeds two adjacent
# edge squares. On each side the three pairs are at positions 2-3, 6-7 and 10-11
# (columns on the top and bottom sides, rows on the left and right sides). The
# tables give the line number of the first, middle and last pair of each side.
TERMINAL_POSITIONS = [(2, 3), (6, 7), (10, 11)]
TERMINALS_1995 = {"top": [5, 4, 6], "right": [1, 2, 3], "bottom": [6, 5, 4], "left": [3, 1, 2]}
TERMINALS_BGA = {"top": [1, 2, 3], "right": [4, 5, 6], "bottom": [3, 1, 2], "left": [6, 4, 5]}

# --- route cards ----------------------------------------------------------
# Each route card lists the stops for lines 1..6 (the same letter strings in the
# 1995 photos and in the BGA tables). Red-framed cards have 2 stops (4 or more
# players), blue-framed cards 3 stops (2 or 3 players). The last blue card's line 1
# reads C-G-M on the printed card (BGA has C-K-M, most likely a typo).
ROUTE_CARDS_2 = [
    ["BI", "BM", "DM", "EI", "BH", "FI"],
    ["CM", "FL", "HK", "EK", "DI", "BL"],
    ["CI", "GK", "EG", "CH", "HM", "AG"],
    ["AF", "GL", "CF", "DF", "AL", "CE"],
    ["BD", "BE", "BG", "HL", "AM", "AD"],
    ["FK", "FH", "AC", "DK", "DG", "EH"],
]
ROUTE_CARDS_3 = [
    ["CDI", "BDM", "GKL", "EFK", "EHK", "ALM"],
    ["FHK", "CFI", "GLM", "BHL", "DIM", "BFI"],
    ["BGL", "BLM", "CIM", "ADM", "AGK", "BFM"],
    ["FIK", "EGI", "DHK", "HKL", "AEL", "ABL"],
    ["ACL", "CGK", "DHI", "CEM", "ABM", "EIK"],
    ["CGM", "GHL", "CDM", "AEI", "DFI", "EKL"],
]
LINES = [1, 2, 3, 4, 5, 6]

# --- dice ------------------------------------------------------------------
# Faces: "red" = red light (stay), "1"/"2"/"3"/"4" = move that many squares,
# "H" = to the next stop or terminal, "tool" = breakdown, back to the workshop.
# SEED (BGA help page): each traffic-light die has two faces with two greens
# and one tool face.
DIE_BGA = ["red", "1", "2", "2", "H", "tool"]
# The published 2010 traffic-light dice as described on an older BGA help page
# ("tools (2 faces)").
DIE_PUBLISHED = ["red", "1", "2", "H", "tool", "tool"]
# The 1995 single special die. DESIGN: its exact faces were not found in the
# sources; the rulebook mentions number rolls up to 4 and an H face.
DIE_1995 = ["1", "2", "3", "4", "H", "H"]
