"""Webhook POSTs: a JSON body signed with HMAC-SHA256, retried with backoff.

The receiver checks::

    X-LudoPost-Signature: sha256=<hex HMAC-SHA256(secret, raw request body)>

and deduplicates on the body's ``id`` (also in ``X-LudoPost-Delivery``): a retry
carries the same id and the same bytes. See docs/WORKER.md for a receiver in a few
lines.
"""
from __future__ import annotations

import hashlib
import hmac
import ipaddress
import socket
import urllib.error
import urllib.request
from urllib.parse import urlparse

from django.conf import settings

from games.engine.canonical import canonical_json

USER_AGENT = "LudoPost-Webhook/1"
RETRY_STATUSES = {408, 425, 429}


class Retry(Exception):
    """The receiver may accept it later (network error, 5xx, 429): try again with backoff."""


class Refused(Exception):
    """The receiver said no for good (4xx, a redirect): do not retry."""


def body_bytes(body: dict) -> bytes:
    return canonical_json(body)


def sign(secret: str, data: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), data, hashlib.sha256).hexdigest()


def verify(secret: str, data: bytes, header: str) -> bool:
    """What a receiver does (kept here for tests and the docs)."""
    return hmac.compare_digest(sign(secret, data), header or "")


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


_opener = urllib.request.build_opener(_NoRedirect)


def post(*, url: str, secret: str, body: dict, attempt: int) -> int:
    """POST one signed body; returns the status, or raises Retry / Refused."""
    data = body_bytes(body)
    request = urllib.request.Request(url, data=data, method="POST", headers={
        "Content-Type": "application/json", "User-Agent": USER_AGENT,
        "X-LudoPost-Event": str(body.get("type")), "X-LudoPost-Delivery": str(body.get("id")),
        "X-LudoPost-Attempt": str(attempt), "X-LudoPost-Signature": sign(secret, data)})
    try:
        with _opener.open(request, timeout=settings.WORKER_WEBHOOK_TIMEOUT) as response:
            return response.status
    except urllib.error.HTTPError as error:
        if error.code >= 500 or error.code in RETRY_STATUSES:
            raise Retry(f"HTTP {error.code}")
        raise Refused(f"HTTP {error.code}")
    except (urllib.error.URLError, OSError, ValueError) as error:
        raise Retry(f"{type(error).__name__}: {getattr(error, 'reason', error)}")


def url_problem(url: str) -> str | None:
    """Why a webhook URL is not acceptable, or None."""
    parts = urlparse(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return "The URL must be http:// or https:// with a host."
    if parts.username or parts.password:
        return "Put credentials in the secret, not in the URL."
    if settings.WORKER_WEBHOOK_ALLOW_PRIVATE:
        return None
    host = parts.hostname
    try:
        addresses = {info[4][0] for info in socket.getaddrinfo(host, parts.port or 443, proto=socket.IPPROTO_TCP)}
    except (socket.gaierror, UnicodeError):
        return f"The host {host} does not resolve."
    for address in addresses:
        ip = ipaddress.ip_address(address.split("%")[0])
        if ip.is_private or ip.is_loopback or ip.is_link_local or ip.is_reserved or ip.is_multicast:
            return "The URL must point at a public address."
    return None
