"""Hand-built states for the 62 Soleils d'Été tests.

``new_game(players, dice)`` folds a GameStarted and a DiceRolled event with dice we
choose; ``play(state, seat, move)`` decides and folds one move like the store would.
Sheets are filled by hand with ``fill(state, seat, {...})``.
"""
from __future__ import annotations

from games.catalog.soleils import RULES_BY_VERSION
from games.engine import Event
from games.engine.rng import rng_for_testing

RULES = RULES_BY_VERSION[1]   # the step-by-step rules; version 2 sends the steps as one move


def new_game(players=1, dice=(1, 2, 3), options=None, round_number=1):
    options = RULES.check_options(players, options or {})
    state = RULES.initial_state()
    state = RULES.evolve(state, Event("GameStarted", {"players": players, "options": options}))
    return RULES.evolve(state, Event("DiceRolled", {"round": round_number, "dice": list(dice)}))


def roll(state, dice, round_number=None):
    """Replace this round's dice (only before anybody moved)."""
    number = state["round"] if round_number is None else round_number
    return RULES.evolve(state, Event("DiceRolled", {"round": number, "dice": list(dice)}))


def fill(state, seat, values: dict, sun=None):
    """Write numbers straight onto a sheet (a sheet built by hand)."""
    for cell_id, value in values.items():
        assert cell_id in state["sheets"][seat]["cells"], cell_id
        state["sheets"][seat]["cells"][cell_id] = value
    if sun is not None:
        state["sheets"][seat]["sun"] = list(sun)
    return state


def play(state, seat, move, seed=0):
    events = RULES.decide(state, seat, move, rng_for_testing(seed))
    for event in events:
        state = RULES.evolve(state, event)
    return state, events


def turn(state, seat):
    return RULES.turn_of(state, seat)


def cells(state, seat):
    return state["sheets"][seat]["cells"]
