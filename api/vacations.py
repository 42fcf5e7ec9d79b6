"""Vacations: days when a player's clock stops, booked, listed and cancelled.
"""
from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from api.serializers import StrictIntegerField, StrictSerializer
from api.responses import me_errors, parse_object
from games import timecontrol
from games.models import GameStatus, Seat
from worker import clock, selectors, services


# -- serializers ----------------------------------------------------------------------------

class VacationRequestSerializer(StrictSerializer):
    days = StrictIntegerField(min_value=1, max_value=365, help_text="Whole days (24 hours each).")
    game = StrictIntegerField(required=False, min_value=0,
                              help_text="One game; left out: every active game of yours that allows it.")
    start = serializers.DateTimeField(required=False, help_text="When the vacation begins (default: now).")


class VacationSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.IntegerField(source="game_id")
    seat = serializers.IntegerField()
    starts_at = serializers.DateTimeField()
    ends_at = serializers.DateTimeField()
    days = serializers.IntegerField()
    year = serializers.IntegerField()
    reason = serializers.CharField()


class SkippedSerializer(serializers.Serializer):
    game = serializers.IntegerField()
    code = serializers.CharField()
    message = serializers.CharField()


class VacationBookedSerializer(serializers.Serializer):
    booked = VacationSerializer(many=True)
    skipped = SkippedSerializer(many=True)


class VacationListSerializer(serializers.Serializer):
    vacations = VacationSerializer(many=True)
    games = serializers.ListField(child=serializers.DictField(),
                                  help_text="Per active game with vacation days: {game, seat, days_left, year}.")


# -- views ------------------------------------------------------------------------------------

def _vacation_data(vacation) -> dict:
    return {"id": vacation.pk, "game": vacation.game_id, "seat": vacation.seat, "starts_at": vacation.starts_at,
            "ends_at": vacation.ends_at, "days": vacation.days, "year": vacation.year, "reason": vacation.reason}


class VacationListView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: VacationListSerializer, **me_errors(401)},
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

    @extend_schema(request=VacationRequestSerializer,
                   responses={201: VacationBookedSerializer, **me_errors(400, 401, 403, 404, 409, 422)},
                   summary="Book vacation days: your clock stops (in one game, or all that allow it)",
                   tags=["vacations"])
    def post(self, request):
        v = parse_object(VacationRequestSerializer, request)
        result = services.vacation_book(user=request.user, days=v["days"], game_id=v.get("game"),
                                        start=v.get("start"))
        return Response({"booked": [_vacation_data(x) for x in result["booked"]], "skipped": result["skipped"]},
                        status=status.HTTP_201_CREATED)


class VacationDetailView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: VacationSerializer, 204: None, **me_errors(401, 404, 409)},
                   summary="Cancel a vacation not begun, or end one early (unused whole days come back)",
                   tags=["vacations"])
    def delete(self, request, pk):
        vacation = services.vacation_cancel(user=request.user, vacation_id=pk)
        if vacation is None:
            return Response(status=status.HTTP_204_NO_CONTENT)
        return Response(_vacation_data(vacation))
