"""Citytrip Brugge's strong bot: determinized Monte Carlo over the rules, the basic bot
playing out.

Hidden from a seat: the steps the other players took this turn and have not yet
revealed, and the cards still to be turned (the rules draw them during a rollout). A
sampled world replaces the others' pending steps with random legal steps of the same
number. The candidates are the basic bot's best-rated symbol choices.
"""
from __future__ import annotations

import math

from games.engine.search import Budget, canonical_key, margin_value, strong_bot

from .bot import choose_move, ranked_choices
from .missions import SOLO_LEVELS
from .score import score_sheet
from .turn import CHOOSE


def determinize(state: dict, seat: int, rng) -> dict:
    for other in range(state["players"]):
        hidden = state["pending"][other]
        if other == seat or not hidden:
            continue
        from .rules import CitytourRules

        rules = CitytourRules()
        sampled = []
        state["pending"][other] = sampled
        for _ in range(len(hidden)):
            moves = sorted(rules.turn_of(state, other).legal_moves(), key=canonical_key)
            sampled.append(rng.choice(moves))
    return state


def shortlist(rules, state, seat, moves, rng) -> list:
    if rules.turn_of(state, seat).phase != CHOOSE:
        return []
    return [item[1] for item in ranked_choices(state, seat)]


def evaluate(rules, state: dict, seat: int) -> float:
    totals = [score_sheet(state, other)["total"] for other in range(state["players"])]
    if state["players"] == 1:
        target = SOLO_LEVELS[state["options"]["level"]]["target"]
        return 1.0 / (1.0 + math.exp(-(totals[0] - target) / 6.0))
    return margin_value(totals[seat], [t for other, t in enumerate(totals) if other != seat], 6.0)


_search = strong_bot(basic=choose_move, determinize=determinize, evaluate=evaluate, shortlist=shortlist,
                     budget=Budget(worlds=4, candidates=5, rollout_moves=36), version=1)


def choose_move_strong(rules, state, seat, rng) -> dict:
    """Search the symbol choice; the route and marks follow the basic bot's plan for it."""
    if rules.turn_of(state, seat).phase != CHOOSE:
        return choose_move(rules, state, seat, rng)
    return _search(rules, state, seat, rng)


choose_move_strong.version = 1
choose_move_strong.budget = _search.budget
