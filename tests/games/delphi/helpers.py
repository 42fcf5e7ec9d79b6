"""Hand-built Delphi positions on the first-game map, and a scripted RNG for dice."""
from __future__ import annotations

import copy

import pytest

from games.catalog.delphi import RULES
from games.catalog.delphi import components as C
from games.catalog.delphi import queries as Q
from games.catalog.delphi.board import FIRST_GAME
from games.catalog.delphi.effects import Turn
from games.engine import Event, IllegalMove
from games.engine.rng import GameRng, rng_for_testing


class Scripted(GameRng):
    """An RNG whose draws are given in advance, per purpose (else a seeded one answers)."""

    __slots__ = ("draws", "fallback")

    def __init__(self, **draws):
        fallback = rng_for_testing(7)
        super().__init__(fallback._key, "scripted", 1)
        self.draws = {purpose: list(values) for purpose, values in draws.items()}
        self.fallback = fallback

    def randbelow(self, n, purpose="draw"):
        if self.draws.get(purpose):
            value = self.draws[purpose].pop(0)
            assert 0 <= value < n, (purpose, value, n)
            return value
        return self.fallback.randbelow(n, purpose)


def islands_of(kind: str) -> list[str]:
    return sorted(k for k, i in FIRST_GAME["islands"].items() if i["kind"] == kind)


def shore(island: str) -> list[str]:
    """Water spaces beside an island, sorted."""
    return sorted(k for k in Q.neighbours(island) if k in FIRST_GAME["water"])


def new_game(players=2, ships=None, first=0, dice=None, injuries=None, tiles=None) -> dict:
    """A game on the first-game map, at the start of the first seat's actions.

    Every seat starts with no injuries unless given (so the first turn is a blessing; the
    helper takes 2 favour for it), ships None = no ship tile (plain storage 2, range 3)."""
    sea = copy.deepcopy(FIRST_GAME)
    offering_islands = islands_of("offering")
    offerings = {key: [C.COLOURS[(i + s) % 6] for s in range(players)] for i, key in enumerate(offering_islands)}
    monsters = {}
    for i, key in enumerate(islands_of("monster2")):
        monsters[key] = [C.COLOURS[2 * i], C.COLOURS[2 * i + 1]]
    for i, key in enumerate(islands_of("monster")):
        monsters[key] = [C.COLOURS[(i + s) % 6] for s in range(players - 1)]
    hidden = tiles or {key: list(C.ISLAND_TILES[i]) for i, key in enumerate(islands_of("tile"))}
    payload = {"players": players, "options": RULES.check_options(players, {}), "sea": sea, "first": first,
               "colours": list(C.PLAYER_COLOURS[:players]), "offerings": offerings, "monsters": monsters,
               "hidden": hidden, "offering_colours": ["blue", "yellow"], "removed": [],
               "display": [0, 3, 8, 10, 12, 14], "ships": None, "ships_offered": [],
               "injuries": injuries or ["red"] * players,
               "dice": dice or [["red", "blue", "green"] for _ in range(players)]}
    turn = Turn({}, rng_for_testing(1))
    turn.emit("GameStarted", **payload)
    state = turn.state
    for seat in range(players):
        state["seats"][seat]["ship"] = (ships or {}).get(seat)
        if not injuries:
            state["seats"][seat]["injuries"] = {c: 0 for c in C.COLOURS}
            state["seats"][seat]["gods"] = {c: 0 for c in C.COLOURS}
    turn.settle()
    return turn.state


def actions_now(state: dict, seat: int | None = None, dice=None) -> dict:
    """Put the current (or given) seat straight into its actions with these dice."""
    if seat is not None:
        state["turn"] = seat
    state["step"] = "actions"
    state["pending"] = []
    if dice is not None:
        state["unused"] = list(dice)
    return state


def play(state: dict, seat: int, move: dict, rng=None) -> tuple[dict, list[Event]]:
    """The state after the move (a new one: the state given is left as it was)."""
    events = RULES.decide(state, seat, move, rng or rng_for_testing(99))
    state = copy.deepcopy(state)
    for event in events:
        state = RULES.evolve(state, event)
    return state, events


def refused(state: dict, seat: int, move: dict, code: str = "illegal_move") -> str:
    with pytest.raises(IllegalMove) as error:
        RULES.decide(state, seat, move, rng_for_testing(1))
    assert error.value.code == code, error.value.message
    return error.value.message


def of_type(events, kind) -> list[dict]:
    return [event.payload for event in events if event.type == kind]


def legal(state, seat, **fields) -> list[dict]:
    return [m for m in RULES.legal_moves(state, seat) if all(m.get(k) == v for k, v in fields.items())]
