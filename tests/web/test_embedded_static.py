"""`make run` serves the web client with its static files (WhiteNoise under runserver too)."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

from tests.support.waiting import free_port, wait_for

ROOT = Path(__file__).resolve().parents[2]


def _get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status, response.read()
    except OSError:
        return 0, b""


def test_the_embedded_command_serves_the_pages_and_their_scripts(tmp_path):
    env = {key: value for key, value in os.environ.items()
           if key not in ("DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL", "EMAIL_URL", "SECRET_KEY")}
    env.update(LUDOPOST_EMBEDDED="1", DEBUG="0", LUDOPOST_VAR_DIR=str(tmp_path / "var"),
               DJANGO_SETTINGS_MODULE="config.settings")
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    port = free_port()
    server = subprocess.Popen([sys.executable, "manage.py", "run_embedded", "--no-worker", "--port", str(port)],
                              cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        base = f"http://127.0.0.1:{port}"
        wait_for(lambda: _get(f"{base}/api/v1/ping/")[0] == 200, timeout=60, message="run_embedded to answer")
        status, home = _get(f"{base}/")
        assert status == 200 and b"/static/web/htmx-2.0.11.min.js" in home
        status, script = _get(f"{base}/static/web/htmx-2.0.11.min.js")
        assert status == 200 and b"htmx" in script[:2000]
        status, css = _get(f"{base}/static/web/style.css")
        assert status == 200 and b".mcard" in css
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=20)
