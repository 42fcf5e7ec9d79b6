"""Drop the events' single-column game index: the unique (game, seq) index already
serves every lookup by game, and each appended event paid for both.

Raw SQL rather than AlterField: on SQLite an AlterField may rebuild the table, which
would drop the append-only triggers of 0002.
"""
import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("games", "0002_append_only_events")]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[migrations.RunSQL(
                sql='DROP INDEX IF EXISTS "games_event_game_id_afa0391c"',
                reverse_sql='CREATE INDEX "games_event_game_id_afa0391c" ON "games_event" ("game_id")')],
            state_operations=[migrations.AlterField(
                model_name="event", name="game",
                field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.PROTECT,
                                        related_name="events", to="games.game"))],
        ),
    ]
