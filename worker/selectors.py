"""Reads: players' preferences, webhooks, vacations, and seats' clocks."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

from django.db.models import Q, Sum

from games import deadlines, timecontrol
from games.models import Game, GameStatus, Seat
from worker.models import Delivery, NotificationPreference, NotifyMode, Vacation, Webhook


@dataclass(frozen=True)
class Preferences:
    """A player's notification choices, with the defaults for players who made none."""

    mode: str = NotifyMode.EVERY
    time_zone: str = "UTC"
    quiet_start: time | None = None
    quiet_end: time | None = None
    reminder_hours: float | None = None
    digest_hour: int = 8

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.time_zone if timecontrol.valid_time_zone(self.time_zone) else "UTC")

    def local(self, moment: datetime) -> datetime:
        return moment.astimezone(self.zone)

    def quiet_until(self, moment: datetime) -> datetime | None:
        """If ``moment`` falls in the quiet hours, when they end (UTC); else None."""
        if self.quiet_start is None or self.quiet_end is None or self.quiet_start == self.quiet_end:
            return None
        local = self.local(moment)
        clock = local.time().replace(tzinfo=None)
        start, end = self.quiet_start, self.quiet_end
        inside = start <= clock < end if start < end else (clock >= start or clock < end)
        if not inside:
            return None
        day = local.date() if clock < end else local.date() + timedelta(days=1)
        return datetime.combine(day, end, tzinfo=self.zone).astimezone(moment.tzinfo)


_FIELDS = ("mode", "time_zone", "quiet_start", "quiet_end", "reminder_hours", "digest_hour")


def preferences_for(user_ids) -> dict[int, Preferences]:
    """Preferences of several users at once (defaults for those without a row)."""
    ids = {uid for uid in user_ids if uid}
    found = {row[0]: Preferences(*row[1:]) for row in
             NotificationPreference.objects.filter(user_id__in=ids).values_list("user_id", *_FIELDS)}
    return {uid: found.get(uid, Preferences()) for uid in ids}


def preferences_of(user) -> Preferences:
    return preferences_for([user.pk])[user.pk]


def webhooks_for(user) -> list[Webhook]:
    return list(Webhook.objects.filter(user=user).order_by("id"))


def webhook_get(user, webhook_id) -> Webhook:
    from games.errors import NotFound

    try:
        return Webhook.objects.get(pk=int(webhook_id), user=user)
    except (Webhook.DoesNotExist, ValueError, TypeError):
        raise NotFound("You have no webhook with that id.", code="webhook_not_found")


def webhook_deliveries(webhook: Webhook, *, limit: int = 50) -> list[Delivery]:
    return list(Delivery.objects.filter(webhook=webhook).order_by("-id")[:limit])


def hooks_for_event(*, game_id: int, seat_users: dict[int, int], kind: str) -> dict[int, list[Webhook]]:
    """Active webhooks that want ``kind`` about ``game_id``, per seat (user-wide or for that seat)."""
    if not seat_users:
        return {}
    users = set(seat_users.values())
    rows = list(Webhook.objects.filter(active=True).filter(
        Q(user_id__in=users, game__isnull=True) | Q(game_id=game_id, seat__in=list(seat_users))))
    result: dict[int, list[Webhook]] = {}
    for seat, user_id in seat_users.items():
        for hook in rows:
            wants = not hook.events or kind in hook.events
            mine = (hook.game_id is None and hook.user_id == user_id) or \
                   (hook.game_id == game_id and hook.seat == seat and hook.user_id == user_id)
            if wants and mine:
                result.setdefault(seat, []).append(hook)
    return result


# -- vacations --------------------------------------------------------------------------------

def vacation_days_used(game_id: int, seat: int, year: int) -> int:
    return Vacation.objects.filter(game_id=game_id, seat=seat, year=year).aggregate(n=Sum("days"))["n"] or 0


def vacation_days_left(game: Game, seat: int, *, now: datetime) -> int:
    allowance = timecontrol.vacation_allowance(game.time_control)
    if not allowance:
        return 0
    return max(0, allowance - vacation_days_used(game.pk, seat, timecontrol.vacation_year(now)))


def vacations_of(user) -> list[Vacation]:
    return list(Vacation.objects.filter(user=user).select_related("game").order_by("-starts_at")[:200])


def vacation_get(user, vacation_id) -> Vacation:
    from games.errors import NotFound

    try:
        return Vacation.objects.get(pk=int(vacation_id), user=user)
    except (Vacation.DoesNotExist, ValueError, TypeError):
        raise NotFound("You have no vacation with that id.", code="vacation_not_found")


# -- clocks -------------------------------------------------------------------------------------

def clocks_for(game: Game, *, now: datetime, viewer_seat: int | None = None) -> dict:
    """Every seat's clock at ``now``: deadline (UTC), remaining time, vacations.

    When a player is away is theirs to know: the vacations' dates are listed for
    ``viewer_seat`` only; everyone sees whether a seat is on vacation now.
    """
    seats = list(Seat.objects.filter(game=game).order_by("number"))
    tc = game.time_control
    since = min([s.turn_started_at for s in seats if s.turn_started_at] + [now])
    context = deadlines.seat_context(game, seats, since=since) if tc else None
    vacations: dict[int, list[Vacation]] = {}
    for vacation in Vacation.objects.filter(game=game, ends_at__gt=now).order_by("starts_at"):
        vacations.setdefault(vacation.seat, []).append(vacation)
    result = []
    for seat in seats:
        running = game.status == GameStatus.ACTIVE and seat.number in game.to_move and seat.deadline is not None
        calendar = context.calendar(seat) if context else None
        on_vacation = any(v.starts_at <= now < v.ends_at for v in vacations.get(seat.number, []))
        result.append({
            "seat": seat.number,
            "to_move": game.status == GameStatus.ACTIVE and seat.number in game.to_move,
            "bot": deadlines.is_bot_seat(game, seat),
            "deadline": seat.deadline if running else None,
            "turn_started_at": seat.turn_started_at if running else None,
            "bank_seconds": seat.bank_seconds,
            "remaining_seconds": timecontrol.remaining(tc, bank_seconds=seat.bank_seconds,
                                                       started=seat.turn_started_at if running else None,
                                                       now=now, calendar=calendar) if tc else None,
            "clock_running": bool(running and calendar is not None and timecontrol.is_counting(calendar, now)),
            "on_vacation": on_vacation,
            "vacation_days_left": vacation_days_left(game, seat.number, now=now) if tc else 0,
            "vacations": [{"starts_at": v.starts_at, "ends_at": v.ends_at, "reason": v.reason}
                          for v in vacations.get(seat.number, []) if seat.number == viewer_seat],
        })
    return {"game": game.pk, "version": game.version, "status": game.status, "now": now,
            "time_control": tc, "description": timecontrol.describe(tc), "seats": result}


def seat_facts(game: Game, *, user_ids, seat_numbers, since, vacations: bool) -> deadlines.SeatFacts:
    """The worker's facts about a game's seats for their clocks (games.deadlines):
    players' time zones and reminder choices, and vacations ending after ``since``."""
    facts = deadlines.SeatFacts()
    if user_ids:
        facts.preferences = {row[0]: row[1:] for row in NotificationPreference.objects.filter(
            user_id__in=user_ids).values_list("user_id", "time_zone", "reminder_hours")}
    if vacations:
        for number, start, end in Vacation.objects.filter(
                game_id=game.pk, seat__in=seat_numbers, ends_at__gt=since).values_list("seat", "starts_at", "ends_at"):
            facts.pauses.setdefault(number, []).append((start, end))
    return facts
