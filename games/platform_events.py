"""Events the platform itself writes into a game's log (timeouts, forfeits, and what
happens at the table: resignations, cancel proposals and votes, takebacks).

They are part of the hash chain and the audit like any other event, but the rules
never see them: folding skips them, except a takeback, whose event carries the state
it returns to (so the state at every version stays the fold of the events before it;
games.table.takebacks). Their names are reserved for the platform. Descriptions name
seats as "Player N" (N = seat + 1), as the rules' do, so that one place puts the
players' names in (games.names).
"""
from __future__ import annotations

import copy

from games.engine import Event

SEAT_TIMED_OUT = "SeatTimedOut"
SEAT_FORFEITED = "SeatForfeited"
SEAT_RESIGNED = "SeatResigned"
GAME_ENDED = "GameEndedAtTable"      # ended by the table, not the rules (resignation, cancel)
CANCEL_PROPOSED = "CancelProposed"
CANCEL_VOTED = "CancelVoted"
TAKEBACK_REQUESTED = "TakebackRequested"
TAKEBACK_ACCEPTED = "TakebackAccepted"
TAKEBACK_REFUSED = "TakebackRefused"
MOVES_TAKEN_BACK = "MovesTakenBack"
PLATFORM_EVENT_TYPES = frozenset({SEAT_TIMED_OUT, SEAT_FORFEITED, SEAT_RESIGNED, GAME_ENDED, CANCEL_PROPOSED,
                                  CANCEL_VOTED, TAKEBACK_REQUESTED, TAKEBACK_ACCEPTED, TAKEBACK_REFUSED,
                                  MOVES_TAKEN_BACK})


def fold(rules, state, event_type: str, payload: dict):
    """Fold one stored event into ``state``, skipping the platform's own events; a
    takeback returns the state it names (a copy: evolve may change states in place)."""
    if event_type == MOVES_TAKEN_BACK:
        return copy.deepcopy(payload["state"])
    if event_type in PLATFORM_EVENT_TYPES:
        return state
    return rules.evolve(state, Event(event_type, payload))


def public_payload(event_type: str, payload: dict) -> dict:
    """A platform event as it is shown while the game runs: a takeback's restored state
    may hold hidden content (a deck's order), so only its digest is shown until the end."""
    if event_type == MOVES_TAKEN_BACK and "state" in payload:
        return {key: value for key, value in payload.items() if key != "state"}
    return payload


def _player(payload: dict, key: str = "seat") -> str:
    seat = payload.get(key)
    return f"Player {seat + 1}" if isinstance(seat, int) else "A player"


def describe(event_type: str, payload: dict) -> str | None:
    who = _player(payload)
    if event_type == SEAT_TIMED_OUT:
        return f"{who} ran out of time ({payload.get('policy')})."
    if event_type == SEAT_FORFEITED:
        return f"{who} forfeited; a bot plays the seat from now on."
    if event_type == SEAT_RESIGNED:
        then = ("a bot plays the seat from now on" if payload.get("then") == "bot" else "the game ends")
        return f"{who} resigned and ranks last; {then}."
    if event_type == GAME_ENDED:
        return {"cancelled": "The game was cancelled by agreement; it is not rated.",
                "cancel_deadline": "The game was cancelled: nobody objected before the deadline; it is not rated.",
                "resignation": "The game ended by resignation."}.get(payload.get("reason"), "The game ended.")
    if event_type == CANCEL_PROPOSED:
        until = f" (cancelled on {payload['deadline'][:16].replace('T', ' ')} UTC unless someone objects)" \
            if payload.get("deadline") else ""
        return f"{who} proposed to cancel the game{until}."
    if event_type == CANCEL_VOTED:
        return f"{who} {'agreed to' if payload.get('vote') == 'agree' else 'objected to'} cancelling the game."
    if event_type == TAKEBACK_REQUESTED:
        return f"{who} asked to take back their last move."
    if event_type == TAKEBACK_ACCEPTED:
        return f"{who} accepted the takeback."
    if event_type == TAKEBACK_REFUSED:
        return f"{who} refused the takeback."
    if event_type == MOVES_TAKEN_BACK:
        count = payload.get("undone", 0)
        return (f"{_player(payload, 'requested_by')}'s last move was taken back "
                f"({count} event{'s' if count != 1 else ''} undone; the game is as it was at version "
                f"{payload.get('to_version')}).")
    return None
