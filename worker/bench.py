"""The worker's benchmark: what a deadline sweep costs, and how fast bots play through it.

* Sweep: 1,000 games with a running clock of which 100 are due, then 100,000 of
  which 100 are due. Measured: the due-row query alone (median of many runs), the
  same query when nothing is due, and a whole sweep that applies the 100 timeouts.
  The sweep reads the partial index on ``due_at``, so the two should be within 2x.
* Bot moves per second through a real worker process (``celery worker --beat
  --pool=solo`` on the configured broker: Redis with REDIS_URL, else the filesystem
  transport): tables of bots only, timed from the first move to the last.

Each figure is printed as one JSON line; ``run()`` also returns them. It writes into
the database Django is configured with — ``make bench`` gives it a throwaway one;
``manage.py bench_worker`` makes and drops its own.
"""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection, transaction

from games import registry, services
from games.models import Deadline, Event, Game, GameStatus
from worker import sweep

ROOT = Path(__file__).resolve().parent.parent
SLUG_PREFERENCE = ("momiji", "soleils", "medina")


def emit(record: dict) -> dict:
    print(json.dumps(record, default=str), flush=True)
    return record


def _slug() -> str:
    for slug in SLUG_PREFERENCE:
        if registry.get(slug):
            return slug
    return registry.all_games()[0].slug


def _user(name: str):
    user, _ = get_user_model().objects.get_or_create(username=name, defaults={"email": f"{name}@bench.invalid"})
    return user


# -- the sweep -------------------------------------------------------------------------------

def _idle_games(count: int, *, slug: str, creator, now) -> None:
    """Games whose seat 0 has a clock running out in 1-3 days, in bulk (the sweep never reads their state)."""
    rules = registry.get(slug).rules
    control = {"timeout_policy": "bot", "per_move_seconds": 3 * 86400, "reminder_seconds_before": 3600}
    for start in range(0, count, 5000):
        size = min(5000, count - start)
        with transaction.atomic():
            games = Game.objects.bulk_create([
                Game(slug=slug, rules_version=rules.version, players=2, options={}, time_control=control,
                     creator=creator, status=GameStatus.ACTIVE, created_at=now, started_at=now,
                     server_seed="0" * 64, seed_commitment="0" * 64, version=1, to_move=[0],
                     seat_users=[creator.pk, None], player_seeds=["", ""]) for _ in range(size)])
            rows = []
            for index, game in enumerate(games):
                due = now + timedelta(days=1, seconds=(start + index) * 17 % (2 * 86400))
                rows.append(Deadline(game_id=game.pk, seat=0, kind=Deadline.Kind.TIMEOUT, due_at=due, version=1))
                rows.append(Deadline(game_id=game.pk, seat=0, kind=Deadline.Kind.REMINDER,
                                     due_at=due - timedelta(hours=1), version=1))
            Deadline.objects.bulk_create(rows)


def _due_games(count: int, *, slug: str, creator, now) -> None:
    """Real games (a person and a bot) whose person ran out of time a minute ago."""
    for _ in range(count):
        services.game_create(user=creator, slug=slug, players=2, bot_seats=[1],
                             time_control={"per_move_seconds": 60, "timeout_policy": "bot"},
                             now=now - timedelta(seconds=120))


def _median_ms(action, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        action()
        times.append((time.perf_counter() - started) * 1000)
    return round(statistics.median(times), 3)


def _plan(now) -> str:
    query = Deadline.objects.filter(done=False, due_at__lte=now).order_by("due_at").values_list("id", "game_id")[:500]
    return " ".join(query.explain().split())


def measure_sweep(*, games: int, due: int, slug: str, creator, now, existing: int) -> dict:
    """Bring the clocked games to ``games`` (``due`` of them due), then time the sweep."""
    _idle_games(games - due - existing, slug=slug, creator=creator, now=now)
    _due_games(due, slug=slug, creator=creator, now=now)
    with connection.cursor() as cursor:  # fresh statistics, as a production database would have
        cursor.execute("ANALYZE")
        if connection.vendor == "sqlite":
            cursor.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    found = len(sweep.due_ids(now, 500))
    select_ms = _median_ms(lambda: sweep.due_ids(now, 500), 50)
    empty_ms = _median_ms(lambda: sweep.due_ids(now - timedelta(hours=1), 500), 50)
    started = time.perf_counter()
    counts = sweep.sweep_deadlines(now=now)
    sweep_ms = round((time.perf_counter() - started) * 1000, 1)
    return emit({"bench": "worker.sweep", "games_with_clock": games, "due": found, "select_due_ms": select_ms,
                 "select_nothing_due_ms": empty_ms, "sweep_ms": sweep_ms, "timeouts_applied": counts["timeouts"],
                 "sweep_ms_per_due": round(sweep_ms / max(1, found), 3), "plan": _plan(now)})


def bench_sweep(*, small: int = 1_000, large: int = 100_000, due: int = 100) -> dict:
    slug = _slug()
    creator = _user("bench-sweeper")
    now = datetime.now(timezone.utc).replace(microsecond=0) + timedelta(days=3650)  # clear of other rows
    first = measure_sweep(games=small, due=due, slug=slug, creator=creator, now=now, existing=0)
    second = measure_sweep(games=large, due=due, slug=slug, creator=creator, now=now, existing=small)
    ratio = {"bench": "worker.sweep_ratio", "games": [small, large],
             "select_due_ratio": round(second["select_due_ms"] / max(first["select_due_ms"], 1e-6), 2),
             "sweep_ratio": round(second["sweep_ms"] / max(first["sweep_ms"], 1e-6), 2), "target": "<= 2"}
    emit(ratio)
    return {"small": first, "large": second, "ratio": ratio}


# -- bots through a worker ---------------------------------------------------------------------

def bot_table(slug: str, players: int, *, creator, now=None) -> Game:
    """A game every seat of which is a bot (the creator watches), started through the platform."""
    return services.game_create(user=creator, slug=slug, players=players,
                                bot_seats=[{"seat": n, "level": "best"} for n in range(players)],
                                creator_plays=False, now=now)


def _database_url() -> str:
    db = connection.settings_dict
    if db["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{db['NAME']}"
    return (f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/"
            f"{db['NAME']}")


def _start_worker(workdir: str, *, pool: str, concurrency: int) -> subprocess.Popen:
    env = {**os.environ, "DATABASE_URL": _database_url(), "LUDOPOST_VAR_DIR": workdir, "LOG_LEVEL": "ERROR",
           "EMAIL_URL": f"file://{workdir}/mail", "SECRET_KEY": settings.SECRET_KEY, "WORKER_TICK_SECONDS": "0.5"}
    if settings.REDIS_URL:
        env["CELERY_BROKER_URL"] = settings.REDIS_URL
    return subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "--beat", f"--pool={pool}",
         f"--concurrency={concurrency}", "--loglevel=ERROR", "--without-gossip", "--without-mingle",
         "--schedule", os.path.join(workdir, "beat-schedule")],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=open(os.path.join(workdir, "worker.log"), "wb"),
        start_new_session=True)


def _bot_batches(game_ids) -> int:
    """Bot moves recorded in these games: batches whose command is a bot's."""
    from django.db.models import F

    return Event.objects.filter(game_id__in=game_ids, seq=F("batch"), command__kind="bot").count()


def bench_bot_moves(*, tables: int = 10, players: int = 3, timeout: float = 300, pool: str = "solo",
                    concurrency: int = 1) -> dict:
    slug = _slug()
    creator = _user("bench-bots")
    workdir = tempfile.mkdtemp(prefix="ludopost-bench-worker-")
    worker = _start_worker(workdir, pool=pool, concurrency=concurrency)
    try:
        warm = bot_table(slug, players, creator=creator)
        deadline = time.monotonic() + 60
        while Game.objects.get(pk=warm.pk).version <= 1:
            if time.monotonic() > deadline or worker.poll() is not None:
                raise RuntimeError(f"the worker did not start; see {workdir}/worker.log")
            time.sleep(0.1)
        games = [bot_table(slug, players, creator=creator).pk for _ in range(tables)]
        started = time.monotonic()
        deadline = started + timeout
        while Game.objects.filter(pk__in=games).exclude(status=GameStatus.FINISHED).exists():
            if time.monotonic() > deadline:
                break
            time.sleep(0.05)
        elapsed = time.monotonic() - started
    finally:
        os.killpg(worker.pid, 15)
        worker.wait(30)
    finished = Game.objects.filter(pk__in=games, status=GameStatus.FINISHED).count()
    moves = _bot_batches(games)
    return emit({"bench": "worker.bot_moves", "game": slug, "tables": tables, "players": players,
                 "finished": finished, "bot_moves": moves, "seconds": round(elapsed, 2),
                 "moves_per_second": round(moves / elapsed, 1) if elapsed else None,
                 "broker": "redis" if settings.REDIS_URL else "filesystem", "pool": f"{pool} x{concurrency}",
                 "database": connection.vendor})


def run(**options) -> dict:
    """Both figures, in the configured database (``make bench`` makes it a throwaway one)."""
    return {"sweep": bench_sweep(**{k: v for k, v in options.items() if k in ("small", "large", "due")}),
            "bots": bench_bot_moves(**{k: v for k, v in options.items() if k in ("tables", "players", "pool",
                                                                                   "concurrency")})}
