"""Keeps the processes beside the embedded API running: start, watch, restart with backoff.

``manage.py run_embedded`` gives it a list of ``Child`` (the Celery worker, beat, ...);
a child that exits while the service runs is started again after a delay that doubles
from ``first_delay`` up to ``max_delay`` and drops back once the child has stayed up
for ``stable_after`` seconds, each time with a log line. Every child runs in a session
of its own, so a Ctrl-C in the terminal reaches only the runner, which stops the
children in order instead of racing them.
"""
from __future__ import annotations

import logging
import os
import signal
import subprocess
import threading
import time
from dataclasses import dataclass, field

log = logging.getLogger("ludopost.supervisor")


@dataclass
class Child:
    name: str
    argv: list[str]
    # Filled in while supervised:
    process: subprocess.Popen | None = field(default=None, repr=False)
    started_at: float = 0.0
    restarts: int = 0
    delay: float = 0.0
    restart_at: float | None = None

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None


class Supervisor:
    def __init__(self, children: list[Child], *, env: dict | None = None, cwd: str | None = None,
                 first_delay: float = 1.0, max_delay: float = 30.0, stable_after: float = 60.0,
                 poll: float = 0.5, status_every: float = 60.0, status=None):
        self.children = children
        self.env = env
        self.cwd = cwd
        self.first_delay, self.max_delay, self.stable_after = first_delay, max_delay, stable_after
        self.poll, self.status_every = poll, status_every
        self.status = status  # () -> {"worker": "ok" | "down", ...}, for the status line
        self.stopping = threading.Event()
        self.lock = threading.Lock()
        self.thread = threading.Thread(target=self._watch, name="supervisor", daemon=True)
        self._last_line = None

    # -- lifecycle ----------------------------------------------------------------------------

    def start(self) -> Supervisor:
        with self.lock:
            for child in self.children:
                child.delay = self.first_delay
                self._spawn(child)
        self.thread.start()
        return self

    def stop(self, timeout: float = 15.0) -> None:
        """Stop watching, then stop every child (SIGTERM, SIGKILL after ``timeout``)."""
        self.stopping.set()
        if self.thread.is_alive():
            self.thread.join(timeout)
        with self.lock:
            for child in self.children:
                self._signal(child, signal.SIGTERM)
            deadline = time.monotonic() + timeout
            for child in self.children:
                if child.process is None:
                    continue
                try:
                    child.process.wait(max(0.1, deadline - time.monotonic()))
                except subprocess.TimeoutExpired:
                    log.warning("%s did not stop within %.0f s: killed", child.name, timeout)
                    self._signal(child, signal.SIGKILL)
                    child.process.wait(5)

    def view(self) -> dict:
        """What the supervisor sees of each child (read by worker.health)."""
        with self.lock:
            return {child.name: {"running": child.running, "pid": child.process.pid if child.process else None,
                                 "started_at": child.started_at, "restarts": child.restarts}
                    for child in self.children}

    # -- the watch ------------------------------------------------------------------------------

    def _spawn(self, child: Child) -> None:
        child.process = subprocess.Popen(child.argv, env=self.env, cwd=self.cwd, start_new_session=True)
        child.started_at = time.time()
        child.restart_at = None

    def _signal(self, child: Child, number: int) -> None:
        if child.process is not None and child.process.poll() is None:
            try:
                os.killpg(child.process.pid, number)
            except ProcessLookupError:
                pass

    def _watch(self) -> None:
        self._next_status = time.monotonic() + self.status_every
        while not self.stopping.wait(self.poll):
            try:
                self._round()
            except Exception:  # the watch itself must outlive any one failure
                log.exception("supervisor: a check failed; watching on")

    def _round(self) -> None:
        with self.lock:
            if self.stopping.is_set():
                return
            for child in self.children:
                self._check(child)
        if self.status is None:
            return
        line = self.status_line()
        # A line when a state changes (not merely a heartbeat's time), and every status_every seconds.
        changed = self._last_line is not None and _states(line) != _states(self._last_line)
        if changed or time.monotonic() >= self._next_status:
            log.info("%s", line)
            self._next_status = time.monotonic() + self.status_every
        self._last_line = line

    def _check(self, child: Child) -> None:
        if child.running:
            return
        now = time.monotonic()
        if child.restart_at is None:
            code = child.process.returncode if child.process else None
            ran = time.time() - child.started_at
            if ran >= self.stable_after:
                child.delay = self.first_delay
            log.warning("%s (pid %s) exited with %s after %.0f s; restarting in %g s",
                        child.name, child.process.pid if child.process else "-", _describe(code), ran, child.delay)
            child.restart_at = now + child.delay
            child.delay = min(self.max_delay, child.delay * 2)
        elif now >= child.restart_at:
            child.restarts += 1
            try:
                self._spawn(child)
            except OSError as error:
                log.error("could not start %s: %s", child.name, error)
                child.restart_at = now + child.delay
                return
            log.warning("%s restarted (pid %s, restart %d)", child.name, child.process.pid, child.restarts)

    def status_line(self) -> str:
        health = self.status() if self.status is not None else {}
        children = self.view()
        parts = []
        for name, child in children.items():
            state = health.get(name) or ("running" if child["running"] else "down")
            beat = health.get(f"{name}_heartbeat")
            parts.append(f"{name} {state} (pid {child['pid']}, restarts {child['restarts']}"
                         + (f", last heartbeat {beat}" if name in health else "") + ")")
        return "status: " + "; ".join(parts)


def _states(line: str) -> list[str]:
    """The words that say ok/down/running in a status line (a heartbeat moving on is no change)."""
    return [word for word in line.split() if word in ("ok", "down", "running")]


def _describe(code: int | None) -> str:
    if code is None:
        return "an unknown status"
    if code < 0:
        try:
            return f"signal {signal.Signals(-code).name}"
        except ValueError:
            return f"signal {-code}"
    return f"code {code}"
