"""The event store's tables.

``Event`` is the truth; ``Game`` carries a projection of it (current state, version,
seats to move, outcome) that the move transaction keeps up to date, and ``Snapshot``
rows are caches for loading old versions quickly. Events are append-only: database
triggers (see migration 0002) refuse UPDATE, DELETE and TRUNCATE.
"""
from __future__ import annotations

from django.conf import settings
from django.db import models


class GameStatus(models.TextChoices):
    OPEN = "open", "waiting for players"
    ACTIVE = "active", "being played"
    FINISHED = "finished", "finished"


class Game(models.Model):
    slug = models.CharField(max_length=40, db_index=True)
    rules_version = models.PositiveIntegerField()
    players = models.PositiveSmallIntegerField()
    options = models.JSONField(default=dict)
    time_control = models.JSONField(null=True, blank=True)
    creator = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="created_games")
    status = models.CharField(max_length=10, choices=GameStatus.choices, default=GameStatus.OPEN, db_index=True)
    created_at = models.DateTimeField()
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    # Fairness: the commitment is public from creation; the seed only once finished.
    server_seed = models.CharField(max_length=64)
    seed_commitment = models.CharField(max_length=64)
    # How the event hashes are computed (games.hashing): 1 for games created before the
    # hiding scheme, which keep verifying as they were; new games get the current one.
    hash_scheme = models.PositiveSmallIntegerField(default=2)

    # Projection of the log, updated in the move's transaction.
    version = models.PositiveIntegerField(default=0)
    head_hash = models.CharField(max_length=64, default="0" * 64)
    state = models.JSONField(null=True, blank=True)
    to_move = models.JSONField(default=list)
    outcome = models.JSONField(null=True, blank=True)
    # Seat number -> user id (None for a bot or an empty seat), so the move path
    # finds the mover's seat without another query.
    seat_users = models.JSONField(default=list)
    # Seat number -> the seed that player added when joining ("" for none).
    player_seeds = models.JSONField(default=list)
    # Seats that dropped out (timeout policy "forfeit"); a bot plays them, they rank last.
    forfeited_seats = models.JSONField(default=list)
    # The platform's options beside the rules' ``options`` (games.table.options:
    # takebacks, what a resignation does, the cancel deadline), and what is pending at
    # the table now (an open cancel proposal, a takeback request): a projection of the
    # log's platform events, as ``state`` is of the rules' events.
    table_options = models.JSONField(default=dict)
    table_pending = models.JSONField(default=dict)

    class Meta:
        indexes = [models.Index(fields=["status", "slug"])]

    def __str__(self) -> str:
        return f"{self.slug} #{self.pk}"


class Seat(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                             related_name="seats")
    bot_level = models.CharField(max_length=20, blank=True, default="")
    player_seed = models.CharField(max_length=128, blank=True, default="")
    joined_at = models.DateTimeField(null=True, blank=True)
    # The game version after this seat's last own move ("what happened since").
    last_move_version = models.PositiveIntegerField(default=0)
    forfeited = models.BooleanField(default=False)
    # Time control: remaining bank and vacation (see games.timecontrol).
    bank_seconds = models.FloatField(null=True, blank=True)
    vacation_days_left = models.FloatField(null=True, blank=True)
    turn_started_at = models.DateTimeField(null=True, blank=True)
    deadline = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "number"], name="seat_unique_number")]
        ordering = ["number"]

    @property
    def is_bot(self) -> bool:
        return bool(self.bot_level)


class Event(models.Model):
    # No index of its own: the unique (game, seq) index serves lookups by game.
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="events", db_index=False)
    seq = models.PositiveIntegerField()
    type = models.CharField(max_length=60)
    payload = models.JSONField()
    actor = models.SmallIntegerField(null=True, blank=True)  # seat, None for setup/system
    # The command that produced this batch of events ({"kind": "move", "seat": 0,
    # "move": {...}}), stored on the batch's first event; ``batch`` is that event's seq.
    batch = models.PositiveIntegerField()
    command = models.JSONField(null=True, blank=True)
    rules_version = models.PositiveIntegerField()
    created_at = models.DateTimeField()
    prev_hash = models.CharField(max_length=64)
    hash = models.CharField(max_length=64)
    # Hash scheme 2: the salted commitment to the full event (games.hashing); null under scheme 1.
    sealed = models.CharField(max_length=64, null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="event_unique_game_seq")]
        ordering = ["game", "seq"]


class Snapshot(models.Model):
    """A cache: the state after ``version`` events. Rebuildable from events at any time."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="snapshots")
    version = models.PositiveIntegerField()
    state = models.JSONField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "version"], name="snapshot_unique_version")]


class OutboxStatus(models.TextChoices):
    PENDING = "pending"
    DONE = "done"


class Outbox(models.Model):
    """A side effect to carry out, written in the transaction that caused it."""

    game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.CASCADE)
    kind = models.CharField(max_length=40)
    payload = models.JSONField(default=dict)
    status = models.CharField(max_length=10, choices=OutboxStatus.choices, default=OutboxStatus.PENDING)
    created_at = models.DateTimeField()
    available_at = models.DateTimeField()
    attempts = models.PositiveIntegerField(default=0)
    last_error = models.TextField(blank=True, default="")

    class Meta:
        indexes = [models.Index(fields=["status", "available_at"], name="outbox_pending")]


class IdempotencyKey(models.Model):
    """One row per (user, key): locked while the first request runs, then its answer."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    key = models.CharField(max_length=200)
    request_hash = models.CharField(max_length=64)
    finished = models.BooleanField(default=False)
    response_status = models.PositiveSmallIntegerField(null=True)
    response_body = models.JSONField(null=True)
    created_at = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "key"], name="idempotency_unique_key")]


class Deadline(models.Model):
    """A moment something must happen: a move's timeout or a reminder before it.

    Swept by one periodic task over the ``due_at`` index, so a sweep costs what is
    due, not how many games exist. ``version`` is the game version the deadline
    belongs to: a move in between makes it stale.
    """

    class Kind(models.TextChoices):
        TIMEOUT = "timeout"
        REMINDER = "reminder"
        # A cancel proposal's deadline (games.table.cancel): ``seat`` is the proposer.
        CANCEL = "cancel"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="deadlines")
    seat = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=10, choices=Kind.choices)
    due_at = models.DateTimeField()
    version = models.PositiveIntegerField()
    done = models.BooleanField(default=False)

    class Meta:
        indexes = [models.Index(fields=["due_at"], condition=models.Q(done=False), name="deadline_due")]
        constraints = [models.UniqueConstraint(fields=["game", "seat", "kind", "version"],
                                               name="deadline_unique_per_version")]
