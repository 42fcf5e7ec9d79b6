"""Table talk, mutes, ratings and invitations over the REST API: thin views over
table.services and table.selectors (docs/API.md, "At the table")."""
from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, status
from rest_framework.response import Response
from rest_framework.views import APIView

from api.responses import me_errors, parse_object
from api.views import MAX_ID, _int_param, _user
from games import registry
from games import selectors as game_selectors
from games.errors import Forbidden, NotFound
from table import selectors, services
from api import social_serializers as s

TAGS = ["table"]


def _message_json(message) -> dict:
    return {"id": message.pk, "author": message.author.username, "text": message.text,
            "mentions": message.mention_names, "created_at": message.created_at}


def _with_mention_names(messages) -> list:
    from django.contrib.auth import get_user_model

    ids = {uid for m in messages for uid in m.mentions}
    names = dict(get_user_model().objects.filter(pk__in=ids).values_list("pk", "username")) if ids else {}
    for message in messages:
        message.mention_names = [names[uid] for uid in message.mentions if uid in names]
    return messages


class MessagesView(APIView):
    @extend_schema(parameters=[
        OpenApiParameter("after", {"type": "integer", "minimum": 0, "maximum": MAX_ID},
                         description="Messages after this id (default 0: from the first)."),
        OpenApiParameter("limit", {"type": "integer", "minimum": 1, "maximum": 100},
                         description="At most this many (default 100).")],
        responses={200: s.MessagePageSerializer, **me_errors(400, 403, 404)},
        summary="A game's table talk (players; spectators if the game allows)", tags=TAGS)
    def get(self, request, game_id):
        game = game_selectors.game_get(game_id)
        user = _user(request)
        after = _int_param(request, "after", 0, 0, MAX_ID)
        limit = _int_param(request, "limit", 100, 1, 100)
        messages = _with_mention_names(selectors.messages_for(game, user, after=after, limit=limit + 1))
        more = len(messages) > limit
        messages = messages[:limit]
        player = game_selectors.seat_of(game, user) is not None
        return Response({"messages": [_message_json(m) for m in messages],
                         "next_after": messages[-1].pk if more else None,
                         "last_read": selectors.read_up_to(game, user) if player else 0,
                         "unread": selectors.unread_count(game, user) if player else None})

    @extend_schema(request=s.MessagePostSerializer, responses={201: s.MessageSerializer, **me_errors(400, 401, 403, 404)},
                   summary="Say something at the table", tags=TAGS, description=(
                       "1 to 1000 characters; @username tells that player (an email, or an item in their "
                       "digest). At most 8 messages a minute per game: more is 429 rate_limited."))
    def post(self, request, game_id):
        data = parse_object(s.MessagePostSerializer, request)
        message = services.message_post(user=request.user, game_id=game_id, text=data["text"])
        return Response(_message_json(_with_mention_names([message])[0]), status=status.HTTP_201_CREATED)

    def get_permissions(self):
        return [permissions.IsAuthenticated()] if self.request.method == "POST" else [permissions.AllowAny()]


class MessagesReadView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=s.MarkReadSerializer, responses={200: s.UnreadSerializer, **me_errors(400, 401, 403, 404)},
                   summary="Mark the table talk read (up to a message)", tags=TAGS)
    def post(self, request, game_id):
        data = parse_object(s.MarkReadSerializer, request)
        unread = services.messages_mark_read(user=request.user, game_id=game_id, up_to=data.get("up_to"))
        return Response({"unread": unread})


class MutesView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    def _list(self, user):
        from table.models import Mute

        return {"muted": sorted(Mute.objects.filter(user=user).values_list("muted__username", flat=True))}

    @extend_schema(responses={200: s.MuteListSerializer, **me_errors(401)}, summary="Players you muted", tags=TAGS)
    def get(self, request):
        return Response(self._list(request.user))

    @extend_schema(request=s.MuteSerializer, responses={201: s.MuteListSerializer, **me_errors(400, 401, 404)},
                   summary="Mute a player: their table talk is hidden from you in every game", tags=TAGS)
    def post(self, request):
        data = parse_object(s.MuteSerializer, request)
        services.mute_set(user=request.user, username=data["username"], muted=True)
        return Response(self._list(request.user), status=status.HTTP_201_CREATED)


class MuteDetailView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={204: None, **me_errors(400, 401, 404)}, summary="Unmute a player", tags=TAGS)
    def delete(self, request, username):
        services.mute_set(user=request.user, username=username, muted=False)
        return Response(status=status.HTTP_204_NO_CONTENT)


class LeaderboardView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: s.LeaderboardRowSerializer(many=True), **me_errors(404)},
                   summary="A game's leaderboard (OpenSkill, best first by mu - 3 sigma)", tags=TAGS)
    def get(self, request, slug):
        if registry.get(slug) is None:
            raise NotFound(f"There is no game called '{slug}' in the catalogue.", code="unknown_game")
        return Response(selectors.leaderboard(slug))


class MyRatingsView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: s.MyRatingSerializer(many=True), **me_errors(401)},
                   summary="Your ratings, one per game you played rated", tags=TAGS)
    def get(self, request):
        from table.models import Rating

        return Response([{"game": row.slug, **selectors.rating_json(row)}
                         for row in Rating.objects.filter(user=request.user).order_by("slug")])


class GameRatingsView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: s.GameRatingsSerializer, **me_errors(404)},
                   summary="Whether a game is rated, and what its result did to the ratings", tags=TAGS)
    def get(self, request, game_id):
        game = game_selectors.game_get(game_id)
        tracking = selectors.rating_changes(game)
        names = dict(game.seats.filter(user__isnull=False).values_list("user_id", "user__username"))
        changes = [{"username": names.get(c["user"], ""), **{k: c[k] for k in (
            "seat", "rank", "mu_before", "sigma_before", "mu", "sigma")}} for c in (tracking.changes if tracking else [])]
        return Response({"rated": selectors.is_rated(game), "applied": tracking is not None,
                         "skipped": tracking.skipped if tracking else "", "changes": changes})


class GameInvitationsView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(parameters=[OpenApiParameter("all", {"enum": [True, False, 1, 0]},
                                                description="true: answered and withdrawn ones too "
                                                            "(default: pending only).")],
                   responses={200: s.InvitationSerializer(many=True), **me_errors(400, 401, 403, 404)},
                   summary="This game's invitations (to its players)", tags=TAGS)
    def get(self, request, game_id):
        from api.views import _flag

        game = game_selectors.game_get(game_id)
        if game_selectors.seat_of(game, request.user) is None:
            raise Forbidden("Only a player of this game can see its invitations.", code="not_a_player")
        return Response(s.InvitationSerializer(selectors.invitations_of_game(game, pending_only=not _flag(request, "all")),
                                               many=True).data)

    @extend_schema(request=s.InvitationCreateSerializer,
                   responses={201: s.InvitationSerializer, **me_errors(400, 401, 403, 404, 409)},
                   summary="Invite a player to a seat by username (they get an email)", tags=TAGS)
    def post(self, request, game_id):
        data = parse_object(s.InvitationCreateSerializer, request)
        invitation = services.invitation_create(user=request.user, game_id=game_id, username=data["username"],
                                                seat=data.get("seat"))
        return Response(s.InvitationSerializer(invitation).data, status=status.HTTP_201_CREATED)


class MyInvitationsView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(parameters=[OpenApiParameter("all", {"enum": [True, False, 1, 0]},
                                                description="true: answered ones too (default: pending only).")],
                   responses={200: s.InvitationSerializer(many=True), **me_errors(400, 401)},
                   summary="Invitations to you", tags=TAGS)
    def get(self, request):
        from api.views import _flag

        rows = selectors.invitations_for(request.user, pending_only=not _flag(request, "all"))
        return Response(s.InvitationSerializer(rows, many=True).data)


class InvitationAnswerView(APIView):
    permission_classes = [permissions.IsAuthenticated]
    accept = True

    @extend_schema(request=None, responses={200: s.InvitationSerializer, **me_errors(401, 403, 404, 409)},
                   summary="Answer an invitation (accept: you take the seat; decline: the seat is freed)",
                   tags=TAGS)
    def post(self, request, pk):
        invitation = services.invitation_answer(invitation=selectors.invitation_get(pk), user=request.user, accept=self.accept)
        return Response(s.InvitationSerializer(selectors.invitation_get(invitation.pk)).data)


class InvitationWithdrawView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={200: s.InvitationSerializer, **me_errors(401, 403, 404, 409)},
                   summary="Withdraw a pending invitation (any player of the game; the seat is freed)",
                   tags=TAGS)
    def post(self, request, pk):
        invitation = services.invitation_withdraw(invitation=selectors.invitation_get(pk), user=request.user)
        return Response(s.InvitationSerializer(selectors.invitation_get(invitation.pk)).data)
