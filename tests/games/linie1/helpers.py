"""Build Linie 1 positions by hand for the worked examples.

Squares are written as (row, col), 0-based from the top left, as in the moves.
Buildings of the 1995 board, 0-based: G(0,7) F(1,3) M(3,5) H(3,10) E(4,0) I(5,8)
L(6,3) A(7,11) D(8,1) K(8,6) B(10,8) C(11,4).
Rotations turn a tile clockwise: a straight at rotation 0 runs N-S, at 1 E-W; a
curve at rotation 0 joins N-E, 1 E-S, 2 S-W, 3 W-N.
"""
from __future__ import annotations

import pytest

from games.catalog.linie1 import RULES
from games.engine import IllegalMove
from games.engine.harness import Table

STRAIGHT, CURVE = 0, 1
NS, EW = (STRAIGHT, 0), (STRAIGHT, 1)
NE, ES, SW, WN = (CURVE, 0), (CURVE, 1), (CURVE, 2), (CURVE, 3)


def cell(row: int, col: int) -> int:
    return row * 12 + col


def table(players: int = 2, options: dict | None = None, seed: int = 0, tiles: dict | None = None,
          **fields) -> Table:
    """A fresh table whose state fields are replaced by ``fields``.

    ``tiles`` maps (row, col) to (tile, rotation); ``signs`` may map letters to
    (row, col).
    """
    t = Table(RULES, players, options or {}, seed)
    t.state["current"] = 0   # the worked examples start with the first seat (the first player is drawn)
    if tiles:
        for (row, col), (tile, rotation) in tiles.items():
            t.state["tiles"][cell(row, col)] = [tile, rotation]
    if "signs" in fields:
        fields["signs"] = {letter: cell(*square) for letter, square in fields["signs"].items()}
    t.state.update(fields)
    return t


def place(tile, rotation, row, col, **extra) -> dict:
    return {"type": "place", "tile": tile, "rotation": rotation, "row": row, "col": col, **extra}


def refused(t: Table, seat: int, move: dict, code: str) -> str:
    with pytest.raises(IllegalMove) as error:
        RULES.decide(t.state, seat, move, t.rng_for(t.version + 1))
    assert error.value.code == code, error.value.message
    return error.value.message


def types(events) -> list[str]:
    return [event.type for event in events]


# Line 1 on the 1995 board: terminals on the left side (rows 5-6, 0-based) and the
# right side (rows 1-2). This track drives from the left terminal at (5,0) east
# to (5,2), north to (2,2) and east along row 2 into the right terminal.
LINE1_TRACK = {
    (5, 0): EW, (5, 1): EW, (5, 2): WN,
    (4, 2): NS, (3, 2): NS, (2, 2): ES,
    **{(2, col): EW for col in range(3, 12)},
}
LINE1_PATH = [cell(5, 0), cell(5, 1), cell(5, 2), cell(4, 2), cell(3, 2), cell(2, 2)] + \
    [cell(2, col) for col in range(3, 12)]


def driving_table(players=2, seat=0, stops="IL", signs=None, position=0, dice="traffic_lights_bga",
                  **fields) -> Table:
    """Seat ``seat`` drives line 1 along LINE1_TRACK with the given stops whose
    signs stand on the track (by default I at (2,5) and L at (3,2))."""
    signs = signs or {"I": (2, 5), "L": (3, 2)}
    t = table(players, {"dice": dice}, tiles=LINE1_TRACK, signs=signs, **fields)
    t.state["lines"][seat] = 1
    t.state["routes"][seat] = stops
    t.state["status"][seat] = "driving"
    t.state["revealed"][seat] = True
    t.state["trips"][seat] = {"start": "left", "path": list(LINE1_PATH), "position": position,
                              "reached": []}
    t.state["current"] = seat
    t.state["stage"] = "roll"
    return t
