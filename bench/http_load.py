"""A small HTTP load generator: client processes of threads, each sending prebuilt requests.

Requests are built before the clock starts (a move's body is computed in advance),
and sent over a plain socket, so the client spends as little CPU as it can on the
two cores it shares with the server. The empty request and the move go through the
same client, so their ratio is fair. Bounded in count and time; loopback only.
"""
from __future__ import annotations

import multiprocessing
import socket
import threading
import time
from dataclasses import dataclass


def build_request(method: str, path: str, body: bytes = b"", token: str | None = None) -> bytes:
    head = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", "Connection: close",
            "Content-Type: application/json", f"Content-Length: {len(body)}"]
    if token:
        head.append(f"Authorization: Token {token}")
    return ("\r\n".join(head) + "\r\n\r\n").encode() + body


def send(port: int, request: bytes) -> int:
    """Send one request on a new connection (sync workers close each one); the status code."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(request)
        chunks = []
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                break
            chunks.append(chunk)
    data = b"".join(chunks)
    return int(data[9:12]) if data[:5] == b"HTTP/" else 0


def _thread(port, index, requests, deadline, expect, out):
    latencies, errors = [], 0
    for request in requests:
        if time.perf_counter() >= deadline:
            break
        started = time.perf_counter()
        status = send(port, request)
        latencies.append(time.perf_counter() - started)
        if status != expect:
            errors += 1
            if expect == 201:  # a refused move breaks the client's game sequence
                break
    out.append((index, latencies, errors))


def _process(port, streams, seconds, expect, queue):
    deadline = time.perf_counter() + seconds
    out: list = []
    threads = [threading.Thread(target=_thread, args=(port, index, stream, deadline, expect, out))
               for index, stream in streams]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    queue.put(out)


@dataclass
class Run:
    """One load run: every latency (seconds), the errors, the wall time, and how many
    requests of each stream were sent (so a later run can go on where this one stopped)."""

    latencies: list[float]
    errors: int
    seconds: float
    sent: list[int]

    def summary(self) -> dict:
        return summarize(self.latencies, self.errors, self.seconds)


def summarize(latencies: list[float], errors: int, seconds: float) -> dict:
    values = sorted(latencies)
    pick = lambda q: values[min(len(values) - 1, int(q * len(values)))] * 1000 if values else 0.0  # noqa: E731
    return {"requests": len(values), "errors": errors, "seconds": round(seconds, 2),
            "per_second": round(len(values) / seconds, 1) if seconds else 0.0,
            "p50_ms": round(pick(0.50), 2), "p99_ms": round(pick(0.99), 2)}


def run(port: int, streams: list[list[bytes]], seconds: float, *, expect: int, processes: int = 4) -> Run:
    """Send each stream's requests in order, streams concurrently, for at most ``seconds``."""
    queue = multiprocessing.Queue()
    numbered = list(enumerate(streams))
    groups = [numbered[index::processes] for index in range(processes)]
    workers = [multiprocessing.Process(target=_process, args=(port, group, seconds, expect, queue))
               for group in groups if group]
    started = time.perf_counter()
    for worker in workers:
        worker.start()
    results = [queue.get() for _ in workers]
    wall = time.perf_counter() - started
    for worker in workers:
        worker.join()
    sent = [0] * len(streams)
    latencies, errors = [], 0
    for result in results:
        for index, values, failed in result:
            sent[index] = len(values)
            latencies += values
            errors += failed
    return Run(latencies, errors, wall, sent)


class Recorder:
    """Latencies and errors of a threaded loop that is not HTTP (the bare transaction)."""

    def __init__(self):
        self.latencies: list[float] = []
        self.errors = 0
        self.lock = threading.Lock()

    def add(self, seconds: float, ok: bool):
        with self.lock:
            self.latencies.append(seconds)
            self.errors += 0 if ok else 1


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
    wall = time.perf_counter() - started
    return summarize(recorder.latencies, recorder.errors, wall)
