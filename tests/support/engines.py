"""Marks for tests that only mean something on one database engine.

A test that needs PostgreSQL is skipped, visibly and with the reason, on SQLite
(and the other way round); it never passes by returning early.
"""
import pytest
from django.db import connection

postgres_only = pytest.mark.skipif(connection.vendor != "postgresql",
                                   reason="needs PostgreSQL (set DATABASE_URL=postgres://...)")
sqlite_only = pytest.mark.skipif(connection.vendor != "sqlite", reason="needs SQLite; `make test` runs it in its SQLite pass")
