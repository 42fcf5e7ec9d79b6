"""Keeping a game's deadline rows in step with whose turn it is.

Called inside the move's transaction, after the projection has moved on: seats
that have just moved are charged and their deadlines closed; seats that have just
become to move get a turn start, a deadline and (if asked for) a reminder row.
Seats played by bots (bot seats, forfeited seats) have no clock.

Each seat's clock runs on its own :class:`games.timecontrol.Calendar`: the game's
weekend pause and playing hours in that player's time zone, minus their vacations.
Time zones, reminder preferences and vacations are the worker app's tables. The
store does not import the worker: the worker registers a loader for them when it
starts (``register_seat_facts``, called from worker/apps.py); without one every
seat has UTC, the game's reminders and no vacations.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from games import timecontrol
from games.models import Deadline, Game


@dataclass
class SeatFacts:
    """What a seat's clock needs from outside the store."""

    # user id -> (IANA time zone, remind this many hours before a deadline or None)
    preferences: dict[int, tuple[str, float | None]] = field(default_factory=dict)
    # seat number -> [(vacation start, end)] that end after ``since``
    pauses: dict[int, list] = field(default_factory=dict)


# loader(game, user_ids, seat_numbers, since, vacations) -> SeatFacts
SeatFactsLoader = Callable[..., SeatFacts]
_loader: SeatFactsLoader | None = None


def register_seat_facts(loader: SeatFactsLoader) -> None:
    global _loader
    _loader = loader


def is_bot_seat(game: Game, seat) -> bool:
    return bool(seat.bot_level) or seat.forfeited or seat.number in (game.forfeited_seats or [])


class SeatContext:
    """Per-seat time zones, reminder choices and vacations, loaded once per call."""

    def __init__(self, game: Game, seats, *, since):
        self.game = game
        tc = game.time_control or {}
        facts = SeatFacts()
        if _loader is not None:
            facts = _loader(game, user_ids={seat.user_id for seat in seats if seat.user_id},
                            seat_numbers=[seat.number for seat in seats], since=since,
                            vacations=bool(tc.get("vacation_days")) and since is not None)
        self.prefs = facts.preferences
        self.pauses: dict[int, list] = facts.pauses

    def calendar(self, seat) -> timecontrol.Calendar:
        tc = self.game.time_control
        if not timecontrol.needs_calendar(tc):
            return timecontrol.ALWAYS
        zone = self.prefs.get(seat.user_id, ("UTC", None))[0]
        return timecontrol.calendar_for(tc, time_zone=zone, pauses=self.pauses.get(seat.number, ()))

    def reminder_before(self, seat) -> float | None:
        hours = self.prefs.get(seat.user_id, ("UTC", None))[1]
        return None if hours is None else hours * 3600


def reschedule(game: Game, seats, *, previous_to_move: set[int], mover: int | None, now) -> None:
    """Update seats' clocks and deadline rows after ``game`` reached a new version.

    ``seats`` are the game's Seat rows (already loaded by the caller).
    """
    tc = game.time_control
    if not tc:
        return
    current = set(game.to_move) if game.status == "active" else set()
    started = [seat.turn_started_at for seat in seats if seat.turn_started_at is not None]
    context = SeatContext(game, seats, since=min(started + [now]))
    # The mover still to move while other seats have just become to move: a new
    # round began (everyone picks again), so the mover's turn ended and a new one starts.
    new_round = mover is not None and mover in current and bool(current - set(previous_to_move))
    changed = []
    for seat in seats:
        number = seat.number
        turn_ended = number == mover and (number not in current or new_round)
        if turn_ended and seat.turn_started_at is not None:
            seat.bank_seconds = timecontrol.bank_after_move(tc, bank_seconds=seat.bank_seconds,
                                                            started=seat.turn_started_at, now=now,
                                                            calendar=context.calendar(seat))
        if is_bot_seat(game, seat):
            if seat.turn_started_at is None and seat.deadline is None:
                continue
            seat.turn_started_at = seat.deadline = None
        # A seat still to move (another seat moved, or its own turn has several
        # steps) keeps its clock running.
        elif number in current and number in previous_to_move and not turn_ended:
            continue
        elif number in current:
            seat.turn_started_at = now
            seat.deadline = timecontrol.turn_deadline(tc, bank_seconds=seat.bank_seconds, now=now,
                                                      calendar=context.calendar(seat))
        elif seat.turn_started_at is not None or seat.deadline is not None:
            seat.turn_started_at = None
            seat.deadline = None
        else:
            continue
        changed.append(seat)
    if not changed:
        return
    type(changed[0]).objects.bulk_update(changed, ["bank_seconds", "turn_started_at", "deadline"])
    # Close what no longer applies, open the new ones.
    Deadline.objects.filter(game=game, seat__in=[seat.number for seat in changed], done=False).update(done=True)
    rows = []
    for seat in changed:
        if seat.deadline is None:
            continue
        rows.append(Deadline(game=game, seat=seat.number, kind=Deadline.Kind.TIMEOUT, due_at=seat.deadline,
                             version=game.version))
        remind = timecontrol.reminder_time(tc, seat.deadline, before_seconds=context.reminder_before(seat))
        if remind is not None and remind > now:
            rows.append(Deadline(game=game, seat=seat.number, kind=Deadline.Kind.REMINDER, due_at=remind,
                                 version=game.version))
    Deadline.objects.bulk_create(rows)


def seat_context(game: Game, seats, *, since) -> SeatContext:
    return SeatContext(game, seats, since=since)


def reopen(game: Game, seat, *, now) -> bool:
    """Recompute a running seat's deadline after its calendar changed (a vacation).

    Call while holding the game row lock. The open timeout row moves to the new
    deadline; the reminder row follows it (re-armed if it lies in the future).
    Returns False if the seat has no running clock.
    """
    tc = game.time_control
    if not tc or seat.turn_started_at is None or is_bot_seat(game, seat):
        return False
    context = SeatContext(game, [seat], since=min(seat.turn_started_at, now))
    deadline = timecontrol.turn_deadline(tc, bank_seconds=seat.bank_seconds, now=seat.turn_started_at,
                                         calendar=context.calendar(seat))
    seat.deadline = deadline
    seat.save(update_fields=["deadline"])
    timeout = (Deadline.objects.filter(game=game, seat=seat.number, kind=Deadline.Kind.TIMEOUT, done=False)
               .order_by("-version").first())
    if timeout is None:
        return False
    timeout.due_at = deadline
    timeout.save(update_fields=["due_at"])
    remind = timecontrol.reminder_time(tc, deadline, before_seconds=context.reminder_before(seat))
    reminder = Deadline.objects.filter(game=game, seat=seat.number, kind=Deadline.Kind.REMINDER,
                                       version=timeout.version).first()
    if reminder is not None and remind is not None:
        reminder.due_at, reminder.done = remind, remind <= now
        reminder.save(update_fields=["due_at", "done"])
    elif remind is not None and remind > now:
        Deadline.objects.create(game=game, seat=seat.number, kind=Deadline.Kind.REMINDER, due_at=remind,
                                version=timeout.version)
    return True
