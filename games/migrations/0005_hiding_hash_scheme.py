"""The hiding hash scheme (games.hashing): a scheme number per game and the sealed
commitment per event.

Games that exist already keep scheme 1 and verify exactly as before; the model's
default makes every new game use scheme 2. ``Event.sealed`` is nullable with no
default so that SQLite adds it with a plain ALTER TABLE, keeping the table (and its
append-only triggers) as it is.
"""
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("games", "0004_game_fillfactor")]

    operations = [
        migrations.AddField(model_name="game", name="hash_scheme",
                            field=models.PositiveSmallIntegerField(default=1)),
        migrations.AlterField(model_name="game", name="hash_scheme",
                              field=models.PositiveSmallIntegerField(default=2)),
        migrations.AddField(model_name="event", name="sealed",
                            field=models.CharField(blank=True, max_length=64, null=True)),
    ]
