"""Where each piece may go: the placement rules, as questions about a state.

Square contents (``state["cells"]``): "" empty, "T" tower, "W1".."W4" a wall grown
from that tower, "F" the fountain, "M" a merchant, "S" a stable, or a colour name for
a building. ``state["palace_at"]`` names the palace (index into ``state["palaces"]``)
each building or stable belongs to, -1 elsewhere.
"""
from __future__ import annotations

from .board import Board, board_for
from .components import COLOURS


def board_of(state) -> Board:
    return board_for(state["width"], state["height"])


def is_wall(code: str) -> bool:
    return code[:1] == "W"


def wall_tower(code: str) -> int:
    return int(code[1:])


class Site:
    """One state's placement questions, with the shared work done once."""

    def __init__(self, state, *, stables_extend: bool = False):
        self.state = state
        # Rules version 2: a palace is its buildings and stables, so a stable may also
        # be placed against a stable of the palace ("an einen Palast").
        self.stables_extend = stables_extend
        self.board = board_of(state)
        self.cells = state["cells"]
        self.palace_at = state["palace_at"]
        self.near_fountain = self.board.near_fountain(state["fountain"])
        self._expansions: dict[int, list[int]] = {}
        self._new_palace: list[int] | None = None

    # -- palaces -------------------------------------------------------------
    def buildable(self, square: int, palace: int) -> bool:
        """An empty city square a part of ``palace`` (-1: a new palace) may occupy:
        away from the fountain and not touching any other palace, even diagonally."""
        if self.cells[square] != "" or not self.board.is_city[square] or square in self.near_fountain:
            return False
        palace_at = self.palace_at
        for other in self.board.around[square]:
            if palace_at[other] != -1 and palace_at[other] != palace:
                return False
        return True

    def expansion(self, palace: int) -> list[int]:
        """Squares orthogonally next to a building of ``palace`` where it may grow."""
        if palace not in self._expansions:
            found = set()
            for square in self.state["palaces"][palace]["buildings"]:
                for n in self.board.orth[square]:
                    if n not in found and self.buildable(n, palace):
                        found.add(n)
            self._expansions[palace] = sorted(found)
        return self._expansions[palace]

    def new_palace_squares(self) -> list[int]:
        if self._new_palace is None:
            self._new_palace = [i for i in self.board.city_squares if self.buildable(i, -1)]
        return self._new_palace

    def building_squares(self, colour: str) -> list[int]:
        """Grow the unfinished palace of this colour; only when none can grow, start anew."""
        grow = set()
        for number, palace in enumerate(self.state["palaces"]):
            if palace["colour"] == colour and palace["status"] == "open":
                grow.update(self.expansion(number))
        if grow:
            return sorted(grow)
        return self.new_palace_squares()

    def extendable_palace(self, colour: str) -> int | None:
        for number, palace in enumerate(self.state["palaces"]):
            if palace["colour"] == colour and palace["status"] == "open" and self.expansion(number):
                return number
        return None

    def stable_squares(self) -> list[int]:
        found = set()
        for number, palace in enumerate(self.state["palaces"]):
            found.update(self.expansion(number))
            if self.stables_extend:
                for square in palace["stables"]:
                    found.update(n for n in self.board.orth[square] if self.buildable(n, number))
        return sorted(found)

    def palace_of_new_stable(self, square: int) -> int:
        """The palace a stable on ``square`` joins: the one it touches orthogonally
        (through a building, or in version 2 also through one of its stables)."""
        cells, palace_at = self.cells, self.palace_at
        return next(palace_at[n] for n in self.board.orth[square]
                    if palace_at[n] != -1 and (self.stables_extend or cells[n] != "S"))

    def roof_squares(self, seat: int | None) -> list[int]:
        """Buildings of unfinished palaces the seat may roof (None: a neutral roof)."""
        claimed = self.state["claimed"][seat] if seat is not None else []
        squares = []
        for palace in self.state["palaces"]:
            if palace["status"] == "open" and palace["colour"] not in claimed:
                squares.extend(palace["buildings"])
        return sorted(squares)

    # -- walls ---------------------------------------------------------------
    def wall_squares(self) -> list[int]:
        """A ring square next to exactly one wall or tower along its side: the wall
        grows from a tower, and a gate always stays open between two wall lines."""
        cells = self.cells
        result = []
        for square in self.board.ring_squares:
            if cells[square] != "":
                continue
            touching = sum(1 for n in self.board.along[square] if cells[n] == "T" or is_wall(cells[n]))
            if touching == 1:
                result.append(square)
        return result

    def tower_of_new_wall(self, square: int) -> int:
        for n in self.board.along[square]:
            if self.cells[n] == "T":
                return self.board.tower_at[n]
            if is_wall(self.cells[n]):
                return wall_tower(self.cells[n])
        raise ValueError("a wall must touch a tower or a wall")

    # -- merchants -----------------------------------------------------------
    def merchant_neighbours(self, square: int) -> int:
        cells = self.cells
        return sum(1 for n in self.board.orth[square] if cells[n] == "M")

    def merchant_squares(self) -> list[int]:
        """Next to exactly one merchant at an end of the alley; anywhere (touching at
        most one merchant) when no alley end can grow."""
        cells, board = self.cells, self.board
        found = set()
        for square in board.city_squares:
            if cells[square] != "M" or self.merchant_neighbours(square) > 1:
                continue
            for n in board.orth[square]:
                if board.is_city[n] and cells[n] == "" and self.merchant_neighbours(n) == 1:
                    found.add(n)
        if found:
            return sorted(found)
        return [i for i in board.city_squares if cells[i] == "" and self.merchant_neighbours(i) <= 1]


def colours_with_supply(supply: dict) -> list[str]:
    return [colour for colour in COLOURS if supply[colour] > 0]
