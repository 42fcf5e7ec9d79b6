"""62 Soleils d'Été's strong bot: determinized Monte Carlo over the rules, the basic bot
playing out.

Hidden from a seat: the choices the other players made this round and have not yet
revealed. The seat knows how many steps each made and who has finished the round; a
sampled world replaces those choices with random legal ones of the same length.
Future dice are rolled by the rules during the playout.
"""
from __future__ import annotations

from games.engine.search import Budget, canonical_key, margin_value, strong_bot

from .bot import choose_move
from .sheet import tally
from .turn import DONE, run_turn


def determinize(state: dict, seat: int, rng) -> dict:
    rule = state["options"]["sailboat_rule"]
    for other in range(state["players"]):
        hidden = state["moves"][other]
        if other == seat or not hidden:
            continue
        finished = run_turn(state["sheets"][other], state["dice"], hidden, rule).phase == DONE
        steps, sampled = len(hidden), []
        while True:
            turn = run_turn(state["sheets"][other], state["dice"], sampled, rule)
            if turn.phase == DONE or (not finished and len(sampled) >= steps):
                break
            sampled.append(rng.choice(sorted(turn.legal_moves(), key=canonical_key)))
        state["moves"][other] = sampled
    return state


def evaluate(rules, state: dict, seat: int) -> float:
    points = [tally(sheet)["points"] for sheet in state["sheets"]]
    return margin_value(points[seat], [value for other, value in enumerate(points) if other != seat], 5.0)


choose_move_strong = strong_bot(basic=choose_move, determinize=determinize, evaluate=evaluate,
                                budget=Budget(worlds=4, candidates=5, rollout_moves=12), version=1)
