"""Helpers for tests that start servers and workers: a free port, and polling with a deadline."""
from __future__ import annotations

import socket
import time


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(condition, *, timeout: float = 30, interval: float = 0.1, message: str = "condition",
             explain=None):
    """Poll ``condition`` until it returns something truthy; fail with ``message`` after ``timeout``.

    ``explain()`` may return more words for the failure (a worker's log, rows' states).
    """
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            more = f"\n{explain()}" if explain else ""
            raise AssertionError(f"timed out after {timeout}s waiting for {message}{more}")
        time.sleep(interval)
