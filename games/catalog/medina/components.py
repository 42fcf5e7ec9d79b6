"""Medina's components as data, with where each number comes from.

Sources (facts only):
* SEED: the BGA help page for Medina (newest revision, 2024-06-05), German;
* Boardspace: the Boardspace implementation of both editions (MedinaBoard.java,
  MedinaChip.java, MedinaCell.java) and its rules pages;
* lehi: the English 2nd-edition rules at lehi-innovation.github.io;
* BSW: the Brettspielwelt rules page (1st edition, 2003 championship rules).
"""
from __future__ import annotations

# The four palace colours (SEED: weiß, lila, kastanienbraun, orange), in the order
# of their palace-tile values.
COLOURS = ["white", "violet", "brown", "orange"]

# Palace tiles: the largest claimed palace of a colour scores its tile
# (Boardspace MedinaChip: grey/white 1, black/violet 2, brown 3, orange 4).
PALACE_TILE_VALUE = {"white": 1, "violet": 2, "brown": 3, "orange": 4}

# Guard (tower) tiles are worth their tower number, 1 to 4 (Boardspace MedinaChip;
# SEED: "jedes Wächterplättchen: 1-4 Punkte").
GUARD_TILE_VALUE = [1, 2, 3, 4]

# Merchants waiting on the guard tiles of towers 1-4 with the "tower merchants"
# option (SEED: 3 on tower 1, 2 on tower 2, 1 on tower 3; lehi; Boardspace 3/2/1/0).
TOWER_MERCHANTS = [3, 2, 1, 0]

# Tea tiles with the tea option (SEED: 6 tiles; the 1st, 2nd and 3rd claimed violet
# palaces take 3, 2 and 1 of them).
TEA_TILES = 6
TEA_SHARES = [3, 2, 1]

# The city (the squares inside the wall ring), width x height. The ring of wall
# squares and the four corner towers lie around it.
# lehi: "one side for 2 players/10x14 squares, one side for 3-4 players/11x16";
# Boardspace stores them as 16x12 and 18x13 grids including the ring.
CITY_SIZE_TWO_PLAYERS = (14, 10)
CITY_SIZE = (16, 11)

# Pieces per player. Keys: buildings per colour, roofs (domes), neutral roofs,
# stables, merchants, walls.
# 2nd edition: SEED table (2/3/4 players), confirmed by lehi and Boardspace. The
# neutral roofs for three players are the option "neutral_roofs_for_three" (SEED:
# "1 (falls zutreffend)"; lehi says 2, taken as a misprint, see docs).
SUPPLY_SECOND_EDITION = {
    2: {"buildings": 8, "roofs": 4, "neutral_roofs": 2, "stables": 4, "merchants": 12, "walls": 15},
    3: {"buildings": 6, "roofs": 4, "neutral_roofs": 1, "stables": 4, "merchants": 8, "walls": 12},
    4: {"buildings": 5, "roofs": 4, "neutral_roofs": 0, "stables": 3, "merchants": 6, "walls": 9},
}
# 1st edition (3-4 players only): Boardspace (nInitialWalls 10/8) and BSW's table.
SUPPLY_FIRST_EDITION = {
    3: {"buildings": 6, "roofs": 4, "neutral_roofs": 0, "stables": 4, "merchants": 8, "walls": 10},
    4: {"buildings": 5, "roofs": 4, "neutral_roofs": 0, "stables": 3, "merchants": 6, "walls": 8},
}

# Towers sit in the corners of the ring. Numbering as on Boardspace's board
# (MedinaCell.towerNumber): top-left 1, bottom-right 2, top-right 3, bottom-left 4.
TOWER_CORNERS = {1: ("left", "top"), 2: ("right", "bottom"), 3: ("right", "top"), 4: ("left", "bottom")}

# Fountain bonus: 4 points per palace part on one of the four squares two squares
# from the fountain in a straight line (SEED: "orthogonal zwei Felder vom Brunnen";
# Boardspace scores exactly these four squares and keeps buildings and stables off
# the eight squares around the fountain).
FOUNTAIN_POINTS = 4
