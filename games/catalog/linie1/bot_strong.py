"""Linie 1's strong bot: determinized Monte Carlo over the rules, the basic bot playing out.

Hidden from a seat: the line and route card of every player who has not yet started
their trip, and the order of the drawing pile (hands lie open in this game). A sampled
world deals the lines and route cards the seat has not seen to those players and
shuffles the pile. Hundreds of placements are legal at a time; the candidates are the
basic bot's move and the placements that lay a piece of the seat's planned track.

Version 2 plays the race: whoever starts driving first nearly always arrives first, so
it looks one move ahead while building and scores a position by the turns its own seat
still needs; it leaves the basic bot's placement only for a clear gain.
"""
from __future__ import annotations

import math

from games.engine.search import Budget, SimulationRng, canonical_key, clone, margin_value, strong_bot

from . import board as B
from . import components as C
from .bot import _plan_for, choose_move


def _route_cards(players: int) -> list[str]:
    return C.ROUTE_CARDS_3 if players <= 3 else C.ROUTE_CARDS_2


def determinize(state: dict, seat: int, rng) -> dict:
    players = state["players"]
    cards = _route_cards(players)
    hidden = [other for other in range(players) if other != seat and not state["revealed"][other]]
    known = [other for other in range(players) if other == seat or state["revealed"][other]]
    seen_lines = {state["lines"][other] for other in known}
    # A started trip shows its line and stops, hence its route card.
    seen_cards = {next(card for card in range(len(cards))
                       if cards[card][state["lines"][other] - 1] == state["routes"][other])
                  for other in known}
    lines = rng.shuffled([line for line in C.LINES if line not in seen_lines])
    card_order = rng.shuffled([card for card in range(len(cards)) if card not in seen_cards])
    for other, line, card in zip(hidden, lines, card_order):
        state["lines"][other] = line
        state["route_cards"][other] = card
        state["routes"][other] = cards[card][line - 1]
    state["pile"] = rng.shuffled(sorted(state["pile"]))
    return state


def _remaining(rules, state: dict, seat: int, occ) -> float:
    """About how many turns the seat still needs: two tiles a turn while building,
    some three squares a turn while driving."""
    status = state["status"][seat]
    if status == "arrived":
        return 0.0
    if status == "gave_up":
        return 99.0
    trip = state["trips"][seat]
    if trip is not None:
        return (len(trip["path"]) - trip["position"]) / 3.0
    cost, steps = _plan_for(rules, state, seat, occ)
    return min(cost, 60) / 2.0 + len(steps) / 3.0


def evaluate(rules, state: dict, seat: int) -> float:
    occ = [-1 if t is None else t[0] * 4 + t[1] for t in state["tiles"]]
    left = [_remaining(rules, state, other, occ) for other in range(state["players"])]
    # fewer turns left is better: the lead is the others' need minus one's own
    return margin_value(-left[seat], [-value for other, value in enumerate(left) if other != seat], 2.0)


def shortlist(rules, state: dict, seat: int, moves: list[dict], rng) -> list[dict]:
    """Placements on the squares of the seat's planned track first (nearest first),
    then the other moves in a random order."""
    if state["stage"] != "build":
        return moves
    occ = [-1 if t is None else t[0] * 4 + t[1] for t in state["tiles"]]
    _, steps = _plan_for(rules, state, seat, occ)
    order = {cell: index for index, (cell, _, _, kind) in enumerate(steps) if kind != "track"}
    planned = [move for move in moves if "row" in move and move["row"] * B.SIZE + move["col"] in order]
    planned.sort(key=lambda move: (order[move["row"] * B.SIZE + move["col"]], canonical_key(move)))
    rest = rng.shuffled(sorted((move for move in moves if move not in planned), key=canonical_key))
    return planned + rest


# Version 1: rollouts of 16 moves after every candidate, scored by the lead in turns
# over the other players; kept so the audit re-runs its moves. Its rollouts cost a
# route search per building move (about 0.3 s a move).
choose_move_strong_v1 = strong_bot(basic=choose_move, determinize=determinize, evaluate=evaluate,
                                   shortlist=shortlist, budget=Budget(worlds=3, candidates=5, rollout_moves=16),
                                   version=1)


def evaluate_race(rules, state: dict, seat: int) -> float:
    """The seat's own race: 1 / (1 + e^(turns it still needs / 2)). Steep near the
    finish and flat far from it, so with ``MARGIN`` the bot leaves the basic bot's
    placement mostly when its route is nearly complete, where a tile matters most."""
    occ = [-1 if t is None else t[0] * 4 + t[1] for t in state["tiles"]]
    return 1.0 / (1.0 + math.exp(_remaining(rules, state, seat, occ) / 2.0))


MARGIN = 0.02
_search = strong_bot(basic=choose_move, determinize=determinize, evaluate=evaluate_race, shortlist=shortlist,
                     budget=Budget(worlds=2, candidates=8, rollout_moves=1), margin=MARGIN)


def choose_move_strong(rules, state: dict, seat: int, rng) -> dict:
    """Building: every candidate, then one move of the basic bot (one's own second tile,
    or the other player's first), scored by ``evaluate_race``. Driving follows the
    basic bot: its dice choices already weigh a breakdown against the squares to gain."""
    if state["stage"] != "build":
        return _basic_in_a_sampled_world(rules, state, seat, rng)
    return _search(rules, state, seat, rng)


def _basic_in_a_sampled_world(rules, state: dict, seat: int, rng) -> dict:
    # The basic bot decides in a world sampled from what the seat knows, so the
    # strong level reads no hidden line or tile even where it does not search.
    world = determinize(clone(state), seat, SimulationRng(rng.randbelow(1 << 62, "bot")))
    return choose_move(rules, world, seat, rng)


choose_move_strong.version = 2
choose_move_strong.budget = _search.budget
