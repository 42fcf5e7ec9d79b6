"""The board's geometry, computed once per board size.

Squares are numbered ``index = y * grid_width + x`` on a grid that includes the wall
ring: x runs 0..width+1 and y 0..height+1 (y = 0 is the top row). City squares are
x in 1..width, y in 1..height; the other squares form the ring where walls go, with a
tower in each corner.
"""
from __future__ import annotations

from functools import lru_cache

from .components import TOWER_CORNERS


class Board:
    def __init__(self, width: int, height: int):
        self.width = width
        self.height = height
        self.grid_width = gw = width + 2
        self.grid_height = gh = height + 2
        self.size = gw * gh
        self.is_city = [False] * self.size
        self.is_ring_side = [False] * self.size     # a ring square where a wall may go
        self.tower_at = [0] * self.size             # tower number on a corner, else 0
        self.orth: list[list[int]] = [[] for _ in range(self.size)]
        self.around: list[list[int]] = [[] for _ in range(self.size)]   # the 8 neighbours
        self.along: list[list[int]] = [[] for _ in range(self.size)]    # ring neighbours on the same side
        self.inward = [-1] * self.size              # the city square a ring square touches
        for y in range(gh):
            for x in range(gw):
                i = self.index(x, y)
                on_x_edge = x in (0, gw - 1)
                on_y_edge = y in (0, gh - 1)
                if on_x_edge and on_y_edge:
                    pass
                elif on_x_edge or on_y_edge:
                    self.is_ring_side[i] = True
                else:
                    self.is_city[i] = True
                for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    if 0 <= x + dx < gw and 0 <= y + dy < gh:
                        self.orth[i].append(self.index(x + dx, y + dy))
                for dx in (-1, 0, 1):
                    for dy in (-1, 0, 1):
                        if (dx or dy) and 0 <= x + dx < gw and 0 <= y + dy < gh:
                            self.around[i].append(self.index(x + dx, y + dy))
        for number, (side_x, side_y) in TOWER_CORNERS.items():
            x = 0 if side_x == "left" else gw - 1
            y = 0 if side_y == "top" else gh - 1
            self.tower_at[self.index(x, y)] = number
        for i in range(self.size):
            if not self.is_ring_side[i]:
                continue
            x, y = self.xy(i)
            if y in (0, gh - 1):
                self.along[i] = [self.index(x - 1, y), self.index(x + 1, y)]
                self.inward[i] = self.index(x, 1 if y == 0 else gh - 2)
            else:
                self.along[i] = [self.index(x, y - 1), self.index(x, y + 1)]
                self.inward[i] = self.index(1 if x == 0 else gw - 2, y)
        self.city_squares = [i for i in range(self.size) if self.is_city[i]]
        self.ring_squares = [i for i in range(self.size) if self.is_ring_side[i]]
        # Squares at least one square away from the wall: where the fountain and the
        # first merchant may be put at setup (lehi, Boardspace).
        self.interior_squares = [i for i in self.city_squares
                                 if all(self.is_city[j] for j in self.orth[i])]

    def index(self, x: int, y: int) -> int:
        return y * self.grid_width + x

    def xy(self, index: int) -> tuple[int, int]:
        return index % self.grid_width, index // self.grid_width

    def on_grid(self, x: int, y: int) -> bool:
        return 0 <= x < self.grid_width and 0 <= y < self.grid_height

    def fountain_squares(self, fountain: int) -> list[int]:
        """The (up to four) city squares two squares from the fountain in a straight line."""
        x, y = self.xy(fountain)
        result = []
        for dx, dy in ((2, 0), (-2, 0), (0, 2), (0, -2)):
            if self.on_grid(x + dx, y + dy) and self.is_city[self.index(x + dx, y + dy)]:
                result.append(self.index(x + dx, y + dy))
        return result

    def near_fountain(self, fountain: int | None) -> set[int]:
        """The fountain square and the eight around it: no building or stable goes there."""
        if fountain is None:
            return set()
        return {fountain, *self.around[fountain]}


@lru_cache(maxsize=None)
def board_for(width: int, height: int) -> Board:
    return Board(width, height)
