"""The worker's notion of now: one function, so tests can inject a clock.

Every task and service takes an optional ``now``; when it is not given they ask
``clock.now()``, which tests may replace (``monkeypatch.setattr(clock, "now", ...)``).
"""
from __future__ import annotations

from datetime import datetime, timezone


def now() -> datetime:
    return datetime.now(timezone.utc)


def parse(value) -> datetime | None:
    """``now`` as tasks receive it: None, a datetime, or an ISO 8601 string."""
    if value is None or isinstance(value, datetime):
        return value
    return datetime.fromisoformat(value)
