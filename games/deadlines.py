"""Keeping a game's deadline rows in step with whose turn it is.

Called inside the move's transaction, after the projection has moved on: seats
that have just moved are charged and their deadlines closed; seats that have just
become to move get a turn start, a deadline and (if asked for) a reminder row.
"""
from __future__ import annotations

from games import timecontrol
from games.models import Deadline, Game


def reschedule(game: Game, seats, *, previous_to_move: set[int], mover: int | None, now) -> None:
    """Update seats' clocks and deadline rows after ``game`` reached a new version.

    ``seats`` are the game's Seat rows (already loaded by the caller).
    """
    tc = game.time_control
    current = set(game.to_move) if game.status == "active" else set()
    changed = []
    for seat in seats:
        number = seat.number
        if number == mover and number not in current and seat.turn_started_at is not None:
            seat.bank_seconds = timecontrol.bank_after_move(tc, bank_seconds=seat.bank_seconds,
                                                            started=seat.turn_started_at, now=now)
        # A seat still to move (another seat moved, or its own turn has several
        # steps) keeps its clock running.
        if number in current and number in previous_to_move:
            continue
        if number in current:
            seat.turn_started_at = now
            seat.deadline = timecontrol.turn_deadline(tc, bank_seconds=seat.bank_seconds, now=now)
        elif seat.turn_started_at is not None or seat.deadline is not None:
            seat.turn_started_at = None
            seat.deadline = None
        else:
            continue
        changed.append(seat)
    if not tc:
        return
    if changed:
        type(changed[0]).objects.bulk_update(changed, ["bank_seconds", "turn_started_at", "deadline"])
    # Close what no longer applies, open the new ones.
    stale = [seat.number for seat in changed]
    Deadline.objects.filter(game=game, seat__in=stale, done=False).update(done=True)
    rows = []
    for seat in changed:
        if seat.deadline is None:
            continue
        rows.append(Deadline(game=game, seat=seat.number, kind=Deadline.Kind.TIMEOUT, due_at=seat.deadline,
                             version=game.version))
        remind = timecontrol.reminder_time(tc, seat.deadline)
        if remind is not None and remind > now:
            rows.append(Deadline(game=game, seat=seat.number, kind=Deadline.Kind.REMINDER, due_at=remind,
                                 version=game.version))
    Deadline.objects.bulk_create(rows)
