"""Build travel-game positions by hand for the worked examples.

Countries used below and what they need (components.py):
Italy: sunglasses, camera, sun_hat — France: camera, guidebook, phrasebook —
Spain: sunscreen, swimsuit, sunglasses — Germany: bicycle, umbrella, phrasebook.
"""
from __future__ import annotations

import copy

import pytest

from games.catalog.travel import RULES
from games.engine import Event, IllegalMove
from games.engine.rng import rng_for_testing

FILLER = ["bicycle-1", "bicycle-2", "umbrella-1", "umbrella-2", "map-1", "map-2",
          "winter_coat-1", "winter_coat-2", "hiking_boots-1", "hiking_boots-2"]


def build(hands, deck=None, discard=(), players=None, countries=None, center="Italy",
          current=0, options=None, characters=None, visited=None):
    """A state at the start of ``current``'s action, with exactly these cards."""
    players = players or len(hands)
    options = RULES.check_options(players, options or {})
    countries = countries or ["France", "Spain", "Germany", "Norway", "Japan", "Kenya"][:players]
    setup = Event("GameSetUp", {
        "players": players, "options": options, "hands": [list(h) for h in hands],
        "deck": list(FILLER if deck is None else deck), "countries": list(countries),
        "center": center, "characters": characters, "distances": [0] * players,
        "first": current,
    })
    state = RULES.evolve(RULES.initial_state(), setup)
    state["discard"] = list(discard)
    if visited:
        for seat in visited:
            state["visited"][seat] = True
            state["country"][seat] = None
    return RULES.evolve(state, Event("TurnStarted", {"seat": current, "turn": 1}))


def play(state, seat, move, seed=0, rules=RULES):
    """Decide and fold one move; returns (new state, events)."""
    events = rules.decide(state, seat, move, rng_for_testing(seed))
    state = copy.deepcopy(state)          # evolve works in place; keep the caller's state
    for event in events:
        state = rules.evolve(state, event)
    return state, events


def play_all(state, moves, seed=0, rules=RULES):
    events = []
    for seat, move in moves:
        state, new = play(state, seat, move, seed, rules)
        events += new
    return state, events


def refused(state, seat, move, code=None, rules=RULES):
    with pytest.raises(IllegalMove) as error:
        rules.decide(state, seat, move, rng_for_testing(0))
    if code is not None:
        assert error.value.code == code, error.value.message
    return error.value


def types(events):
    return [event.type for event in events]


def hand(state, seat):
    return sorted(state["hands"][seat])


def offer(state, by, to, give, want, rules=RULES):
    """Put an offer together through the draft moves and send it."""
    moves = [(by, {"type": "propose" if state["step"] == "action" else "counter", **({"to": to} if state["step"] == "action" else {})})]
    moves += [(by, {"type": "offer_give", "card": card}) for card in give]
    moves += [(by, {"type": "offer_want", "kind": k}) for k in want]
    moves += [(by, {"type": "offer_send"})]
    return play_all(state, moves, rules=rules)
