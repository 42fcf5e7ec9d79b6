"""Medina's strong bot: Monte Carlo over the rules, the basic bot playing out to the end.

Medina hides nothing (supplies, board and tiles are on the table), so a sampled world
is the state itself; the worlds differ only in how the basic bot breaks its ties.

Version 2 plays every rollout to the end of the game and scores it by the final
scores (a win, and the margin over the best other player), and tries the moves the
basic bot itself ranks highest. Version 1 (kept for the audit of games it played) cut
rollouts off after 16 moves, where the scores as they stand misjudge unroofed palaces,
and tried moves drawn at random: it lost to the basic bot.
"""
from __future__ import annotations

from games.engine.search import Budget, margin_value, strong_bot, win_share

from .bot import _Look, _value, choose_move
from .scoring import player_scores


def determinize(state: dict, seat: int, rng) -> dict:
    return state


def evaluate(rules, state: dict, seat: int) -> float:
    totals = [row["total"] for row in player_scores(state)]
    return margin_value(totals[seat], [total for other, total in enumerate(totals) if other != seat], 6.0)


def shortlist(rules, state: dict, seat: int, moves: list, rng) -> list:
    """The legal moves as the basic bot values them, best first (a stable sort: ties
    keep the rules' order, so the list follows from the state alone)."""
    look = _Look(state, seat)
    return sorted(moves, key=lambda move: -_value(look, move))


def final(outcome, seat: int) -> float:
    """A finished rollout: half for the win, half for the margin over the best other."""
    scores = outcome.scores
    margin = margin_value(scores[seat], [score for other, score in enumerate(scores) if other != seat], 4.0)
    return 0.5 * win_share(outcome, seat) + 0.5 * margin


choose_move_strong_v1 = strong_bot(basic=choose_move, determinize=determinize, evaluate=evaluate,
                                   budget=Budget(worlds=4, candidates=6, rollout_moves=16), version=1)

STRONG_BUDGET = Budget(worlds=1, candidates=4, rollout_moves=400)
choose_move_strong = strong_bot(basic=choose_move, determinize=determinize, evaluate=evaluate,
                                shortlist=shortlist, final=final, budget=STRONG_BUDGET, version=2)
