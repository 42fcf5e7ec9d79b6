"""Inbound webhooks of hosted mail providers (django-anymail views), one per provider.

A provider's endpoint answers only once its secret is configured (ANYMAIL settings):
anymail itself would accept basic-auth providers' posts with a mere warning.
"""
from __future__ import annotations

from anymail.webhooks.amazon_ses import AmazonSESInboundWebhookView
from anymail.webhooks.mailgun import MailgunInboundWebhookView
from anymail.webhooks.postmark import PostmarkInboundWebhookView
from anymail.webhooks.sendgrid import SendGridInboundWebhookView
from django.conf import settings
from django.http import JsonResponse
from django.urls import path, re_path
from django.views.decorators.csrf import csrf_exempt


def _configured(*names: str) -> bool:
    anymail = getattr(settings, "ANYMAIL", {}) or {}
    return all(anymail.get(name) for name in names)


def _guarded(view_class, *needs: str):
    view = view_class.as_view()

    @csrf_exempt
    def guarded(request, *args, **kwargs):
        if not _configured(*needs):
            return JsonResponse({"code": "provider_not_configured",
                                 "detail": "This mail provider's inbound webhook is not set up on this server."},
                                status=404)
        return view(request, *args, **kwargs)

    return guarded


urlpatterns = [
    re_path(r"^mailgun/inbound(_mime)?/$", _guarded(MailgunInboundWebhookView, "MAILGUN_WEBHOOK_SIGNING_KEY"),
            name="mailplay_mailgun_inbound"),
    path("postmark/inbound/", _guarded(PostmarkInboundWebhookView, "WEBHOOK_SECRET"),
         name="mailplay_postmark_inbound"),
    path("sendgrid/inbound/", _guarded(SendGridInboundWebhookView, "WEBHOOK_SECRET"),
         name="mailplay_sendgrid_inbound"),
    path("amazon_ses/inbound/", _guarded(AmazonSESInboundWebhookView, "WEBHOOK_SECRET"),
         name="mailplay_amazon_ses_inbound"),
]
