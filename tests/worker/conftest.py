"""Fixtures for the worker: a real Redis, a real Celery worker, a real SMTP server and a
real HTTP server on loopback for webhooks.

Redis: REDIS_URL if set, else a ``redis-server`` started here on a free port.
The Celery worker runs in a thread (celery.contrib.testing.worker.start_worker) for
most tests; the fault tests run ``tests/worker/run_worker.py`` as a process they can
kill. Tests that use them are ``transaction=True`` (the worker sees only committed
rows) and run on a file-backed database.
"""
from __future__ import annotations

import email
import email.policy
import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
from collections import Counter
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from games import registry
from tests.support.waiting import free_port, wait_for  # noqa: F401 (the worker tests import them from here)
from tests.worker import duel

registry.register(duel.RULES, bots={"best": duel.greedy_bot})

ROOT = Path(__file__).resolve().parents[2]


def worker_state() -> str:
    """The worker's rows in a few lines, for a failing wait."""
    from games.models import Deadline, Outbox
    from worker.models import Delivery

    deliveries = Counter(Delivery.objects.values_list("channel", "status"))
    outbox = Counter(Outbox.objects.values_list("kind", "status"))
    errors = list(Delivery.objects.exclude(last_error="").values_list("kind", "last_error")[:5])
    due = Deadline.objects.filter(done=False).count()
    sending = list(Delivery.objects.filter(status="sending").values_list("id", "attempts", "claimed_until"))
    return (f"deliveries={dict(deliveries)} outbox={dict(outbox)} open deadlines={due} errors={errors} "
            f"sending={sending} now={datetime.now(timezone.utc)}")


# -- Redis --------------------------------------------------------------------------------------

class RedisServer:
    """A private redis-server on loopback that a test may stop and start again."""

    def __init__(self):
        self.binary = shutil.which("redis-server")
        self.port = free_port()
        self.dir = tempfile.mkdtemp(prefix="ludopost-redis-")
        self.process = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self):
        self.process = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--dir", self.dir, "--protected-mode", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for(self.ping, timeout=10, message="redis-server to answer")

    def ping(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as sock:
                sock.sendall(b"PING\r\n")
                return sock.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)
        self.process = None

    def cleanup(self):
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)


@pytest.fixture(scope="session")
def redis_url():
    if os.environ.get("REDIS_URL"):
        yield os.environ["REDIS_URL"]
        return
    server = RedisServer()
    if not server.binary:  # fail, never skip: a missing Redis must not pass for a green run
        pytest.fail("the worker tests need redis-server: apt-get install redis-server (or set REDIS_URL)")
    server.start()
    yield server.url
    server.cleanup()


@pytest.fixture
def own_redis():
    """A Redis this test may stop (for the broker-outage test)."""
    server = RedisServer()
    if not server.binary:
        pytest.fail("this test stops and starts its own redis-server: apt-get install redis-server")
    server.start()
    yield server
    server.cleanup()


def _flush(url: str) -> None:
    import redis

    redis.Redis.from_url(url).flushdb()


# -- SMTP -----------------------------------------------------------------------------------------

class Mailbox:
    """What the SMTP server accepted, parsed; ``hold`` lets a test stop the line mid-message."""

    def __init__(self):
        self.messages: list = []
        self.lock = threading.Lock()
        self.on_message = None  # called with the parsed message before it is accepted

    async def handle_DATA(self, server, session, envelope):
        message = email.message_from_bytes(envelope.original_content or envelope.content,
                                           policy=email.policy.default)
        if self.on_message is not None:
            verdict = self.on_message(message)
            if verdict:
                return verdict  # e.g. "451 try again later": not accepted
        with self.lock:
            self.messages.append(message)
        return "250 OK"

    def of_kind(self, kind: str, to: str | None = None) -> list:
        with self.lock:
            return [m for m in self.messages if m["X-LudoPost-Kind"] == kind and (to is None or to in m["To"])]

    def ids(self) -> list[str]:
        with self.lock:
            return [m["Message-ID"] for m in self.messages]


@pytest.fixture
def smtp_server(settings):
    from aiosmtpd.controller import Controller

    mailbox = Mailbox()
    port = free_port()
    controller = Controller(mailbox, hostname="127.0.0.1", port=port)
    controller.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    mailbox.port = port
    yield mailbox
    controller.stop()


# -- webhook receiver -------------------------------------------------------------------------------

class Receiver:
    """A loopback HTTP server recording POSTs; ``fail_first`` answers 503 that many times."""

    def __init__(self):
        self.requests: list[dict] = []
        self.fail_first = 0
        self.lock = threading.Lock()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                with receiver.lock:
                    failing = receiver.fail_first > 0
                    receiver.fail_first -= 1 if failing else 0
                    receiver.requests.append({"path": self.path, "headers": self.headers, "body": body,
                                              "json": json.loads(body), "answered": 503 if failing else 204})
                self.send_response(503 if failing else 204)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def accepted(self) -> list[dict]:
        with self.lock:
            return [r for r in self.requests if r["answered"] == 204]

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def webhook_receiver():
    receiver = Receiver()
    yield receiver
    receiver.close()


# -- the worker --------------------------------------------------------------------------------------

@pytest.fixture
def fast_worker_settings(settings):
    """Short leases and retries, so faults heal within a test's patience."""
    settings.WORKER_LEASE_SECONDS = 3
    settings.WORKER_RETRY_BACKOFF = [0.5, 1, 2]
    settings.WORKER_WEBHOOK_BACKOFF = [0.5, 1, 2]
    settings.SITE_URL = "http://testserver.example"
    return settings


class Ticker:
    """Beat, in a thread: sends worker.tick through the broker every ``interval`` seconds."""

    def __init__(self, interval: float = 0.25):
        self.interval = interval
        self.stopping = threading.Event()
        self.errors: list[Exception] = []
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self):
        from worker import tasks

        while not self.stopping.wait(self.interval):
            try:
                tasks.tick.apply_async(expires=10)
            except Exception as error:  # the broker is down: beat would fail the same way and carry on
                self.errors.append(error)

    def start(self):
        self.thread.start()
        return self

    def stop(self):
        self.stopping.set()
        self.thread.join(5)


def configure_broker(url: str) -> None:
    from config.celery import app

    app.conf.broker_url = url
    # Without REDIS_URL the settings name the embedded file transport, which would win
    # over the URL's scheme: the tests' worker must use the Redis they started.
    app.conf.broker_transport = None
    app.conf.broker_transport_options = {"visibility_timeout": 30, "socket_timeout": 2,
                                         "socket_connect_timeout": 2}
    app.conf.broker_connection_retry_on_startup = True
    # Forget connections and producer pools an earlier worker closed (kombu keeps
    # them in a process-wide registry keyed by the broker URL).
    from kombu import pools

    pools.reset()
    app._pool = None
    app.amqp._producer_pool = None


@pytest.fixture
def celery_worker(transactional_db, redis_url, fast_worker_settings):
    """A real Celery worker (solo pool, in a thread) on Redis, and a ticker standing in for beat."""
    from celery.contrib.testing.worker import start_worker
    from celery.worker import state

    from config.celery import app

    _flush(redis_url)
    configure_broker(redis_url)
    # Celery's test worker leaves the process-wide stop flag set when a worker outlives
    # its shutdown timeout; the next worker would then stop before it ever started, and
    # start_worker waits for that start without end. Clear it either side.
    state.should_terminate = None
    try:
        with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=30, loglevel="WARNING"):
            ticker = Ticker().start()
            app.ticker = ticker
            try:
                yield app
            finally:
                ticker.stop()
    finally:
        state.should_terminate = None


def worker_env(broker_url: str, settings) -> dict:
    """The environment of a worker process that shares this test's database and servers."""
    from django.db import connection

    db = connection.settings_dict
    if db["ENGINE"].endswith("sqlite3"):
        database_url = f"sqlite:///{db['NAME']}"
    else:
        database_url = (f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST'] or '127.0.0.1'}:"
                        f"{db['PORT'] or 5432}/{db['NAME']}")
    env = dict(os.environ)
    env.update({
        "DATABASE_URL": database_url, "CELERY_BROKER_URL": broker_url, "REDIS_URL": broker_url,
        "LUDOPOST_TESTING": "1", "SITE_URL": settings.SITE_URL,
        "EMAIL_URL": f"smtp://{settings.EMAIL_HOST}:{settings.EMAIL_PORT}",
        "WORKER_TICK_SECONDS": "0.25", "WORKER_LEASE_SECONDS": str(settings.WORKER_LEASE_SECONDS),
        "WORKER_RETRY_BACKOFF": ",".join(str(x) for x in settings.WORKER_RETRY_BACKOFF),
        "WORKER_WEBHOOK_BACKOFF": ",".join(str(x) for x in settings.WORKER_WEBHOOK_BACKOFF),
        "CELERY_VISIBILITY_TIMEOUT": "30", "PYTHONPATH": str(ROOT), "LOG_LEVEL": "WARNING",
    })
    return env


class WorkerProcess:
    """``celery worker --beat`` as a child process (so a test can kill it)."""

    def __init__(self, env: dict, log_path: Path):
        self.env = env
        self.log_path = log_path
        self.process = None
        self.schedule = tempfile.mktemp(prefix="ludopost-beat-")

    def start(self):
        self.schedule = tempfile.mktemp(prefix="ludopost-beat-")
        log = open(self.log_path, "ab")
        self.process = subprocess.Popen(
            [str(ROOT / ".venv" / "bin" / "python") if (ROOT / ".venv").exists() else "python",
             str(ROOT / "tests" / "worker" / "run_worker.py"), "--schedule", self.schedule],
            cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        return self

    def _signal(self, number) -> None:
        # The worker and its embedded beat process go down together, as on a machine
        # that dies; the process group is this worker's own (start_new_session).
        try:
            os.killpg(self.process.pid, number)
        except ProcessLookupError:
            pass

    def kill(self):
        if self.process and self.process.poll() is None:
            self._signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self):
        if self.process and self.process.poll() is None:
            self._signal(signal.SIGTERM)
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self._signal(signal.SIGKILL)
                self.process.wait(10)
        for suffix in ("", ".db", ".dat", ".dir", ".bak"):
            Path(self.schedule + suffix).unlink(missing_ok=True)
