"""The table's commands over REST: resign, cancel by agreement, takebacks, and the
game that has waited longest for your move. Thin views over games.table."""
from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import permissions, status
from rest_framework.response import Response
from rest_framework.views import APIView

from api import table_serializers as ts
from api.serializers import ErrorSerializer
from games.errors import NotFound
from games.table import cancel, next_game, resign, takebacks
from table import selectors as table_selectors


def _errors(**extra):
    texts = {
        400: "invalid_input (a field missing or of the wrong type), malformed_json.",
        401: "Not authenticated.",
        403: "not_a_player (no seat in this game); own_request (answering your own takeback).",
        404: "game_not_found.",
        409: "cancel_already_proposed, no_cancel_proposal, already_voted, takeback_pending, "
             "no_takeback_request, already_answered.",
        422: "game_not_started, game_finished, seat_left (you resigned or forfeited), takebacks_off, "
             "nothing_to_take_back, takeback_not_allowed (the message says why in words).",
        **extra}
    return {code: OpenApiResponse(ErrorSerializer, description=text) for code, text in texts.items()}


class _TableCommand(APIView):
    permission_classes = [permissions.IsAuthenticated]
    request_serializer = ts.EmptyRequestSerializer

    def parsed(self, request) -> dict:
        data = self.request_serializer(data=request.data if request.data else {})
        data.is_valid(raise_exception=True)
        return data.validated_data

    def answer(self, result) -> Response:
        return Response(ts.TableResultSerializer(result).data, status=status.HTTP_201_CREATED)


class ResignView(_TableCommand):
    @extend_schema(request=ts.EmptyRequestSerializer, responses={201: ts.TableResultSerializer, **_errors()},
                   summary="Resign: leave the game, rank last", tags=["table"], description=(
                       "Appends SeatResigned (and GameEnded when the game ends). A basic bot plays your seat "
                       "on, unless the table option on_resign is end or fewer than two seats or no person "
                       "would play on: then the game ends, the seats still in it sharing first place."))
    def post(self, request, game_id):
        self.parsed(request)
        return self.answer(resign.seat_resign(user=request.user, game_id=game_id))


class CancelProposeView(_TableCommand):
    @extend_schema(request=ts.EmptyRequestSerializer, responses={201: ts.TableResultSerializer, **_errors()},
                   summary="Propose to cancel the game", tags=["table"], description=(
                       "Appends CancelProposed; you agree by proposing. When every person still playing "
                       "agrees, or (table option cancel_after_hours) the deadline passes with no objection, "
                       "the game ends cancelled and unrated (GameEnded)."))
    def post(self, request, game_id):
        self.parsed(request)
        return self.answer(cancel.cancel_propose(user=request.user, game_id=game_id))


class CancelVoteView(_TableCommand):
    request_serializer = ts.CancelVoteSerializer

    @extend_schema(request=ts.CancelVoteSerializer, responses={201: ts.TableResultSerializer, **_errors()},
                   summary="Agree or object to the open cancel proposal", tags=["table"], description=(
                       "Appends CancelVoted. One objection closes the proposal."))
    def post(self, request, game_id):
        vote = self.parsed(request)["vote"]
        return self.answer(cancel.cancel_vote(user=request.user, game_id=game_id, vote=vote))


class TakebackRequestView(_TableCommand):
    @extend_schema(request=ts.EmptyRequestSerializer, responses={201: ts.TableResultSerializer, **_errors()},
                   summary="Ask to take back your last move", tags=["table"], description=(
                       "Possible when nothing hidden was shown and nothing random drawn since your last move "
                       "(docs/games/<slug>.md says when). Appends TakebackRequested, or MovesTakenBack at once "
                       "when granted automatically or when no other person plays."))
    def post(self, request, game_id):
        self.parsed(request)
        return self.answer(takebacks.takeback_request(user=request.user, game_id=game_id))


class TakebackAnswerView(_TableCommand):
    request_serializer = ts.TakebackAnswerSerializer

    @extend_schema(request=ts.TakebackAnswerSerializer, responses={201: ts.TableResultSerializer, **_errors()},
                   summary="Accept or refuse the open takeback request", tags=["table"], description=(
                       "Appends TakebackRefused, or TakebackAccepted (and MovesTakenBack once everyone "
                       "asked has accepted). A move made since the request makes it lapse."))
    def post(self, request, game_id):
        accept = self.parsed(request)["accept"]
        return self.answer(takebacks.takeback_answer(user=request.user, game_id=game_id, accept=accept))


class NextGameView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: ts.NextGameSerializer, 401: OpenApiResponse(ErrorSerializer),
                              404: OpenApiResponse(ErrorSerializer, description=(
                                  "no_game_waiting: no game waits for your move."))},
                   summary="The game that has waited longest for your move", tags=["table"])
    def get(self, request):
        waiting = next_game.waiting_games(request.user)
        if not waiting:
            raise NotFound("No game is waiting for your move.", code="no_game_waiting")
        game, seat, since = waiting[0]
        table_selectors.annotate([game], request.user)   # the summary's table fields, as in the list
        return Response(ts.NextGameSerializer({
            "game": game, "your_seat": seat, "waiting_since": since,
            "waiting": len(waiting), "url": request.build_absolute_uri(f"/api/v1/games/{game.pk}/")}).data)
