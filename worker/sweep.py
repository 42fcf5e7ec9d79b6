"""The deadline sweep: reminders and timeouts, from the ``due_at`` index.

The sweep reads only rows that are due (``done = false and due_at <= now``, served
by the partial index on ``due_at``), so its cost follows what is due, not how many
games exist. Each due row is handled in its own transaction that first locks the
game row (the same lock order as a move, so they never deadlock) with SKIP LOCKED:
a game busy with a move or another sweep is simply left for the next tick.

* A reminder writes its email delivery and closes the row, in one transaction: at
  most one reminder per deadline, and none once the seat has moved (its move
  closed the row).
* A timeout either uses a vacation day (if the time control says so and days are
  left: the clock stops for a day and the row moves to the new deadline) or
  applies the timeout policy through ``games.services.timeout_apply`` — one batch
  in the game's log, led by a SeatTimedOut event.
* A cancel proposal's deadline cancels the game if the proposal is still open with
  no objection (``games.table.cancel``).
"""
from __future__ import annotations

import logging
from datetime import timedelta

from django.conf import settings
from django.db import DatabaseError, transaction

from games import deadlines, services, timecontrol
from games.models import Deadline, Game, GameStatus, Seat
from games.table import cancel
from worker import clock, notify, selectors
from worker.models import Vacation

log = logging.getLogger(__name__)


def due_ids(now, limit: int) -> list[tuple[int, int]]:
    """(deadline id, game id) of due rows, earliest first — an index range scan."""
    return list(Deadline.objects.filter(done=False, due_at__lte=now).order_by("due_at")
                .values_list("id", "game_id")[:limit])


def sweep_deadlines(*, now=None, limit: int | None = None) -> dict:
    now = now or clock.now()
    counts = {"due": 0, "reminders": 0, "timeouts": 0, "vacations": 0, "cancels": 0, "stale": 0, "busy": 0,
              "errors": 0}
    due = due_ids(now, limit or settings.WORKER_BATCH)
    counts["due"] = len(due)
    for deadline_id, game_id in due:
        try:
            counts[handle_deadline(deadline_id, game_id, now=now)] += 1
        except DatabaseError:
            # Transient (a lock timeout, a lost connection): the next tick retries.
            counts["errors"] += 1
            log.exception("deadline %s of game %s: database error, will retry", deadline_id, game_id)
        except Exception:
            counts["errors"] += 1
            log.exception("deadline %s of game %s failed", deadline_id, game_id)
            _close(deadline_id)
    return counts


def _close(deadline_id: int) -> None:
    """Give up on a deadline whose handling raised, so it does not fail every tick."""
    try:
        Deadline.objects.filter(pk=deadline_id).update(done=True)
    except Exception:
        log.exception("could not close deadline %s", deadline_id)


def handle_deadline(deadline_id: int, game_id: int, *, now) -> str:
    with transaction.atomic():
        game = Game.objects.select_for_update(no_key=True, skip_locked=True).filter(pk=game_id).first()
        if game is None:
            return "busy"
        deadline = Deadline.objects.filter(pk=deadline_id).first()
        if deadline is None or deadline.done or deadline.due_at > now:
            return "stale"
        if deadline.kind == Deadline.Kind.CANCEL:
            return cancel.cancel_deadline_passed(game, deadline, now=now)
        seat = Seat.objects.get(game=game, number=deadline.seat)
        if game.status != GameStatus.ACTIVE or seat.number not in game.to_move or deadlines.is_bot_seat(game, seat):
            deadline.done = True
            deadline.save(update_fields=["done"])
            return "stale"
        if deadline.kind == Deadline.Kind.REMINDER:
            deadline.done = True
            deadline.save(update_fields=["done"])
            notify.reminder(game, seat, deadline_row=deadline, now=now)
            return "reminders"
        if _use_vacation_day(game, seat, deadline, now=now):
            return "vacations"
        policy = timecontrol.policy(game.time_control)
        if policy == "forfeit":
            # The seat drops out; a bot plays it from now on (no clock for bots).
            deadline.done = True
            deadline.save(update_fields=["done"])
        services.timeout_apply(game_id=game.pk, seat=seat.number, now=now)
        if policy != "forfeit":
            _finish_turn(game.pk, seat.number, deadline.pk, now=now)
        return "timeouts"


# A turn of several steps (Momiji's collect-then-extras) whose time ran out: the
# timeout batch plays the first step, a bot the rest, so the log records one
# timeout per turn. The deadline row stays open until the seat's turn ends.
MAX_STEPS_AFTER_TIMEOUT = 50


def _finish_turn(game_id: int, seat: int, deadline_id: int, *, now) -> None:
    for _ in range(MAX_STEPS_AFTER_TIMEOUT):
        if Deadline.objects.filter(pk=deadline_id, done=True).exists():
            return
        version = Game.objects.filter(pk=game_id).values_list("version", flat=True).get()
        if services.bot_move(game_id=game_id, seat=seat, expected_version=version, now=now) is None:
            return


def _use_vacation_day(game: Game, seat: Seat, deadline: Deadline, *, now) -> bool:
    tc = game.time_control or {}
    if not tc.get("vacation_auto") or not seat.user_id:
        return False
    start = deadline.due_at
    year = timecontrol.vacation_year(start)
    left = timecontrol.vacation_allowance(tc) - selectors.vacation_days_used(game.pk, seat.number, year)
    if left < 1:
        return False
    Vacation.objects.create(game=game, seat=seat.number, user_id=seat.user_id, starts_at=start,
                            ends_at=start + timedelta(days=1), days=1, year=year, reason=Vacation.Reason.AUTO,
                            created_at=now)
    seat.vacation_days_left = left - 1
    seat.save(update_fields=["vacation_days_left"])
    deadlines.reopen(game, seat, now=now)
    notify.vacation_used(game, seat, days_left=left - 1, now=now)
    return True
