"""The score sheet of 62 Soleils d'Été as data.

Sources: the rule text (seed, German BGA help page, newest revision) gives the five
zones and their writing rules, the cell symbols (pearl, crab, frog hat), the zone
flags, the sun track with its bonus values 12, 22, 32, 42, 52, 62 and the three kinds
of reward (starfish, shells, question mark), 3 dice, at most 20 rounds and the end at
62 suns. The English BGA help adds that a crab copy also gains the symbols of the cell
it lands in and that the koi may be filled in any order.

DESIGN: no public source gives the printed layout: the grid, the number of cells per
zone, the pearl value of each cell, where the crabs and frog hats sit, the koi signs,
the flag rewards, the starfish printed on single huts, koi and boat rows, and which
reward sits on which sun value. All of that below is our own design in the published
sheet's structure, documented in docs/games/soleils.md. Everything else in the
package reads the sheet from here, so a corrected layout replaces only this file.

The sheet is a 5 x 7 grid (row 0 at the top); crabs copy into the orthogonal
neighbours of this grid, across zone borders:

    column:   0        1        2        3     |   4       5       6
    row 0:  hut1-t   hut2-t   hut3-t   hut4-t  | boat1-1 boat1-2 boat1-3
    row 1:  hut1-b   hut2-b   hut3-b   hut4-b  | boat2-1 boat2-2 boat2-3
    row 2:  koi1-1   koi1-2   koi1-3   koi1-4  | bottle-1 bottle-2 bottle-3
    row 3:  koi2-1   koi2-2   koi2-3   koi2-4  | gull-1  gull-2  gull-3
    row 4:  koi3-1   koi3-2   koi3-3   koi3-4  | gull-4  gull-5  gull-6
"""
from __future__ import annotations

from dataclasses import dataclass

DICE = 3             # seed: three dice per round, shared by everybody
MAX_ROUNDS = 20      # seed: at most 20 rounds (the sun track has 20 suns)
SUN_GOAL = 62        # seed: the round in which a sun total reaches 62 or more is the last
SHELL_MAJORITY_POINTS = 5   # seed: 5 starfish for the most shells, ties all score


@dataclass(frozen=True)
class Reward:
    starfish: int = 0
    shells: int = 0
    question: bool = False   # "?": write any number 1-6 into any cell (sun track only)


@dataclass(frozen=True)
class Cell:
    id: str
    row: int
    col: int
    zone: str
    group: str
    pearl: int
    crab: bool = False
    hat: bool = False


@dataclass(frozen=True)
class Group:
    """Cells that share one writing rule (one hut, one koi, one row of boats ...).

    ``rule``: "same" (all equal), "different" (all different), "signs" (koi: the
    sign between neighbouring cells, "<" or ">", must hold). A boat row's rule can be
    switched by the ``sailboat_rule`` option (see rules.py). ``reward`` is what the
    completed group itself is worth (DESIGN: starfish printed on huts, koi and boat
    rows, the seed's "Seesterne aus den Zonen").
    """

    id: str
    name: str
    zone: str
    rule: str
    cells: tuple
    signs: str = ""
    reward: Reward = Reward()


@dataclass(frozen=True)
class Zone:
    id: str
    name: str
    groups: tuple
    flag: Reward


# (id, row, col, pearl, symbol) per zone group. Symbol: "" none, "crab", "hat".
# DESIGN: pearls 1-6 spread six times each (3 only five times) over the 35 cells;
# every koi's pearls obey its own signs and the gulls carry 1..6, so all their
# pearls can be filled together; a hut's two pearls differ. Crabs sit where a copy
# can land (never only among gulls, whose numbers all differ); the crabs on gull-1 and
# bottle-1 touch, so a copy can chain; the crab of hut 2's roof can copy into the frog
# hat below it.
_HUTS = [
    ("hut1", [("hut1-t", 0, 0, 1, ""), ("hut1-b", 1, 0, 4, "")]),
    ("hut2", [("hut2-t", 0, 1, 3, "crab"), ("hut2-b", 1, 1, 6, "hat")]),
    ("hut3", [("hut3-t", 0, 2, 5, ""), ("hut3-b", 1, 2, 2, "")]),
    ("hut4", [("hut4-t", 0, 3, 2, ""), ("hut4-b", 1, 3, 5, "")]),
]
_KOI = [
    ("koi1", "<<>", [("koi1-1", 2, 0, 2, "hat"), ("koi1-2", 2, 1, 4, ""),
                     ("koi1-3", 2, 2, 6, ""), ("koi1-4", 2, 3, 3, "")]),
    ("koi2", ">><", [("koi2-1", 3, 0, 5, ""), ("koi2-2", 3, 1, 3, ""),
                     ("koi2-3", 3, 2, 1, "crab"), ("koi2-4", 3, 3, 4, "")]),
    ("koi3", "<><", [("koi3-1", 4, 0, 2, ""), ("koi3-2", 4, 1, 5, ""),
                     ("koi3-3", 4, 2, 1, ""), ("koi3-4", 4, 3, 6, "")]),
]
_BOATS = [
    ("boats1", [("boat1-1", 0, 4, 4, ""), ("boat1-2", 0, 5, 6, ""), ("boat1-3", 0, 6, 1, "")]),
    ("boats2", [("boat2-1", 1, 4, 3, ""), ("boat2-2", 1, 5, 5, ""), ("boat2-3", 1, 6, 2, "")]),
]
_BOTTLES = [("bottle-1", 2, 4, 1, "crab"), ("bottle-2", 2, 5, 4, ""), ("bottle-3", 2, 6, 6, "")]
_GULLS = [("gull-1", 3, 4, 1, "crab"), ("gull-2", 3, 5, 2, ""), ("gull-3", 3, 6, 3, "hat"),
          ("gull-4", 4, 4, 4, ""), ("gull-5", 4, 5, 5, ""), ("gull-6", 4, 6, 6, "")]

# DESIGN: rewards. A completed hut is worth 1 starfish, a koi 2, a boat row 1; the flag
# of a completed zone gives shells and/or starfish, more on the harder zones.
HUT_REWARD = Reward(starfish=1)
KOI_REWARD = Reward(starfish=2)
BOAT_ROW_REWARD = Reward(starfish=1)
FLAGS = {
    "huts": Reward(starfish=2, shells=1),
    "koi": Reward(starfish=3, shells=1),
    "boats": Reward(shells=2),
    "bottles": Reward(starfish=1, shells=2),
    "gulls": Reward(starfish=3, shells=1),
}

# Seed: the bonus values of the sun track. DESIGN: which reward sits on which value.
SUN_BONUSES = {
    12: Reward(shells=1),
    22: Reward(question=True),
    32: Reward(starfish=2),
    42: Reward(shells=1),
    52: Reward(question=True),
    62: Reward(starfish=3),
}


def _cells(zone, group, rows):
    return [Cell(id=cid, row=row, col=col, zone=zone, group=group, pearl=pearl,
                 crab=symbol == "crab", hat=symbol == "hat")
            for cid, row, col, pearl, symbol in rows]


def _build():
    cells, groups, zones = [], [], []
    hut_groups = []
    for number, (gid, rows) in enumerate(_HUTS, 1):
        cells += _cells("huts", gid, rows)
        hut_groups.append(Group(gid, f"hut {number}", "huts", "same",
                                tuple(r[0] for r in rows), reward=HUT_REWARD))
    koi_groups = []
    for number, (gid, signs, rows) in enumerate(_KOI, 1):
        cells += _cells("koi", gid, rows)
        koi_groups.append(Group(gid, f"koi {number}", "koi", "signs",
                                tuple(r[0] for r in rows), signs=signs, reward=KOI_REWARD))
    boat_groups = []
    for number, (gid, rows) in enumerate(_BOATS, 1):
        cells += _cells("boats", gid, rows)
        boat_groups.append(Group(gid, f"boat row {number}", "boats", "different",
                                 tuple(r[0] for r in rows), reward=BOAT_ROW_REWARD))
    cells += _cells("bottles", "bottles", _BOTTLES)
    bottle_group = Group("bottles", "the bottles", "bottles", "same", tuple(r[0] for r in _BOTTLES))
    cells += _cells("gulls", "gulls", _GULLS)
    gull_group = Group("gulls", "the gulls", "gulls", "different", tuple(r[0] for r in _GULLS))
    zones = [
        Zone("huts", "beach huts", tuple(hut_groups), FLAGS["huts"]),
        Zone("koi", "koi carp", tuple(koi_groups), FLAGS["koi"]),
        Zone("boats", "sailing boats", tuple(boat_groups), FLAGS["boats"]),
        Zone("bottles", "bottles", (bottle_group,), FLAGS["bottles"]),
        Zone("gulls", "gulls", (gull_group,), FLAGS["gulls"]),
    ]
    groups = [group for zone in zones for group in zone.groups]
    return cells, groups, zones


_CELL_LIST, _GROUP_LIST, ZONE_LIST = _build()
CELL_IDS = [cell.id for cell in _CELL_LIST]          # sheet order, row by row per zone
CELLS = {cell.id: cell for cell in _CELL_LIST}
GROUPS = {group.id: group for group in _GROUP_LIST}
ZONES = {zone.id: zone for zone in ZONE_LIST}
_BY_POSITION = {(cell.row, cell.col): cell.id for cell in _CELL_LIST}
NEIGHBOURS = {
    cell.id: [_BY_POSITION[(cell.row + dr, cell.col + dc)]
              for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))
              if (cell.row + dr, cell.col + dc) in _BY_POSITION]
    for cell in _CELL_LIST
}


def layout_json() -> dict:
    """The sheet as plain JSON, for clients that draw it."""
    return {
        "cells": [{"id": c.id, "row": c.row, "col": c.col, "zone": c.zone, "group": c.group,
                   "pearl": c.pearl, "crab": c.crab, "hat": c.hat} for c in _CELL_LIST],
        "groups": [{"id": g.id, "name": g.name, "zone": g.zone, "rule": g.rule,
                    "cells": list(g.cells), "signs": g.signs,
                    "reward": {"starfish": g.reward.starfish, "shells": g.reward.shells}}
                   for g in _GROUP_LIST],
        "zones": [{"id": z.id, "name": z.name, "groups": [g.id for g in z.groups],
                   "flag": {"starfish": z.flag.starfish, "shells": z.flag.shells}}
                  for z in ZONE_LIST],
        "sun_bonuses": {str(value): {"starfish": r.starfish, "shells": r.shells,
                                     "question": r.question}
                        for value, r in SUN_BONUSES.items()},
        "max_rounds": MAX_ROUNDS,
        "sun_goal": SUN_GOAL,
    }
