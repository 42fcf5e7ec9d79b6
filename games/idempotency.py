"""Idempotency keys, one scheme (Zulip's).

The first request with a key inserts a row for (user, key) and runs; a second
request with the same key while the first runs gets 409 ``request_in_progress``;
after it finished, the stored answer; with a different body, 422
``idempotency_key_reused``. The answer is stored in the move's own transaction, so
"move appended" and "answer stored" cannot disagree. An unfinished row older than
STALE_AFTER (its request died) may be taken over.
"""
from __future__ import annotations

import hashlib
import logging
from datetime import timedelta

from django.db import DatabaseError, IntegrityError, transaction

from games.engine.canonical import canonical_json
from games.errors import Conflict, Unprocessable
from games.models import IdempotencyKey

STALE_AFTER = timedelta(seconds=60)
log = logging.getLogger(__name__)


def request_fingerprint(path: str, body) -> str:
    return hashlib.sha256(canonical_json([path, body])).hexdigest()


def claim(*, user, key: str, fingerprint: str, now) -> IdempotencyKey | tuple[int, dict]:
    """Claim ``key`` for a new request, or return the stored (status, body) answer."""
    if not key or len(key) > 200:
        raise Unprocessable("An Idempotency-Key must have 1 to 200 characters.", code="invalid_idempotency_key")
    try:
        with transaction.atomic():
            return IdempotencyKey.objects.create(user=user, key=key, request_hash=fingerprint, created_at=now)
    except IntegrityError:
        pass
    row = IdempotencyKey.objects.get(user=user, key=key)
    if row.request_hash != fingerprint:
        raise Unprocessable("This Idempotency-Key was already used for a different request.",
                            code="idempotency_key_reused")
    if row.finished:
        return row.response_status, row.response_body
    if now - row.created_at > STALE_AFTER:
        taken = IdempotencyKey.objects.filter(pk=row.pk, finished=False, created_at=row.created_at).update(
            created_at=now)
        if taken:
            row.created_at = now
            return row
    raise Conflict("A request with this Idempotency-Key is still being processed; retry shortly.",
                   code="request_in_progress")


def store_answer(row: IdempotencyKey, status: int, body) -> None:
    IdempotencyKey.objects.filter(pk=row.pk).update(finished=True, response_status=status, response_body=body)


def store_answer_or_release(row: IdempotencyKey, status: int, body) -> bool:
    """Store an error answer; if it cannot be stored, release the key instead.
    Returns whether the answer was stored (the key is finished)."""
    try:
        with transaction.atomic():
            store_answer(row, status, body)
        return True
    except DatabaseError:
        release(row)
        return False


def release(row: IdempotencyKey) -> None:
    """The request failed without an answer to keep: let a retry run it again. If the
    database cannot be reached now, the row is taken over once it is STALE_AFTER old."""
    try:
        IdempotencyKey.objects.filter(pk=row.pk, finished=False).delete()
    except DatabaseError:
        log.warning("idempotency key %s not released; it goes stale in %s", row.pk, STALE_AFTER)
