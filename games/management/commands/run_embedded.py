"""The embedded default in one command: the API plus a worker and beat beside it."""
import os
import signal
import subprocess
import sys

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Run the API and a Celery worker with beat (broker needing no server) in one command."

    def add_arguments(self, parser):
        parser.add_argument("--host", default="127.0.0.1")
        parser.add_argument("--port", default="8000")
        parser.add_argument("--no-worker", action="store_true")

    def handle(self, host, port, no_worker, **_):
        from rest_framework.authtoken.models import Token

        worker = None
        if not no_worker:
            schedule = os.path.join(settings.VAR_DIR, "celerybeat-schedule")
            worker = subprocess.Popen(
                [sys.executable, "-m", "celery", "-A", "config", "worker", "--beat", "--pool=solo",
                 "--loglevel=WARNING", "--schedule", schedule],
                env={**os.environ})
        base = f"http://{host}:{port}"
        tokens = {t.user.username: t.key for t in Token.objects.select_related("user")
                  .filter(user__username__in=["alice", "bob"])}
        self.stdout.write(self.style.SUCCESS(f"\nLudoPost is starting at {base}/"))
        self.stdout.write(f"  API:       {base}/api/v1/catalog/")
        self.stdout.write(f"  API docs:  {base}/api/docs/   (OpenAPI: {base}/api/schema/)")
        self.stdout.write("  Log in:    POST /api/v1/auth/token/ {\"username\": \"alice\", \"password\": "
                          "\"ludopost-demo\"} (also bob), then send 'Authorization: Token <token>'")
        for name, key in sorted(tokens.items()):
            self.stdout.write(f"             {name}'s token: {key}")
        self.stdout.write(f"  Mail:      written to {settings.EMAIL_FILE_PATH if hasattr(settings, 'EMAIL_FILE_PATH') else 'the console'}")
        self.stdout.write(f"  Worker:    {'running (celery worker + beat, broker ' + settings.CELERY_BROKER_URL + ')' if worker else 'off'}\n")
        # A process manager stops us with SIGTERM, whose default ends the process at once
        # and would leave the worker running: exit normally so the finally below runs.
        signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(0))
        try:
            call_command("runserver", f"{host}:{port}", use_reloader=False, use_threading=True)
        finally:
            if worker is not None:
                worker.send_signal(signal.SIGTERM)
                try:
                    worker.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    worker.kill()
