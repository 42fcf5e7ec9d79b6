"""Writes behind the worker's API: preferences, webhooks, vacations, unsubscribing.

Each function checks its input completely before it writes, and writes in one
transaction: a refused request changes nothing.
"""
from __future__ import annotations

import math
from datetime import datetime, time, timedelta

from django.db import transaction

from games import deadlines, services as game_services, timecontrol
from games.errors import Conflict, Forbidden, InvalidInput, NotFound, Unprocessable
from games.models import Game, GameStatus, Seat
from worker import clock, mail, notify, selectors, webhooks
from worker.models import (Delivery, DeliveryStatus, NotificationPreference, NotifyMode, Vacation, Webhook,
                           new_secret)

WEBHOOK_EVENT_TYPES = ("turn", "game.finished", "seat.timed_out")
MAX_WEBHOOKS = 20


# -- preferences --------------------------------------------------------------------------

def preferences_update(*, user, changes: dict) -> NotificationPreference:
    """Apply validated ``changes`` (mode, time_zone, quiet_hours, reminder_hours, digest_hour)."""
    fields = {}
    if "mode" in changes:
        if changes["mode"] not in NotifyMode.values:
            raise InvalidInput(f"mode must be one of {', '.join(NotifyMode.values)}.", code="invalid_mode")
        fields["mode"] = changes["mode"]
    if "time_zone" in changes:
        if not timecontrol.valid_time_zone(changes["time_zone"]):
            raise InvalidInput("time_zone must be an IANA time zone name such as \"Europe/Paris\".",
                               code="invalid_time_zone")
        fields["time_zone"] = changes["time_zone"]
    if "quiet_hours" in changes:
        quiet = changes["quiet_hours"]
        if quiet is None:
            fields["quiet_start"] = fields["quiet_end"] = None
        else:
            start, end = quiet["start"], quiet["end"]
            if start == end:
                raise InvalidInput("Quiet hours must not start and end at the same time.", code="invalid_quiet_hours")
            fields["quiet_start"], fields["quiet_end"] = start, end
    if "reminder_hours" in changes:
        hours = changes["reminder_hours"]
        if hours is not None and not 0 <= hours <= 24 * 30:
            raise InvalidInput("reminder_hours must be between 0 (no reminders) and 720.",
                               code="invalid_reminder_hours")
        fields["reminder_hours"] = hours
    if "digest_hour" in changes:
        if not 0 <= changes["digest_hour"] <= 23:
            raise InvalidInput("digest_hour must be an hour from 0 to 23.", code="invalid_digest_hour")
        fields["digest_hour"] = changes["digest_hour"]
    with transaction.atomic():
        row, _ = NotificationPreference.objects.select_for_update().get_or_create(user=user)
        for name, value in fields.items():
            setattr(row, name, value)
        row.save()
    return row


def unsubscribe(*, token: str) -> NotificationPreference:
    """Turn all email off for the user a signed token names (idempotent)."""
    from django.contrib.auth import get_user_model

    user_id = mail.unsubscribe_user_id(token)
    user = get_user_model().objects.filter(pk=user_id).first() if user_id else None
    if user is None:
        raise NotFound("This unsubscribe link is not valid.", code="invalid_token")
    with transaction.atomic():
        row, _ = NotificationPreference.objects.select_for_update().get_or_create(user=user)
        row.mode = NotifyMode.NONE
        row.save(update_fields=["mode", "updated_at"])
        Delivery.objects.filter(user=user, channel="email", status__in=[DeliveryStatus.PENDING,
                                                                         DeliveryStatus.HELD]).update(
            status=DeliveryStatus.CANCELLED, last_error="unsubscribed")
    return row


# -- webhooks ------------------------------------------------------------------------------------

def _check_events(events) -> list[str]:
    if events is None:
        return []
    unknown = sorted(set(events) - set(WEBHOOK_EVENT_TYPES))
    if unknown:
        raise InvalidInput(f"Unknown webhook events: {', '.join(unknown)}; choose from "
                           f"{', '.join(WEBHOOK_EVENT_TYPES)}.", code="invalid_events")
    return sorted(set(events))


def _check_url(url: str) -> str:
    problem = webhooks.url_problem(url)
    if problem:
        raise InvalidInput(problem, code="invalid_url")
    return url


def _check_secret(secret: str | None) -> str:
    if secret is None:
        return new_secret()
    if not 16 <= len(secret) <= 200:
        raise InvalidInput("A webhook secret must be 16 to 200 characters (or leave it out to get one).",
                           code="invalid_secret")
    return secret


def webhook_create(*, user, url: str, secret: str | None = None, game_id: int | None = None,
                   seat: int | None = None, events=None, now=None) -> Webhook:
    now = now or clock.now()
    url, secret, events = _check_url(url), _check_secret(secret), _check_events(events)
    if seat is not None and game_id is None:
        raise InvalidInput("A seat webhook names both the game and the seat.", code="invalid_seat")
    if game_id is not None:
        game = Game.objects.filter(pk=game_id).only("id", "seat_users").first()
        if game is None:
            raise NotFound("There is no such game.", code="game_not_found")
        if seat is None:
            try:
                seat = game.seat_users.index(user.pk)
            except ValueError:
                raise Forbidden("You have no seat in this game.", code="not_a_player")
        elif not (0 <= seat < len(game.seat_users)) or game.seat_users[seat] != user.pk:
            raise Forbidden("That seat is not yours.", code="not_your_seat")
    with transaction.atomic():
        if Webhook.objects.filter(user=user).count() >= MAX_WEBHOOKS:
            raise Conflict(f"You have {MAX_WEBHOOKS} webhooks already; remove one first.", code="too_many_webhooks")
        return Webhook.objects.create(user=user, url=url, secret=secret, game_id=game_id, seat=seat,
                                      events=events, created_at=now)


def webhook_update(*, user, webhook_id, changes: dict) -> Webhook:
    hook = selectors.webhook_get(user, webhook_id)
    if "url" in changes:
        hook.url = _check_url(changes["url"])
    if "events" in changes:
        hook.events = _check_events(changes["events"])
    if "active" in changes:
        hook.active = bool(changes["active"])
    if changes.get("rotate_secret"):
        hook.secret = new_secret()
    elif "secret" in changes:
        hook.secret = _check_secret(changes["secret"])
    hook.save()
    return hook


def webhook_delete(*, user, webhook_id) -> None:
    hook = selectors.webhook_get(user, webhook_id)
    with transaction.atomic():
        Delivery.objects.filter(webhook=hook, status__in=[DeliveryStatus.PENDING]).update(
            status=DeliveryStatus.CANCELLED, last_error="webhook removed")
        hook.delete()


def webhook_ping(*, user, webhook_id, now=None) -> Delivery:
    hook = selectors.webhook_get(user, webhook_id)
    if not hook.active:
        raise Conflict("This webhook is switched off; switch it on to ping it.", code="webhook_inactive")
    return notify.ping(hook, now=now or clock.now())


# -- vacations ------------------------------------------------------------------------------------

def _seat_for(game: Game, user) -> Seat:
    try:
        number = game.seat_users.index(user.pk)
    except ValueError:
        raise Forbidden("You have no seat in this game.", code="not_a_player")
    return Seat.objects.get(game=game, number=number)


def _book(game: Game, seat: Seat, *, user, days: int, start: datetime, now) -> Vacation:
    """Book one seat's vacation. Call while holding the game row lock; raises if refused."""
    tc = game.time_control
    if game.status != GameStatus.ACTIVE:
        raise Unprocessable("Vacations are for games being played.", code="game_not_active")
    if not timecontrol.vacation_allowance(tc):
        raise Unprocessable("This game's time control has no vacation days.", code="no_vacation_days")
    if seat.forfeited:
        raise Unprocessable("Your seat has forfeited this game.", code="seat_forfeited")
    year = timecontrol.vacation_year(start)
    left = timecontrol.vacation_allowance(tc) - selectors.vacation_days_used(game.pk, seat.number, year)
    if days > left:
        raise Unprocessable(f"You have {left} vacation day{'s' if left != 1 else ''} left in {year} in this game.",
                            code="not_enough_vacation_days", details={"days_left": left, "year": year})
    starts_at, ends_at = timecontrol.vacation_interval(start, days)
    if Vacation.objects.filter(game=game, seat=seat.number, starts_at__lt=ends_at, ends_at__gt=starts_at).exists():
        raise Conflict("This overlaps a vacation you already booked in this game.", code="vacation_overlaps")
    vacation = Vacation.objects.create(game=game, seat=seat.number, user=user, starts_at=starts_at, ends_at=ends_at,
                                       days=days, year=year, created_at=now)
    if year == timecontrol.vacation_year(now):
        seat.vacation_days_left = left - days
        seat.save(update_fields=["vacation_days_left"])
    deadlines.reopen(game, seat, now=now)
    return vacation


def vacation_book(*, user, days, game_id: int | None = None, start: datetime | None = None,
                  now=None) -> dict:
    """Stop the user's clock for ``days`` from ``start`` (default now).

    With ``game_id``: in that game, or an error. Without: in every active game of the
    user whose time control grants enough days; the answer lists what was skipped.
    """
    now = now or clock.now()
    if not isinstance(days, int) or isinstance(days, bool) or not 1 <= days <= timecontrol.MAX_VACATION_DAYS:
        raise InvalidInput("days must be a whole number of days from 1 to 365.", code="invalid_days")
    start = start or now
    if start < now - timedelta(minutes=5):
        raise InvalidInput("A vacation cannot start in the past.", code="invalid_start")
    if start > now + timedelta(days=366):
        raise InvalidInput("A vacation must start within a year.", code="invalid_start")
    if game_id is not None:
        with transaction.atomic():
            game = game_services._locked_game(game_id)
            vacation = _book(game, _seat_for(game, user), user=user, days=days, start=start, now=now)
        return {"booked": [vacation], "skipped": []}
    booked, skipped = [], []
    candidates = list(Game.objects.filter(seats__user=user, status=GameStatus.ACTIVE)
                      .values_list("id", flat=True).distinct().order_by("id"))
    for candidate in candidates:
        try:
            with transaction.atomic():
                game = game_services._locked_game(candidate)
                booked.append(_book(game, _seat_for(game, user), user=user, days=days, start=start, now=now))
        except (Unprocessable, Conflict, Forbidden) as refused:
            skipped.append({"game": candidate, "code": refused.code, "message": refused.message})
    if not booked:
        raise Unprocessable("None of your active games could take this vacation.", code="no_vacation_booked",
                            details={"skipped": skipped})
    return {"booked": booked, "skipped": skipped}


def vacation_cancel(*, user, vacation_id, now=None) -> Vacation | None:
    """Cancel a vacation not begun (days refunded) or end one early (unused whole days refunded).

    Returns the shortened vacation, or None if it was removed.
    """
    now = now or clock.now()
    vacation = selectors.vacation_get(user, vacation_id)
    if vacation.ends_at <= now:
        raise Conflict("This vacation is over already.", code="vacation_over")
    if vacation.reason == Vacation.Reason.AUTO:
        raise Conflict("A vacation day used automatically cannot be given back.", code="vacation_auto")
    with transaction.atomic():
        game = game_services._locked_game(vacation.game_id)
        vacation = Vacation.objects.get(pk=vacation.pk)
        if vacation.starts_at > now:
            vacation.delete()
            result = None
        else:
            used = max(1, math.ceil((now - vacation.starts_at).total_seconds() / 86400))
            vacation.ends_at, vacation.days = now, min(used, vacation.days)
            vacation.save(update_fields=["ends_at", "days"])
            result = vacation
        seat = Seat.objects.get(game=game, number=vacation.seat)
        seat.vacation_days_left = selectors.vacation_days_left(game, seat.number, now=now)
        seat.save(update_fields=["vacation_days_left"])
        deadlines.reopen(game, seat, now=now)
    return result


def parse_clock_time(value: str, name: str) -> time:
    try:
        hours, minutes = (int(part) for part in value.split(":"))
        return time(hours, minutes)
    except (ValueError, AttributeError):
        raise InvalidInput(f"{name} must be a time of day \"HH:MM\".", code="invalid_quiet_hours")
