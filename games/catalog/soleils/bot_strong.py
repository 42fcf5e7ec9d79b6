"""62 Soleils d'Été's strong bot: determinized Monte Carlo over the rules, the basic bot
playing out to the end.

Hidden from a seat: the choices the other players made this round and have not yet
revealed, and the dice to come. A sampled world replaces a whole sealed choice by the
one the basic bot would make on that player's sheet (on the table) with this round's
dice, and a partial one (rules version 1) by random steps, as many as it holds. Future
dice are rolled by the rules during the playout, from a stream apart from the bots'
own draws, so that every candidate meets the same dice in a world.

Version 3 plays every rollout to the end with the basic bot for every player (a cached
copy of it, playout.py, since in one world the candidates meet the same dice and mostly
the same choices of the others) and scores it as a game is counted: 1 for a first place
alone, 1/2 for a shared one, 0 behind, plus a tenth for the margin. It tries the basic
bot's choice and the three next complete choices by the basic bot's own estimate in 24
worlds, and keeps the basic bot's choice unless another leads by more than one standard
error. Version 2 (kept for the audit) counted a shared first place nearly as a sole one,
so it held on to the ties two basic bots make on the same dice. Version 1 cut rollouts
off after 12 moves and tried choices drawn at random: it lost to the basic bot.
"""
from __future__ import annotations

from games.engine.search import Budget, canonical_key, margin_value, strong_bot, win_share

from .bot import choose_move, evaluate as estimate
from .playout import basic_choice
from .rules import SoleilsRules
from .sheet import tally
from .turn import DONE, run_turn

# The basic bot answers with a whole round's choice under rules from version 2 on.
_WHOLE_CHOICES = SoleilsRules()


def determinize(state: dict, seat: int, rng) -> dict:
    rule = state["options"]["sailboat_rule"]
    for other in range(state["players"]):
        hidden = state["moves"][other]
        if other == seat or not hidden:
            continue
        finished = run_turn(state["sheets"][other], state["dice"], hidden, rule).phase == DONE
        state["moves"][other] = []
        if finished:
            # A whole choice, as the basic bot would make it on the other's sheet (on
            # the table) with these dice: the likeliest choice, not a uniform guess.
            state["moves"][other] = choose_move(_WHOLE_CHOICES, state, other, rng)["steps"]
            continue
        steps, sampled = len(hidden), []
        while len(sampled) < steps:
            turn = run_turn(state["sheets"][other], state["dice"], sampled, rule)
            if turn.phase == DONE:
                break
            sampled.append(rng.choice(sorted(turn.legal_moves(), key=canonical_key)))
        state["moves"][other] = sampled
    return state


def determinize_v1(state: dict, seat: int, rng) -> dict:
    """Version 1's sampling, kept so that the audit re-derives its moves: every sealed
    choice replaced by random legal steps, as many as it holds."""
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


def shortlist(rules, state: dict, seat: int, moves: list, rng) -> list:
    """The complete choices by the basic bot's estimate of the sheet after them, best
    first (a stable sort: ties keep the rules' order). Only sheets are read, and the
    other sheets only for their shells, which are on the table."""
    rule = state["options"]["sailboat_rule"]
    sheet, dice = state["sheets"][seat], state["dice"]
    other_shells = [tally(other)["shells"] for index, other in enumerate(state["sheets"]) if index != seat]
    return sorted(moves, key=lambda move: -estimate(run_turn(sheet, dice, move["steps"], rule), other_shells))


def final(outcome, seat: int) -> float:
    """A finished rollout: mostly whether the seat comes first (equal totals share the
    victory, so a tie is a victory too), the rest for the margin over the best other."""
    scores = outcome.scores
    margin = margin_value(scores[seat], [score for other, score in enumerate(scores) if other != seat], 5.0)
    return 0.75 * (outcome.ranks[seat] == 1) + 0.25 * margin


choose_move_strong_v1 = strong_bot(basic=choose_move, determinize=determinize_v1, evaluate=evaluate,
                                   budget=Budget(worlds=4, candidates=5, rollout_moves=12), version=1)

# Version 2 (kept for the audit): a choice replaced the basic bot's only when it came out
# ahead in the worlds by more than one standard error.
choose_move_strong_v2 = strong_bot(basic=choose_move, determinize=determinize, evaluate=evaluate,
                                   shortlist=shortlist, final=final, chance_apart=True,
                                   confidence=1.0, budget=Budget(worlds=10, candidates=3, rollout_moves=80),
                                   version=2)


def final_share(outcome, seat: int) -> float:
    """Version 3's score of a finished rollout: the seat's share of the victory (1 alone,
    1/2 on equal totals with one other, 0 behind), as a game is counted, plus a tenth for
    the margin, which only breaks near-ties between choices. A shared victory is worth
    no more than a coin flip, so a choice that wins more often than it loses is taken."""
    scores = outcome.scores
    margin = margin_value(scores[seat], [score for other, score in enumerate(scores) if other != seat], 5.0)
    return 0.9 * win_share(outcome, seat) + 0.1 * margin


STRONG_BUDGET = Budget(worlds=24, candidates=4, rollout_moves=80)
CONFIDENCE = 1.0
choose_move_strong = strong_bot(basic=choose_move, rollout=basic_choice, determinize=determinize,
                                evaluate=evaluate, shortlist=shortlist, final=final_share,
                                chance_apart=True, confidence=CONFIDENCE, budget=STRONG_BUDGET, version=3)
