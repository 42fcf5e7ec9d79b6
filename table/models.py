"""The table's own rows: what players say at a game, ratings, invitations to a seat.

None of this is part of a game's event log: messages, mutes, ratings and invitations
live beside it, so the rules' fold, the hash chain and the audit export never see them
(docs/ARCHITECTURE.md, "At the table").
"""
from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models

from games.models import Game


class TableSettings(models.Model):
    """Chosen when the game is created: whether it is rated, whether spectators may read its talk."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, primary_key=True, related_name="table_settings")
    rated = models.BooleanField(default=False)
    spectators_read = models.BooleanField(default=False)


class Message(models.Model):
    """One line of table talk. ``mentions``: user ids named with @username (players of the game)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="messages")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    text = models.TextField()
    mentions = models.JSONField(default=list)
    created_at = models.DateTimeField()

    class Meta:
        indexes = [models.Index(fields=["game", "id"], name="message_game_id"),
                   models.Index(fields=["author", "created_at"], name="message_author_time")]
        ordering = ["id"]


class ReadMark(models.Model):
    """How far a player has read a game's talk, and how far the daily digest has told them."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    last_read_id = models.BigIntegerField(default=0)
    last_digested_id = models.BigIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "game"], name="readmark_once")]


class Mute(models.Model):
    """``user`` does not see ``muted``'s messages (in any game) nor hears of their mentions."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    muted = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "muted"], name="mute_once")]


class Rating(models.Model):
    """A player's OpenSkill rating (Plackett-Luce) in one game of the catalogue."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings")
    slug = models.CharField(max_length=40)
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "slug"], name="rating_once_per_game")]
        indexes = [models.Index(fields=["slug", "mu"], name="rating_slug")]

    @property
    def ordinal(self) -> float:
        """The shown number: mu - 3 sigma (openskill's ordinal), low while little is known."""
        return self.mu - 3 * self.sigma


class RatedGame(models.Model):
    """The tracking row: this game's result is in the ratings. Written in the same
    transaction as the rating update, so an update run twice applies once."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, primary_key=True, related_name="+")
    rated_at = models.DateTimeField()
    # [{user, seat, rank, mu_before, sigma_before, mu, sigma}] or [] with ``skipped`` saying why.
    changes = models.JSONField(default=list)
    skipped = models.CharField(max_length=200, blank=True, default="")


def new_token() -> str:
    return secrets.token_urlsafe(24)


class InvitationStatus(models.TextChoices):
    PENDING = "pending"
    ACCEPTED = "accepted"
    DECLINED = "declined"
    # A player of the game took the invitation back before it was answered.
    WITHDRAWN = "withdrawn"


class Invitation(models.Model):
    """An invitation to one seat, held for the invitee until they answer."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="table_invitations")
    seat = models.PositiveSmallIntegerField()
    inviter = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    invitee = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="table_invitations")
    status = models.CharField(max_length=10, choices=InvitationStatus.choices, default=InvitationStatus.PENDING)
    # The capability in the email's accept and decline links.
    token = models.CharField(max_length=64, unique=True, default=new_token)
    created_at = models.DateTimeField()
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "invitee"], condition=models.Q(status="pending"),
                                    name="invitation_pending_once"),
            models.UniqueConstraint(fields=["game", "seat"], condition=models.Q(status="pending"),
                                    name="invitation_seat_held_once"),
        ]
