"""`make run`'s embedded service, as a user starts it: the API and the in-process worker.

Runs the real command (`manage.py run_embedded`) on a throwaway SQLite database and
file broker, reads what it prints, lets the worker play a table of bots, and stops it
the way a process manager would (SIGTERM), which must not leave the worker behind.
"""
from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from tests.support.waiting import free_port, wait_for

ROOT = Path(__file__).resolve().parents[2]


def _call(method: str, url: str, body: dict | None = None, token: str | None = None) -> tuple[int, dict]:
    request = urllib.request.Request(url, method=method, data=None if body is None else json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json",
                                              **({"Authorization": f"Token {token}"} if token else {})})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status, json.loads(response.read() or b"null")


def _descendants(pid: int) -> set[int]:
    """Children, grandchildren, ... (the worker runs beat in a child of its own)."""
    found, todo = set(), [pid]
    while todo:
        path = Path(f"/proc/{todo[0]}/task/{todo[0]}/children")
        todo = todo[1:]
        children = {int(child) for child in path.read_text().split()} if path.exists() else set()
        todo += children - found
        found |= children
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"


@pytest.fixture
def embedded_env(tmp_path):
    env = {key: value for key, value in os.environ.items()
           if key not in ("DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL", "EMAIL_URL", "SECRET_KEY")}
    env.update(LUDOPOST_EMBEDDED="1", DEBUG="1", LUDOPOST_VAR_DIR=str(tmp_path / "var"),
               DJANGO_SETTINGS_MODULE="config.settings")
    for command in (["migrate", "--noinput", "-v0"], ["ensure_demo_accounts"]):
        subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=env, check=True,
                       stdout=subprocess.DEVNULL)
    return env


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads child processes from /proc")
def test_embedded_service_serves_plays_bots_and_stops_cleanly(embedded_env, tmp_path):
    port = free_port()
    log = tmp_path / "run.log"
    with log.open("w") as out:
        runner = subprocess.Popen([sys.executable, "manage.py", "run_embedded", "--host", "127.0.0.1",
                                   "--port", str(port)], cwd=ROOT, env=embedded_env, stdout=out,
                                  stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        def answers():
            try:
                return _call("GET", f"{base}/api/v1/ping/")[0] == 200
            except OSError:
                return False

        wait_for(answers, timeout=60, interval=0.25, message="the API to answer")
        assert _descendants(runner.pid), "the runner started no worker process"
        printed = log.read_text()
        assert f"LudoPost is starting at {base}/" in printed
        assert f"{base}/api/docs/" in printed
        token = re.search(r"alice's token: (\w+)", printed).group(1)
        assert "Worker:    worker, beat supervised" in printed

        # A table of two bots: only the worker beside the API can move it on.
        status, game = _call("POST", f"{base}/api/v1/games/",
                             {"game": "momiji", "players": 2, "creator_plays": False, "bot_seats": [0, 1]}, token)
        assert status == 201, game
        start = game["version"]

        def bots_moved():
            current = _call("GET", f"{base}/api/v1/games/{game['id']}/", token=token)[1]
            return current if current["version"] >= start + 3 or current["status"] == "finished" else None

        moved = wait_for(bots_moved, timeout=90, interval=0.25, message="the embedded worker to play the bots' moves")
        events = _call("GET", f"{base}/api/v1/games/{game['id']}/events/?after={start}", token=token)[1]["events"]
        assert events and all(event["seq"] > start for event in events)
        assert moved["version"] > start
    finally:
        worker_pids = _descendants(runner.pid)
        runner.send_signal(signal.SIGTERM)
        try:
            code = runner.wait(timeout=30)
        except subprocess.TimeoutExpired:
            runner.kill()
            code = None
        try:
            wait_for(lambda: not any(_alive(pid) for pid in worker_pids), timeout=20, interval=0.25,
                     message="the worker to stop with the runner")
        finally:
            for pid in worker_pids:  # never leave a worker behind, even when the test fails
                if _alive(pid):
                    os.kill(pid, signal.SIGKILL)
    assert code == 0, log.read_text()[-2000:]
