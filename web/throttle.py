"""Login throttling: failed attempts counted per username and per client address in the cache.

A fixed window per key is enough to make guessing slow; a successful login clears the
username's count. With several processes, point CACHES at a shared cache (Redis) so
they count together.
"""
from __future__ import annotations

from django.conf import settings
from django.core.cache import cache


def _keys(username: str, address: str) -> list[str]:
    return [f"web:login-fail:user:{(username or '').lower()[:150]}", f"web:login-fail:addr:{address}"]


def client_address(request) -> str:
    return request.META.get("REMOTE_ADDR", "unknown")


def blocked(username: str, address: str) -> bool:
    limit = settings.WEB_LOGIN_ATTEMPTS
    return any((cache.get(key) or 0) >= limit for key in _keys(username, address))


def record_failure(username: str, address: str) -> None:
    for key in _keys(username, address):
        if cache.add(key, 1, timeout=settings.WEB_LOGIN_WINDOW_SECONDS):
            continue
        try:
            cache.incr(key)
        except ValueError:  # expired between add and incr
            cache.add(key, 1, timeout=settings.WEB_LOGIN_WINDOW_SECONDS)


def record_success(username: str) -> None:
    cache.delete(_keys(username, "")[0])
