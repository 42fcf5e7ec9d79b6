"""Notification preferences and the unsubscribe link of every email.

The preferences live in the worker's tables (worker.models); the views call the
worker's services and selectors, as every API view calls one service or selector.
"""
from __future__ import annotations

import zoneinfo

from django.utils.html import escape
from drf_spectacular.utils import extend_schema
from rest_framework import parsers, permissions, renderers, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from api.parsers import LimitedJSONParser
from api.serializers import StrictFloatField, StrictIntegerField, StrictSerializer
from api.responses import me_errors, parse_object
from games.errors import NotFound
from worker import mail, selectors, services
from worker.models import NotifyMode


# -- serializers ----------------------------------------------------------------------------

HHMM = r"^([01]\d|2[0-3]):[0-5]\d$"
TIME_ZONES = sorted(name for name in zoneinfo.available_timezones() if len(name) <= 64)


class QuietHoursSerializer(StrictSerializer):
    start = serializers.RegexField(HHMM, help_text="Local time \"HH:MM\" when mail stops.")
    end = serializers.RegexField(HHMM, help_text="Local time \"HH:MM\" when held mail goes out.")


class PreferencesSerializer(StrictSerializer):
    error_codes = {"time_zone": "invalid_time_zone"}
    mode = serializers.ChoiceField(NotifyMode.values, required=False,
                                   help_text="every: an email per event; digest: one a day; none: no email.")
    time_zone = serializers.ChoiceField(TIME_ZONES, required=False,
                                      help_text="IANA name (\"Europe/Paris\"): your weekends, playing hours, "
                                                "quiet hours and digest hour are in it.")
    quiet_hours = QuietHoursSerializer(required=False, allow_null=True,
                                       help_text="Mail is held during these local hours (may wrap midnight).")
    reminder_hours = StrictFloatField(required=False, allow_null=True, min_value=0, max_value=720,
                                            help_text="Remind me this many hours before a deadline "
                                                      "(0: never; null: as each game's time control says).")
    digest_hour = StrictIntegerField(required=False, min_value=0, max_value=23,
                                           help_text="Local hour the daily digest goes out.")
    email = serializers.EmailField(read_only=True)
    unsubscribe_url = serializers.URLField(read_only=True)

    def validate_quiet_hours(self, value):
        # A partial update is partial about the preferences, not about a pair of times.
        if value is not None and not {"start", "end"} <= set(value):
            raise serializers.ValidationError("Give both start and end (\"HH:MM\"), or null for none.")
        return value


class UnsubscribeSerializer(serializers.Serializer):
    mode = serializers.CharField()
    message = serializers.CharField()


# -- views ------------------------------------------------------------------------------------

def _preferences_data(user) -> dict:
    prefs = selectors.preferences_of(user)
    quiet = None
    if prefs.quiet_start is not None and prefs.quiet_end is not None:
        quiet = {"start": prefs.quiet_start.strftime("%H:%M"), "end": prefs.quiet_end.strftime("%H:%M")}
    return {"mode": prefs.mode, "time_zone": prefs.time_zone, "quiet_hours": quiet,
            "reminder_hours": prefs.reminder_hours, "digest_hour": prefs.digest_hour, "email": user.email,
            "unsubscribe_url": mail.unsubscribe_url(user.pk)}


class PreferencesView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: PreferencesSerializer, **me_errors(401)}, summary="Your notification choices",
                   tags=["notifications"])
    def get(self, request):
        return Response(_preferences_data(request.user))

    @extend_schema(request=PreferencesSerializer, responses={200: PreferencesSerializer, **me_errors(400, 401)},
                   summary="Change your notification choices (fields left out stay as they are)",
                   tags=["notifications"])
    def patch(self, request):
        changes = dict(parse_object(PreferencesSerializer, request, partial=True))
        if changes.get("quiet_hours"):
            changes["quiet_hours"] = {
                name: services.parse_clock_time(changes["quiet_hours"][name], f"quiet_hours.{name}")
                for name in ("start", "end")}
        services.preferences_update(user=request.user, changes=changes)
        return Response(_preferences_data(request.user))

    @extend_schema(request=PreferencesSerializer, responses={200: PreferencesSerializer, **me_errors(400, 401)},
                   summary="Change your notification choices", tags=["notifications"])
    def put(self, request):
        return self.patch(request)


_PAGE = """<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>LudoPost email</title></head>
<body style="font-family: Georgia, serif; max-width: 32em; margin: 2em auto">
<h1>LudoPost email</h1><p>{message}</p>{form}</body></html>"""


class PageRenderer(renderers.BaseRenderer):
    """A small HTML page for people who follow the link in a browser."""

    media_type = "text/html"
    format = "html"
    charset = "utf-8"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        data = data or {}
        message = data.get("message") or (data.get("error") or {}).get("message") or ""
        form = ""
        if data.get("confirm"):
            form = (f'<form method="post" action="{escape(data["confirm"])}"><button name="List-Unsubscribe" '
                    f'value="One-Click">Unsubscribe</button></form>')
        return _PAGE.format(message=escape(message), form=form).encode()


class UnsubscribeView(APIView):
    """The link in every email's footer and List-Unsubscribe header (RFC 8058 one-click)."""

    permission_classes = [permissions.AllowAny]
    authentication_classes = []
    parser_classes = [LimitedJSONParser, parsers.FormParser]
    renderer_classes = [renderers.JSONRenderer, PageRenderer]

    @extend_schema(responses={200: UnsubscribeSerializer, **me_errors(404)},
                   summary="Check an unsubscribe link (a browser gets a page with a button)", tags=["notifications"])
    def get(self, request, token):
        if mail.unsubscribe_user_id(token) is None:
            raise NotFound("This unsubscribe link is not valid.", code="invalid_token")
        return Response({"mode": "unchanged", "confirm": request.path,
                         "message": "POST to this link (or press the button) to stop all email from LudoPost. "
                                    "You can turn it back on in your preferences."})

    @extend_schema(request=None, responses={200: UnsubscribeSerializer, **me_errors(404)},
                   summary="Unsubscribe from all email (one-click; no login needed)", tags=["notifications"])
    def post(self, request, token):
        row = services.unsubscribe(token=token)
        return Response({"mode": row.mode, "message": "You will get no more email from LudoPost."})
