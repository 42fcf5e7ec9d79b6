"""Health as ping reports it, and the supervisor's restarts, on real processes and a real cache.

No worker runs in this test process: ping must say so. A heartbeat recorded now reads
"ok", one older than WORKER_STALE_SECONDS "down"; under a supervisor, a child that is
not running (or has not beaten since it started) is "down" whatever its last heartbeat.
"""
from __future__ import annotations

import logging
import sys
import time

import pytest

from tests.support.waiting import wait_for
from worker import health
from worker.supervisor import Child, Supervisor


@pytest.fixture
def heartbeat_cache(settings, tmp_path):
    settings.CACHES = {**settings.CACHES, "health": {
        "BACKEND": "django.core.cache.backends.filebased.FileBasedCache", "LOCATION": str(tmp_path / "health")}}
    settings.WORKER_STALE_SECONDS = 30
    health.supervisor_view = None
    health._memo = None
    yield
    health.supervisor_view = None
    health._memo = None


def test_ping_says_down_when_no_worker_or_beat_has_beaten(client, heartbeat_cache):
    answer = client.get("/api/v1/ping/")
    assert answer.status_code == 200
    assert answer.json() == {"ok": False, "worker": "down", "worker_heartbeat": None,
                             "beat": "down", "beat_heartbeat": None}


def test_fresh_heartbeats_read_ok_and_stale_ones_down(client, heartbeat_cache):
    now = time.time()
    health.record("beat", at=now - 2)
    health.record("worker", at=now - 31)  # the worker stopped beating 31 s ago
    answer = client.get("/api/v1/ping/").json()
    assert (answer["ok"], answer["beat"], answer["worker"]) == (False, "ok", "down")
    assert answer["worker_heartbeat"].endswith("Z") and answer["worker_heartbeat"] < answer["beat_heartbeat"]
    health.record("worker")
    health._memo = None
    answer = client.get("/api/v1/ping/").json()
    assert (answer["ok"], answer["worker"], answer["beat"]) == (True, "ok", "ok")


def test_the_heartbeat_task_and_beats_scheduler_record_heartbeats(heartbeat_cache, settings, tmp_path):
    health.heartbeat.apply()  # the task body, as a worker runs it
    from config.celery import app

    scheduler = health.HeartbeatScheduler(app=app, schedule_filename=str(tmp_path / "schedule"), lazy=True)
    scheduler.setup_schedule()
    assert scheduler.tick() <= settings.WORKER_HEARTBEAT_SECONDS
    status = health.status()
    assert status["worker"] == status["beat"] == "ok"


def test_a_supervised_child_that_is_not_running_is_down_despite_a_fresh_heartbeat(heartbeat_cache):
    health.record("worker")
    health.record("beat")
    started = time.time()
    health.supervisor_view = lambda: {"worker": {"running": False, "pid": 1, "started_at": started - 60, "restarts": 0},
                                      "beat": {"running": True, "pid": 2, "started_at": started - 60, "restarts": 0}}
    assert (health.status()["worker"], health.status()["beat"]) == ("down", "ok")
    # Restarted since its last heartbeat: down until it beats again.
    health.supervisor_view = lambda: {"worker": {"running": True, "pid": 3, "started_at": time.time() + 1,
                                                 "restarts": 1}}
    assert health.status()["worker"] == "down"


def test_a_child_that_keeps_dying_is_restarted_with_a_doubling_bounded_delay(caplog):
    """A real process exiting at once: restarted each time, the delay doubling up to its cap."""
    crashing = Child("crasher", [sys.executable, "-c", "raise SystemExit(3)"])
    steady = Child("steady", [sys.executable, "-c", "import time; time.sleep(60)"])
    supervisor = Supervisor([crashing, steady], first_delay=0.05, max_delay=0.2, poll=0.02)
    with caplog.at_level(logging.WARNING, logger="ludopost.supervisor"):
        supervisor.start()
        try:
            wait_for(lambda: crashing.restarts >= 5, timeout=60, message="five restarts of the crashing child")
        finally:
            supervisor.stop(timeout=10)
    exits = [r.getMessage() for r in caplog.records if "crasher" in r.getMessage() and "exited" in r.getMessage()]
    assert all("exited with code 3" in line for line in exits)
    delays = [float(line.rsplit("restarting in ", 1)[1].split()[0]) for line in exits[:5]]
    assert delays == [0.05, 0.1, 0.2, 0.2, 0.2]
    assert any("crasher restarted" in r.getMessage() for r in caplog.records)
    assert steady.restarts == 0 and not steady.running  # stopped with the supervisor, never restarted
    assert supervisor.view()["steady"]["running"] is False
