"""Medina's strong bot: Monte Carlo over the rules, the basic bot playing out.

Medina hides nothing (supplies, board and tiles are on the table), so a sampled world
is the state itself.
"""
from __future__ import annotations

from games.engine.search import Budget, margin_value, strong_bot

from .bot import choose_move
from .scoring import player_scores


def determinize(state: dict, seat: int, rng) -> dict:
    return state


def evaluate(rules, state: dict, seat: int) -> float:
    totals = [row["total"] for row in player_scores(state)]
    return margin_value(totals[seat], [total for other, total in enumerate(totals) if other != seat], 6.0)


choose_move_strong = strong_bot(basic=choose_move, determinize=determinize, evaluate=evaluate,
                                budget=Budget(worlds=4, candidates=6, rollout_moves=16), version=1)
