"""games_event is append-only in the database itself, column by column, on both engines.

Every column is tried with an UPDATE that writes it (even to its own value), rows are
tried with DELETE one and DELETE all, and PostgreSQL's TRUNCATE, with the test suite's
purge switch off. The last tests narrow the trigger the way an audit did (to
``UPDATE OF type``) and show that the column-by-column check finds the gap.
"""
from contextlib import contextmanager

import pytest
from django.db import connection, transaction

import games.apps
from games.models import Event
from tests.support.engines import postgres_only, sqlite_only
from tests.support.factories import play_moves, started_game

pytestmark = pytest.mark.django_db

COLUMNS = [field.column for field in Event._meta.concrete_fields]


class _WentThrough(Exception):
    """Raised after a statement the database accepted, to roll it back."""


@contextmanager
def purge_off():
    purge, games.apps.ALLOW_PURGE = games.apps.ALLOW_PURGE, False      # SQLite's switch
    try:
        yield
    finally:
        games.apps.ALLOW_PURGE = purge


def refused(statement: str, params=()) -> str | None:
    """The database's error if it refused ``statement``; None if it ran (it is rolled back)."""
    try:
        with purge_off(), transaction.atomic(), connection.cursor() as cursor:
            if connection.vendor == "postgresql":
                cursor.execute("SET LOCAL ludopost.allow_purge = 'off'")
                # The test's own inserts leave deferred foreign-key checks pending, and
                # TRUNCATE refuses to run past those before any trigger is asked.
                cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
            cursor.execute(statement, params)
            raise _WentThrough
    except _WentThrough:
        return None
    except Exception as error:  # the engines raise different classes; the message is the contract
        return str(error)


def snapshot(game):
    return list(Event.objects.filter(game=game).order_by("seq").values_list(*[f.attname for f in
                                                                               Event._meta.concrete_fields]))


def unprotected_columns(game) -> list[str]:
    return [column for column in COLUMNS
            if refused(f"UPDATE games_event SET {column} = {column} WHERE game_id = %s", [game.pk]) is None]


@pytest.fixture
def game():
    game, users = started_game(names=["ao0", "ao1"])
    return play_moves(game, users, 3)


def test_the_table_has_the_columns_this_test_tries():
    assert set(COLUMNS) >= {"id", "game_id", "seq", "type", "payload", "actor", "batch", "command",
                            "rules_version", "created_at", "prev_hash", "hash"}


@pytest.mark.parametrize("column", COLUMNS)
def test_no_column_can_be_updated(game, column):
    before = snapshot(game)
    error = refused(f"UPDATE games_event SET {column} = {column} WHERE game_id = %s", [game.pk])
    assert error is not None and "append-only" in error and "UPDATE" in error, (column, error)
    assert snapshot(game) == before


@pytest.mark.parametrize("where", ["WHERE game_id = %s AND seq = 1", "WHERE game_id = %s", ""])
def test_no_row_can_be_deleted_one_or_all(game, where):
    before = snapshot(game)
    error = refused(f"DELETE FROM games_event {where}", [game.pk] if where else [])
    assert error is not None and "append-only" in error and "DELETE" in error, error
    assert snapshot(game) == before


@postgres_only
def test_truncate_is_refused(game):
    before = snapshot(game)
    error = refused("TRUNCATE games_event CASCADE")
    assert error is not None and "append-only" in error and "TRUNCATE" in error, error
    assert snapshot(game) == before


@postgres_only
def test_the_purge_switch_lets_deletes_through_but_never_updates(game):
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET LOCAL ludopost.allow_purge = 'on'")
        with pytest.raises(Exception, match="append-only"), transaction.atomic():
            cursor.execute("UPDATE games_event SET type = type WHERE game_id = %s", [game.pk])
        cursor.execute("DELETE FROM games_event WHERE game_id = %s", [game.pk])
        assert not Event.objects.filter(game=game).exists()
        transaction.set_rollback(True)
    assert Event.objects.filter(game=game).exists()


@sqlite_only
def test_narrowing_the_sqlite_trigger_to_one_column_is_caught(game):
    assert unprotected_columns(game) == []
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("DROP TRIGGER games_event_no_update")
            cursor.execute("CREATE TRIGGER games_event_no_update BEFORE UPDATE OF type ON games_event BEGIN"
                           " SELECT RAISE(ABORT, 'games_event is append-only: UPDATE is not allowed'); END;")
        assert unprotected_columns(game) == [c for c in COLUMNS if c != "type"]
        transaction.set_rollback(True)
    assert unprotected_columns(game) == []


@postgres_only
def test_narrowing_the_postgresql_trigger_to_one_column_is_caught(game):
    assert unprotected_columns(game) == []
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("DROP TRIGGER games_event_no_update_delete ON games_event")
            cursor.execute("CREATE TRIGGER games_event_no_update_delete BEFORE UPDATE OF type OR DELETE"
                           " ON games_event FOR EACH ROW EXECUTE FUNCTION games_event_append_only()")
        assert unprotected_columns(game) == [c for c in COLUMNS if c != "type"]
        transaction.set_rollback(True)
    assert unprotected_columns(game) == []
