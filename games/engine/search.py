"""A strong bot for any game: determinized flat Monte Carlo over the rules' own moves.

For one decision of ``seat`` the planner

1. samples ``worlds`` full states from what the seat may know, with the game's own
   ``determinize(state, seat, rng) -> state`` (every item hidden from the seat pooled,
   shuffled and dealt back; a perfect-information game passes the state through);
2. keeps a bounded list of candidate moves: the basic bot's move first, then the game's
   ``shortlist`` (the basic bot's own evaluation) or, without one, a sample of the rest;
3. plays every candidate in every world with ``decide`` and ``evolve``, then lets the
   basic bot play every seat for at most ``rollout_moves`` moves, and scores the end:
   a finished game by its ranks (or the game's ``final``), an unfinished one by the
   game's ``evaluate``;
4. returns the candidate with the best mean, the basic bot's move on a tie (or, with
   ``confidence``, the basic bot's move unless another beats it world by world; with a
   ``margin``, unless another beats it by more than that on average).

Every candidate is tried in the same worlds with the same rollout seeds (common random
numbers), so the comparison measures the moves, not the luck of the draw. The budget
is counted in worlds, candidates and rollout moves, never in time: the same state and
the same RNG give the same move, which is how the audit re-runs a bot move.

Multi-move turns need nothing special (the seat's next step is part of the rollout);
in simultaneous turns the lowest seat to move goes first, as in the harness.
"""
from __future__ import annotations

import json
import math
import pickle
import random
from dataclasses import dataclass
from typing import Callable, Sequence

from .errors import IllegalMove
from .events import Event


class SimulationRng:
    """The interface of :class:`~games.engine.rng.GameRng` over a seeded Mersenne
    Twister: rollouts draw thousands of numbers, and only their reproducibility from
    the bot's own draw matters, not the commitment scheme."""

    __slots__ = ("_random",)

    def __init__(self, seed: int):
        self._random = random.Random(seed)

    def randbelow(self, n: int, purpose: str = "draw") -> int:
        if n <= 0:
            raise ValueError("randbelow needs n >= 1")
        return self._random.randrange(n)

    def randint(self, low: int, high: int, purpose: str = "draw") -> int:
        return low + self.randbelow(high - low + 1, purpose)

    def choice(self, items: Sequence, purpose: str = "draw"):
        return items[self.randbelow(len(items), purpose)]

    def shuffle(self, items, purpose: str = "shuffle") -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1, purpose)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: Sequence, purpose: str = "shuffle") -> list:
        result = list(items)
        self.shuffle(result, purpose)
        return result

    def sample(self, items: Sequence, k: int, purpose: str = "sample") -> list:
        return self.shuffled(items, purpose)[:k]

    def for_seq(self, seq: int) -> "SimulationRng":
        return SimulationRng(self._random.getrandbits(62) ^ seq)


def clone(state):
    # States are plain JSON data; a pickle round trip copies them several times
    # faster than copy.deepcopy.
    return pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))


def canonical_key(move: dict) -> str:
    # JSON, so that a move read from a stored snapshot (lists) and the same move built
    # by a fold (perhaps tuples) sort alike: the audit must re-derive the same choice.
    return json.dumps(move, sort_keys=True)


def win_share(outcome, seat: int) -> float:
    """1 for a sole win, 1/k for a victory shared by k seats, 0 otherwise."""
    winners = outcome.winners
    return 1.0 / len(winners) if seat in winners else 0.0


@dataclass(frozen=True)
class Budget:
    """What one decision may spend; the product worlds x candidates is the number of
    rollouts, each at most ``rollout_moves`` moves long."""

    worlds: int = 8
    candidates: int = 6
    rollout_moves: int = 40


def strong_bot(*, basic: Callable, determinize: Callable, budget: Budget, version: int = 1,
               evaluate: Callable | None = None, shortlist: Callable | None = None,
               final: Callable | None = None, chance_apart: bool = False,
               confidence: float | None = None, margin: float = 0.0,
               rollout: Callable | None = None) -> Callable:
    """A bot function ``choose(rules, state, seat, rng)`` for the platform.

    ``evaluate(rules, state, seat) -> float`` in [0, 1] scores a rollout cut off
    before the end (0.5 when absent); ``shortlist(rules, state, seat, moves, rng)``
    orders the legal moves, most promising first. ``final(outcome, seat) -> float`` in
    [0, 1] scores a finished rollout (the seat's win share when absent): a game whose
    margin says more than one win or loss can pass it. ``chance_apart`` gives the rules'
    draws (dice, cards) and each seat's basic bot separate random streams, so that every
    candidate meets the same draws and the same tie-breaks of the others in a world.
    ``confidence`` (a number of standard errors) keeps the basic bot's move unless
    another beats it world by world by that much (the best mean when absent).
    ``margin`` is how much better (in mean value per world) another move must do than
    the basic bot's to be chosen. ``rollout`` plays every seat in the rollouts instead
    of ``basic`` (the same moves faster, say; ``basic`` still proposes the first
    candidate).
    """

    def choose(rules, state, seat: int, rng) -> dict:
        return plan(rules, state, seat, rng, basic=basic, determinize=determinize, budget=budget,
                    evaluate=evaluate, shortlist=shortlist, final=final, chance_apart=chance_apart,
                    confidence=confidence, margin=margin, rollout=rollout)

    choose.version = version
    choose.budget = budget
    return choose


def plan(rules, state, seat: int, rng, *, basic, determinize, budget: Budget, evaluate=None,
         shortlist=None, final=None, chance_apart=False, confidence=None, margin: float = 0.0,
         rollout=None) -> dict:
    moves = rules.legal_moves(state, seat)
    if not moves:
        raise RuntimeError(f"{rules.slug}: seat {seat} is to move but has no legal move")
    if len(moves) == 1:
        return moves[0]
    # One draw from the bot's RNG seeds everything below.
    seeder = random.Random(rng.randbelow(1 << 62, "bot"))
    worlds = [determinize(clone(state), seat, SimulationRng(seeder.getrandbits(62)))
              for _ in range(budget.worlds)]
    candidates = _candidates(rules, worlds[0], seat, moves, basic, shortlist, budget.candidates,
                             SimulationRng(seeder.getrandbits(62)))
    if len(candidates) == 1:
        return candidates[0]
    seeds = [seeder.getrandbits(62) for _ in worlds]
    values = [[] for _ in candidates]
    for world, seed in zip(worlds, seeds):
        for index, move in enumerate(candidates):
            values[index].append(_rollout(rules, clone(world), seat, move, rollout or basic, evaluate,
                                          budget.rollout_moves, seed, final, chance_apart))
    if confidence is not None:
        return candidates[_confident_best(values, confidence)]
    totals = [sum(row) for row in values]
    best = max(range(len(candidates)), key=lambda index: (totals[index], -index))
    if margin and totals[best] - totals[0] <= margin * len(worlds):
        # a few noisy rollouts favour some move by chance: leaving the basic bot's
        # move (candidate 0 when legal) needs a clear lead
        return candidates[0]
    return candidates[best]


def _confident_best(values: list[list[float]], confidence: float) -> int:
    """The candidate with the largest mean gain over the first (the basic bot's move),
    world by world, among those whose gain exceeds ``confidence`` standard errors; the
    first when none does. A noisy small lead then leaves the basic bot's move standing."""
    best, best_gain = 0, 0.0
    for index in range(1, len(values)):
        gains = [value - first for value, first in zip(values[index], values[0])]
        mean = sum(gains) / len(gains)
        spread = math.sqrt(sum((gain - mean) ** 2 for gain in gains) / max(1, len(gains) - 1))
        if mean > best_gain and mean > confidence * spread / math.sqrt(len(gains)):
            best, best_gain = index, mean
    return best


def _candidates(rules, world, seat, moves, basic, shortlist, limit, rng) -> list[dict]:
    """The basic bot's move (chosen in a sampled world: it sees no more than the seat
    may know) and the most promising others, at most ``limit`` in all."""
    legal = {canonical_key(move): move for move in moves}
    ordered = []
    first = basic(rules, world, seat, SimulationRng(rng.randbelow(1 << 62)))
    if canonical_key(first) in legal:
        ordered.append(legal[canonical_key(first)])
    if shortlist is not None:
        rest = shortlist(rules, world, seat, moves, rng)
    else:
        rest = rng.shuffled(sorted(moves, key=canonical_key))
    seen = {canonical_key(move) for move in ordered}
    for move in rest:
        key = canonical_key(move)
        if key in legal and key not in seen:
            ordered.append(legal[key])
            seen.add(key)
        if len(ordered) >= limit:
            break
    return ordered


def _apply(rules, state, seat, move, rng):
    for event in rules.decide(state, seat, move, rng):
        state = rules.evolve(state, event if isinstance(event, Event) else Event(*event))
    return state


def _rollout(rules, state, seat, move, basic, evaluate, limit, seed, final=None,
             chance_apart=False) -> float:
    rng = SimulationRng(seed)
    # Apart, every seat's bot draws from a stream of its own, so that one seat's choices
    # change neither the draws of the rules nor another seat's tie-breaks.
    bot_rngs = {}
    try:
        state = _apply(rules, state, seat, move, rng)
        for _ in range(limit):
            if rules.outcome(state) is not None:
                break
            mover = min(rules.to_move(state))
            bot_rng = rng
            if chance_apart:
                bot_rng = bot_rngs.get(mover)
                if bot_rng is None:
                    bot_rng = bot_rngs[mover] = SimulationRng(seed ^ ((mover + 1) << 1))
            state = _apply(rules, state, mover, basic(rules, state, mover, bot_rng), rng)
    except IllegalMove:
        # A sampled world may contradict an assumption the basic bot makes; such a
        # rollout says nothing about the move.
        return 0.5
    outcome = rules.outcome(state)
    if outcome is not None:
        return final(outcome, seat) if final is not None else win_share(outcome, seat)
    return evaluate(rules, state, seat) if evaluate is not None else 0.5


def redeal(places: list[list], rng, key=None) -> list[list]:
    """Pool the items of every hidden place, sort the pool canonically (so the result
    depends on which items are hidden, never on where they were), shuffle it and deal
    it back: one new list per place, of the same size and in the same order."""
    pool = sorted((item for place in places for item in place), key=key)
    rng.shuffle(pool)
    dealt, start = [], 0
    for place in places:
        dealt.append(pool[start:start + len(place)])
        start += len(place)
    return dealt


def margin_value(mine: float, others: list[float], scale: float) -> float:
    """A cut-off rollout's value in [0, 1] from scores as they stand: a logistic of the
    lead over the best other seat, ``scale`` points making odds of about 2.7 to 1."""
    lead = mine - max(others) if others else 0.0
    return 1.0 / (1.0 + math.exp(-lead / scale))
