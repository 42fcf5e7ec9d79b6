"""Play-by-mail test helpers: the gateway on loopback, and reading what the SMTP sink received."""
from __future__ import annotations

import smtplib
from email.message import EmailMessage
from email.utils import make_msgid

from tests.support.waiting import free_port, wait_for


class Gateway:
    """``manage.py mail_gateway``'s server, on a free loopback port."""

    def __init__(self):
        from worker.mailplay import gateway

        self.port = free_port()
        self.controller = gateway.controller("127.0.0.1", self.port)

    def send(self, *, sender: str, to: str, text: str | None = None, html: str | None = None,
             subject: str = "Re: your turn", headers: dict | None = None, message_id: str | None = None,
             charset: str = "utf-8", envelope_from: str | None = None) -> str:
        """Send one reply through smtplib; returns its Message-ID."""
        message = EmailMessage()
        message["From"], message["To"], message["Subject"] = sender, to, subject
        message["Message-ID"] = message_id or make_msgid(domain="player.example")
        for name, value in (headers or {}).items():
            message[name] = value
        if text is not None:
            message.set_content(text, charset=charset)
        if html is not None:
            if text is None:
                message.set_content(html, subtype="html", charset=charset)
            else:
                message.add_alternative(html, subtype="html", charset=charset)
        with smtplib.SMTP("127.0.0.1", self.port, timeout=30) as client:
            client.send_message(message, from_addr=sender if envelope_from is None else envelope_from,
                                to_addrs=[to])
        return message["Message-ID"]

    def send_raw(self, raw: bytes, *, sender: str, to: str) -> None:
        with smtplib.SMTP("127.0.0.1", self.port, timeout=30) as client:
            client.sendmail(sender, [to], raw)


def mail_to(mailbox, address: str, *, kind: str | None = None, after: int = 0) -> list:
    with mailbox.lock:
        found = [m for m in mailbox.messages[after:] if address in m["To"]]
    return [m for m in found if kind is None or m["X-LudoPost-Kind"] == kind]


def text_of(message) -> str:
    return message.get_body(("plain",)).get_content()


def wait_for_mail(mailbox, address: str, *, kind: str | None = None, after: int = 0, timeout: float = 30,
                  where=None):
    def found():
        hits = [m for m in mail_to(mailbox, address, kind=kind, after=after) if where is None or where(m)]
        return hits[-1] if hits else None

    wait_for(lambda: found() is not None, timeout=timeout, message=f"mail to {address} ({kind or 'any'})")
    return found()
