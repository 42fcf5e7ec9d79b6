"""The basic bot: plan the whole turn at once, greedily.

For each choice of symbols (pairs, rush triples when the gain pays the penalty, bonus
boxes on the red side) it tries every longest route the compasses allow, marks the
places on it that are worth most for the symbols left (row value gained, mission
progress, bonus boxes), and adds a little for what lies near the route's new end.
Plans within a point or two of each other are told apart by the bot's own
RNG, so two basic bots on the same sheet do not always play alike. The route step
finds the best route for the symbols chosen again (it is the same as planned: the
route of a plan depends only on the sheet, the display and the choice), so nothing
needs remembering between steps.
"""
from __future__ import annotations

from functools import lru_cache

from .components import (BONUS_BOXES, COMPASS, COSTS, GASTRONOMY, GASTRONOMY_POINTS, PAID_WITH, RED,
                         ROW_VALUES, RUSH_PENALTY, SQUARE, neighbours, place_types, places, row_size)
from .missions import MISSIONS, count_of
from .turn import CHOOSE, ROUTE, Turn, counts_of

NEAR_WEIGHT = 0.35
BONUS_WORTH = 1.2


def _mark_value(state, seat, sheet, counts, ptype, pid, gastro_now):
    side = state["side"]
    if ptype in GASTRONOMY:
        if ptype == "restaurant":
            value = max(3.0, sum(GASTRONOMY_POINTS[t] for t in gastro_now if t != "restaurant"))
        else:
            value = GASTRONOMY_POINTS[ptype] * (2 if "restaurant" in gastro_now else 1.4)
    else:
        row = ROW_VALUES[side][ptype]
        c = counts.get(ptype, 0)
        value = row[c + 1] - row[c] if c + 1 < len(row) else 0.0
    c = counts.get(ptype, 0)
    if side == RED and c + 1 in BONUS_BOXES.get(ptype, {}):
        value += BONUS_WORTH * BONUS_BOXES[ptype][c + 1]
    for number in state["missions"]:
        card = MISSIONS[number]
        kind = card["kind"]
        if kind == "visit" and pid in card["places"]:
            value += card["points"] / len(card["places"]) * 1.3
        elif kind == "race" and (card["type"] == ptype or (card["type"] == "gastronomy" and ptype in GASTRONOMY)):
            if str(number) not in sheet["reached"] and (str(number) not in state["claims"] or state["players"] == 1):
                value += card["points"] / card["count"]
        elif kind == "set" and (ptype in card["types"] or ("gastronomy" in card["types"] and ptype in GASTRONOMY)):
            have = count_of(sheet["marks"], ptype if ptype in card["types"] else "gastronomy")
            others = min(count_of(sheet["marks"], t) for t in card["types"])
            if have <= others:
                value += card["points"] / len(card["types"])
        elif kind == "most" and (card["type"] == ptype or (card["type"] == "gastronomy" and ptype in GASTRONOMY)):
            value += card["points"] / 3
    return value


def _best_marks(state, seat, sheet, candidates, budget):
    """Greedy marks: the best value per symbol first, within the budget."""
    side = state["side"]
    costs = COSTS[side]
    counts = counts_of(sheet["marks"])
    gastro = {t for t in GASTRONOMY if counts.get(t)}
    left = dict(budget)
    chosen, total = {}, 0.0
    while True:
        best = None
        for pid in candidates:
            if pid in chosen:
                continue
            for ptype in place_types(side, pid):
                kind, cost = PAID_WITH[ptype], costs[ptype]
                if cost > left[kind]:
                    continue
                if ptype in GASTRONOMY and ptype in gastro:
                    continue
                if ptype not in GASTRONOMY and counts.get(ptype, 0) >= row_size(side, ptype):
                    continue
                value = _mark_value(state, seat, sheet, counts, ptype, pid, gastro)
                key = (value / cost, value)
                if best is None or key > best[0]:
                    best = (key, pid, ptype, value)
        if best is None:
            break
        _, pid, ptype, value = best
        chosen[pid] = ptype
        total += value
        left[PAID_WITH[ptype]] -= costs[ptype]
        counts[ptype] = counts.get(ptype, 0) + 1
        if ptype in GASTRONOMY:
            gastro.add(ptype)
    return chosen, total


@lru_cache(maxsize=4096)
def _near(side: str, end: str, blocked: frozenset) -> float:
    """What lies within three steps of a route end, not yet passed: places to visit later."""
    graph = neighbours(side)
    info = places(side)
    seen, frontier, value = {end}, [end], 0.0
    for depth in (1, 2, 3):
        nxt = []
        for pid in frontier:
            for other in graph[pid]:
                if other in seen or other in blocked:
                    continue
                seen.add(other)
                nxt.append(other)
                if info[other].type != SQUARE:
                    value += 1.0 / depth
        frontier = nxt
    return value


def _maximal_paths(turn: Turn, end: str, steps: int, used: set) -> list:
    graph = neighbours(turn.side)
    out = []

    def walk(at, path):
        if len(path) == steps:
            out.append(list(path))
            return
        moved = False
        for nxt in graph[at]:
            if nxt not in used and nxt not in path:
                moved = True
                path.append(nxt)
                walk(nxt, path)
                path.pop()
        if not moved:
            out.append(list(path))

    walk(end, [])
    return out


def _plan_value(state, seat, turn: Turn):
    """The best (value, path, marks) for a turn whose symbols are chosen."""
    sheet = turn.sheet
    budget = turn.budget()
    end = turn.end()
    used = set(sheet["route"])
    best = None
    for path in _maximal_paths(turn, end, budget[COMPASS], used):
        segment = [end] + path
        candidates = [p for p in segment if p not in sheet["marks"] and place_types(turn.side, p)]
        marks, value = _best_marks(state, seat, sheet, candidates, budget)
        tip = path[-1] if path else end
        blocked = frozenset(used | set(path))
        value += NEAR_WEIGHT * _near(turn.side, tip, blocked)
        if state["options"]["two_directions"]:
            other = sheet["route"][0] if turn.choice.get("end") != "tail" else sheet["route"][-1]
            value += 0.15 * NEAR_WEIGHT * _near(turn.side, other, blocked)
        if best is None or value > best[0] + 1e-9:
            best = (value, path, marks)
    return best


JITTER = 1.5          # points: how far apart two plans must be for the RNG not to matter


def ranked_choices(state, seat) -> list:
    """Every choice of symbols with its planned route and marks, best first."""
    sheet = state["sheets"][seat]
    two = state["options"]["two_directions"]
    base = Turn(sheet, state["display"], state["side"], two, [])
    ranked = []
    for index, move in enumerate(base.choose_moves()):
        turn = Turn(sheet, state["display"], state["side"], two, [move])
        value, path, marks = _plan_value(state, seat, turn)
        if len(move["cells"]) == 3:
            value -= RUSH_PENALTY[sheet["rush"] + 1] - RUSH_PENALTY[sheet["rush"]] + 1.0
        value -= BONUS_WORTH * 0.8 * sum(b["value"] for b in move.get("bonuses", []))
        ranked.append((value, move, path, marks, index))
    ranked.sort(key=lambda item: (-item[0], item[4]))
    return ranked


def choose_move(rules, state, seat, rng) -> dict:
    turn = rules.turn_of(state, seat)
    if turn.phase == CHOOSE:
        ranked = ranked_choices(state, seat)
        best = max(ranked, key=lambda item: (item[0] + JITTER * rng.randbelow(1000, "bot") / 1000, -item[4]))
        return best[1]
    if turn.phase == ROUTE:
        _, path, _ = _plan_value(state, seat, turn)
        return {"type": "route", "path": path}
    # MARK: the best of every legal marking, valued like the plan.
    sheet = turn.sheet
    counts = counts_of(sheet["marks"])
    best, best_value = None, None
    for move in turn.mark_moves():
        value, trial_counts = 0.0, dict(counts)
        gastro = {t for t in GASTRONOMY if trial_counts.get(t)}
        for m in move["marks"]:
            value += _mark_value(state, seat, sheet, trial_counts, m["as"], m["place"], gastro)
            trial_counts[m["as"]] = trial_counts.get(m["as"], 0) + 1
            if m["as"] in GASTRONOMY:
                gastro.add(m["as"])
        if best is None or value > best_value + 1e-9:
            best, best_value = move, value
    return best
