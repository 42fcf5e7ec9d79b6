"""One player's turn on their own sheet: three steps, always in this order.

1. ``choose``: two orthogonally adjacent symbols of the display, or three with a rush
   (``cells``, sorted), the red side's bonuses (``bonuses``: ``{"value", "cell"}``
   sorted, at most two, each adding its value to a chosen symbol), and in the
   two-direction variant the route end to continue (``end``: "head" or "tail").
2. ``route``: the places the route moves through this turn (``path``), at most as many
   steps as the chosen compasses allow; the route never visits a place twice.
3. ``mark``: the places crossed off this turn (``marks``: ``{"place", "as"}`` in route
   order), paid from the chosen symbols of the matching kinds.

Every seat makes exactly these three moves each turn, so the others learn nothing
from how many moves a seat made. The steps stay secret until the turn is resolved.
"""
from __future__ import annotations

from games.engine import IllegalMove

from .components import (BONUS_PER_TURN, COMPASS, COSTS, GASTRONOMY, KINDS,
                         PAID_WITH, RUSH_BOXES, TYPE_WORDS, bonus_value, neighbours, place_types,
                         places, row_size, selections)

CHOOSE, ROUTE, MARK, DONE = "choose", "route", "mark", "done"
PHASES = (CHOOSE, ROUTE, MARK, DONE)
PHASE_WORDS = {CHOOSE: "choose your symbols", ROUTE: "draw your route", MARK: "mark your places"}


def counts_of(marks: dict) -> dict:
    counts: dict = {}
    for marked in marks.values():
        counts[marked] = counts.get(marked, 0) + 1
    return counts


class Turn:
    """A seat's turn: its sheet, the display and the steps taken so far."""

    def __init__(self, sheet: dict, display: list, side: str, two_ends: bool, steps: list):
        self.sheet = sheet
        self.display = display
        self.side = side
        self.two_ends = two_ends
        self.steps = []
        for step in steps:
            self.apply(step)

    # -- derived facts ----------------------------------------------------------
    @property
    def phase(self) -> str:
        return PHASES[len(self.steps)]

    @property
    def choice(self) -> dict:
        return self.steps[0]

    def end(self) -> str:
        route = self.sheet["route"]
        return route[0] if self.choice.get("end") == "tail" else route[-1]

    def budget(self) -> dict:
        """Action points per kind from the chosen symbols and bonuses."""
        totals = {kind: 0 for kind in KINDS}
        extra = {}
        for bonus in self.choice.get("bonuses", []):
            extra[bonus["cell"]] = extra.get(bonus["cell"], 0) + bonus["value"]
        for cell in self.choice["cells"]:
            kind, number = self.display[cell]
            totals[kind] += number + extra.get(cell, 0)
        return totals

    def markable(self) -> list:
        """The places of this turn's segment that could be marked: the end it started
        from and every place of the path (ruling 9), unmarked and not squares."""
        segment = [self.end()] + list(self.steps[1]["path"])
        marks = self.sheet["marks"]
        return [p for p in segment if p not in marks and place_types(self.side, p)]

    # -- choose -------------------------------------------------------------------
    def _free_bonus_values(self) -> list:
        return sorted(bonus_value(box) for box in self.sheet["bonus_active"])

    def choose_moves(self) -> list:
        ends = ["head"]
        if self.two_ends and len(self.sheet["route"]) > 1:
            ends = ["head", "tail"]
        rush = self.sheet["rush"] < RUSH_BOXES
        values = self._free_bonus_values()
        moves = []
        for cells in selections(rush):
            for bonuses in _bonus_options(values, cells):
                for end in ends:
                    move = {"type": "choose", "cells": list(cells)}
                    if bonuses:
                        move["bonuses"] = bonuses
                    if self.two_ends:
                        move["end"] = end
                    moves.append(move)
        return moves

    def check_choose(self, move: dict) -> None:
        cells = move.get("cells")
        if (not isinstance(cells, list) or not all(isinstance(c, int) and not isinstance(c, bool)
                                                     and 0 <= c <= 5 for c in cells)):
            raise _bad("cells lists the chosen symbols by position, 0 to 5.", "invalid_move")
        if len(cells) not in (2, 3) or len(set(cells)) != len(cells):
            raise _bad("Choose two symbols, or three with a rush.", "invalid_move")
        if cells != sorted(cells):
            raise _bad("List the chosen symbols' positions in rising order.", "invalid_move")
        if tuple(cells) not in selections(True):
            raise _bad("The symbols must touch each other side by side or one above the other.",
                       "not_adjacent")
        if len(cells) == 3 and self.sheet["rush"] >= RUSH_BOXES:
            raise _bad("All your rush boxes are crossed off: no more rushing.", "no_rush_left")
        bonuses = move.get("bonuses", [])
        if "bonuses" in move and not bonuses:
            raise _bad("Leave out bonuses when you use none.", "invalid_move")
        if not isinstance(bonuses, list) or not all(
                isinstance(b, dict) and set(b) == {"value", "cell"} for b in bonuses):
            raise _bad("bonuses lists {\"value\", \"cell\"} objects.", "invalid_move")
        if bonuses and self.side != "red":
            raise _bad("Bonus boxes belong to the red side of the sheet.", "no_bonus")
        if len(bonuses) > BONUS_PER_TURN:
            raise _bad("At most two bonus boxes may be used in a turn.", "too_many_bonuses")
        if any(b["cell"] not in cells for b in bonuses):
            raise _bad("A bonus adds to one of the symbols you chose.", "bonus_cell")
        keys = [(b["value"], b["cell"]) for b in bonuses]
        if keys != sorted(keys):
            raise _bad("List the bonuses by value, then by symbol position.", "invalid_move")
        free = self._free_bonus_values()
        for b in bonuses:
            if b["value"] not in free:
                raise _bad(f"You have no activated, unused bonus box worth {b['value']}.", "no_bonus")
            free.remove(b["value"])
        if self.two_ends:
            if move.get("end") not in ("head", "tail"):
                raise _bad("Say which end of your route you continue: end 'head' or 'tail'.",
                           "invalid_move")
            if move["end"] == "tail" and len(self.sheet["route"]) == 1:
                raise _bad("Your route is one place long: continue it from its head.", "invalid_move")
        elif "end" in move:
            raise _bad("Only the two-direction variant chooses a route end.", "invalid_move")
        extra = set(move) - {"type", "cells", "bonuses", "end"}
        if extra:
            raise _bad(f"Unknown field(s): {', '.join(sorted(extra))}.", "invalid_move")

    # -- route ----------------------------------------------------------------------
    def route_moves(self) -> list:
        steps = self.budget()[COMPASS]
        graph = neighbours(self.side)
        used = set(self.sheet["route"])
        paths: list = []

        def walk(at, path):
            paths.append({"type": "route", "path": list(path)})
            if len(path) == steps:
                return
            for nxt in graph[at]:
                if nxt not in used and nxt not in path:
                    path.append(nxt)
                    walk(nxt, path)
                    path.pop()

        walk(self.end(), [])
        return paths

    def check_route(self, move: dict) -> None:
        path = move.get("path")
        if not isinstance(path, list) or not all(isinstance(p, str) for p in path):
            raise _bad("path lists the places your route moves to, like [\"E5\", \"F5\"].",
                       "invalid_move")
        if set(move) - {"type", "path"}:
            raise _bad("A route move has only a path.", "invalid_move")
        steps = self.budget()[COMPASS]
        if len(path) > steps:
            raise _bad(f"Your compasses allow {steps} step{'s' if steps != 1 else ''}, "
                       f"not {len(path)}.", "too_many_steps")
        graph = neighbours(self.side)
        known = places(self.side)
        at, seen = self.end(), set(self.sheet["route"])
        for pid in path:
            if pid not in known:
                raise _bad(f"There is no place {pid} on the map.", "no_such_place")
            if pid not in graph[at]:
                raise _bad(f"{pid} is not joined to {at} by a dashed line.", "not_connected")
            if pid in seen:
                raise _bad(f"Your route already passed {pid}; it may not touch a place twice.",
                           "place_visited")
            seen.add(pid)
            at = pid

    # -- mark -------------------------------------------------------------------------
    def mark_moves(self) -> list:
        budget = self.budget()
        candidates = self.markable()
        counts = counts_of(self.sheet["marks"])
        costs = COSTS[self.side]
        results: list = []

        def walk(index, chosen, spent, gastro):
            if index == len(candidates):
                results.append({"type": "mark", "marks": [dict(m) for m in chosen]})
                return
            walk(index + 1, chosen, spent, gastro)
            pid = candidates[index]
            for ptype in place_types(self.side, pid):
                kind, cost = PAID_WITH[ptype], costs[ptype]
                if spent.get(kind, 0) + cost > budget[kind]:
                    continue
                if ptype in GASTRONOMY:
                    if ptype in gastro or counts.get(ptype, 0):
                        continue
                elif counts.get(ptype, 0) + sum(1 for m in chosen if m["as"] == ptype) >= row_size(self.side, ptype):
                    continue
                chosen.append({"place": pid, "as": ptype})
                spent[kind] = spent.get(kind, 0) + cost
                walk(index + 1, chosen, spent, gastro | ({ptype} if ptype in GASTRONOMY else set()))
                spent[kind] -= cost
                chosen.pop()

        walk(0, [], {}, frozenset())
        return results

    def check_mark(self, move: dict) -> None:
        marks = move.get("marks")
        if not isinstance(marks, list) or not all(
                isinstance(m, dict) and set(m) == {"place", "as"} for m in marks):
            raise _bad("marks lists {\"place\", \"as\"} objects: the place and the type you mark it as.",
                       "invalid_move")
        if set(move) - {"type", "marks"}:
            raise _bad("A mark move has only marks.", "invalid_move")
        segment = [self.end()] + list(self.steps[1]["path"])
        order = {pid: index for index, pid in enumerate(segment)}
        budget = self.budget()
        costs = COSTS[self.side]
        counts = counts_of(self.sheet["marks"])
        spent: dict = {}
        last = -1
        for mark in marks:
            pid, ptype = mark["place"], mark["as"]
            if pid not in order:
                raise _bad(f"{pid} is not on this turn's route: only the place you started from and "
                           f"the places you passed this turn may be marked.", "not_on_route")
            if order[pid] <= last:
                raise _bad("List the marked places in route order, each once.", "invalid_move")
            last = order[pid]
            if pid in self.sheet["marks"]:
                raise _bad(f"{pid} is already crossed off.", "already_marked")
            offered = place_types(self.side, pid)
            if not offered:
                raise _bad(f"{pid} is a square: there is nothing to mark there.", "nothing_to_mark")
            if ptype not in offered:
                raise _bad(f"{pid} is marked as {' or '.join(offered)}, not {ptype}.", "wrong_type")
            if ptype in GASTRONOMY:
                if counts.get(ptype, 0):
                    raise _bad(f"You have already visited a {TYPE_WORDS[ptype]}: each gastronomy type "
                               f"is crossed off only once.", "gastronomy_used")
            elif counts.get(ptype, 0) >= row_size(self.side, ptype):
                raise _bad(f"Your {TYPE_WORDS[ptype]} row is full.", "row_full")
            counts[ptype] = counts.get(ptype, 0) + 1
            kind = PAID_WITH[ptype]
            spent[kind] = spent.get(kind, 0) + costs[ptype]
            if spent[kind] > budget[kind]:
                raise _bad(f"Not enough {kind} actions: these marks need {spent[kind]}, your symbols "
                           f"give {budget[kind]}.", "cannot_pay")

    # -- driving -------------------------------------------------------------------
    def legal_moves(self) -> list:
        phase = self.phase
        if phase == CHOOSE:
            return self.choose_moves()
        if phase == ROUTE:
            return self.route_moves()
        if phase == MARK:
            return self.mark_moves()
        return []

    def check(self, move) -> None:
        phase = self.phase
        if phase == DONE:
            raise _bad("You have finished this turn; wait for the other players.", "not_your_turn")
        if not isinstance(move, dict) or move.get("type") not in (CHOOSE, ROUTE, MARK):
            raise _bad("A move is of type 'choose', 'route' or 'mark'.", "invalid_move")
        if move["type"] != phase:
            raise _bad(f"Now you {PHASE_WORDS[phase]} (a '{phase}' move).", "wrong_step")
        getattr(self, f"check_{phase}")(move)

    def apply(self, move: dict) -> "Turn":
        self.steps.append(move)
        return self


def _bonus_options(values: list, cells: tuple) -> list:
    """Every canonical list of at most two bonuses (value, cell) from the free values."""
    options = [[]]
    distinct = sorted(set(values))
    for value in distinct:
        for cell in cells:
            options.append([{"value": value, "cell": cell}])
    pairs = set()
    for i, first in enumerate(distinct):
        for second in distinct[i:]:
            if first == second and values.count(first) < 2:
                continue
            for c1 in cells:
                for c2 in cells:
                    key = tuple(sorted([(first, c1), (second, c2)]))
                    pairs.add(key)
    for key in sorted(pairs):
        options.append([{"value": v, "cell": c} for v, c in key])
    return options


def _bad(message: str, code: str) -> IllegalMove:
    return IllegalMove(message, code=code)

