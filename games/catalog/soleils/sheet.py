"""One player's sheet: the zone rules and what a sheet is worth.

A sheet is plain JSON: ``{"cells": {cell_id: value or None}, "sun": [running totals]}``.
Everything a sheet scores (pearls, completed huts, koi and boat rows, zone flags, the
sun bonuses) follows from those two, so nothing else is stored.
"""
from __future__ import annotations

from .components import (CELL_IDS, CELLS, GROUPS, SUN_BONUSES, ZONE_LIST)

ROW_ALL_DIFFERENT = "row_all_different"      # seed: the three boats of a row all differ
ADJACENT_DIFFERENT = "adjacent_different"    # English BGA help: neighbouring boats differ


def empty_sheet() -> dict:
    return {"cells": {cell_id: None for cell_id in CELL_IDS}, "sun": []}


def why_not(cells: dict, cell_id: str, value: int, sailboat_rule: str = ROW_ALL_DIFFERENT):
    """Why ``value`` may not be written into ``cell_id`` under its zone rule, or None.

    Only the zone rule is checked here (the cell is assumed empty).
    """
    cell = CELLS[cell_id]
    group = GROUPS[cell.group]
    if group.rule == "same":
        for other in group.cells:
            held = cells[other]
            if held is not None and held != value and other != cell_id:
                return (f"every cell of {group.name} must hold the same number, "
                        f"and it already holds a {held}")
        return None
    if group.rule == "different":
        if group.zone == "boats" and sailboat_rule == ADJACENT_DIFFERENT:
            index = group.cells.index(cell_id)
            for near in (index - 1, index + 1):
                if 0 <= near < len(group.cells) and cells[group.cells[near]] == value:
                    return f"the neighbouring boat in {group.name} already holds a {value}"
            return None
        for other in group.cells:
            if other != cell_id and cells[other] == value:
                return f"{group.name} already holds a {value}; its numbers must all differ"
        return None
    # Koi: the sign between each pair of neighbouring cells must hold (strictly).
    index = group.cells.index(cell_id)
    if index > 0:
        left = cells[group.cells[index - 1]]
        sign = group.signs[index - 1]
        if left is not None and not _holds(left, sign, value):
            return f"{group.name} needs {left} {sign} {value} between these cells"
    if index < len(group.cells) - 1:
        right = cells[group.cells[index + 1]]
        sign = group.signs[index]
        if right is not None and not _holds(value, sign, right):
            return f"{group.name} needs {value} {sign} {right} between these cells"
    return None


def _holds(left: int, sign: str, right: int) -> bool:
    return left < right if sign == "<" else left > right


def fits(cells: dict, cell_id: str, value: int, sailboat_rule: str = ROW_ALL_DIFFERENT) -> bool:
    return cells[cell_id] is None and why_not(cells, cell_id, value, sailboat_rule) is None


def filled_pearls(cells: dict) -> list[str]:
    """Cells whose number equals their pearl: each pearl is worth 1 point at the end."""
    return [cell_id for cell_id in CELL_IDS if cells[cell_id] == CELLS[cell_id].pearl]


def sun_rewards(sun: list) -> list[int]:
    """The bonus values of the sun track this sheet hit exactly."""
    return [total for total in sun if total in SUN_BONUSES]


def tally(sheet: dict) -> dict:
    """Starfish and shells of a sheet (before the shell majority), with a breakdown."""
    cells = sheet["cells"]
    pearls = len(filled_pearls(cells))
    group_starfish = group_shells = flag_starfish = flag_shells = 0
    completed_groups, completed_zones = [], []
    for zone in ZONE_LIST:
        zone_done = True
        for group in zone.groups:
            if all(cells[cell_id] is not None for cell_id in group.cells):
                completed_groups.append(group.id)
                group_starfish += group.reward.starfish
                group_shells += group.reward.shells
            else:
                zone_done = False
        if zone_done:
            completed_zones.append(zone.id)
            flag_starfish += zone.flag.starfish
            flag_shells += zone.flag.shells
    sun_starfish = sum(SUN_BONUSES[value].starfish for value in sun_rewards(sheet["sun"]))
    sun_shells = sum(SUN_BONUSES[value].shells for value in sun_rewards(sheet["sun"]))
    return {
        "pearls": pearls,
        "group_starfish": group_starfish,
        "flag_starfish": flag_starfish,
        "sun_starfish": sun_starfish,
        "shells": group_shells + flag_shells + sun_shells,
        "points": pearls + group_starfish + flag_starfish + sun_starfish,
        "completed_groups": completed_groups,
        "completed_zones": completed_zones,
        "sun_total": sheet["sun"][-1] if sheet["sun"] else 0,
    }
