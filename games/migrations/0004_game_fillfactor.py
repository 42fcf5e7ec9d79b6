"""Leave room on each page of games_game for the row's next version (PostgreSQL).

Every move rewrites its game's row (version, hash, state). With full pages the new
version often lands on another page, so every index of the table is written too and
the table bloats between vacuums; measured over 6,000 bench moves on 100 games, a
quarter of the updates were of that kind and the table grew to 9.6 MB. With half of
each page kept free, PostgreSQL updates the row in place (a HOT update: no index
write) nearly every time, and the same run leaves a table of under 1 MB.
SQLite has no such setting.
"""
from django.db import migrations


def set_fillfactor(value):
    def operation(apps, schema_editor):
        if schema_editor.connection.vendor != "postgresql":
            return
        if value is None:
            schema_editor.execute("ALTER TABLE games_game RESET (fillfactor)")
        else:
            schema_editor.execute(f"ALTER TABLE games_game SET (fillfactor = {int(value)})")
    return operation


class Migration(migrations.Migration):
    dependencies = [("games", "0003_event_game_index")]

    operations = [migrations.RunPython(set_fillfactor(50), set_fillfactor(None))]
