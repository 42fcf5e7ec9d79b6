"""Momiji's strong bot: determinized Monte Carlo over the rules, the basic bot playing out.

Hidden from a seat: the other hands and the order of the deck. Everything else (display,
rows, acorns, objectives, powers, the number of discarded cards) is on the table.
"""
from __future__ import annotations

from games.engine.search import Budget, margin_value, redeal, strong_bot

from . import components as C
from .bot import choose_move
from .scoring import final_scores


def determinize(state: dict, seat: int, rng) -> dict:
    """A state the seat cannot tell from the real one: the other hands and the deck
    dealt anew from the cards the seat has not seen, hand sizes and deck size kept."""
    others = [other for other in range(state["players"]) if other != seat]
    dealt = redeal([state["hands"][other] for other in others] + [state["deck"]], rng)
    for other, hand in zip(others, dealt):
        state["hands"][other] = C.sort_cards(hand)
    state["deck"] = dealt[-1]
    return state


def evaluate(rules, state: dict, seat: int) -> float:
    totals = [row["total"] for row in final_scores(state["rows"], state["acorns"], state["active_objectives"])]
    return margin_value(totals[seat], [total for other, total in enumerate(totals) if other != seat], 4.0)


choose_move_strong = strong_bot(basic=choose_move, determinize=determinize, evaluate=evaluate,
                                budget=Budget(worlds=6, candidates=5, rollout_moves=24), version=1)
