"""Counting research tiles, the bonus chips and the final score (pure functions of a state)."""
from __future__ import annotations

from .components import (MAJORITY_CHIP, MAJORITY_MINIMUM, MISSION_POINTS, MISSIONS, SCORING_MINIMUM,
                         TYPES)


def counts(state: dict, seat: int) -> dict:
    """Tiles per research type, each Indio counted with the type it was assigned to."""
    return {kind: state["tiles"][seat][kind] + state["indios"][seat][kind] for kind in TYPES}


def longest_row(state: dict, seat: int) -> int:
    return max(counts(state, seat).values())


def majority_holders(state: dict) -> dict:
    """Type -> the seat holding its 1-point chip: strictly the most tiles, at least 3."""
    holders = {}
    for kind in TYPES:
        numbers = [counts(state, seat)[kind] for seat in range(state["players"])]
        best = max(numbers)
        if best >= MAJORITY_MINIMUM and numbers.count(best) == 1:
            holders[kind] = numbers.index(best)
    return holders


def own_huts(state: dict, seat: int) -> list[str]:
    return [village for village, owners in state["sites"].items() if seat in owners]


def mission_villages(state: dict, seat: int) -> tuple:
    return MISSIONS[state["missions"][seat]]


def breakdown(state: dict) -> list[dict]:
    """Each seat's final score, part by part, and the tie-break values."""
    holders = majority_holders(state)
    penalty = state["options"]["missions"] == "penalty"
    result = []
    for seat in range(state["players"]):
        mine = counts(state, seat)
        huts = set(own_huts(state, seat))
        missions = mission_villages(state, seat)
        built = sum(1 for village in missions if village in huts)
        mission_points = -MISSION_POINTS * (len(missions) - built) if penalty else MISSION_POINTS * built
        tile_points = sum(n for n in mine.values() if n >= SCORING_MINIMUM)
        five = state["five_chips"][seat] or 0
        majority = MAJORITY_CHIP * sum(1 for holder in holders.values() if holder == seat)
        result.append({
            "tiles": tile_points, "five_types_chip": five, "majority_chips": majority,
            "missions": mission_points, "mission_villages_built": built,
            "total": tile_points + five + majority + mission_points,
            "tile_count": sum(mine.values()), "money": state["money"][seat],
            "copper": state["copper"][seat],
        })
    return result
