"""Events the platform itself writes into a game's log (timeouts, forfeits).

They are part of the hash chain and the audit like any other event, but the rules
never see them: folding skips them. Their names are reserved for the platform.
"""
from __future__ import annotations

from games.engine import Event

SEAT_TIMED_OUT = "SeatTimedOut"
SEAT_FORFEITED = "SeatForfeited"
PLATFORM_EVENT_TYPES = frozenset({SEAT_TIMED_OUT, SEAT_FORFEITED})


def fold(rules, state, event_type: str, payload: dict):
    """Fold one stored event into ``state``, skipping the platform's own events."""
    if event_type in PLATFORM_EVENT_TYPES:
        return state
    return rules.evolve(state, Event(event_type, payload))


def describe(event_type: str, payload: dict) -> str | None:
    if event_type == SEAT_TIMED_OUT:
        return f"Seat {payload.get('seat')} ran out of time ({payload.get('policy')})."
    if event_type == SEAT_FORFEITED:
        return f"Seat {payload.get('seat')} forfeited; a bot plays it from now on."
    return None
