"""A basic bot for Let's Go to Japan.

Planning: every legal placement or walk is scored by a quick estimate of the plan it
makes (card points, highlights whose conditions the plan meets so far, experience
levels, the mood tracks, city changes), plus the day bonus it would trigger; the best
wins. It never explores (an unused marker is a point), takes the highest day bonus it
may, and passes. The trip: yellow cards follow the city before them, the best ticket
first, walk faces and jokers by trying each answer and finishing the trip greedily.
The bot reads only what its own seat may know (its hand, its plan with walks face down).
"""
from __future__ import annotations

from collections import Counter

from .components import (CARDS_PER_DAY, DAYS, EXPERIENCE, GREEN, JOY_POINTS, MOOD_END, RED,
                         STRESS_POINTS, experience_points)
from .conditions import card
from .rules import BONUS_TIERS, day_matches
from .trip import run_trip

BONUS_ORDER = ["luxury", "joker", "explore", "mood"]


def plan_value(plan: list, explore: int = 0) -> float:
    """A quick estimate of what a (partial) plan scores on the trip."""
    tally: Counter = Counter()
    points = 0.0
    mood, joy, stress = 0, 0, 0
    cities = []
    for column in plan:
        for entry in column:
            if "walk" in entry:
                points += 1
                tally["walk"] += 1
                icons = ("relax",)
                cities.append(entry["city"])
            else:
                shown = card(entry["card"])
                points += shown.points
                icons = shown.icons
                cities.append(None if shown.yellow else shown.city)
            for icon in icons:
                tally[icon] += 1
                if icon in GREEN or icon in RED:
                    mood += 1 if icon in GREEN else -1
                    if mood >= MOOD_END:
                        joy, mood = min(joy + 1, 3), 0
                    elif mood <= -MOOD_END:
                        stress, mood = min(stress + 1, 3), 0
        if column:
            bottom = column[-1]
            if "walk" in bottom:
                points += 2
            else:
                shown = card(bottom["card"])
                if shown.condition.met(tally):
                    points += shown.reward.value(tally)
                    for kind in shown.reward.gain:
                        tally[kind] += 1
                else:
                    points += 0.25 * shown.reward.value(tally) if len(column) < CARDS_PER_DAY else 0
    changes, last = 0, None
    for city in cities:
        if city is None:
            continue
        if last is not None and city != last:
            changes += 1
        last = city
    points -= 2 * max(0, changes - 1)
    points += sum(experience_points(tally[name]) for name in EXPERIENCE)
    points += JOY_POINTS[joy] + STRESS_POINTS[stress]
    return points + explore


def _with(plan, day, position, entry):
    new = [list(column) for column in plan]
    new[day].insert(position, entry)
    return new


def _planning_move(rules, state, seat_index, moves, rng):
    seat = state["seats"][seat_index]
    phase = seat["phase"]
    if phase == "draw":
        return moves[rng.randbelow(len(moves), "bot")]
    if phase == "bonus":
        for name in BONUS_ORDER:
            for move in moves:
                if move["bonus"] == name:
                    return move
        return moves[0]
    if phase == "discard":
        worst = min(moves, key=lambda m: card(m["card"]).points + len(card(m["card"]).icons))
        return worst
    if phase == "finish":
        return {"type": "pass"}
    plan = [[({"walk": None, "city": e["city"]} if "walk" in e else e) for e in column]
            for column in seat["plan"]]
    base = plan_value(plan)
    # Only the bottom of a day matters for its highlight: the top stands for every other
    # position. A walk is worth the same whichever card it discards: try it once per place
    # and discard the weakest card.
    weakest = min(seat["hand"], key=lambda c: card(c).points + len(card(c).icons))
    best, best_value = None, None
    for move in moves:
        if move["type"] not in ("place", "walk"):
            continue
        day = DAYS.index(move["day"])
        if move["position"] not in (0, len(plan[day])):
            continue
        if move["type"] == "place":
            entry = {"card": move["card"]}
            value = plan_value(_with(plan, day, move["position"], entry)) - base
        else:
            if move["city"] != "tokyo" or move["card"] != weakest:
                continue
            entry = {"walk": None, "city": move["city"]}
            value = plan_value(_with(plan, day, move["position"], entry)) - base + 1
        new_column = list(plan[day])
        new_column.insert(move["position"], entry)
        if len(new_column) == CARDS_PER_DAY:
            matches = day_matches(new_column, state["symbols"][day])
            value += (0, 1, 2.5, 3.5)[min(matches, 3)]
        if best_value is None or value > best_value:
            best, best_value = move, value
    return best if best is not None else moves[0]


def _trip_policy(decision, cities):
    """The quick answer to a trip question (used to finish trips greedily)."""
    options = decision.options
    if decision.kind == "yellow":
        prefer = cities[-1] if cities else "tokyo"
        return next(o for o in options if o["city"] == prefer)
    if decision.kind == "ticket":
        kinds = {o["kind"]: o for o in options}
        return kinds.get("luxury") or kinds.get("start") or kinds["standard"]
    if decision.kind == "face":
        return next(o for o in options if o["face"] == "up")
    return next(o for o in options if o["type"] == "continue")


def _finish(plan, start, moves):
    moves = list(moves)
    for _ in range(60):
        run = run_trip(plan, start, moves)
        if run.pending is None:
            return run.score["total"]
        moves.append(_trip_policy(run.pending, run.cities))
    return run_trip(plan, start, moves).score["total"]


def _trip_move(rules, state, seat_index, moves):
    data = state["seats"][seat_index]
    start = {key: data[key] for key in ("mood", "joy", "stress", "jokers", "explore", "luxury", "start_ticket")}
    done = state["trip"][seat_index]
    run = run_trip(data["plan"], start, done)
    decision = run.pending
    if decision.kind in ("yellow", "ticket"):
        return _trip_policy(decision, run.cities)
    if decision.kind == "final_joker":
        def gain(option):
            if option["type"] == "continue":
                return -1
            finished = run_trip(data["plan"], start, done + [option] + [{"type": "continue"}])
            return finished.score["total"] if finished.score else 0
        return max(moves, key=gain)
    return max(moves, key=lambda option: _finish(data["plan"], start, done + [option]))


def choose_move(rules, state, seat, rng) -> dict:
    moves = rules.legal_moves(state, seat)
    if not moves:
        raise RuntimeError("japan bot: no legal move")
    if state["phase"] == "trip":
        return _trip_move(rules, state, seat, moves)
    return _planning_move(rules, state, seat, moves, rng)
