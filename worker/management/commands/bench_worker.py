"""``manage.py bench_worker``: the worker's benchmark in a database of its own (made, then dropped)."""
import tempfile

from django.core.management.base import BaseCommand
from django.db import connection


class Command(BaseCommand):
    help = ("Sweep cost with 1,000 vs 100,000 clocked games (100 due), and bot moves per second through a "
            "real worker. Prints JSON lines. Uses a throwaway database.")

    def add_arguments(self, parser):
        parser.add_argument("--small", type=int, default=1_000)
        parser.add_argument("--large", type=int, default=100_000)
        parser.add_argument("--due", type=int, default=100)
        parser.add_argument("--tables", type=int, default=10, help="bot-only games played at once")
        parser.add_argument("--players", type=int, default=3)
        parser.add_argument("--pool", default="solo", choices=["solo", "threads", "prefork"])
        parser.add_argument("--concurrency", type=int, default=1)
        parser.add_argument("--only", choices=["sweep", "bots"])

    def handle(self, small, large, due, tables, players, pool, concurrency, only, **_):
        from worker import bench

        if connection.vendor == "sqlite":
            connection.settings_dict.setdefault("TEST", {})["NAME"] = tempfile.mktemp(
                prefix="ludopost-bench-", suffix=".sqlite3")
        old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
        try:
            if only != "bots":
                bench.bench_sweep(small=small, large=large, due=due)
            if only != "sweep":
                bench.bench_bot_moves(tables=tables, players=players, pool=pool, concurrency=concurrency)
        finally:
            connection.creation.destroy_test_db(old_name, verbosity=0)
