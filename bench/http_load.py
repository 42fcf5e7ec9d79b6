"""A small HTTP load generator: N client threads with keep-alive connections.

Used for both the empty request and the move, so the two figures share the same
client overhead and their ratio is fair. Bounded in count and time; loopback only.
"""
from __future__ import annotations

import http.client
import json
import threading
import time


class Recorder:
    def __init__(self):
        self.latencies: list[float] = []
        self.errors = 0
        self.lock = threading.Lock()

    def add(self, seconds: float, ok: bool):
        with self.lock:
            self.latencies.append(seconds)
            if not ok:
                self.errors += 1

    def summary(self, wall: float) -> dict:
        values = sorted(self.latencies)
        pick = lambda q: values[min(len(values) - 1, int(q * len(values)))] * 1000 if values else 0.0  # noqa: E731
        return {"requests": len(values), "errors": self.errors, "seconds": round(wall, 2),
                "per_second": round(len(values) / wall, 1) if wall else 0.0,
                "p50_ms": round(pick(0.50), 2), "p99_ms": round(pick(0.99), 2)}


class Client:
    def __init__(self, host: str, port: int):
        self.host, self.port = host, port
        self.connection = http.client.HTTPConnection(host, port, timeout=30)

    def request(self, method: str, path: str, body=None, headers=None):
        data = json.dumps(body).encode() if body is not None else None
        all_headers = {"Content-Type": "application/json", **(headers or {})}
        for attempt in range(2):
            try:
                self.connection.request(method, path, body=data, headers=all_headers)
                response = self.connection.getresponse()
                payload = response.read()
                return response.status, payload
            except (http.client.HTTPException, ConnectionError):
                self.connection.close()
                self.connection = http.client.HTTPConnection(self.host, self.port, timeout=30)
                if attempt:
                    raise
        raise RuntimeError("unreachable")


def run_threads(worker, clients: int, seconds: float) -> dict:
    """Run ``worker(index, deadline, recorder)`` in ``clients`` threads; return the summary."""
    recorder = Recorder()
    deadline = time.perf_counter() + seconds
    threads = [threading.Thread(target=worker, args=(index, deadline, recorder)) for index in range(clients)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return recorder.summary(time.perf_counter() - started)
