"""The basic bot's round choice (bot.choose_move under rules from version 2 on), the
same move for the same state and RNG, with each step's best moves remembered.

The strong bot plays thousands of rounds with the basic bot per decision, and most of
them repeat: in one sampled world every candidate meets the same dice, so the other
player's sheet and choice are the same from candidate to candidate. A step's best
moves depend only on the sheet, the dice, the steps so far and the others' shells, so
they are cached by those; the RNG still breaks ties among them exactly as the basic
bot does (one draw whenever there is more than one legal step), so a cached choice is
the choice the basic bot makes.
"""
from __future__ import annotations

from functools import lru_cache

from .bot import best_steps
from .components import CELL_IDS
from .sheet import tally
from .turn import DONE, run_turn


def _step_key(step: dict) -> tuple:
    return tuple(sorted(step.items()))


@lru_cache(maxsize=1 << 16)
def _best_steps(cells: tuple, sun: tuple, dice: tuple, steps: tuple, other_shells: tuple,
                rule: str) -> tuple:
    """(number of legal steps, the best of them) after ``steps`` this round."""
    sheet = {"cells": dict(zip(CELL_IDS, cells)), "sun": list(sun)}
    turn = run_turn(sheet, list(dice), [dict(step) for step in steps], rule)
    moves = turn.legal_moves()
    if len(moves) == 1:
        return 1, (moves[0],)
    return len(moves), tuple(best_steps(turn, moves, list(other_shells)))


def basic_choice(rules, state, seat, rng) -> dict:
    """What ``bot.choose_move`` answers for ``seat`` (rules version 2 and later)."""
    rule = state["options"]["sailboat_rule"]
    sheet, dice = state["sheets"][seat], tuple(state["dice"])
    cells, sun = tuple(sheet["cells"][cell] for cell in CELL_IDS), tuple(sheet["sun"])
    other_shells = tuple(tally(other)["shells"] for index, other in enumerate(state["sheets"]) if index != seat)
    steps = [dict(step) for step in state["moves"][seat]]
    turn = run_turn(sheet, list(dice), steps, rule)
    chosen = []
    while turn.phase != DONE:
        count, best = _best_steps(cells, sun, dice, tuple(_step_key(step) for step in steps), other_shells, rule)
        step = best[0] if count == 1 else best[rng.randbelow(len(best), "bot")]
        step = dict(step)
        turn.apply(step)
        steps.append(step)
        chosen.append(step)
    return {"type": "choice", "steps": chosen}
