from django.apps import AppConfig
from django.db.backends.signals import connection_created

# Flipped only by the test suite, whose database flushes must empty the event table
# (see games/migrations/0002_append_only_events.py).
ALLOW_PURGE = False


def _register_sqlite_functions(sender, connection, **kwargs):
    if connection.vendor == "sqlite":
        connection.connection.create_function("ludopost_allow_purge", 0, lambda: 1 if ALLOW_PURGE else 0,
                                              deterministic=False)
    elif connection.vendor == "postgresql" and ALLOW_PURGE:
        with connection.connection.cursor() as cursor:
            cursor.execute("SET ludopost.allow_purge = 'on'")


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games and their event store"

    def ready(self):
        connection_created.connect(_register_sqlite_functions)
