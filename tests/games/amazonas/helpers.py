"""Hand-built Amazonas positions for the worked examples."""
from __future__ import annotations

import pytest

from games.catalog.amazonas import RULES
from games.catalog.amazonas import components as C
from games.engine import Event, IllegalMove
from games.engine.rng import rng_for_testing


def new_game(players=2, first=0, missions=None, options=None) -> dict:
    """A game before the start round: the first seat starts, copper coins 1, 2, 3, 4."""
    options = RULES.check_options(players, options or {})
    copper = [(seat - first) % players + 1 for seat in range(players)]
    return RULES.evolve({}, Event("GameStarted", {
        "players": players, "options": options, "first": first, "copper": copper,
        "missions": missions or list(range(players))}))


def put(state: dict, seat: int, *villages: str) -> dict:
    """Give ``seat`` huts (and their tiles) in ``villages`` without paying."""
    for village in villages:
        state["sites"][village].append(seat)
        state["tiles"][seat][C.village_type(village)] += 1
        state["huts_left"][seat] -= 1
    return state


def in_round(state: dict, event: str, number: int = 1) -> dict:
    """Skip the start round and open round ``number`` with ``event``."""
    state["phase"] = "start"
    state["turn"] = state["players"]
    state["round"] = number - 1
    return RULES.evolve(state, Event("RoundStarted", {"round": number, "event": event,
                                                     "hands_returned": False}))


def choose(state: dict, cards: list[int]) -> tuple[dict, list[Event]]:
    """Every seat chooses its card (seat order); returns the state and all events."""
    events = []
    for seat, card in enumerate(cards):
        batch = RULES.decide(state, seat, {"type": "income", "card": card}, rng_for_testing(seat))
        for event in batch:
            state = RULES.evolve(state, event)
        events += batch
    return state, events


def play(state: dict, seat: int, move: dict) -> tuple[dict, list[Event]]:
    events = RULES.decide(state, seat, move, rng_for_testing(99))
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


def finish_round(state: dict) -> tuple[dict, list[Event]]:
    """Every seat in turn takes its income (declining the Indio) and builds nothing."""
    events = []
    while state["phase"] == "turn":
        seat = RULES.current(state)
        move = {"type": "collect"} if state["step"] == "start" else {"type": "end"}
        state, batch = play(state, seat, move)
        events += batch
    return state, events
