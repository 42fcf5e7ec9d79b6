"""The SMTP gateway: an aiosmtpd server that takes replies to turn emails.

It accepts mail for ``play+<token>@…`` addresses only (any other recipient gets
550 at RCPT time, so the gateway is no open relay), reads each message in a worker
thread (Django's database access is synchronous) and answers 250 once the message is
judged and recorded, whatever the verdict: a refusal is answered by email, not by an
SMTP error that a relay would turn into a bounce. Only when the judging itself fails
(the database is away) does it answer 451, so the sending server tries again later.
"""
from __future__ import annotations

import asyncio
import logging

from django.db import close_old_connections

from worker.mailplay import reading, service, tokens

log = logging.getLogger(__name__)

MAX_MESSAGE_BYTES = 1_000_000


def _judge(raw: bytes, mail_from: str, rcpt_tos: list[str]):
    close_old_connections()
    try:
        message = reading.parse_bytes(raw)
        return service.receive(message, raw=raw, envelope_sender=mail_from, envelope_recipients=rcpt_tos,
                               via="smtp")
    finally:
        close_old_connections()


class ReplyHandler:
    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if tokens.token_of_address(address) is None:
            return "550 5.1.1 No such mailbox here: answer a turn email's reply address"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        raw = envelope.original_content or envelope.content
        if isinstance(raw, str):
            raw = raw.encode("utf-8", "surrogateescape")
        try:
            verdict = await asyncio.get_running_loop().run_in_executor(
                None, _judge, raw, envelope.mail_from or "", list(envelope.rcpt_tos))
        except Exception:
            log.exception("a reply could not be judged; the sender will try again")
            return "451 4.3.0 Temporary failure, please try again later"
        log.info("reply from %s: %s %s", envelope.mail_from, verdict.result, verdict.detail)
        return "250 OK"


def controller(host: str = "127.0.0.1", port: int = 2525):
    """The gateway's aiosmtpd Controller (``start()``/``stop()``), for the command and tests."""
    from aiosmtpd.controller import Controller

    return Controller(ReplyHandler(), hostname=host, port=port, data_size_limit=MAX_MESSAGE_BYTES,
                      server_hostname=tokens.mail_domain(), ident="LudoPost mail gateway")
