"""Reply addresses: ``play+<token>@<mail domain>``, the token signing (game, seat, version).

The token is ``<game>-<seat>-<version>-<signature>``: digits and lower-case letters
only, because mail systems may change the letter case of an address's local part.
The signature is Django's salted HMAC under the service's SECRET_KEY
(``signing.Signer``), re-encoded in base 32 and cut to 128 bits. A token carries no
date: it lives as long as its game is active (the service refuses it afterwards),
and a token for an old version is answered with "the game moved on".
"""
from __future__ import annotations

import base64
import re
from dataclasses import dataclass
from urllib.parse import urlparse

from django.conf import settings
from django.core import signing
from django.utils.crypto import constant_time_compare

SALT = "ludopost.mailplay.reply"
LOCAL_PREFIX = "play+"
_TOKEN = re.compile(r"^(\d{1,12})-(\d{1,3})-(\d{1,9})-([a-z2-7]{26})$")


@dataclass(frozen=True)
class ReplyToken:
    game_id: int
    seat: int
    version: int


def mail_domain() -> str:
    domain = getattr(settings, "MAIL_PLAY_DOMAIN", "")
    if domain:
        return domain
    sender = settings.DEFAULT_FROM_EMAIL.rsplit("@", 1)
    if len(sender) == 2:
        return sender[1].strip(" >")
    return urlparse(settings.SITE_URL).hostname or "ludopost.localhost"


def _signature(value: str) -> str:
    digest = signing.Signer(salt=SALT, algorithm="sha256").signature(value)
    raw = base64.urlsafe_b64decode(digest + "=" * (-len(digest) % 4))
    return base64.b32encode(raw).decode().lower().rstrip("=")[:26]


def make(game_id: int, seat: int, version: int) -> str:
    value = f"{game_id}-{seat}-{version}"
    return f"{value}-{_signature(value)}"


def address(game_id: int, seat: int, version: int) -> str:
    return f"{LOCAL_PREFIX}{make(game_id, seat, version)}@{mail_domain()}"


def read(token: str) -> ReplyToken | None:
    """The (game, seat, version) a token names, or None when it is not one we signed."""
    match = _TOKEN.match((token or "").strip().lower())
    if not match:
        return None
    game_id, seat, version, signature = match.groups()
    value = f"{int(game_id)}-{int(seat)}-{int(version)}"
    if not constant_time_compare(signature, _signature(value)):
        return None
    return ReplyToken(int(game_id), int(seat), int(version))


def token_of_address(addr: str) -> str | None:
    """The token in ``play+<token>@…`` (any domain: a relay may rewrite it), else None."""
    local = (addr or "").strip().strip("<>").rsplit("@", 1)[0].lower()
    if not local.startswith(LOCAL_PREFIX):
        return None
    return local[len(LOCAL_PREFIX):]
