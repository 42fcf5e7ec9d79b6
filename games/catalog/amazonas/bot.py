"""The basic Amazonas bot: greedy rules of thumb a steady player follows.

* the start hut goes where the mission is cheapest to reach;
* the income card: the one whose income this round beats its usual value the most
  (the Indio card under a negative event, a low card under forest fire, high cards
  while money is short and in the last four rounds, when three cards stay unplayed);
* huts are valued by what they add to the final score (mission villages, tiles in types
  of 3 and more, the five-type chip, the majority chips) and by how far they carry the
  network towards unbuilt mission villages; the best one per silver is built while any
  is worth its price;
* the Indio is hired when this round's income is small; a neutral hut (two players)
  goes where it makes the opponent's next hut dearer.

It reads only its own seat's data and what is public (its own mission, not others').
"""
from __future__ import annotations

from collections import deque
from functools import lru_cache

from . import components as C
from .scoring import counts, majority_holders, mission_villages


@lru_cache(maxsize=None)
def distances(source: str) -> dict:
    seen = {source: 0}
    queue = deque([source])
    while queue:
        here = queue.popleft()
        for there, _kind in C.NEIGHBOURS[here]:
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen


def hut_value(state: dict, seat: int, village: str) -> float:
    """Points (now and likely later) that a hut in ``village`` adds for ``seat``."""
    mine = counts(state, seat)
    kind = C.village_type(village)
    have = mine[kind]
    value = 0.0
    missions = mission_villages(state, seat)
    if village in missions:
        value += C.MISSION_POINTS * (2 if state["options"]["missions"] == "penalty" else 1)
    value += 3.0 if have + 1 == C.SCORING_MINIMUM else 1.0 if have + 1 > C.SCORING_MINIMUM else 0.6
    if have == 0:
        owned = sum(1 for n in mine.values() if n > 0)
        value += 0.7
        if owned == len(C.TYPES) - 1 and state["five_chips"][seat] is None and state["chips_left"]:
            value += state["chips_left"][0]
    others = [counts(state, other)[kind] for other in range(state["players"]) if other != seat]
    best_other = max(others) if others else 0
    if have + 1 >= C.MAJORITY_MINIMUM and have + 1 > best_other:
        if majority_holders(state).get(kind) != seat:
            value += 1.0
    # Getting closer to the mission villages still missing.
    huts = {v for v, owners in state["sites"].items() if seat in owners}
    missing = [m for m in missions if m not in huts and len(state["sites"][m]) < len(C.site_costs(m))]
    for target in missing:
        before = min((distances(h)[target] for h in huts), default=9)
        after = distances(village)[target]
        if after < before:
            value += 1.2 * (before - after) / max(1, after + 1)
    return value


COST_DIVISOR = 20.0   # a hut must be worth a little more than nothing before the last round
RANK_BY_RATIO = True  # the most value per silver first (else the most value)


def best_build(rules, state, seat, moves) -> dict | None:
    builds = [m for m in moves if m["type"] == "build"]
    if not builds:
        return None
    scored = []
    for move in builds:
        cost = rules.build_cost(state, seat, move["village"])
        value = hut_value(state, seat, move["village"])
        # Money has no worth at the end; before then a hut must earn its price.
        late = state["round"] >= C.ROUNDS or state["phase"] == "start"
        threshold = 0.0 if late else cost / COST_DIVISOR
        scored.append((value - threshold, value / cost, move))
    scored.sort(key=lambda item: (item[1], item[0]) if RANK_BY_RATIO else (item[0], item[1]), reverse=True)
    margin, _, move = scored[0]
    return move if margin > 0 else None


def start_build(state, seat, moves) -> dict:
    missions = mission_villages(state, seat)

    def score(move):
        village = move["village"]
        reach = sum(distances(village)[m] for m in missions)
        own = 4 if village in missions else 0
        return (own - reach * 0.5 - len(state["sites"][village]), village)

    return max(moves, key=score)


CARD_WEIGHT, LATE_WEIGHT = 0.75, 0.3


def card_choice(rules, state, seat, moves) -> dict:
    from .rules import card_value

    event = state["event"]
    late = state["round"] > 14
    need = min((rules.build_cost(state, seat, v) or 99) for v in C.VILLAGE_IDS)
    money = state["money"][seat]

    def score(move):
        card = move["card"]
        value = card_value(state, seat, card)
        shield = card == 6
        effective = value
        if event == "fire" and not shield:
            effective = value // 2
        if event == "theft" and not shield:
            effective -= max(counts(state, seat).values())
        if event in ("jaguar", "crocodile") and shield:
            effective += 1.5
        weight = LATE_WEIGHT if late else CARD_WEIGHT
        short = 0.4 if money < need else 0.0
        return (effective - (weight - short) * value, value)

    return max(moves, key=score)


def start_step(rules, state, seat, moves) -> dict:
    neutrals = [m for m in moves if m["type"] == "neutral"]
    hires = [m for m in moves if m["type"] == "hire"]
    if neutrals:
        other = 1 - seat
        theirs = {v for v, owners in state["sites"].items() if other in owners}
        mine = {v for v, owners in state["sites"].items() if seat in owners}

        def harm(move):
            village = move["village"]
            near_them = sum(1 for n, _ in C.NEIGHBOURS[village] if n in theirs) if village not in theirs else 0
            near_me = sum(1 for n, _ in C.NEIGHBOURS[village] if n in mine) if village not in mine else 0
            return (near_them - 1.5 * near_me, village)

        best = max(neutrals, key=harm)
        if harm(best)[0] > 0:
            return best
    if hires:
        value = state["values"][seat]
        mine = counts(state, seat)

        def gain(move):
            have = mine[move["research"]]
            return 3.0 if have + 1 == C.SCORING_MINIMUM else 1.0 if have >= C.SCORING_MINIMUM else 0.5

        best = max(hires, key=lambda m: (gain(m), m["research"]))
        if value <= 2 * gain(best) + 1:
            return best
    return {"type": "collect"}


def choose_move(rules, state: dict, seat: int, rng) -> dict:
    moves = rules.legal_moves(state, seat)
    if not moves:
        raise RuntimeError("amazonas: the bot was asked to move but has no legal move")
    phase = state["phase"]
    if phase == "start":
        return start_build(state, seat, moves)
    if phase == "choose":
        return card_choice(rules, state, seat, moves)
    if state["step"] == "start":
        return start_step(rules, state, seat, moves)
    return best_build(rules, state, seat, moves) or {"type": "end"}
