"""End-of-game scoring: stacks, acorns and objectives.

A row is a list of stacks, left to right; a stack is ``{"leaf": "red",
"values": [0, 0, 1]}``, bottom card first. A stack is closed with a torii exactly
when its top card is a 3 (playing a 3 closes it), so no separate flag is kept.
"""
from __future__ import annotations

from .components import (CARD_LEFT_ACORN, CARD_RIGHT_ACORN, OBJECTIVE_HOLDER_POINTS,
                         OBJECTIVE_OTHER_POINTS, OBJECTIVES, ACORN_PAIR_GAIN, card_code)


def is_closed(stack: dict) -> bool:
    return stack["values"][-1] == 3


def stack_points(stack: dict) -> int:
    """SEED: top card value times the number of cards in the stack."""
    values = stack["values"]
    return values[-1] * len(values)


def acorn_pairs(row: list[dict]) -> int:
    """Neighbouring open stacks whose touching corners both show an acorn.

    DESIGN: a torii covers its stack, so a closed stack shows no corners.
    """
    pairs = 0
    for left, right in zip(row, row[1:]):
        if is_closed(left) or is_closed(right):
            continue
        if (CARD_RIGHT_ACORN[card_code(left["leaf"], left["values"][-1])]
                and CARD_LEFT_ACORN[card_code(right["leaf"], right["values"][-1])]):
            pairs += 1
    return pairs


def acorn_pair_gain(row: list[dict]) -> int:
    return ACORN_PAIR_GAIN * acorn_pairs(row)


def measure(row: list[dict], objective: str) -> int:
    """How well a row meets an objective (higher is better; 0 means not at all)."""
    kind, arg = OBJECTIVES[objective]["measure"]
    if kind == "value":
        return sum(stack["values"].count(arg) for stack in row)
    if kind == "leaf":
        return sum(len(stack["values"]) for stack in row if stack["leaf"] == arg)
    if kind == "top_sum":
        return sum(stack["values"][-1] for stack in row if not is_closed(stack))
    if kind == "torii":
        return sum(1 for stack in row if is_closed(stack))
    if kind == "longest":
        return max((len(stack["values"]) for stack in row), default=0)
    if kind == "stacks":
        return len(row)
    raise ValueError(objective)


def objective_points(rows: list[list[dict]], objective: str, holder: int) -> list[int]:
    """Points each seat scores for one activated objective.

    SEED: whoever meets the objective best scores — the token's holder 10, any
    other seat 3; on a tie every tied seat scores. DESIGN: a measure of 0 does
    not meet an objective. Solo (DESIGN): the holder scores 10 on reaching the
    objective's solo target.
    """
    points = [0] * len(rows)
    if len(rows) == 1:
        if measure(rows[0], objective) >= OBJECTIVES[objective]["solo_target"]:
            points[0] = OBJECTIVE_HOLDER_POINTS
        return points
    measures = [measure(row, objective) for row in rows]
    best = max(measures)
    if best <= 0:
        return points
    for seat, value in enumerate(measures):
        if value == best:
            points[seat] = OBJECTIVE_HOLDER_POINTS if seat == holder else OBJECTIVE_OTHER_POINTS
    return points


def final_scores(rows: list[list[dict]], acorns: list[int], active: list[dict]) -> list[dict]:
    """Per-seat breakdown: stacks, acorns, objectives and the total."""
    players = len(rows)
    breakdown = []
    for seat in range(players):
        breakdown.append({
            "stacks": sum(stack_points(stack) for stack in rows[seat]),
            "acorns": acorns[seat],
            "objectives": 0,
            "objective_detail": {},
            "torii": sum(1 for stack in rows[seat] if is_closed(stack)),
        })
    for entry in active:
        points = objective_points(rows, entry["objective"], entry["holder"])
        for seat in range(players):
            if points[seat]:
                breakdown[seat]["objectives"] += points[seat]
                breakdown[seat]["objective_detail"][entry["objective"]] = points[seat]
    for item in breakdown:
        item["total"] = item["stacks"] + item["acorns"] + item["objectives"]
    return breakdown
