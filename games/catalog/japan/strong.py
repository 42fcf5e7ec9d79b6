"""A stronger bot: determinized Monte Carlo search over the rules' own decide and evolve.

At a placement (or day bonus) during planning, the bot keeps the basic bot's best few
candidates, then for each of a few *determinizations* (the hidden cards dealt again at
random, consistent with what its own seat may know: its hand, its plan, the plans,
tokens, hand and stack sizes everybody saw when the round opened, the public discard
pile) plays each candidate and the following moves of every seat with a quick policy
through ``rules.decide`` and ``rules.evolve``, until the end of the next round or until
the fixed move budget is spent. A candidate is worth its mean final margin: its own plan's
estimate minus the best other plan's (the travel agent's score when solo). The trip has no
hidden information left; there it answers like the basic bot, which already tries every
answer.

The search never reads another seat's live state: ``determinize`` builds the searched
state from the seat's own data and the public snapshot only.
"""
from __future__ import annotations

import copy

from .bot import _planning_move, _trip_move, _with, plan_value
from .components import CARDS_PER_DAY, CITIES, DAYS, ROUND_TABLE, all_cards, city_of
from .rules import PHASES_DONE
from .trip import run_trip

CANDIDATES = 4
DETERMINIZATIONS = 3
MOVE_BUDGET = 240       # simulated moves per decision, shared by all candidates and samples


def known_cards(state: dict, seat: int) -> set:
    """Every card id the seat can place: public plans and discards, its own hand and plan."""
    shown = state["shown"]
    known = set(shown["discard"])
    for public in shown["seats"]:
        for column in public["plan"]:
            known |= {e["card"] for e in column if "card" in e}
    own = state["seats"][seat]
    known |= set(own["hand"])
    for column in own["plan"]:
        known |= {e["card"] for e in column if "card" in e}
    for move in own["round_moves"]:
        if move["type"] in ("discard", "walk"):
            known.add(move["card"])
    if state["agent"]:
        for column in state["agent"]["plan"]:
            known |= {e["card"] for e in column}
    return known


def determinize(state: dict, seat: int, rng) -> dict:
    """A full state consistent with what ``seat`` knows, the unknown cards dealt at random."""
    shown = state["shown"]
    own = state["seats"][seat]
    pool = [c for city in CITIES for c in all_cards(city) if c not in known_cards(state, seat)]
    rng.shuffle(pool, "bot")

    def take(count):
        taken = pool[:count]
        del pool[:count]
        return taken

    _, keep, _ = ROUND_TABLE[state["round"]]
    seats = []
    for index, public in enumerate(shown["seats"]):
        if index == seat:
            data = copy.deepcopy(own)
            data["stack"] = take(len(own["stack"]))
        else:
            data = {key: copy.deepcopy(public[key]) for key in
                    ("plan", "explore", "jokers", "luxury", "start_ticket", "mood", "joy", "stress")}
            data.update({"hand": take(public["hand"]), "stack": take(public["stack"]),
                         "phase": "play" if public["hand"] else PHASES_DONE, "plays_left": keep,
                         "discards_left": 0, "bonus_day": None, "bonus_tier": 0, "round_moves": []})
        for column in data["plan"]:
            for entry in column:
                if "walk" in entry:
                    entry["walk"] = take(1)[0] if pool else None
        seats.append(data)
    discard = list(shown["discard"]) + [m["card"] for m in own["round_moves"] if m["type"] in ("discard", "walk")]
    decks = {city: sorted(c for c in pool if city_of(c) == city) for city in CITIES}
    return {**state, "seats": seats, "discard": discard, "decks": decks,
            "agent": copy.deepcopy(state["agent"]), "trip": None}


def margin(state: dict, seat: int) -> float:
    def value(data):
        return plan_value(data["plan"], data["explore"]) + 2 * data["luxury"] + data["jokers"]

    mine = value(state["seats"][seat])
    if state["agent"]:
        return mine - run_trip(state["agent"]["plan"], {}, [], agent=True).score["total"]
    others = [value(data) for index, data in enumerate(state["seats"]) if index != seat]
    return mine - max(others)


def rollout(rules, state, seat, move, rng, budget, horizon) -> tuple[float, int]:
    events = rules.decide(state, seat, move, rng)
    for event in events:
        state = rules.evolve(state, event)
    spent = 1
    while spent < budget and state["phase"] == "planning" and state["round"] <= horizon:
        to_move = rules.to_move(state)
        if not to_move:
            break
        mover = min(to_move)
        moves = rules.legal_moves(state, mover)
        choice = _planning_move(rules, state, mover, moves, rng)
        for event in rules.decide(state, mover, choice, rng):
            state = rules.evolve(state, event)
        spent += 1
    return margin(state, seat), spent


def choose_strong(rules, state, seat, rng) -> dict:
    moves = rules.legal_moves(state, seat)
    if not moves:
        raise RuntimeError("japan strong bot: no legal move")
    if state["phase"] == "trip":
        return _trip_move(rules, state, seat, moves)
    data = state["seats"][seat]
    if data["phase"] not in ("play", "bonus"):
        return _planning_move(rules, state, seat, moves, rng)
    candidates = _candidates(state, seat, moves)
    if len(candidates) == 1:
        return candidates[0]
    horizon = min(state["round"] + 1, 13)
    per_rollout = max(2, MOVE_BUDGET // (len(candidates) * DETERMINIZATIONS))
    totals = [0.0] * len(candidates)
    for _ in range(DETERMINIZATIONS):
        sample = determinize(state, seat, rng)
        for index, move in enumerate(candidates):
            value, _ = rollout(rules, copy.deepcopy(sample), seat, move, rng, per_rollout, horizon)
            totals[index] += value
    best = max(range(len(candidates)), key=lambda index: totals[index])
    return candidates[best]


def _candidates(state, seat, moves) -> list[dict]:
    data = state["seats"][seat]
    if data["phase"] == "bonus":
        kinds = {}
        for move in moves:
            kinds.setdefault(move["bonus"], move)
        return list(kinds.values())
    plan = [[({"walk": None, "city": e["city"]} if "walk" in e else e) for e in column] for column in data["plan"]]
    base = plan_value(plan)
    scored = []
    for move in moves:
        if move["type"] == "place":
            entry = {"card": move["card"]}
        elif move["type"] == "walk" and move["city"] == "tokyo":
            entry = {"walk": None, "city": "tokyo"}
        else:
            continue
        day = DAYS.index(move["day"])
        value = plan_value(_with(plan, day, move["position"], entry)) - base
        if len(plan[day]) + 1 == CARDS_PER_DAY:
            value += 1
        scored.append((value, len(scored), move))
    scored.sort(key=lambda item: (-item[0], item[1]))
    return [move for _, _, move in scored[:CANDIDATES]] or moves[:1]


choose_strong.version = 1
