"""Build Momiji positions by hand for the worked examples."""
from __future__ import annotations

import pytest

from games.catalog.momiji import RULES
from games.engine import IllegalMove
from games.engine.harness import Table


def table(players: int = 2, landscapes: str = "assigned", seed: int = 0, **fields) -> Table:
    """A fresh table whose state fields are then replaced by ``fields``.

    ``rows`` may be given per seat as a list of ``"red:0,0,1"`` strings (or dicts).
    """
    t = Table(RULES, players, {"landscapes": landscapes}, seed)
    # The worked examples are told from the first seat's point of view: let it begin
    # (the first player is drawn at random; test_end.py covers that).
    t.state["first"] = t.state["current"] = 0
    if t.state["draft"] is not None:
        t.state["draft"]["order"] = [seat for rnd in range(3)
                                     for seat in (range(players) if rnd % 2 == 0 else reversed(range(players)))]
    if "rows" in fields:
        fields["rows"] = [[stack(s) if isinstance(s, str) else s for s in row]
                          for row in fields["rows"]]
    t.state.update(fields)
    return t


def stack(text: str) -> dict:
    leaf, values = text.split(":")
    return {"leaf": leaf, "values": [int(v) for v in values.split(",")]}


def row_text(row) -> list[str]:
    return [f"{s['leaf']}:{','.join(str(v) for v in s['values'])}" for s in row]


def refused(t: Table, seat: int, move: dict, code: str) -> str:
    with pytest.raises(IllegalMove) as error:
        RULES.decide(t.state, seat, move, t.rng_for(t.version + 1))
    assert error.value.code == code, error.value.message
    return error.value.message


def types(events) -> list[str]:
    return [event.type for event in events]
