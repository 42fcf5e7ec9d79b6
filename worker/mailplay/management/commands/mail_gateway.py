"""``python manage.py mail_gateway [--host H] [--port P]``: the SMTP server for replies."""
from __future__ import annotations

import signal
import threading

from django.core.management.base import BaseCommand

from worker.mailplay import gateway, tokens


class Command(BaseCommand):
    help = "Run the SMTP server that takes replies to turn emails (moves by mail)."

    def add_arguments(self, parser):
        parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
        parser.add_argument("--port", type=int, default=2525, help="port to listen on (default 2525)")

    def handle(self, *args, host, port, **options):
        server = gateway.controller(host, port)
        server.start()
        self.stdout.write(f"LudoPost mail gateway on {host}:{port}, taking mail for "
                          f"{tokens.LOCAL_PREFIX}<token>@{tokens.mail_domain()}. Stop with Ctrl-C or SIGTERM.")
        self.stdout.flush()
        stop = threading.Event()
        for number in (signal.SIGINT, signal.SIGTERM):
            signal.signal(number, lambda *_: stop.set())
        try:
            while not stop.wait(1):
                pass
        finally:
            server.stop()
