"""One row per reply received: what it was judged, so the same message appends once."""
from __future__ import annotations

from django.db import models


class InboundMail(models.Model):
    # The Message-ID the sender gave (or a digest of the bytes when there is none):
    # a message delivered twice finds its row and is not judged again.
    message_id = models.CharField(max_length=300, unique=True)
    sender = models.CharField(max_length=254, db_index=False)
    game_id = models.BigIntegerField(null=True, blank=True)
    seat = models.SmallIntegerField(null=True, blank=True)
    version = models.PositiveIntegerField(null=True, blank=True)
    # accepted, moved_on, illegal, unreadable, help, table, table_refused, not_your_turn, over,
    # wrong_sender, bad_token, rate_limited, ignored
    result = models.CharField(max_length=20)
    detail = models.TextField(blank=True, default="")
    via = models.CharField(max_length=30, default="smtp")
    received_at = models.DateTimeField()

    class Meta:
        indexes = [models.Index(fields=["sender", "received_at"], name="inbound_sender_time")]
