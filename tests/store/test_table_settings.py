"""Storage settings the migrations give the tables on PostgreSQL."""
import pytest
from django.db import connection

from tests.support.engines import postgres_only

pytestmark = pytest.mark.django_db


@postgres_only      # SQLite has no fill factor
def test_game_rows_leave_room_for_their_next_version():
    # Every move rewrites its game's row; free space on the page lets PostgreSQL do it
    # in place (a HOT update, no index writes). Migration 0004.
    with connection.cursor() as cursor:
        cursor.execute("SELECT reloptions FROM pg_class WHERE relname = 'games_game'")
        options, = cursor.fetchone()
    assert "fillfactor=50" in (options or [])
