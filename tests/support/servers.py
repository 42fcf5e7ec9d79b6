"""Real servers for API tests: a throwaway PostgreSQL cluster that a test may stop
and start, and gunicorn serving this project, each on a free port of 127.0.0.1."""
from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PG_BIN = Path("/usr/lib/postgresql/15/bin")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _as_postgres(args: list[str]) -> list[str]:
    # PostgreSQL refuses to run as root; run its tools as the postgres user then.
    return ["runuser", "-u", "postgres", "--", *args] if os.geteuid() == 0 else args


class Cluster:
    """A PostgreSQL cluster of its own in a temporary directory."""

    def __init__(self):
        self.dir = Path(tempfile.mkdtemp(prefix="ludopost-pg-"))
        self.data = self.dir / "data"
        self.port = free_port()
        if os.geteuid() == 0:
            shutil.chown(self.dir, "postgres", "postgres")
        subprocess.run(_as_postgres([str(PG_BIN / "initdb"), "-D", str(self.data), "-A", "trust", "-U", "postgres",
                                     "--no-sync", "-E", "UTF8"]), check=True, capture_output=True)
        self.start()
        subprocess.run(_as_postgres([str(PG_BIN / "createdb"), "-h", "127.0.0.1", "-p", str(self.port), "-U",
                                     "postgres", "ludopost"]), check=True, capture_output=True)

    @property
    def url(self) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/ludopost"

    def start(self):
        options = f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c fsync=off"
        subprocess.run(_as_postgres([str(PG_BIN / "pg_ctl"), "-D", str(self.data), "-o", options, "-w", "-t", "60",
                                     "-l", str(self.dir / "log"), "start"]), check=True, capture_output=True)

    def stop(self):
        subprocess.run(_as_postgres([str(PG_BIN / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop"]),
                       check=False, capture_output=True)

    def remove(self):
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)


class Gunicorn:
    """This project under gunicorn (its gunicorn.conf.py applies), one sync worker."""

    def __init__(self, env: dict[str, str]):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = tempfile.TemporaryFile()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "config.wsgi", "-w", "1", "-b", f"127.0.0.1:{self.port}",
             "--timeout", "60"], cwd=ROOT, env={**os.environ, "LUDOPOST_TESTING": "1", **env},
            stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError):
                if self.request("GET", "/api/v1/ping/")[0] == 200:
                    return
            if self.process.poll() is not None:
                break
            time.sleep(0.2)
        self.stop()
        self.log.seek(0)
        raise RuntimeError("gunicorn did not start:\n" + self.log.read().decode(errors="replace")[-3000:])

    def request(self, method: str, path: str, body=None, token: str | None = None, headers: dict | None = None):
        """(status, headers, parsed JSON or raw text) of one request."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("Authorization", f"Token {token}")
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                status, head, raw = response.status, response.headers, response.read()
        except urllib.error.HTTPError as error:
            status, head, raw = error.code, error.headers, error.read()
        try:
            return status, head, json.loads(raw) if raw else None
        except ValueError:
            return status, head, raw.decode(errors="replace")

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
