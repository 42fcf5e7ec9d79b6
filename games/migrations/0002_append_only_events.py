"""Events are append-only, enforced by the database on both engines.

PostgreSQL: a row trigger that raises on UPDATE or DELETE, and a statement trigger
for TRUNCATE (which row triggers do not see). SQLite: BEFORE UPDATE / DELETE
triggers that RAISE(ABORT). Deleting a whole game's log is therefore impossible
through the application; an operator must drop the trigger on purpose.

The only way around it is a per-connection purge switch that exists for the test
suite's database flushes: the GUC ``ludopost.allow_purge = 'on'`` on PostgreSQL,
the SQL function ``ludopost_allow_purge()`` returning 1 on SQLite (registered on
every connection by games.apps, returning 0 unless the test suite turned it on).
"""
from django.db import migrations

PG_FORWARD = """
CREATE OR REPLACE FUNCTION games_event_append_only() RETURNS trigger AS $$
BEGIN
    IF current_setting('ludopost.allow_purge', true) = 'on' AND TG_OP <> 'UPDATE' THEN
        RETURN OLD;
    END IF;
    RAISE EXCEPTION 'games_event is append-only: % is not allowed', TG_OP
        USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER games_event_no_update_delete BEFORE UPDATE OR DELETE ON games_event
    FOR EACH ROW EXECUTE FUNCTION games_event_append_only();
CREATE TRIGGER games_event_no_truncate BEFORE TRUNCATE ON games_event
    FOR EACH STATEMENT EXECUTE FUNCTION games_event_append_only();
"""
PG_BACKWARD = """
DROP TRIGGER IF EXISTS games_event_no_truncate ON games_event;
DROP TRIGGER IF EXISTS games_event_no_update_delete ON games_event;
DROP FUNCTION IF EXISTS games_event_append_only();
"""
SQLITE_FORWARD = [
    """CREATE TRIGGER games_event_no_update BEFORE UPDATE ON games_event
       BEGIN SELECT RAISE(ABORT, 'games_event is append-only: UPDATE is not allowed'); END;""",
    """CREATE TRIGGER games_event_no_delete BEFORE DELETE ON games_event
       WHEN ludopost_allow_purge() = 0
       BEGIN SELECT RAISE(ABORT, 'games_event is append-only: DELETE is not allowed'); END;""",
]
SQLITE_BACKWARD = ["DROP TRIGGER IF EXISTS games_event_no_update;", "DROP TRIGGER IF EXISTS games_event_no_delete;"]


def forward(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        schema_editor.execute(PG_FORWARD, params=None)
    elif vendor == "sqlite":
        for statement in SQLITE_FORWARD:
            schema_editor.execute(statement)


def backward(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        schema_editor.execute(PG_BACKWARD, params=None)
    elif vendor == "sqlite":
        for statement in SQLITE_BACKWARD:
            schema_editor.execute(statement)


class Migration(migrations.Migration):
    dependencies = [("games", "0001_initial")]
    operations = [migrations.RunPython(forward, backward)]
