"""A Celery worker process for the fault tests: the production worker plus the test games.

    python tests/worker/run_worker.py --schedule /tmp/beat-schedule

runs ``celery -A config worker --beat --pool=solo`` after registering the games the
tests play (a real process, so a test can kill it with SIGKILL mid-batch).
"""
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("LUDOPOST_TESTING", "1")

import django  # noqa: E402

django.setup()

from games import registry  # noqa: E402
from tests.support import race  # noqa: E402
from tests.worker import duel  # noqa: E402

registry.register(race.RULES, bots={"best": race.greedy_bot})
registry.register(duel.RULES, bots={"best": duel.greedy_bot})

from config.celery import app  # noqa: E402

if __name__ == "__main__":
    app.worker_main(["worker", "--beat", "--pool=solo", "--loglevel=INFO", "--without-gossip",
                     "--without-mingle", *sys.argv[1:]])
