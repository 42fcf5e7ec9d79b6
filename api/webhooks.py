"""A player's webhooks: register, change, remove, test, and their deliveries.
"""
from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from api.serializers import URL_PATTERN, StrictBooleanField, StrictIntegerField, StrictSerializer
from api.responses import me_errors, parse_object
from worker import selectors, services
from worker.services import WEBHOOK_EVENT_TYPES
from worker.models import Delivery


# -- serializers ----------------------------------------------------------------------------

class WebhookCreateSerializer(StrictSerializer):
    error_codes = {"url": "invalid_url", "events": "invalid_events"}
    url = serializers.RegexField(URL_PATTERN, max_length=500, help_text="http(s) URL that receives the POSTs.")
    secret = serializers.CharField(required=False, min_length=16, max_length=200,
                                   help_text="HMAC-SHA256 key (16-200 characters); left out, one is made for you.")
    game = StrictIntegerField(required=False, min_value=0, help_text="Only this game (one of your seats in it).")
    seat = StrictIntegerField(required=False, min_value=0, max_value=11, help_text="With game: only this seat.")
    events = serializers.ListField(child=serializers.ChoiceField(WEBHOOK_EVENT_TYPES), required=False, max_length=3,
                                   help_text="turn, game.finished, seat.timed_out (empty or left out: all).")


class WebhookUpdateSerializer(StrictSerializer):
    error_codes = {"url": "invalid_url", "events": "invalid_events"}
    url = serializers.RegexField(URL_PATTERN, max_length=500, required=False)
    secret = serializers.CharField(required=False, min_length=16, max_length=200)
    rotate_secret = StrictBooleanField(required=False, help_text="Make a new secret (returned once).")
    events = serializers.ListField(child=serializers.ChoiceField(WEBHOOK_EVENT_TYPES), required=False, max_length=3,
                                   help_text="turn, game.finished, seat.timed_out (empty: all).")
    active = StrictBooleanField(required=False)


class WebhookSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    url = serializers.URLField()
    game = serializers.IntegerField(source="game_id", allow_null=True)
    seat = serializers.IntegerField(allow_null=True)
    events = serializers.ListField(child=serializers.CharField())
    active = serializers.BooleanField()
    created_at = serializers.DateTimeField()
    secret = serializers.CharField(required=False, help_text="Shown when created or rotated only.")
    secret_hint = serializers.CharField(help_text="The secret's last four characters.")


class DeliverySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    event_id = serializers.CharField(allow_null=True)
    type = serializers.CharField(allow_null=True)
    status = serializers.CharField()
    attempts = serializers.IntegerField()
    last_error = serializers.CharField(allow_blank=True)
    created_at = serializers.DateTimeField()
    next_attempt_at = serializers.DateTimeField()
    sent_at = serializers.DateTimeField(allow_null=True)


# -- views ------------------------------------------------------------------------------------

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

    @extend_schema(responses={200: WebhookSerializer(many=True), **me_errors(401)}, summary="Your webhooks",
                   tags=["webhooks"])
    def get(self, request):
        return Response([_webhook_data(hook) for hook in selectors.webhooks_for(request.user)])

    @extend_schema(request=WebhookCreateSerializer,
                   responses={201: WebhookSerializer, **me_errors(400, 401, 403, 404, 409)},
                   summary="Register a webhook (for all your games, or one seat); the secret is shown once",
                   tags=["webhooks"])
    def post(self, request):
        v = parse_object(WebhookCreateSerializer, request)
        hook = services.webhook_create(user=request.user, url=v["url"], secret=v.get("secret"),
                                       game_id=v.get("game"), seat=v.get("seat"), events=v.get("events"))
        return Response(_webhook_data(hook, with_secret=True), status=status.HTTP_201_CREATED)


class WebhookDetailView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: WebhookSerializer, **me_errors(401, 404)}, summary="One of your webhooks",
                   tags=["webhooks"])
    def get(self, request, pk):
        return Response(_webhook_data(selectors.webhook_get(request.user, pk)))

    @extend_schema(request=WebhookUpdateSerializer, responses={200: WebhookSerializer, **me_errors(400, 401, 404)},
                   summary="Change a webhook (rotate_secret returns the new secret once)", tags=["webhooks"])
    def patch(self, request, pk):
        v = parse_object(WebhookUpdateSerializer, request, partial=True)
        hook = services.webhook_update(user=request.user, webhook_id=pk, changes=v)
        return Response(_webhook_data(hook, with_secret=bool(v.get("rotate_secret") or "secret" in v)))

    @extend_schema(responses={204: None, **me_errors(401, 404)}, summary="Remove a webhook", tags=["webhooks"])
    def delete(self, request, pk):
        services.webhook_delete(user=request.user, webhook_id=pk)
        return Response(status=status.HTTP_204_NO_CONTENT)


class WebhookDeliveriesView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: DeliverySerializer(many=True), **me_errors(401, 404)},
                   summary="A webhook's last 50 deliveries (status, attempts, last error)", tags=["webhooks"])
    def get(self, request, pk):
        hook = selectors.webhook_get(request.user, pk)
        return Response([_delivery_data(d) for d in selectors.webhook_deliveries(hook)])


class WebhookPingView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={202: DeliverySerializer, **me_errors(401, 404, 409)},
                   summary="Send a signed test event (type \"ping\") to a webhook", tags=["webhooks"])
    def post(self, request, pk):
        delivery = services.webhook_ping(user=request.user, webhook_id=pk)
        return Response(_delivery_data(delivery), status=status.HTTP_202_ACCEPTED)
