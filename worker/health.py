"""Is anything carrying out the side effects? Heartbeats of the worker and beat, read honestly.

- Beat records its own heartbeat as it ticks (``HeartbeatScheduler``, the configured
  beat scheduler), so a dead beat goes stale however busy the worker is.
- The worker's heartbeat is a task beat schedules every WORKER_HEARTBEAT_SECONDS
  (``worker.heartbeat``): it is fresh only when beat publishes, the broker delivers
  and a worker runs tasks, which is what "the worker works" means to a player.
- A heartbeat older than WORKER_STALE_SECONDS reads "down".
- Under ``manage.py run_embedded`` the supervisor in the same process adds what it
  sees: a child that is not running, or has not beaten since it was (re)started,
  is "down" at once rather than after the stale time.

Heartbeats live in the ``health`` cache (a file cache in the embedded mode, Redis
when REDIS_URL is set), shared by every process that writes or reads them; they
are not worth a database write.
"""
from __future__ import annotations

import logging
import os
import socket
import threading
import time
from datetime import datetime, timezone

from celery import shared_task
from celery.beat import PersistentScheduler
from django.conf import settings
from django.core.cache import caches

from games.hashing import timestamp

log = logging.getLogger(__name__)

PARTS = ("worker", "beat")
# What the supervisor of `run_embedded`, when there is one in this process, says of its
# children: a callable returning {name: {"running": bool, "pid": int, "started_at": epoch,
# "restarts": int}}.
supervisor_view = None
# Ping is also the benchmark's empty request: read the heartbeats at most once a second.
MEMO_SECONDS = 1.0
_memo: tuple[float, dict] | None = None
_memo_lock = threading.Lock()


def _key(part: str) -> str:
    return f"heartbeat:{part}"


def record(part: str, *, at: float | None = None) -> None:
    """Say that ``part`` ("worker" or "beat") is alive now."""
    beat = {"at": time.time() if at is None else at, "pid": os.getpid(), "host": socket.gethostname()}
    try:
        caches["health"].set(_key(part), beat, timeout=None)
    except Exception:  # a heartbeat that cannot be written must not take its process down
        log.warning("could not record the %s heartbeat", part, exc_info=True)


def heartbeats() -> dict[str, dict | None]:
    try:
        found = caches["health"].get_many([_key(part) for part in PARTS])
    except Exception:
        log.warning("could not read heartbeats", exc_info=True)
        found = {}
    return {part: found.get(_key(part)) for part in PARTS}


def _moment(epoch: float | None) -> str | None:
    return None if epoch is None else timestamp(datetime.fromtimestamp(epoch, timezone.utc))


def status(*, now: float | None = None) -> dict:
    """``{"worker": "ok" | "down", "beat": ..., "worker_heartbeat": UTC moment | None, ...}``."""
    now = time.time() if now is None else now
    beats = heartbeats()
    children = supervisor_view() if supervisor_view is not None else {}
    answer = {}
    for part in PARTS:
        at = (beats[part] or {}).get("at")
        healthy = at is not None and now - at <= settings.WORKER_STALE_SECONDS
        child = children.get(part)
        if child is not None:
            # Supervised here: it must be running and have beaten since it last started.
            healthy = healthy and child["running"] and at >= child["started_at"]
        answer[part] = "ok" if healthy else "down"
        answer[f"{part}_heartbeat"] = _moment(at)
    return answer


def service_status() -> dict:
    """``status()`` for the ping endpoint, read at most once per MEMO_SECONDS per process."""
    global _memo
    with _memo_lock:
        if _memo is None or time.monotonic() - _memo[0] >= MEMO_SECONDS:
            _memo = (time.monotonic(), status())
        return dict(_memo[1])


@shared_task(name="worker.heartbeat", ignore_result=True)
def heartbeat() -> None:
    record("worker")


class HeartbeatScheduler(PersistentScheduler):
    """Celery's default scheduler, recording beat's heartbeat at least every WORKER_HEARTBEAT_SECONDS."""

    _last_heartbeat = float("-inf")

    def tick(self, *args, **kwargs):
        delay = super().tick(*args, **kwargs)
        period = settings.WORKER_HEARTBEAT_SECONDS
        if time.monotonic() - self._last_heartbeat >= period:
            self._last_heartbeat = time.monotonic()
            record("beat")
        return min(delay, period)
