"""The outbox relay and the delivery dispatcher.

Two steps, both claiming rows by a status column with ``SELECT … FOR UPDATE SKIP
LOCKED`` (never "everything after the last id I saw", which skips rows whose
transactions commit out of order):

1. ``relay_outbox``: each pending outbox row (written in a move's transaction) is
   fanned out into Delivery rows and marked done — in one transaction, so a row is
   fanned out exactly once however many relays run.
2. ``dispatch_due``: due deliveries are leased (``claimed_until``) and handed to
   Celery as ``perform_delivery(id)`` tasks. If the broker is down the lease is
   rolled back with the transaction and the next tick tries again; if a task is
   lost, the lease runs out and the delivery is dispatched again. The task itself
   checks the row, so a duplicate message does nothing.

On SQLite ``select_for_update`` is a no-op; the IMMEDIATE transaction mode takes the
database's write lock at BEGIN, which serialises relays just as well.
"""
from __future__ import annotations

import logging
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Q

from games.models import Outbox, OutboxStatus
from worker import clock, notify
from worker.models import Delivery, DeliveryStatus

log = logging.getLogger(__name__)

# Outbox rows per transaction: small, so a relay holds SQLite's write lock briefly.
RELAY_CHUNK = 20


def relay_outbox(*, now=None, limit: int | None = None) -> int:
    """Fan out pending outbox rows; returns how many rows were handled."""
    now = now or clock.now()
    limit = limit or settings.WORKER_BATCH
    handled = 0
    while handled < limit:
        with transaction.atomic():
            rows = list(Outbox.objects.select_for_update(skip_locked=True)
                        .filter(status=OutboxStatus.PENDING, available_at__lte=now)
                        .order_by("available_at", "id")[:min(RELAY_CHUNK, limit - handled)])
            if not rows:
                break
            for row in rows:
                try:
                    with transaction.atomic():
                        notify.fan_out(row, now=now)
                    row.status = OutboxStatus.DONE
                    fields = ["status"]
                except Exception as error:  # one bad row must not stop the others
                    log.exception("outbox row %s (%s) failed", row.pk, row.kind)
                    row.attempts += 1
                    row.last_error = f"{type(error).__name__}: {error}"[:2000]
                    row.available_at = now + notify.retry_delay(row.attempts, settings.WORKER_RETRY_BACKOFF)
                    fields = ["attempts", "last_error", "available_at"]
                row.save(update_fields=fields)
            handled += len(rows)
        if len(rows) < RELAY_CHUNK:
            break  # that was all of it
    return handled


def due_deliveries(now, limit: int):
    return (Delivery.objects.filter(status__in=[DeliveryStatus.PENDING, DeliveryStatus.SENDING],
                                    next_attempt_at__lte=now)
            .filter(Q(claimed_until__isnull=True) | Q(claimed_until__lt=now)))


def dispatch_due(publish, *, now=None, limit: int | None = None) -> int:
    """Lease due deliveries and ``publish(delivery_id)`` each. Returns how many."""
    now = now or clock.now()
    limit = limit or settings.WORKER_BATCH
    with transaction.atomic():
        ids = list(due_deliveries(now, limit).select_for_update(skip_locked=True)
                   .order_by("next_attempt_at").values_list("id", flat=True)[:limit])
        if not ids:
            return 0
        # A "sending" row whose lease ran out was left by a runner that died: it is
        # owed again. Back to "pending", leased to the task about to be published.
        Delivery.objects.filter(pk__in=ids).update(
            status=DeliveryStatus.PENDING, claimed_until=now + timedelta(seconds=settings.WORKER_LEASE_SECONDS))
        # Published inside the transaction: if the broker refuses, the leases roll back.
        for delivery_id in ids:
            publish(delivery_id)
    return len(ids)
