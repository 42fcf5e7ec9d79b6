"""Celery tasks: thin interfaces over the worker's modules.

``tick`` runs every WORKER_TICK_SECONDS from beat: sweep due deadlines, relay the
outbox into deliveries, dispatch due deliveries as ``perform_delivery`` tasks.
Every task is safe to run twice and to lose: the database rows (outbox, deadlines,
deliveries) are the durable record, and the next tick picks up whatever a lost or
killed task left behind.
"""
from __future__ import annotations

import logging
from datetime import timedelta

from celery import shared_task
from django.conf import settings
from django.db import transaction

from worker import clock, deliver, digest, relay, sweep

log = logging.getLogger(__name__)


def publish(delivery_id: int) -> None:
    perform_delivery.apply_async((delivery_id,))


def relay_and_dispatch(now=None) -> dict:
    return {"relayed": relay.relay_outbox(now=now), "dispatched": relay.dispatch_due(publish, now=now)}


@shared_task(name="worker.tick", ignore_result=True)
def tick(now=None) -> None:
    """One beat of the worker: deadlines, outbox, deliveries."""
    now = clock.parse(now)
    deadlines = sweep.sweep_deadlines(now=now)
    moved = relay_and_dispatch(now=now)
    if deadlines["due"] or moved["relayed"] or moved["dispatched"]:
        log.info("tick: deadlines %s, relayed %s, dispatched %s", deadlines, moved["relayed"], moved["dispatched"])


@shared_task(name="worker.perform_delivery", ignore_result=True)
def perform_delivery(delivery_id: int) -> str:
    outcome = deliver.perform(delivery_id)
    if outcome == "moved":
        # A bot moved: its outbox row is committed; relay it now rather than at the
        # next tick, so a table of bots plays at the speed of the worker.
        relay_and_dispatch()
    return outcome


@shared_task(name="worker.send_digests", ignore_result=True)
def send_digests(now=None) -> int:
    made = digest.make_digests(now=clock.parse(now))
    if made:
        relay.dispatch_due(publish)
    return made


@shared_task(name="worker.purge", ignore_result=True)
def purge(now=None) -> dict:
    """Forget finished bookkeeping older than WORKER_KEEP_DAYS (the event log is never touched)."""
    from games.models import Outbox, OutboxStatus
    from worker.models import Delivery, DeliveryStatus

    cutoff = (clock.parse(now) or clock.now()) - timedelta(days=settings.WORKER_KEEP_DAYS)
    with transaction.atomic():
        outbox, _ = Outbox.objects.filter(status=OutboxStatus.DONE, created_at__lt=cutoff).delete()
        deliveries, _ = Delivery.objects.filter(
            status__in=[DeliveryStatus.SENT, DeliveryStatus.CANCELLED, DeliveryStatus.FAILED,
                        DeliveryStatus.DIGESTED], created_at__lt=cutoff).delete()
    return {"outbox": outbox, "deliveries": deliveries}
