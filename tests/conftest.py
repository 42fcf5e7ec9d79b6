"""Shared fixtures. The suite runs on the database DATABASE_URL names (SQLite when unset)."""
from __future__ import annotations

import itertools
import os

os.environ.setdefault("LUDOPOST_TESTING", "1")

import pytest  # noqa: E402

import games.apps  # noqa: E402
from games import registry  # noqa: E402
from tests.support import race  # noqa: E402

# Flushing the database between transactional tests must empty the append-only
# event table; the purge switch exists only for this (see migration 0002).
games.apps.ALLOW_PURGE = True
registry.register(race.RULES, bots={"best": race.greedy_bot})

_names = itertools.count()


@pytest.fixture
def client():
    from rest_framework.test import APIClient

    return APIClient()


@pytest.fixture
def make_user(db):

    from games.services import account_create

    def make(name: str | None = None):
        name = name or f"player{next(_names)}"
        user, token = account_create(username=name, email=f"{name}@example.com", password="correct-horse-1")
        return user, token.key

    return make


@pytest.fixture
def player_client(make_user):
    """A client logged in as a new user: ``c = player_client(); c.user`` is the user."""
    from rest_framework.test import APIClient

    def make(name: str | None = None):
        user, token = make_user(name)
        c = APIClient()
        c.credentials(HTTP_AUTHORIZATION=f"Token {token}")
        c.user = user
        return c

    return make
