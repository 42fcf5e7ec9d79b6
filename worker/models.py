"""The worker's tables: what players want to hear about, and what is owed to them.

``Delivery`` is the heart of it: one row per side effect (an email, a webhook POST,
a bot turn), written in the same transaction as the work that caused it, with a
unique ``key`` naming the side effect. The row is the durable record — tasks carry
only its id and may be lost or run twice; the row's status says what is done.
"""
from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models

from games.models import Game


class NotifyMode(models.TextChoices):
    EVERY = "every", "an email for every event"
    DIGEST = "digest", "one daily digest"
    NONE = "none", "no email"


class NotificationPreference(models.Model):
    """A player's choices; a user without a row has the defaults below."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                related_name="notification_preference")
    mode = models.CharField(max_length=10, choices=NotifyMode.choices, default=NotifyMode.EVERY)
    # IANA name; the player's weekends, playing hours, quiet hours and digest hour.
    time_zone = models.CharField(max_length=64, default="UTC")
    quiet_start = models.TimeField(null=True, blank=True)
    quiet_end = models.TimeField(null=True, blank=True)
    # Remind this many hours before a deadline; None: as the game's time control says; 0: never.
    reminder_hours = models.FloatField(null=True, blank=True)
    digest_hour = models.PositiveSmallIntegerField(default=8)
    updated_at = models.DateTimeField(auto_now=True)


def new_secret() -> str:
    return secrets.token_urlsafe(32)


class Webhook(models.Model):
    """A URL that receives signed JSON about a user's games, or about one seat."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="webhooks")
    url = models.URLField(max_length=500)
    secret = models.CharField(max_length=200, default=new_secret)
    # Both set: only that seat of that game. Both empty: every seat the user holds.
    game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.CASCADE, related_name="webhooks")
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    events = models.JSONField(default=list, blank=True)  # empty: all event types
    active = models.BooleanField(default=True)
    created_at = models.DateTimeField()

    class Meta:
        indexes = [models.Index(fields=["game", "seat"], name="webhook_seat")]


class Vacation(models.Model):
    """Days when one seat's clock stops (booked by hand, or used up automatically)."""

    class Reason(models.TextChoices):
        MANUAL = "manual"
        AUTO = "auto", "used automatically when time ran out"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="vacations")
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="vacations")
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField()
    days = models.PositiveSmallIntegerField()
    year = models.PositiveSmallIntegerField()  # the calendar year the days count against
    reason = models.CharField(max_length=10, choices=Reason.choices, default=Reason.MANUAL)
    created_at = models.DateTimeField()

    class Meta:
        indexes = [models.Index(fields=["game", "seat", "ends_at"], name="vacation_seat")]
        ordering = ["starts_at"]


class GameWatch(models.Model):
    """What the relay last saw of a game: which seats it has already told it is their turn.

    Turn emails go to seats that *became* to move; with simultaneous turns a seat
    stays to move while others move, and must not hear about it again. Likewise an
    optional move (``may_move``) is announced once, when another seat's move offers it.
    """

    game = models.OneToOneField(Game, on_delete=models.CASCADE, primary_key=True, related_name="watch")
    version = models.PositiveIntegerField(default=0)
    to_move = models.JSONField(default=list)
    may_move = models.JSONField(default=list)


class Channel(models.TextChoices):
    EMAIL = "email"
    WEBHOOK = "webhook"
    BOT = "bot"


class DeliveryStatus(models.TextChoices):
    PENDING = "pending", "waiting to be carried out"
    SENDING = "sending", "being carried out (claimed until claimed_until)"
    SENT = "sent", "done"
    HELD = "held", "kept for the daily digest"
    DIGESTED = "digested", "sent as part of a digest"
    CANCELLED = "cancelled", "no longer relevant (the player moved, unsubscribed...)"
    FAILED = "failed", "gave up after the last retry"


class Delivery(models.Model):
    """One side effect owed, exactly once: an email, a webhook POST or a bot turn."""

    key = models.CharField(max_length=200, unique=True)
    channel = models.CharField(max_length=10, choices=Channel.choices)
    kind = models.CharField(max_length=20)  # turn, reminder, timeout, finished, vacation, digest, ping, bot
    game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.CASCADE, related_name="deliveries")
    seat = models.SmallIntegerField(null=True, blank=True)
    version = models.PositiveIntegerField(null=True, blank=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE,
                             related_name="deliveries")
    webhook = models.ForeignKey(Webhook, null=True, blank=True, on_delete=models.CASCADE, related_name="deliveries")
    payload = models.JSONField(default=dict)
    status = models.CharField(max_length=10, choices=DeliveryStatus.choices, default=DeliveryStatus.PENDING)
    attempts = models.PositiveIntegerField(default=0)
    next_attempt_at = models.DateTimeField()
    claimed_until = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField()
    sent_at = models.DateTimeField(null=True, blank=True)
    last_error = models.TextField(blank=True, default="")

    class Meta:
        indexes = [
            # The dispatcher's scan (status in pending/sending, next_attempt_at <= now) and
            # the digest's (status = held, by user): both ranges of one status. Plain
            # composite indexes, because SQLite cannot match a partial index's
            # condition against bound parameters.
            models.Index(fields=["status", "next_attempt_at"], name="delivery_due"),
            models.Index(fields=["status", "user"], name="delivery_status_user"),
        ]
