"""A greedy bot: try every step of this round, look ahead through crab and frog-hat
follow-ups, and keep the sheet that a simple estimate likes best.

The estimate counts what the sheet already scores (pearls, completed huts, koi, boat
rows and zones, sun bonuses, the shell majority against the other sheets) plus a share
of what it still can score: groups that can still be completed earn part of their
reward as they fill up, a koi whose signs can no longer be met earns nothing, an empty
cell whose pearl can still be written keeps a little value. A slow sun track keeps
more rounds to write in; landing a few pips before a bonus value is worth a little.
"""
from __future__ import annotations

from functools import lru_cache
from operator import itemgetter

from .components import CELLS, GROUPS, SUN_BONUSES, ZONE_LIST
from .sheet import tally, why_not
from .turn import CRAB, DONE, QUESTION, SUN

QUESTION_VALUE = 1.5
SUN_PACE = 0.1
_THRESHOLDS = sorted(SUN_BONUSES)


def _koi_feasible(group, cells) -> bool:
    """Can the koi's empty cells still be filled so that every sign holds?"""
    possible = None
    for index, cell_id in enumerate(group.cells):
        held = cells[cell_id]
        options = [held] if held is not None else range(1, 7)
        if possible is None:
            possible = list(options)
            continue
        sign = group.signs[index - 1]
        if sign == "<":
            low = min(possible)
            possible = [x for x in options if x > low]
        else:
            high = max(possible)
            possible = [x for x in options if x < high]
        if not possible:
            return False
    return True


def _shell_value(shells: int, others: list) -> float:
    if not others:                    # solo: the majority is yours with one shell
        return 5.0 if shells else 0.0
    best_other = max(others)
    if shells > best_other:
        majority = 5.0
    elif shells == best_other and shells > 0:
        majority = 3.5
    else:
        majority = 0.0
    return majority + 0.8 * shells


def _reward_value(reward, shell_worth: float = 1.5) -> float:
    return reward.starfish + shell_worth * reward.shells + (QUESTION_VALUE if reward.question else 0)


def _values_of(group):
    """A function reading the group's cells off a sheet as one tuple (the cache key
    below); ``itemgetter`` does it several times faster than a generator."""
    if len(group.cells) == 1:
        only = group.cells[0]
        return lambda cells: (cells[only],)
    return itemgetter(*group.cells)


_ZONES = [(zone, tuple((group, _values_of(group)) for group in zone.groups),
           sum(len(group.cells) for group in zone.groups))
          for zone in ZONE_LIST]


@lru_cache(maxsize=1 << 16)
def _group_part(group_id: str, values: tuple, rule: str) -> tuple:
    """(value, filled cells, still completable, shells) of one group's cells.

    A group's share of the estimate depends only on its own cells, so it is cached by
    their values: most candidate moves change one group and reuse the others.
    """
    group = GROUPS[group_id]
    cells = dict(zip(group.cells, values))
    value = 0.0
    for cell_id in group.cells:
        held, pearl = cells[cell_id], CELLS[cell_id].pearl
        if held == pearl:
            value += 1.0
        elif held is None and why_not(cells, cell_id, pearl, rule) is None:
            value += 0.2
    filled = sum(1 for held in values if held is not None)
    size = len(values)
    if filled == size:
        return value + group.reward.starfish, filled, True, group.reward.shells
    if group.rule == "signs" and not _koi_feasible(group, cells):
        return value, filled, False, 0
    return value + (_reward_value(group.reward) + 1.0) * 0.7 * (filled / size) ** 2, filled, True, 0


def evaluate(turn, other_shells: list) -> float:
    cells = turn.cells
    rule = turn.sailboat_rule
    value = 0.0
    shells = 0
    for zone, groups, zone_size in _ZONES:
        zone_filled, zone_alive = 0, True
        for group, values in groups:
            part, filled, alive, group_shells = _group_part(group.id, values(cells), rule)
            value += part
            zone_filled += filled
            zone_alive = zone_alive and alive
            shells += group_shells
        if zone_filled == zone_size:
            value += zone.flag.starfish
            shells += zone.flag.shells
        elif zone_alive:
            value += _reward_value(zone.flag) * 0.6 * (zone_filled / zone_size) ** 2
    for total in turn.sun:
        bonus = SUN_BONUSES.get(total)
        if bonus is not None:
            value += bonus.starfish
            shells += bonus.shells
    value += _shell_value(shells, other_shells)
    total = turn.sun_total
    value -= SUN_PACE * total
    for threshold in _THRESHOLDS:
        if threshold > total:
            if threshold - total <= 6:
                value += 0.35 * _reward_value(SUN_BONUSES[threshold])
            break
    if turn.phase == QUESTION:
        value += QUESTION_VALUE * turn.questions
    return value


def _best_after(turn, other_shells: list, depth: int) -> float:
    if depth > 0 and turn.phase in (CRAB, SUN):
        return max(_best_after(turn.copy().apply(move), other_shells, depth - 1)
                   for move in turn.legal_moves())
    return evaluate(turn, other_shells)


def choose_move(rules, state, seat, rng) -> dict:
    """A step (rules version 1) or, from version 2 on, the round's whole choice: the
    same greedy step after step, on the seat's turn as it would be after each."""
    if rules.version == 1:
        return choose_step(rules, state, seat, rng)
    from .rules import SoleilsRulesV1

    stepwise = SoleilsRulesV1()
    trial = {**state, "moves": [list(moves) for moves in state["moves"]]}
    steps = []
    while stepwise.turn_of(trial, seat).phase != DONE:
        step = choose_step(stepwise, trial, seat, rng)
        steps.append(step)
        trial["moves"][seat].append(step)
    return {"type": "choice", "steps": steps}


def choose_step(rules, state, seat, rng) -> dict:
    moves = rules.legal_moves(state, seat)
    if len(moves) == 1:
        return moves[0]
    turn = rules.turn_of(state, seat)
    other_shells = [tally(sheet)["shells"] for other, sheet in enumerate(state["sheets"])
                    if other != seat]
    best_moves = best_steps(turn, moves, other_shells)
    return best_moves[rng.randbelow(len(best_moves), "bot")]


def best_steps(turn, moves: list[dict], other_shells: list[int]) -> list[dict]:
    """The moves of ``moves`` (legal in ``turn``) whose best continuation scores highest,
    in their order; the bot draws among them."""
    best, best_moves = None, []
    for move in moves:
        score = _best_after(turn.copy().apply(move), other_shells, 3)
        if best is None or score > best + 1e-9:
            best, best_moves = score, [move]
        elif abs(score - best) <= 1e-9:
            best_moves.append(move)
    return best_moves
