"""Amazonas's strong bot: determinized Monte Carlo over the rules, the basic bot playing out.

Hidden from a seat: the other players' mission cards (until the end) and, while income
cards are being chosen, the cards the others have already chosen. A sampled world deals
the other missions from the cards the seat does not hold and lets every other seat that
has chosen hold a random card from its own public hand. Everything else (huts, tiles,
money, the cards played this cycle, the events left) is on the table.
"""
from __future__ import annotations

from games.engine.search import Budget, margin_value, strong_bot

from . import components as C
from .bot import choose_move
from .scoring import breakdown


def determinize(state: dict, seat: int, rng) -> dict:
    others = [other for other in range(state["players"]) if other != seat]
    unseen = sorted(set(range(len(C.MISSIONS))) - {state["missions"][seat]})
    rng.shuffle(unseen)
    for other, card in zip(others, unseen):
        state["missions"][other] = card
    if state["phase"] == "choose":
        for other in others:
            if state["chosen"][other] is not None:
                hand = sorted(state["hands"][other])
                state["chosen"][other] = hand[rng.randbelow(len(hand))]
    return state


def evaluate(rules, state: dict, seat: int) -> float:
    totals = [row["total"] + row["money"] / 9 for row in breakdown(state)]
    return margin_value(totals[seat], [t for other, t in enumerate(totals) if other != seat], 4.0)


# Rollouts run to the end of the game (at most about 130 moves): a cut-off score misses
# what money and half-built networks are worth, and the basic bot plays out cheaply.
# Against the basic bot over 20 two-player games this won 85%; cut off after 30 or 40
# moves (even with 6 worlds and the basic bot's ranking of candidates) 53-75%.
choose_strong = strong_bot(basic=choose_move, determinize=determinize, evaluate=evaluate,
                           budget=Budget(worlds=4, candidates=4, rollout_moves=200), version=1)
