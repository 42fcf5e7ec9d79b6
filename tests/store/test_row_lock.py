"""lock_game holds the game row for the rest of the transaction (PostgreSQL: FOR NO KEY
UPDATE), so a second writer cannot take it; SQLite's IMMEDIATE transactions lock the
whole database instead."""
import threading

import pytest
from django.db import connection, connections, transaction

from games import store
from tests.support.engines import postgres_only
from tests.support.factories import started_game

pytestmark = pytest.mark.django_db(transaction=True)


def try_lock_elsewhere(game_id) -> str:
    """Another connection asks for the row without waiting: 'locked' or 'free'."""
    answer = []

    def run():
        try:
            with transaction.atomic(), connection.cursor() as cursor:
                cursor.execute("SELECT id FROM games_game WHERE id = %s FOR NO KEY UPDATE NOWAIT", [game_id])
            answer.append("free")
        except Exception as error:  # psycopg's LockNotAvailable, wrapped by Django
            answer.append("locked" if "lock" in str(error) else repr(error))
        finally:
            connections.close_all()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(30)
    return answer[0]


@postgres_only
def test_lock_game_keeps_other_writers_off_the_row_until_commit():
    game, _ = started_game(names=["lk0", "lk1"])
    with transaction.atomic():
        assert store.lock_game(game.pk).pk == game.pk
        assert try_lock_elsewhere(game.pk) == "locked"
    assert try_lock_elsewhere(game.pk) == "free"
    with transaction.atomic():
        assert store.load_game(game.pk).pk == game.pk        # reading without the lock
        assert try_lock_elsewhere(game.pk) == "free"
