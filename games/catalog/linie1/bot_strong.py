"""Linie 1's strong bot: determinized Monte Carlo over the rules, the basic bot playing out.

Hidden from a seat: the line and route card of every player who has not yet started
their trip, and the order of the drawing pile (hands lie open in this game). A sampled
world deals the lines and route cards the seat has not seen to those players and
shuffles the pile. Hundreds of placements are legal at a time; the candidates are the
basic bot's move and the placements that lay a piece of the seat's planned track.

Version 2 guesses the hidden lines from the board (a builder lays its tiles along its
own route), looks one move ahead while building, also tries tiles that block the
guessed route of the other player, and leaves the basic bot's placement only for a
clear gain; while driving it plays as the basic bot.
"""
from __future__ import annotations

import math
from functools import lru_cache

from games.engine.search import Budget, SimulationRng, canonical_key, clone, margin_value, strong_bot

from . import board as B
from . import components as C
from .bot import _plan_for, choose_move, plan_route


def _route_cards(players: int) -> list[str]:
    return C.ROUTE_CARDS_3 if players <= 3 else C.ROUTE_CARDS_2


def determinize_v1(state: dict, seat: int, rng) -> dict:
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


# A builder lays its tiles along its own route, so the lines and route cards that the
# tiles on the board bring closest to completion are the likeliest (version 2 samples
# them so; the board is public). The weight of a guess is e^(BETA x squares it no
# longer needs), the squares counted against an empty board.
BETA = 1.0


@lru_cache(maxsize=None)
def _cost_on_empty_board(board: str, line: int, stops: str) -> int:
    cost, _ = plan_route(B.geometry(board), [-1] * B.CELLS, line, stops, {})
    return cost


_guess_cache: dict = {}


def _guess_weights(state: dict, lines: list[int], cards: list[int]) -> list[tuple[float, int, int]]:
    """(weight, line, card) for every guess, from the public board alone."""
    occ = [-1 if t is None else t[0] * 4 + t[1] for t in state["tiles"]]
    key = (state["board"], tuple(occ), tuple(sorted(state["signs"].items())), tuple(lines), tuple(cards))
    if key in _guess_cache:
        return _guess_cache[key]
    geom, route_cards = B.geometry(state["board"]), _route_cards(state["players"])
    guesses = []
    for line in lines:
        for card in cards:
            stops = route_cards[card][line - 1]
            empty = _cost_on_empty_board(state["board"], line, stops)
            now, _ = plan_route(geom, occ, line, stops, state["signs"])
            guesses.append((math.exp(BETA * (empty - min(now, empty + 10))), line, card))
    _guess_cache.clear()           # one position at a time: the worlds of one decision
    _guess_cache[key] = guesses
    return guesses


def _weighted_pick(guesses, rng):
    total = sum(weight for weight, _, _ in guesses)
    point = rng.randbelow(1 << 30) / (1 << 30) * total
    for guess in guesses:
        point -= guess[0]
        if point < 0:
            return guess
    return guesses[-1]


def determinize(state: dict, seat: int, rng) -> dict:
    players = state["players"]
    cards = _route_cards(players)
    hidden = [other for other in range(players) if other != seat and not state["revealed"][other]]
    known = [other for other in range(players) if other == seat or state["revealed"][other]]
    free_lines = [line for line in C.LINES if line not in {state["lines"][other] for other in known}]
    # A started trip shows its line and stops, hence its route card.
    free_cards = [card for card in range(len(cards))
                  if card not in {next(card for card in range(len(cards))
                                       if cards[card][state["lines"][other] - 1] == state["routes"][other])
                                  for other in known}]
    guesses = _guess_weights(state, free_lines, free_cards)
    for other in hidden:
        _, line, card = _weighted_pick(guesses, rng)
        guesses = [guess for guess in guesses if guess[1] != line and guess[2] != card]
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


# Version 1: lines guessed uniformly, rollouts of 16 moves after every candidate; kept
# so the audit re-runs its moves. Its rollouts cost a route search per building move
# (about 0.3 s a move).
choose_move_strong_v1 = strong_bot(basic=choose_move, determinize=determinize_v1, evaluate=evaluate,
                                   shortlist=shortlist, budget=Budget(worlds=3, candidates=5, rollout_moves=16),
                                   version=1)


# How much better (in mean value per world) a move must score to replace the basic
# bot's: a one-move look-ahead is noisy, and the basic bot's rule of laying the
# simplest tile that carries the plan knows more than the turns-left estimate.
MARGIN = 0.05


def _planned_cells(rules, state: dict, seat: int, occ) -> dict[int, tuple[int, int]]:
    """Squares still to fill on ``seat``'s cheapest plan: cell -> (order, segment)."""
    _, steps = _plan_for(rules, state, seat, occ)
    return {cell: (index, B.PAIR_BIT[entry][exit_edge])
            for index, (cell, entry, exit_edge, kind) in enumerate(steps) if kind != "track"}


def shortlist_v2(rules, state: dict, seat: int, moves: list[dict], rng) -> list[dict]:
    """Every way to start the trip; then, in turn, a placement on the seat's own planned
    track (nearest first) and one that blocks a square of the other player's plan (in
    this sampled world) with a tile not carrying their track; then the rest at random."""
    if state["stage"] != "build":
        return moves
    trips = sorted((move for move in moves if move["type"] == "start_trip"), key=canonical_key)
    occ = [-1 if t is None else t[0] * 4 + t[1] for t in state["tiles"]]
    mine = _planned_cells(rules, state, seat, occ)
    others = {}
    for other in range(state["players"]):
        if other != seat and state["status"][other] == "building":
            for cell, plan in _planned_cells(rules, state, other, occ).items():
                others.setdefault(cell, plan)
    own, blocks, used = [], [], set()
    for move in sorted((move for move in moves if move["type"] == "place"), key=canonical_key):
        cell = move["row"] * B.SIZE + move["col"]
        oid = move["tile"] * 4 + move["rotation"]
        if cell in mine:
            own.append(((mine[cell][0], not B.SEGMASK[oid] & mine[cell][1], B.EDGEMASK[oid].bit_count()), move))
        elif cell in others and not B.SEGMASK[oid] & others[cell][1] and cell not in used:
            used.add(cell)
            blocks.append(((others[cell][0], B.replaceable(move["tile"])), move))
    own = [move for _, move in sorted(own, key=lambda item: (item[0], canonical_key(item[1])))]
    blocks = [move for _, move in sorted(blocks, key=lambda item: (item[0], canonical_key(item[1])))]
    mixed = [move for pair in zip(own, blocks) for move in pair]
    mixed += own[len(blocks):] + blocks[len(own):]
    chosen = trips + mixed
    keys = {canonical_key(move) for move in chosen}
    return chosen + rng.shuffled([move for move in sorted(moves, key=canonical_key)
                                  if canonical_key(move) not in keys])


_search = strong_bot(basic=choose_move, determinize=determinize, evaluate=evaluate, shortlist=shortlist_v2,
                     budget=Budget(worlds=3, candidates=8, rollout_moves=1), margin=MARGIN)


def choose_move_strong(rules, state: dict, seat: int, rng) -> dict:
    """Building: a look one move ahead (the basic bot then makes the next move, one's
    own second tile or the other player's first) over sampled worlds, scored by the
    lead in turns still needed over the other players. Driving follows the basic bot:
    its dice choices already weigh a breakdown against the squares to gain."""
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
