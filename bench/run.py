"""`make bench`: the platform's figures, measured in one run, written to docs/PERFORMANCE.md.

* moves/s and p50/p99 latency of POST /moves/ through gunicorn (2 sync workers) with
  16 concurrent clients over many Momiji games;
* in the same run and in turns with the moves (BENCH_ROUNDS rounds of each), the empty
  DRF request (GET /api/v1/ping/) on the same server; then
  the bare move transaction (lock the game row, insert the event, bump the version,
  insert the outbox row) driven straight through the database driver;
* loading a game's state at an old version with 50 vs 5,000 events in the log;
* bot strength (win rate against random players) for every catalogued game;
* the web client's game page against the API's game detail for the same game (bench/web_page.py);
* the worker's figures, when the worker benchmark is present.

PostgreSQL when DATABASE_URL is set (a fresh database named <name>_bench is made),
SQLite in ./var/bench.sqlite3 otherwise. Loopback only; every loop is bounded.
"""
from __future__ import annotations

import json
import os
import platform
import socket
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CLIENTS = int(os.environ.get("BENCH_CLIENTS", "16"))
SECONDS = float(os.environ.get("BENCH_SECONDS", "15"))
WORKERS = int(os.environ.get("BENCH_GUNICORN_WORKERS", "2"))
# The HTTP figures alternate between empty requests and moves in this many rounds.
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))
# BENCH_QUICK=1: only the HTTP figures, for a quick look while working on the hot path.
QUICK = os.environ.get("BENCH_QUICK") == "1"


def prepare_database() -> str:
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith("postgres"):
        import psycopg
        from urllib.parse import urlparse

        parsed = urlparse(url)
        name = (parsed.path.lstrip("/") or "ludopost") + "_bench"
        admin = parsed._replace(path="/postgres").geturl()
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            conn.execute(f'CREATE DATABASE "{name}"')
        return parsed._replace(path=f"/{name}").geturl()
    path = ROOT / "var" / "bench.sqlite3"
    path.parent.mkdir(exist_ok=True)
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    return f"sqlite:///{path}"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def machine() -> str:
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = ""
    try:
        kib = int(Path("/proc/meminfo").read_text().split()[1])
        memory = f", {kib / 1024 / 1024:.0f} GiB RAM"
    except (OSError, ValueError, IndexError):
        pass
    return f"{os.cpu_count()} cores ({cpu}){memory}, {platform.system()} {platform.release()}, Python {platform.python_version()}"


def main() -> None:
    database_url = prepare_database()
    os.environ.update({"DATABASE_URL": database_url, "SECRET_KEY": "bench-secret", "DEBUG": "0",
                       "LUDOPOST_EMBEDDED": "1", "ALLOWED_HOSTS": "127.0.0.1,localhost",
                       "DJANGO_SETTINGS_MODULE": "config.settings", "LOG_LEVEL": "ERROR"})
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, check=True)
    import django

    django.setup()
    from bench import cpu, platform_bench

    results = {"date": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"), "machine": machine(),
               "database": "PostgreSQL" if database_url.startswith("postgres") else "SQLite",
               "clients": CLIENTS, "seconds": SECONDS, "rounds": ROUNDS, "gunicorn_workers": WORKERS}
    port = free_port()
    fixtures = platform_bench.make_fixtures(clients=CLIENTS, games_per_client=int(os.environ.get("BENCH_GAMES", "40")))
    # A game per client to warm the move path up (first imports, prepared statements).
    warm_up = platform_bench.make_fixtures(clients=CLIENTS, games_per_client=1, name="warm")
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi", "-w", str(WORKERS), "-k", "sync",
         "-b", f"127.0.0.1:{port}", "--log-level", "warning", "--backlog", "256"],
        cwd=ROOT, env=os.environ.copy())
    try:
        platform_bench.wait_for(port)
        # Warm every worker up on both paths; not recorded.
        platform_bench.bench_empty(port, CLIENTS, 3)
        platform_bench.bench_moves(port, warm_up, 3)
        results.update(platform_bench.bench_http(port, fixtures, clients=CLIENTS, seconds=SECONDS, rounds=ROUNDS,
                                                 server_pid=server.pid))
    finally:
        server.terminate()
        server.wait(timeout=20)
    before = cpu.reading(os.getpid())
    results["bare_transaction"] = platform_bench.bench_bare_transaction(database_url, CLIENTS, min(SECONDS, 10))
    spent = cpu.per_request(cpu.difference(before, cpu.reading(os.getpid())), results["bare_transaction"]["requests"])
    if spent:   # only the steal: whether the machine was shared while the ceiling was measured
        results["bare_transaction"]["steal_ms"] = spent["steal"]
    # The worker runs first: the load figure registers the test game "race" in this
    # process only, which a separate worker process would not know.
    if QUICK:
        print(json.dumps({key: results[key] for key in ("empty_request", "moves", "by_round")}, indent=2))
        return
    # The HTTP run left thousands of turn notifications in the outbox of this throwaway
    # database; the worker's figure is about bot moves, not about draining that backlog.
    from games.models import Outbox
    Outbox.objects.filter(status="pending").update(status="done")
    results["worker"] = platform_bench.bench_worker()
    results["load"] = platform_bench.bench_load()
    results["bots"] = platform_bench.bench_bots(games=int(os.environ.get("BENCH_BOT_GAMES", "60")))
    from bench import web_page
    results["web_page"] = web_page.bench(rounds=ROUNDS)
    out = ROOT / "docs" / "PERFORMANCE.md"
    out.write_text(platform_bench.report(results) + web_page.report_section(results["web_page"]))
    (ROOT / "var" / "bench-results.json").write_text(json.dumps(results, indent=2, default=str))
    print(json.dumps(results, indent=2, default=str))
    print(f"\nwritten to {out}")


if __name__ == "__main__":
    main()
