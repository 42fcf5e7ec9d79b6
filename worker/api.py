"""Thin views for notifications, webhooks, vacations, clocks and unsubscribing.

Each view parses with an input serializer, calls one service or selector, renders.
Errors are games.errors.ServiceError subclasses; the API's exception handler turns
them into {"error": {"code", "message", "details"}}.
"""
from __future__ import annotations

from django.utils.html import escape
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import parsers, permissions, renderers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from api.serializers import ErrorSerializer
from games import selectors as game_selectors
from games import timecontrol
from games.errors import InvalidInput, NotFound
from games.models import GameStatus, Seat
from worker import clock, mail, selectors, services
from worker import serializers as s
from worker.models import Delivery

_TEXT = {400: "Invalid input (invalid_input and the field's own code).", 401: "Not authenticated.",
         403: "Not your game or seat (not_a_player, not_your_seat).", 404: "No such thing.",
         409: "Conflicts with what exists (vacation_overlaps, too_many_webhooks...).",
         422: "Refused by the game's state (no_vacation_days, not_enough_vacation_days...)."}


def _errors(*codes):
    return {code: OpenApiResponse(ErrorSerializer, description=_TEXT[code]) for code in codes}


def _parse(serializer_class, request, *, partial=False):
    if not isinstance(request.data, dict):
        raise InvalidInput("The body must be a JSON object.", code="invalid_input")
    data = serializer_class(data=request.data, partial=partial)
    data.is_valid(raise_exception=True)
    return data.validated_data


# -- preferences ----------------------------------------------------------------------------

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

    @extend_schema(responses={200: s.PreferencesSerializer, **_errors(401)}, summary="Your notification choices",
                   tags=["notifications"])
    def get(self, request):
        return Response(_preferences_data(request.user))

    @extend_schema(request=s.PreferencesSerializer, responses={200: s.PreferencesSerializer, **_errors(400, 401)},
                   summary="Change your notification choices (fields left out stay as they are)",
                   tags=["notifications"])
    def patch(self, request):
        changes = dict(_parse(s.PreferencesSerializer, request, partial=True))
        if changes.get("quiet_hours"):
            changes["quiet_hours"] = {
                name: services.parse_clock_time(changes["quiet_hours"][name], f"quiet_hours.{name}")
                for name in ("start", "end")}
        services.preferences_update(user=request.user, changes=changes)
        return Response(_preferences_data(request.user))

    @extend_schema(request=s.PreferencesSerializer, responses={200: s.PreferencesSerializer, **_errors(400, 401)},
                   summary="Change your notification choices", tags=["notifications"])
    def put(self, request):
        return self.patch(request)


# -- webhooks ----------------------------------------------------------------------------------

def _webhook_data(hook, *, with_secret=False) -> dict:
    data = {"id": hook.pk, "url": hook.url, "game": hook.game_id, "seat": hook.seat, "events": hook.events,
            "active": hook.active, "created_at": hook.created_at, "secret_hint": hook.secret[-4:]}
    if with_secret:
        data["secret"] = hook.secret
    return data


def _delivery_data(delivery: Delivery) -> dict:
    body = delivery.payload.get("body") or {}
    return {"id": delivery.pk, "event_id": body.get("id"), "type": body.get("type"), "status": delivery.status,
            "attempts": delivery.attempts, "last_error": delivery.last_error, "created_at": delivery.created_at,
            "next_attempt_at": delivery.next_attempt_at, "sent_at": delivery.sent_at}


class WebhookListView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: s.WebhookSerializer(many=True), **_errors(401)}, summary="Your webhooks",
                   tags=["webhooks"])
    def get(self, request):
        return Response([_webhook_data(hook) for hook in selectors.webhooks_for(request.user)])

    @extend_schema(request=s.WebhookCreateSerializer,
                   responses={201: s.WebhookSerializer, **_errors(400, 401, 403, 404, 409)},
                   summary="Register a webhook (for all your games, or one seat); the secret is shown once",
                   tags=["webhooks"])
    def post(self, request):
        v = _parse(s.WebhookCreateSerializer, request)
        hook = services.webhook_create(user=request.user, url=v["url"], secret=v.get("secret"),
                                       game_id=v.get("game"), seat=v.get("seat"), events=v.get("events"))
        return Response(_webhook_data(hook, with_secret=True), status=status.HTTP_201_CREATED)


class WebhookDetailView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: s.WebhookSerializer, **_errors(401, 404)}, summary="One of your webhooks",
                   tags=["webhooks"])
    def get(self, request, pk):
        return Response(_webhook_data(selectors.webhook_get(request.user, pk)))

    @extend_schema(request=s.WebhookUpdateSerializer, responses={200: s.WebhookSerializer, **_errors(400, 401, 404)},
                   summary="Change a webhook (rotate_secret returns the new secret once)", tags=["webhooks"])
    def patch(self, request, pk):
        v = _parse(s.WebhookUpdateSerializer, request, partial=True)
        hook = services.webhook_update(user=request.user, webhook_id=pk, changes=v)
        return Response(_webhook_data(hook, with_secret=bool(v.get("rotate_secret") or "secret" in v)))

    @extend_schema(responses={204: None, **_errors(401, 404)}, summary="Remove a webhook", tags=["webhooks"])
    def delete(self, request, pk):
        services.webhook_delete(user=request.user, webhook_id=pk)
        return Response(status=status.HTTP_204_NO_CONTENT)


class WebhookDeliveriesView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: s.DeliverySerializer(many=True), **_errors(401, 404)},
                   summary="A webhook's last 50 deliveries (status, attempts, last error)", tags=["webhooks"])
    def get(self, request, pk):
        hook = selectors.webhook_get(request.user, pk)
        return Response([_delivery_data(d) for d in selectors.webhook_deliveries(hook)])


class WebhookPingView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={202: s.DeliverySerializer, **_errors(401, 404, 409)},
                   summary="Send a signed test event (type \"ping\") to a webhook", tags=["webhooks"])
    def post(self, request, pk):
        delivery = services.webhook_ping(user=request.user, webhook_id=pk)
        return Response(_delivery_data(delivery), status=status.HTTP_202_ACCEPTED)


# -- vacations ---------------------------------------------------------------------------------

def _vacation_data(vacation) -> dict:
    return {"id": vacation.pk, "game": vacation.game_id, "seat": vacation.seat, "starts_at": vacation.starts_at,
            "ends_at": vacation.ends_at, "days": vacation.days, "year": vacation.year, "reason": vacation.reason}


class VacationListView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: s.VacationListSerializer, **_errors(401)},
                   summary="Your vacations, and the days left in each active game", tags=["vacations"])
    def get(self, request):
        now = clock.now()
        games = []
        for seat in (Seat.objects.filter(user=request.user, game__status=GameStatus.ACTIVE)
                     .select_related("game").order_by("game_id")):
            if timecontrol.vacation_allowance(seat.game.time_control):
                games.append({"game": seat.game_id, "seat": seat.number, "year": timecontrol.vacation_year(now),
                              "days_left": selectors.vacation_days_left(seat.game, seat.number, now=now)})
        return Response({"vacations": [_vacation_data(v) for v in selectors.vacations_of(request.user)],
                         "games": games})

    @extend_schema(request=s.VacationRequestSerializer,
                   responses={201: s.VacationBookedSerializer, **_errors(400, 401, 403, 404, 409, 422)},
                   summary="Book vacation days: your clock stops (in one game, or all that allow it)",
                   tags=["vacations"])
    def post(self, request):
        v = _parse(s.VacationRequestSerializer, request)
        result = services.vacation_book(user=request.user, days=v["days"], game_id=v.get("game"),
                                        start=v.get("start"))
        return Response({"booked": [_vacation_data(x) for x in result["booked"]], "skipped": result["skipped"]},
                        status=status.HTTP_201_CREATED)


class VacationDetailView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: s.VacationSerializer, 204: None, **_errors(401, 404, 409)},
                   summary="Cancel a vacation not begun, or end one early (unused whole days come back)",
                   tags=["vacations"])
    def delete(self, request, pk):
        vacation = services.vacation_cancel(user=request.user, vacation_id=pk)
        if vacation is None:
            return Response(status=status.HTTP_204_NO_CONTENT)
        return Response(_vacation_data(vacation))


# -- clocks ----------------------------------------------------------------------------------------

class ClocksView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: s.ClocksSerializer, **_errors(404)},
                   summary="Every seat's clock: deadline (UTC), time left, vacations (dates: your own only)",
                   tags=["games"])
    def get(self, request, game_id):
        game = game_selectors.game_get(game_id)
        user = request.user if request.user and request.user.is_authenticated else None
        return Response(selectors.clocks_for(game, now=clock.now(), viewer_seat=game_selectors.seat_of(game, user)))


# -- unsubscribe ---------------------------------------------------------------------------------

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
    parser_classes = [parsers.JSONParser, parsers.FormParser]
    renderer_classes = [renderers.JSONRenderer, PageRenderer]

    @extend_schema(responses={200: s.UnsubscribeSerializer, **_errors(404)},
                   summary="Check an unsubscribe link (a browser gets a page with a button)", tags=["notifications"])
    def get(self, request, token):
        if mail.unsubscribe_user_id(token) is None:
            raise NotFound("This unsubscribe link is not valid.", code="invalid_token")
        return Response({"mode": "unchanged", "confirm": request.path,
                         "message": "POST to this link (or press the button) to stop all email from LudoPost. "
                                    "You can turn it back on in your preferences."})

    @extend_schema(request=None, responses={200: s.UnsubscribeSerializer, **_errors(404)},
                   summary="Unsubscribe from all email (one-click; no login needed)", tags=["notifications"])
    def post(self, request, token):
        row = services.unsubscribe(token=token)
        return Response({"mode": row.mode, "message": "You will get no more email from LudoPost."})
