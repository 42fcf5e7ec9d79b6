"""Hosted providers' inbound webhooks (django-anymail): the same judging as the gateway.

Anymail's views (``/mail/inbound/<provider>/inbound/``, worker/mailplay/urls.py) check each provider's
signature — Mailgun's HMAC with MAILGUN_WEBHOOK_SIGNING_KEY, HTTP basic auth with
the shared WEBHOOK_SECRET for Postmark, SendGrid and Amazon SES (SNS), which sign
no other way — and answer a bad one with 400 before this receiver runs.
"""
from __future__ import annotations

from anymail.signals import inbound
from django.dispatch import receiver

from worker.mailplay import reading, service


@receiver(inbound, dispatch_uid="ludopost.mailplay.inbound")
def on_inbound(sender, event, esp_name, **kwargs):
    message = event.message
    raw = message.as_bytes()
    parsed = reading.parse_bytes(raw)
    if not parsed.get("Message-ID") and getattr(event, "event_id", None):
        # Some providers post the message without its Message-ID but with their own id for
        # it, the same on a repeated post: it deduplicates as well.
        parsed["Message-ID"] = f"<{event.event_id}@{esp_name.lower().replace(' ', '-')}.inbound>"
    recipients = [message.envelope_recipient] if getattr(message, "envelope_recipient", None) else []
    service.receive(parsed, raw=raw, envelope_sender=getattr(message, "envelope_sender", None) or None,
                    envelope_recipients=recipients, via=esp_name.lower().replace(" ", "_")[:30])
