"""The personal boards: spaces, names, neighbours, and habitat placements.

Both sides are hex grids of flat-topped hexes in columns, odd columns shifted half a
hex down ("odd-q" offset coordinates, as the online edition draws them):

* side A (river): 5 columns of 5, 4, 5, 4, 5 spaces = 23 spaces;
* side B (islands): 7 columns of 4 spaces = 28 spaces.

A space is named by its column letter and row number ("c3"); moves use its index in
``spaces(side)`` (column by column, top to bottom). Habitat matching works in axial
coordinates, where turning a shape by 60 degrees is ``(q, r) -> (-r, q + r)``.
"""
from __future__ import annotations

from functools import lru_cache

from . import components as C

SIDES = ("A", "B")
_COLUMNS = {"A": [5, 4, 5, 4, 5], "B": [4, 4, 4, 4, 4, 4, 4]}
AXIAL_DIRECTIONS = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]


def to_axial(col: int, row: int) -> tuple[int, int]:
    return col, row - (col - (col & 1)) // 2


@lru_cache(maxsize=None)
def spaces(side: str) -> tuple[tuple[int, int], ...]:
    """(column, row) of every space, in index order."""
    return tuple((col, row) for col, height in enumerate(_COLUMNS[side]) for row in range(height))


@lru_cache(maxsize=None)
def names(side: str) -> tuple[str, ...]:
    return tuple(f"{chr(ord('a') + col)}{row + 1}" for col, row in spaces(side))


@lru_cache(maxsize=None)
def index_of_name(side: str) -> dict:
    return {name: index for index, name in enumerate(names(side))}


@lru_cache(maxsize=None)
def _axial_index(side: str) -> dict:
    return {to_axial(col, row): index for index, (col, row) in enumerate(spaces(side))}


@lru_cache(maxsize=None)
def neighbours(side: str) -> tuple[tuple[int, ...], ...]:
    """Indices of the (up to six) spaces next to each space."""
    by_axial = _axial_index(side)
    result = []
    for col, row in spaces(side):
        q, r = to_axial(col, row)
        result.append(tuple(by_axial[(q + dq, r + dr)] for dq, dr in AXIAL_DIRECTIONS
                            if (q + dq, r + dr) in by_axial))
    return tuple(result)


def rotate(offset: tuple[int, int], turns: int) -> tuple[int, int]:
    q, r = offset
    for _ in range(turns % 6):
        q, r = -r, q + r
    return q, r


@lru_cache(maxsize=None)
def placements(side: str, card_id: int) -> tuple:
    """Every way the card's habitat fits on the board: ``(cube_space, ((space, req), ...))``.

    All six rotations of the shape around every space; shapes that would leave the
    board are dropped, and rotations that give the same spaces with the same
    requirements (symmetric shapes) are kept once.
    """
    by_axial = _axial_index(side)
    cells = C.CARDS[card_id]["cells"]
    found = []
    seen = set()
    for anchor_index, (col, row) in enumerate(spaces(side)):
        q0, r0 = to_axial(col, row)
        for turns in range(6):
            fitted = []
            for offset, requirement in cells:
                dq, dr = rotate(offset, turns)
                target = by_axial.get((q0 + dq, r0 + dr))
                if target is None:
                    break
                fitted.append((target, requirement))
            else:
                key = (anchor_index, frozenset(fitted))
                if key not in seen:
                    seen.add(key)
                    found.append((anchor_index, tuple(fitted)))
    return tuple(found)
