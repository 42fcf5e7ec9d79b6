"""Every seat's clock in a game: deadline, time left, vacations.
"""
from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from api.responses import me_errors
from games import selectors as game_selectors
from worker import clock, selectors


# -- serializers ----------------------------------------------------------------------------

class SeatClockSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    to_move = serializers.BooleanField()
    bot = serializers.BooleanField()
    deadline = serializers.DateTimeField(allow_null=True, help_text="Absolute UTC moment the move is due.")
    turn_started_at = serializers.DateTimeField(allow_null=True)
    bank_seconds = serializers.FloatField(allow_null=True, help_text="The bank when this turn began.")
    remaining_seconds = serializers.FloatField(allow_null=True,
                                               help_text="Counting seconds left now (weekends, off-hours and "
                                                         "vacations do not count).")
    clock_running = serializers.BooleanField()
    on_vacation = serializers.BooleanField()
    vacation_days_left = serializers.IntegerField()
    vacations = serializers.ListField(child=serializers.DictField())


class ClocksSerializer(serializers.Serializer):
    game = serializers.IntegerField()
    version = serializers.IntegerField()
    status = serializers.CharField()
    now = serializers.DateTimeField()
    time_control = serializers.DictField(allow_null=True, help_text="The clock, complete; null: no clock.")
    description = serializers.CharField()
    seats = SeatClockSerializer(many=True)


# -- views ------------------------------------------------------------------------------------

class ClocksView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: ClocksSerializer, **me_errors(404)},
                   summary="Every seat's clock: deadline (UTC), time left, vacations (dates: your own only)",
                   tags=["games"])
    def get(self, request, game_id):
        game = game_selectors.game_get(game_id)
        user = request.user if request.user and request.user.is_authenticated else None
        return Response(selectors.clocks_for(game, now=clock.now(), viewer_seat=game_selectors.seat_of(game, user)))
