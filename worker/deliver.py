"""Carrying out one delivery: send the email, POST the webhook, play the bot's move.

Emails and webhooks cannot share a transaction with the database, so a delivery is
first *claimed* (status "sending", leased until ``claimed_until``) in a committed
update that only one runner can win, then carried out, then marked "sent". A runner
killed in between leaves a lease that runs out; the dispatcher then hands the
delivery out again. The one window where a second send can happen — after the SMTP
server or the receiver said yes and before "sent" is committed — is closed on the
receiving side by the stable Message-ID / event id.

A bot turn needs no such care: the move and the "sent" mark are one transaction,
and ``services.bot_move`` with its expected version appends nothing twice.
"""
from __future__ import annotations

import logging
import smtplib
from datetime import timedelta

from django.conf import settings
from django.core.mail import get_connection
from django.db import transaction
from django.db.models import F, Q

from games import services
from worker import clock, mail, notify, webhooks
from worker.models import Channel, Delivery, DeliveryStatus

log = logging.getLogger(__name__)


def perform(delivery_id: int, *, now=None) -> str:
    """Carry out one delivery if it is still owed. Returns what happened, in a word."""
    now = now or clock.now()
    channel = Delivery.objects.filter(pk=delivery_id).values_list("channel", flat=True).first()
    if channel is None:
        return "missing"
    if channel == Channel.BOT:
        return _bot_turn(delivery_id, now=now)
    if not _claim(delivery_id, now=now):
        return "skipped"
    delivery = Delivery.objects.select_related("user", "webhook").get(pk=delivery_id)
    schedule = settings.WORKER_WEBHOOK_BACKOFF if channel == Channel.WEBHOOK else settings.WORKER_RETRY_BACKOFF
    try:
        if channel == Channel.EMAIL:
            _send_email(delivery, now=now)
        else:
            _post_webhook(delivery)
    except mail.Cancel as reason:
        return _finish(delivery, DeliveryStatus.CANCELLED, now=now, note=str(reason))
    except webhooks.Refused as error:
        return _finish(delivery, DeliveryStatus.FAILED, now=now, note=str(error))
    except (webhooks.Retry, smtplib.SMTPException, OSError) as error:
        return _retry(delivery, error, schedule, now=now)
    except Exception as error:
        log.exception("delivery %s (%s %s) failed", delivery.pk, delivery.channel, delivery.kind)
        return _retry(delivery, error, schedule, now=now)
    return _finish(delivery, DeliveryStatus.SENT, now=now)


def _claim(delivery_id: int, *, now) -> bool:
    with transaction.atomic():
        return bool(Delivery.objects.filter(pk=delivery_id).filter(
            Q(status=DeliveryStatus.PENDING, next_attempt_at__lte=now)
            | Q(status=DeliveryStatus.SENDING, claimed_until__lt=now)).update(
            status=DeliveryStatus.SENDING, attempts=F("attempts") + 1,
            claimed_until=now + timedelta(seconds=settings.WORKER_LEASE_SECONDS)))


def _finish(delivery: Delivery, status: str, *, now, note: str = "") -> str:
    with transaction.atomic():
        Delivery.objects.filter(pk=delivery.pk, status=DeliveryStatus.SENDING).update(
            status=status, sent_at=now, claimed_until=None, last_error=note[:2000])
    return status


def _retry(delivery: Delivery, error: Exception, schedule: list[float], *, now) -> str:
    attempts = delivery.attempts  # read after the claim, which counted this attempt
    note = f"{type(error).__name__}: {error}"[:2000]
    if attempts > len(schedule):
        log.error("delivery %s gave up after %s attempts: %s", delivery.pk, attempts, note)
        return _finish(delivery, DeliveryStatus.FAILED, now=now, note=note)
    with transaction.atomic():
        Delivery.objects.filter(pk=delivery.pk, status=DeliveryStatus.SENDING).update(
            status=DeliveryStatus.PENDING, claimed_until=None, last_error=note,
            next_attempt_at=now + notify.retry_delay(attempts, schedule))
    return "retry"


def _send_email(delivery: Delivery, *, now) -> None:
    message = mail.build(delivery, now=now)
    connection = get_connection(fail_silently=False)
    message.connection = connection
    message.send()


def _post_webhook(delivery: Delivery) -> None:
    hook = delivery.webhook
    if hook is None or not hook.active:
        raise mail.Cancel("the webhook was removed or switched off")
    webhooks.post(url=hook.url, secret=hook.secret, body=delivery.payload["body"], attempt=delivery.attempts)


def _bot_turn(delivery_id: int, *, now) -> str:
    try:
        with transaction.atomic():
            delivery = (Delivery.objects.select_for_update()
                        .filter(pk=delivery_id, status__in=[DeliveryStatus.PENDING, DeliveryStatus.SENDING])
                        .first())
            if delivery is None:
                return "skipped"
            result = services.bot_move(game_id=delivery.game_id, seat=delivery.seat,
                                       expected_version=delivery.version, now=now)
            delivery.status = DeliveryStatus.SENT if result else DeliveryStatus.CANCELLED
            delivery.attempts += 1
            delivery.sent_at, delivery.claimed_until = now, None
            delivery.save(update_fields=["status", "attempts", "sent_at", "claimed_until"])
            return "moved" if result else "stale"
    except Exception as error:
        log.exception("bot turn %s failed", delivery_id)
        with transaction.atomic():
            claimed = Delivery.objects.filter(
                pk=delivery_id, status__in=[DeliveryStatus.PENDING, DeliveryStatus.SENDING]).update(
                status=DeliveryStatus.SENDING, attempts=F("attempts") + 1)
        if not claimed:
            return "skipped"
        return _retry(Delivery.objects.get(pk=delivery_id), error, settings.WORKER_RETRY_BACKOFF, now=now)
