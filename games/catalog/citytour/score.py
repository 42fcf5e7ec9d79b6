"""Citytrip Brugge's final scoring of one sheet (also shown as the running score).

SEED: for each place type the points in the next free box of its row, the missions
fulfilled, minus the rush penalty. A restaurant doubles the other gastronomy.
"""
from __future__ import annotations

from .components import GASTRONOMY, GASTRONOMY_POINTS, ROW_VALUES, RUSH_PENALTY, SIGHTS
from .missions import MISSIONS, mission_points


def score_sheet(state: dict, seat: int) -> dict:
    side = state["side"]
    sheet = state["sheets"][seat]
    counts: dict = {}
    for marked in sheet["marks"].values():
        counts[marked] = counts.get(marked, 0) + 1
    rows = {ptype: ROW_VALUES[side][ptype][counts.get(ptype, 0)] for ptype in SIGHTS}
    gastro_types = [t for t in GASTRONOMY if counts.get(t)]
    gastronomy = sum(GASTRONOMY_POINTS[t] for t in gastro_types if t != "restaurant")
    if "restaurant" in gastro_types:
        gastronomy *= 2
    all_marks = [other["marks"] for other in state["sheets"]]
    solo = state["players"] == 1
    missions = {}
    for number in state["missions"]:
        missions[str(number)] = mission_points(MISSIONS[number], number, seat, all_marks, state["claims"],
                                               sheet["reached"], solo)
    rush = RUSH_PENALTY[sheet["rush"]]
    total = sum(rows.values()) + gastronomy + sum(missions.values()) - rush
    return {"rows": rows, "gastronomy": gastronomy, "missions": missions,
            "missions_fulfilled": sum(1 for points in missions.values() if points > 0),
            "rush_penalty": rush, "rushes": sheet["rush"], "total": total}
