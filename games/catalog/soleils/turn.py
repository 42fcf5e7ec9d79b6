"""One player's turn of one round, step by step.

All players act at the same time on the same three dice, each on their own sheet, so a
turn depends only on the sheet at the start of the round, the dice and the moves the
player made this round. The state keeps those moves (hidden from the others) and the
turn is rebuilt from them whenever needed: ``run_turn(sheet, dice, moves)``. The same
function closes the round, so what a player saw while moving is what gets written.

The steps of a turn (rule text, section "Spielablauf" and "Symbole und Boni"):

1. ``write``: choose an empty cell whose pearl equals one die and write another die's
   value into it (zone rules apply); the third die is the sun die.
   Or ``sun_only``: write nothing and put any one die on the sun track.
2. After a write into a crab cell: ``crab`` copies the number just written into an
   empty orthogonal neighbour (any zone, its zone rule applies, its symbols count,
   so crabs chain), or ``crab_skip``. Offered only when some neighbour can take it.
3. The sun: the sun die's value is added to the track, unless a frog hat was written
   this round before the sun step: then ``sun`` chooses any value 1-6.
4. Hitting a sun bonus value exactly: starfish and shells count at the end; a question
   mark asks for ``question``: any number 1-6 into any empty cell (zone rules apply,
   symbols count, crabs too), or ``question_skip``.
"""
from __future__ import annotations

from games.engine import IllegalMove

from .components import CELL_IDS, CELLS, NEIGHBOURS, SUN_BONUSES
from .sheet import why_not

PLACE, CRAB, SUN, QUESTION, DONE = "place", "crab", "sun", "question", "done"

# Move types and their fields (all fields required, no others allowed).
MOVE_FIELDS = {
    "write": ("cell", "value"),
    "sun_only": ("value",),
    "crab": ("cell",),
    "crab_skip": (),
    "sun": ("value",),
    "question": ("cell", "value"),
    "question_skip": (),
}
PHASE_MOVES = {
    PLACE: ("write", "sun_only"),
    CRAB: ("crab", "crab_skip"),
    SUN: ("sun",),
    QUESTION: ("question", "question_skip"),
    DONE: (),
}
PHASE_WORDS = {
    PLACE: "write a number or choose a die for the sun track",
    CRAB: "use or skip the crab",
    SUN: "choose the sun value with the frog hat",
    QUESTION: "use or skip the question mark",
    DONE: "wait for the other players",
}


def remove_dice(dice: list, *values: int):
    """The dice left after taking one die of each value, or None if they are not there."""
    left = list(dice)
    for value in values:
        if value not in left:
            return None
        left.remove(value)
    return left


class Turn:
    """A player's round in progress: their sheet as it would be now, and what is next."""

    def __init__(self, sheet: dict, dice: list, sailboat_rule: str):
        self.cells = dict(sheet["cells"])
        self.sun = list(sheet["sun"])
        self.dice = list(dice)
        self.sailboat_rule = sailboat_rule
        self.phase = PLACE
        self.sun_die = None       # the die left for the sun after a write
        self.hat = False          # a frog hat was written before the sun step
        self.crab_from = None     # the crab cell whose number may be copied
        self.crab_then = None     # what follows the crab: SUN or QUESTION
        self.questions = 0        # question marks still to use
        self.written = []         # cells written this round, in order
        self.sun_added = None     # the value put on the sun track this round

    def copy(self) -> "Turn":
        other = Turn.__new__(Turn)
        other.__dict__.update(self.__dict__)
        other.cells = dict(self.cells)
        other.sun = list(self.sun)
        other.written = list(self.written)
        return other

    # -- questions ----------------------------------------------------------
    def fits(self, cell_id: str, value: int) -> bool:
        return (self.cells[cell_id] is None
                and why_not(self.cells, cell_id, value, self.sailboat_rule) is None)

    def crab_targets(self, cell_id: str) -> list[str]:
        value = self.cells[cell_id]
        return [near for near in NEIGHBOURS[cell_id] if self.fits(near, value)]

    def any_cell_fits(self) -> bool:
        return any(self.fits(cell_id, value) for cell_id in CELL_IDS for value in range(1, 7))

    @property
    def sun_total(self) -> int:
        return self.sun[-1] if self.sun else 0

    # -- the steps ----------------------------------------------------------
    def apply(self, move: dict) -> "Turn":
        """Apply a move already checked by :meth:`check` (no validation here)."""
        kind = move["type"]
        if kind == "write":
            pearl = CELLS[move["cell"]].pearl
            self.sun_die = remove_dice(self.dice, pearl, move["value"])[0]
            self._write(move["cell"], move["value"], then=SUN)
        elif kind == "sun_only":
            self._add_sun(move["value"])
        elif kind == "crab":
            self._write(move["cell"], self.cells[self.crab_from], then=self.crab_then)
        elif kind == "crab_skip":
            self._continue(self.crab_then)
        elif kind == "sun":
            self._add_sun(move["value"])
        elif kind == "question":
            self.questions -= 1
            self._write(move["cell"], move["value"], then=QUESTION)
        elif kind == "question_skip":
            self.questions -= 1
            self._continue(QUESTION)
        return self

    def _write(self, cell_id: str, value: int, then: str) -> None:
        self.cells[cell_id] = value
        self.written.append(cell_id)
        cell = CELLS[cell_id]
        if cell.hat and then == SUN:
            self.hat = True
        if cell.crab and self.crab_targets(cell_id):
            self.phase, self.crab_from, self.crab_then = CRAB, cell_id, then
            return
        self._continue(then)

    def _continue(self, then: str) -> None:
        self.crab_from = self.crab_then = None
        if then == SUN:
            if self.hat:
                self.phase = SUN
            else:
                self._add_sun(self.sun_die)
        else:
            self._next_question()

    def _add_sun(self, value: int) -> None:
        self.sun_added = value
        total = self.sun_total + value
        self.sun.append(total)
        bonus = SUN_BONUSES.get(total)
        if bonus is not None and bonus.question:
            self.questions += 1
        self._next_question()

    def _next_question(self) -> None:
        if self.questions > 0 and self.any_cell_fits():
            self.phase = QUESTION
        else:
            self.questions = 0
            self.phase = DONE

    # -- checking -----------------------------------------------------------
    def check(self, move) -> None:
        """Raise IllegalMove with a reason a player understands, or return."""
        if not isinstance(move, dict) or not isinstance(move.get("type"), str):
            raise IllegalMove("A move is an object with a 'type'.", code="invalid_move")
        kind = move["type"]
        if kind not in MOVE_FIELDS:
            raise IllegalMove(f"There is no move called '{kind}' in this game.", code="unknown_move")
        expected = set(MOVE_FIELDS[kind]) | {"type"}
        if set(move) != expected:
            fields = ", ".join(MOVE_FIELDS[kind]) or "no fields"
            raise IllegalMove(f"A '{kind}' move takes {fields}.", code="invalid_move")
        if "cell" in move and (not isinstance(move["cell"], str) or move["cell"] not in CELLS):
            raise IllegalMove(f"There is no cell called {move['cell']!r} on the sheet.",
                              code="unknown_cell")
        if "value" in move:
            value = move["value"]
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
                raise IllegalMove("A number on the sheet is a die value from 1 to 6.",
                                  code="invalid_value")
        if kind not in PHASE_MOVES[self.phase]:
            raise IllegalMove(f"Now you must {PHASE_WORDS[self.phase]}.", code="wrong_step")
        getattr(self, f"_check_{kind}")(move)

    def _check_cell_empty(self, cell_id: str) -> None:
        if self.cells[cell_id] is not None:
            raise IllegalMove(f"Cell {cell_id} already holds a {self.cells[cell_id]}.",
                              code="cell_taken")

    def _check_zone(self, cell_id: str, value: int) -> None:
        reason = why_not(self.cells, cell_id, value, self.sailboat_rule)
        if reason is not None:
            raise IllegalMove(f"You may not write a {value} into {cell_id}: {reason}.",
                              code="zone_rule")

    def _check_write(self, move: dict) -> None:
        cell_id, value = move["cell"], move["value"]
        self._check_cell_empty(cell_id)
        pearl = CELLS[cell_id].pearl
        if pearl not in self.dice:
            raise IllegalMove(f"The pearl of {cell_id} is a {pearl}, and no die shows a {pearl}.",
                              code="pearl_not_rolled")
        if remove_dice(self.dice, pearl, value) is None:
            raise IllegalMove(f"A {pearl} chooses {cell_id}; no other die shows a {value}.",
                              code="die_not_rolled")
        self._check_zone(cell_id, value)

    def _check_sun_only(self, move: dict) -> None:
        if move["value"] not in self.dice:
            raise IllegalMove(f"No die shows a {move['value']}.", code="die_not_rolled")

    def _check_crab(self, move: dict) -> None:
        cell_id = move["cell"]
        if cell_id not in NEIGHBOURS[self.crab_from]:
            raise IllegalMove(f"The crab copies only into a cell next to {self.crab_from} "
                              f"(above, below, left or right).", code="not_adjacent")
        self._check_cell_empty(cell_id)
        self._check_zone(cell_id, self.cells[self.crab_from])

    def _check_crab_skip(self, move: dict) -> None:
        return None

    def _check_sun(self, move: dict) -> None:
        return None   # the frog hat allows any value 1-6, checked above

    def _check_question(self, move: dict) -> None:
        self._check_cell_empty(move["cell"])
        self._check_zone(move["cell"], move["value"])

    def _check_question_skip(self, move: dict) -> None:
        return None

    # -- enumerating --------------------------------------------------------
    def legal_moves(self) -> list[dict]:
        if self.phase == PLACE:
            moves = []
            for cell_id in CELL_IDS:      # sheet order, whatever order the stored dict has
                if self.cells[cell_id] is not None or CELLS[cell_id].pearl not in self.dice:
                    continue
                for value in range(1, 7):
                    if (remove_dice(self.dice, CELLS[cell_id].pearl, value) is not None
                            and why_not(self.cells, cell_id, value, self.sailboat_rule) is None):
                        moves.append({"type": "write", "cell": cell_id, "value": value})
            moves += [{"type": "sun_only", "value": value} for value in sorted(set(self.dice))]
            return moves
        if self.phase == CRAB:
            return ([{"type": "crab", "cell": cell_id} for cell_id in self.crab_targets(self.crab_from)]
                    + [{"type": "crab_skip"}])
        if self.phase == SUN:
            return [{"type": "sun", "value": value} for value in range(1, 7)]
        if self.phase == QUESTION:
            return ([{"type": "question", "cell": cell_id, "value": value}
                     for cell_id in CELL_IDS for value in range(1, 7) if self.fits(cell_id, value)]
                    + [{"type": "question_skip"}])
        return []

    def to_json(self) -> dict:
        return {
            "phase": self.phase,
            "cells": dict(self.cells),
            "sun": list(self.sun),
            "sun_die": self.sun_die,
            "frog_hat": self.hat,
            "crab_from": self.crab_from,
            "questions": self.questions,
            "written": list(self.written),
        }


def run_turn(sheet: dict, dice: list, moves: list, sailboat_rule: str) -> Turn:
    """The turn after ``moves`` (each already accepted) on ``sheet`` with ``dice``."""
    turn = Turn(sheet, dice, sailboat_rule)
    for move in moves:
        turn.apply(move)
    return turn
