"""The web client's one table: invitations to a seat, shown on the invitee's games page."""
from __future__ import annotations

from django.conf import settings
from django.db import models

from games.models import Game


class Invitation(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="invitations")
    seat = models.PositiveSmallIntegerField(null=True, blank=True)  # None: any free seat
    inviter = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    invitee = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invitations")
    created_at = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "invitee"], name="invitation_once_per_game")]
