"""The embedded default in one command: the API, and beside it a supervised worker and beat."""
import logging
import os
import signal
import sys

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand

from config.settings import site_url
from worker import health
from worker.supervisor import Child, Supervisor


def mail_gateway_port() -> int:
    return int(os.environ.get("MAIL_GATEWAY_PORT", "2525"))


def children(var_dir) -> list[Child]:
    """What runs beside the API, each watched and restarted: one entry per process."""
    python = sys.executable
    return [
        # Solo pool: one process, tasks one at a time (SQLite takes one writer anyway).
        # No gossip or mingle: there is only this worker to talk to.
        Child("worker", [python, "-m", "celery", "-A", "config", "worker", "--pool=solo", "--loglevel=WARNING",
                         "--without-gossip", "--without-mingle", "--hostname=embedded@%h"]),
        Child("beat", [python, "-m", "celery", "-A", "config", "beat", "--loglevel=WARNING",
                       "--schedule", str(var_dir / "celerybeat-schedule")]),
        # The local mail gateway: replies to turn emails become moves (docs/WORKER.md).
        Child("mail gateway", [python, "manage.py", "mail_gateway", "--host", "127.0.0.1",
                               "--port", str(mail_gateway_port())]),
    ]


class Command(BaseCommand):
    help = "Run the API with a supervised Celery worker and beat (on a broker needing no server)."

    def add_arguments(self, parser):
        parser.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
        parser.add_argument("--port", default=os.environ.get("PORT", "8000"))
        parser.add_argument("--no-worker", action="store_true")

    def handle(self, host, port, no_worker, **_):
        from rest_framework.authtoken.models import Token

        out = logging.getLogger("ludopost.supervisor")
        handler = logging.StreamHandler(sys.stdout)
        handler.setFormatter(logging.Formatter("%(asctime)s %(message)s", "%Y-%m-%d %H:%M:%S"))
        out.addHandler(handler)
        out.setLevel(logging.INFO)
        out.propagate = False

        # Links in mails and webhooks name this address (the children read it from the environment).
        if not os.environ.get("SITE_URL"):
            settings.SITE_URL = site_url(host, port)
        env = {**os.environ, "SITE_URL": settings.SITE_URL, "LUDOPOST_EMBEDDED": "1"}
        supervisor = None
        if not no_worker:
            status_every = float(os.environ.get("LUDOPOST_STATUS_SECONDS", "60"))
            supervisor = Supervisor(children(settings.VAR_DIR), env=env, cwd=str(settings.BASE_DIR),
                                    first_delay=float(os.environ.get("LUDOPOST_RESTART_DELAY", "1")),
                                    status_every=status_every, status=health.status)
            health.supervisor_view = supervisor.view
            supervisor.start()

        base = f"http://{'[' + host + ']' if ':' in host else host}:{port}"
        tokens = {t.user.username: t.key for t in Token.objects.select_related("user")
                  .filter(user__username__in=["alice", "bob"])}
        self.stdout.write(self.style.SUCCESS(f"\nLudoPost is starting at {base}/"))
        self.stdout.write(f"  Play:      {base}/ in a browser (log in as alice or bob, password ludopost-demo)")
        self.stdout.write(f"  API:       {base}/api/v1/catalog/")
        self.stdout.write(f"  API docs:  {base}/api/docs/   (OpenAPI: {base}/api/schema/)")
        self.stdout.write("  Log in:    POST /api/v1/auth/token/ {\"username\": \"alice\", \"password\": "
                          "\"ludopost-demo\"} (also bob), then send 'Authorization: Token <token>'")
        for name, key in sorted(tokens.items()):
            self.stdout.write(f"             {name}'s token: {key}")
        self.stdout.write(f"  Mail:      written to {getattr(settings, 'EMAIL_FILE_PATH', 'the console')}"
                          f" (links to {settings.SITE_URL}/)")
        if supervisor is None:
            self.stdout.write("  Worker:    off (--no-worker): no emails, bot moves or clocks\n")
        else:
            self.stdout.write(f"  Worker:    {', '.join(child.name for child in supervisor.children)} supervised "
                              f"(broker {settings.CELERY_BROKER_URL}); health at {base}/api/v1/ping/ and a "
                              f"status line here every {status_every:.0f} s")
            self.stdout.write(f"  Play by mail: the gateway takes replies on 127.0.0.1:{mail_gateway_port()}. "
                              f"Answer a turn email (files in {getattr(settings, 'EMAIL_FILE_PATH', 'the mail folder')}) with:\n"
                              "             python3 -c 'import smtplib,email.message as m; e=m.EmailMessage(); "
                              "e[\"From\"]=\"<your account email>\"; e[\"To\"]=\"<its Reply-To>\"; "
                              "e[\"Subject\"]=\"Re\"; e.set_content(\"3\"); "
                              f"smtplib.SMTP(\"127.0.0.1\", {mail_gateway_port()}).send_message(e)'\n")
        # A process manager stops us with SIGTERM, a closed terminal with SIGHUP; their default
        # ends the process at once and would leave the children (in sessions of their own)
        # running: exit normally so the finally below runs.
        for number in (signal.SIGTERM, signal.SIGHUP):
            signal.signal(number, lambda signum, frame: sys.exit(0))
        try:
            call_command("runserver", f"{host}:{port}", use_reloader=False, use_threading=True)
        finally:
            if supervisor is not None:
                health.supervisor_view = None
                supervisor.stop()
