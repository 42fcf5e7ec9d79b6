"""`make run`'s embedded service, as a user starts it: the API and its supervised worker and beat.

Runs the real command on a throwaway SQLite database, file broker and mail folder
(LUDOPOST_VAR_DIR): reads what it prints, lets the worker play tables of bots,
drives it with several clients at once, kills its worker, and stops it the way a
process manager would (SIGTERM), which must not leave a child behind.
"""
from __future__ import annotations

import email
import email.policy
import json
import os
import re
import signal
import smtplib
import sqlite3
import subprocess
import threading
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
    """Children, grandchildren, ... (of every thread: the supervisor restarts children from its own)."""
    found, todo = set(), [pid]
    while todo:
        parent, todo = todo[0], todo[1:]
        children = set()
        for task in Path(f"/proc/{parent}/task").glob("*"):
            try:
                children |= {int(child) for child in (task / "children").read_text().split()}
            except OSError:
                continue
        todo += children - found
        found |= children
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"


# -- the service as `make run` starts it, shared by the tests below ---------------------------------

class Service:
    """``make run`` on a free port (HOST and PORT as a user passes them), in a session of its own."""

    def __init__(self, var: Path, log: Path):
        self.port = free_port()
        self.mail_port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.var, self.log = var, log
        env = {key: value for key, value in os.environ.items()
               if key not in ("DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL", "EMAIL_URL", "SECRET_KEY",
                              "SITE_URL", "HOST", "PORT", "MAKEFLAGS", "MAKELEVEL")}
        # Heartbeats every second, and a restart delay long enough to see the worker down.
        env.update(LUDOPOST_VAR_DIR=str(var), WORKER_HEARTBEAT_SECONDS="1", WORKER_STALE_SECONDS="5",
                   LUDOPOST_RESTART_DELAY="3", LUDOPOST_STATUS_SECONDS="5",
                   MAIL_GATEWAY_PORT=str(self.mail_port))
        with log.open("w") as out:
            self.process = subprocess.Popen(["make", "--no-print-directory", "run", f"PORT={self.port}",
                                             "HOST=127.0.0.1"], cwd=ROOT, env=env, stdout=out,
                                            stderr=subprocess.STDOUT, start_new_session=True)

    def ping(self) -> dict | None:
        try:
            return _call("GET", f"{self.base}/api/v1/ping/")[1]
        except OSError:
            return None

    def printed(self) -> str:
        return self.log.read_text()

    def _argv(self) -> dict[int, list[bytes]]:
        found = {}
        for pid in _descendants(self.process.pid):
            try:
                found[pid] = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
        return found

    def children(self) -> dict[str, int]:
        """The supervised children's pids by name ("worker", "beat"), read from /proc."""
        # Celery retitles its processes ("[celery beat]", "[celeryd: ...]") when setproctitle
        # is installed, so read the name from the whole command line.
        found = {}
        for pid, argv in self._argv().items():
            line = b" ".join(argv)
            if b"celery" in line and _alive(pid):
                found["beat" if b"beat" in line else "worker"] = pid
        return found

    def outbox_pending(self) -> int:
        with sqlite3.connect(f"file:{self.var / 'ludopost.sqlite3'}?mode=ro", uri=True, timeout=20) as db:
            return db.execute("select count(*) from games_outbox where status = 'pending'").fetchone()[0]

    def mails(self) -> list:
        """Every message the file backend has written (one file per connection, messages split by dashes)."""
        found = []
        for path in sorted((self.var / "mail").glob("*.log")):
            for chunk in path.read_bytes().split(b"\n" + b"-" * 79 + b"\n"):
                message = email.message_from_bytes(chunk, policy=email.policy.default)
                if message["X-LudoPost-Kind"]:
                    found.append(message)
        return found

    def turn_mails(self, game_id: int) -> list:
        return [m for m in self.mails() if m["X-LudoPost-Kind"] == "turn" and m["X-LudoPost-Game"] == str(game_id)]

    def stop(self) -> int | None:
        pids = _descendants(self.process.pid)
        # SIGTERM to the runner, as a process manager would send it; make then exits with it.
        for pid, argv in self._argv().items():
            if b"run_embedded" in argv:
                os.kill(pid, signal.SIGTERM)
        try:
            code = self.process.wait(timeout=40)
        except subprocess.TimeoutExpired:
            code = None
        try:
            wait_for(lambda: not any(_alive(pid) for pid in pids), timeout=30, interval=0.25,
                     message="the worker and beat to stop with the service")
        finally:
            for pid in pids:  # never leave a child behind, even when the test fails
                if _alive(pid):
                    os.kill(pid, signal.SIGKILL)
        return code


@pytest.fixture(scope="module")
def service(tmp_path_factory):
    if not Path("/proc/self/task").exists():
        pytest.fail("these tests read child processes from /proc (Linux)")
    folder = tmp_path_factory.mktemp("embedded")
    running = Service(folder / "var", folder / "run.log")
    try:
        wait_for(lambda: (running.ping() or {}).get("ok"), timeout=120, interval=0.25,
                 message="make run to answer with a healthy worker and beat", explain=lambda: running.printed()[-3000:])
        running.token = re.search(r"alice's token: (\w+)", running.printed()).group(1)
        yield running
    finally:
        if running.process.poll() is None:
            running.stop()


def test_it_prints_where_it_runs_and_starts_its_worker_and_beat(service):
    printed = service.printed()
    assert f"LudoPost is starting at {service.base}/" in printed
    assert f"{service.base}/api/docs/" in printed
    assert "Worker:    worker, beat, mail gateway supervised" in printed
    assert f"the gateway takes replies on 127.0.0.1:{service.mail_port}" in printed
    gateway = wait_for(lambda: _smtp_noop(service.mail_port), timeout=60)
    assert gateway == 250                                     # the mail gateway answers SMTP
    assert set(service.children()) == {"worker", "beat"}
    health = service.ping()
    assert health["ok"] is True and health["worker"] == health["beat"] == "ok"
    assert health["worker_heartbeat"] and health["beat_heartbeat"]
    wait_for(lambda: re.search(r"status: worker ok \(pid \d+, restarts 0, last heartbeat [0-9T:.-]+Z\); beat ok",
                               service.printed()), timeout=30, interval=0.2, message="the status line in the log")


def _game(service: Service, game_id: int, token: str) -> dict:
    return _call("GET", f"{service.base}/api/v1/games/{game_id}/", token=token)[1]


def test_links_in_emails_use_the_port_the_service_was_started_on(service):
    """`PORT=… make run` links to that port, not to 8000 (SITE_URL unset)."""
    assert f"(links to {service.base}/)" in service.printed()
    status, game = _call("POST", f"{service.base}/api/v1/games/",
                         {"game": "momiji", "players": 2, "bot_seats": [1]}, service.token)
    assert status == 201, game
    mail = wait_for(lambda: service.turn_mails(game["id"]), timeout=60, interval=0.25,
                    message="alice's first turn email", explain=lambda: service.printed()[-2000:])[0]
    text = mail.get_body(preferencelist=("plain",)).get_content()
    links = re.findall(r"https?://[^\s<>\"]+", text + mail["List-Unsubscribe"])
    assert links and all(link.startswith(f"{service.base}/") for link in links), links
    assert ":8000" not in mail.as_string()


def test_several_clients_at_once_every_bot_game_finishes_and_every_turn_email_is_written(service):
    """Four clients, each with a table of bots and a game against a bot played turn by turn as
    a player by mail would: wait for the turn email, then move until the turn ends."""
    clients, moves_each = 4, 8
    results, errors = {}, []

    def client(number: int):
        try:
            name = f"load{number}-{service.port}"
            token = _call("POST", f"{service.base}/api/v1/accounts/",
                          {"username": name, "email": f"{name}@example.com", "password": "load-test-1"})[1]["token"]
            bots = _call("POST", f"{service.base}/api/v1/games/",
                         {"game": "momiji", "players": 2, "creator_plays": False, "bot_seats": [0, 1]}, token)[1]
            game = _call("POST", f"{service.base}/api/v1/games/",
                         {"game": "momiji", "players": 2, "bot_seats": [1]}, token)[1]
            turns = moves = 0
            in_turn = False
            while True:
                state = wait_for(lambda: (lambda g: g if g["status"] == "finished" or 0 in g["to_move"] else None)(
                    _game(service, game["id"], token)), timeout=90, interval=0.2, message=f"client {number}'s turn")
                if state["status"] == "finished":
                    break
                if not in_turn:  # a turn began (also the one after the last move, which is not played)
                    turns, in_turn = turns + 1, True
                    wait_for(lambda: len(service.turn_mails(game["id"])) >= turns, timeout=90, interval=0.2,
                             message=f"client {number}'s turn email #{turns} (game {game['id']})")
                if moves == moves_each:
                    break
                legal = _call("GET", f"{service.base}/api/v1/games/{game['id']}/legal-moves/", token=token)[1]["moves"]
                # End turns quickly (an action, then pass), so the bounded moves span several turns.
                move = next((m for m in legal if m["type"] == "pass"),
                            next((m for m in legal if m["type"] != "reveal"), legal[0]))
                answer = _call("POST", f"{service.base}/api/v1/games/{game['id']}/moves/",
                               {"expected_version": state["version"], "move": move}, token)[1]
                moves += 1
                in_turn = 0 in answer["to_move"]
            results[number] = {"token": token, "bots": bots["id"], "game": game["id"], "turns": turns, "moves": moves}
        except Exception as error:  # reported below, with the client's number
            errors.append(f"client {number}: {error!r}")

    threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(300)
    assert not errors, errors
    assert len(results) == clients

    def all_bot_games_over():
        return all(_game(service, r["bots"], r["token"])["status"] == "finished" for r in results.values())

    wait_for(all_bot_games_over, timeout=240, interval=0.5, message="every table of bots to finish",
             explain=lambda: service.printed()[-3000:])
    for r in results.values():
        # Each turn that began got exactly one email (the client waited for it before moving).
        assert len(service.turn_mails(r["game"])) == r["turns"] >= 1, r
        finished = _game(service, r["bots"], r["token"])
        assert finished["outcome"], finished
    # The worker never died under this load (the supervisor would have said so).
    assert " exited with " not in service.printed()
    assert "Unrecoverable" not in service.printed()
    versions = sum(_game(service, r["bots"], r["token"])["version"] + _game(service, r["game"], r["token"])["version"]
                   for r in results.values())
    print(f"\nload: {clients} clients, {2 * clients} games, {sum(r['moves'] for r in results.values())} client moves, "
          f"{versions} events in all, {sum(r['turns'] for r in results.values())} turn emails, "
          f"{len(service.mails())} emails in the mail folder")


def test_a_killed_worker_is_restarted_and_catches_up(service):
    wait_for(lambda: (service.ping() or {}).get("worker") == "ok", timeout=60, interval=0.2,
             message="a healthy worker before the kill")
    worker = service.children()["worker"]
    os.kill(worker, signal.SIGKILL)
    # Side effects owed while the worker is dead: a table of bots created now.
    status, game = _call("POST", f"{service.base}/api/v1/games/",
                         {"game": "momiji", "players": 2, "creator_plays": False, "bot_seats": [0, 1]}, service.token)
    assert status == 201, game
    down = wait_for(lambda: (lambda p: p if p and p["worker"] == "down" else None)(service.ping()), timeout=30,
                    interval=0.1, message="ping to report the dead worker")
    assert down["ok"] is False and down["beat"] == "ok"
    wait_for(lambda: f"worker (pid {worker}) exited with signal SIGKILL" in service.printed(), timeout=30,
             interval=0.2, message="the supervisor's log line about the dead worker")
    wait_for(lambda: re.search(r"worker restarted \(pid (\d+), restart 1\)", service.printed()), timeout=60,
             interval=0.2, message="the worker to be restarted", explain=lambda: service.printed()[-2000:])
    healthy = wait_for(lambda: (lambda p: p if p and p["ok"] else None)(service.ping()), timeout=60, interval=0.2,
                       message="ping to report the restarted worker")
    assert service.children()["worker"] != worker
    assert healthy["worker_heartbeat"] > down["worker_heartbeat"]
    # It catches up: the bots move and the outbox drains.
    wait_for(lambda: _game(service, game["id"], service.token)["version"] >= game["version"] + 3, timeout=90,
             interval=0.25, message="the bots to move after the restart")
    wait_for(lambda: service.outbox_pending() == 0, timeout=90, interval=0.25, message="the outbox to drain")
    wait_for(lambda: re.search(r"status: worker ok \(pid \d+, restarts 1", service.printed()), timeout=30,
             interval=0.2, message="the status line saying the worker is back")


def test_it_stops_on_sigterm_and_takes_its_children_along(service):
    """Last here: a process manager's SIGTERM ends the runner, its worker and beat, and make, cleanly."""
    children = service.children()
    assert set(children) == {"worker", "beat"}
    code = service.stop()
    assert code == 0, service.printed()[-2000:]
    assert not any(_alive(pid) for pid in children.values())


def _smtp_noop(port: int) -> int | None:
    try:
        with smtplib.SMTP("127.0.0.1", port, timeout=5) as client:
            return client.noop()[0]
    except OSError:
        return None
