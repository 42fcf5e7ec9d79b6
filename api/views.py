"""Thin views: parse with an input serializer, call one service or selector, render."""
from __future__ import annotations

import re

from django.contrib.auth import authenticate
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import permissions, status, viewsets
from rest_framework.authtoken.models import Token
from rest_framework.decorators import action
from rest_framework.response import Response
from rest_framework.views import APIView

from api import examples
from api import serializers as s
from api.authentication import GameTokenAuthentication
from api.errors import error_body, exception_handler
from games import idempotency, registry, selectors, services
from games.audit import export_game, verify_game
from games.errors import Forbidden, InvalidInput, NotFound
from games.models import GameStatus
from table import selectors as table_selectors
from table import services as table_services
from games.names import mentions_player, name_players, named_outcome, names_of, seat_names
from games.table.writes import table_json
from worker.health import service_status

ERRORS = {code: OpenApiResponse(s.ErrorSerializer, description=text) for code, text in {
    400: "Malformed JSON or invalid input (codes: malformed_json, invalid_input, invalid_move, unknown_move_type).",
    401: "Not authenticated.",
    403: "Not allowed (not_a_player).",
    404: "No such game or catalogue entry.",
    409: "version_conflict (details.current_version), request_in_progress, seat_taken, game_not_open.",
    422: "illegal_move / not_your_turn / game_finished, with the rule's reason; idempotency_key_reused.",
}.items()}


def _errors(*codes):
    return {code: ERRORS[code] for code in codes}


class PingView(APIView):
    """Health: the API answers; ``worker`` and ``beat`` say whether side effects are carried out.

    Also the benchmark's empty request (the heartbeats are read at most once a second).
    """

    permission_classes = [permissions.AllowAny]
    authentication_classes = []

    @extend_schema(responses={200: s.PingSerializer}, summary="Health check", tags=["service"],
                   description="Answers without touching the database: the API answers, and whether the "
                               "worker and beat that carry out side effects are alive (their heartbeats).")
    def get(self, request):
        health = service_status()
        return Response({"ok": health["worker"] == health["beat"] == "ok", **health})


class AccountCreateView(APIView):
    permission_classes = [permissions.AllowAny]
    authentication_classes = []

    @extend_schema(request=s.AccountCreateSerializer, responses={201: s.TokenSerializer, **_errors(400, 409)},
                   summary="Create an account", tags=["accounts"])
    def post(self, request):
        data = s.AccountCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        user, token = services.account_create(**data.validated_data)
        return Response({"token": token.key, "username": user.username, "user_id": user.pk},
                         status=status.HTTP_201_CREATED)


class TokenView(APIView):
    """POST logs in (no token needed: a stale one must not stand in the way); DELETE
    revokes the token the request is made with."""

    def _logging_in(self) -> bool:
        return getattr(self.request, "method", None) == "POST"

    def get_authenticators(self):
        return [] if self._logging_in() else super().get_authenticators()

    def get_permissions(self):
        return [permissions.AllowAny()] if self._logging_in() else [permissions.IsAuthenticated()]

    @extend_schema(request=s.TokenRequestSerializer, responses={200: s.TokenSerializer, **_errors(400, 401)},
                   summary="Get your API token", tags=["accounts"])
    def post(self, request):
        data = s.TokenRequestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        user = authenticate(request, **data.validated_data)
        if user is None:
            return Response(error_body("invalid_credentials", "Wrong username or password."), status=401)
        token, _ = Token.objects.get_or_create(user=user)
        return Response({"token": token.key, "username": user.username, "user_id": user.pk})

    @extend_schema(request=None, responses={204: None, **_errors(401)}, summary="Revoke your API token",
                   description="Logs out every client that uses the token; logging in again issues a new one.",
                   tags=["accounts"])
    def delete(self, request):
        services.account_token_revoke(user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class CatalogViewSet(viewsets.ViewSet):
    permission_classes = [permissions.AllowAny]
    lookup_field = "slug"

    @extend_schema(responses={200: s.CatalogEntrySerializer(many=True)}, summary="List the games",
                   tags=["catalog"])
    def list(self, request):
        return Response([s.catalog_entry_data(entry) for entry in registry.all_games()])

    @extend_schema(responses={200: s.CatalogEntrySerializer, **_errors(404)}, summary="One game's rules facts",
                   tags=["catalog"])
    def retrieve(self, request, slug=None):
        entry = registry.get(slug)
        if entry is None:
            raise NotFound(f"There is no game called '{slug}' in the catalogue.", code="unknown_game")
        return Response(s.catalog_entry_data(entry))


# Query flags: true/false (1/0 too); anything else is refused, not read as false.
FLAG = {"enum": [True, False, 1, 0], "description": "true or false (1 or 0 also accepted)."}
_FLAG_VALUES = {"true": True, "1": True, "false": False, "0": False}
MAX_ID = 10**18 - 1
DEFAULT_PAGE, MAX_PAGE = 100, 200
LINK_HEADER = OpenApiParameter("Link", OpenApiTypes.STR, OpenApiParameter.HEADER, response=[200],
                               description='The next page, if any: <URL>; rel="next".')
ETAG_HEADER = OpenApiParameter("ETag", OpenApiTypes.STR, OpenApiParameter.HEADER, response=[200, 304],
                               description="Changes when the game's version does; send it as If-None-Match.")
IF_NONE_MATCH = OpenApiParameter("If-None-Match", OpenApiTypes.STR, OpenApiParameter.HEADER, description=(
    "The ETag of your last answer: 304 with no body if nothing changed since."))


def _flag(request, name) -> bool:
    raw = request.query_params.get(name)
    if raw is None:
        return False
    try:
        return _FLAG_VALUES[raw.lower()]
    except KeyError:
        raise InvalidInput(f"{name} must be true or false.", code="invalid_filter")


def _user(request):
    return request.user if request.user and request.user.is_authenticated else None


def _game_data(game, seat):
    seats = list(game.seats.select_related("user").all())
    names = seat_names(seats)
    deadlines = [st.deadline for st in seats if st.deadline and st.number in game.to_move]
    return {
        "id": game.pk, "slug": game.slug, "rules_version": game.rules_version, "status": game.status,
        "players": game.players, "options": game.options, "time_control": game.time_control,
        "version": game.version, "head_hash": selectors.served_head_hash(game),
        "seed_commitment": game.seed_commitment, "hash_scheme": game.hash_scheme,
        "seats": [{"number": st.number, "username": st.user.username if st.user else None, "name": names[st.number],
                   "bot_level": st.bot_level, "forfeited": st.forfeited, "deadline": st.deadline,
                   "bank_seconds": st.bank_seconds} for st in seats],
        "to_move": game.to_move, "may_move": selectors.may_move(game), "your_seat": seat,
        "deadline": min(deadlines) if deadlines else None,
        "outcome": named_outcome(game.outcome, names), "view": selectors.view_for(game, seat),
        "created_at": game.created_at,
        "started_at": game.started_at, "finished_at": game.finished_at, "table": table_json(game),
        **table_selectors.game_fields([game], game.seat_users[seat] if seat is not None else None,
                                      seats={game.pk: seats})[game.pk],
    }


def _etag(game, seat, suffix=""):
    return f'"g{game.pk}-v{game.version}-s{seat}{suffix}"'


def _not_modified(request, etag):
    return etag in [tag.strip() for tag in request.headers.get("If-None-Match", "").split(",")]


class GameViewSet(viewsets.ViewSet):
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    @extend_schema(
        parameters=[
            OpenApiParameter("mine", FLAG, description="Only games you have a seat in (log in for it)."),
            OpenApiParameter("status", OpenApiTypes.STR, enum=GameStatus.values),
            OpenApiParameter("game", OpenApiTypes.STR, description="A catalogue slug."),
            OpenApiParameter("my_turn", FLAG, description="Only games where you are to move (log in for it)."),
            OpenApiParameter("before", {"type": "integer", "minimum": 1, "maximum": MAX_ID}, description=(
                "Cursor: only games with a smaller id (the next page's link carries it).")),
            OpenApiParameter("limit", {"type": "integer", "minimum": 1, "maximum": MAX_PAGE},
                             description=f"At most this many games (default {DEFAULT_PAGE})."),
            LINK_HEADER,
        ],
        responses={200: OpenApiResponse(s.GameSummarySerializer(many=True), description=(
            "Newest first. If there are more, the Link header names the next page: "
            '<...?before=ID&limit=N>; rel="next".'))},
        summary="List games", tags=["games"],
        description="Games newest first, a page at a time (cursor pagination: follow the Link header).")
    def list(self, request):
        status_filter = request.query_params.get("status")
        if status_filter is not None and status_filter not in GameStatus.values:
            raise InvalidInput(f"status must be one of {', '.join(GameStatus.values)}.", code="invalid_filter")
        games = selectors.game_list(user=_user(request), mine=_flag(request, "mine"),
                                    status=request.query_params.get("status"),
                                    slug=request.query_params.get("game"), my_turn=_flag(request, "my_turn"))
        before = _int_param(request, "before", None, 1, MAX_ID)
        limit = _int_param(request, "limit", DEFAULT_PAGE, 1, MAX_PAGE)
        if before is not None:
            games = games.filter(pk__lt=before)
        page = list(games[:limit + 1])
        headers = {}
        if len(page) > limit:
            page = page[:limit]
            query = request.query_params.copy()
            query["before"], query["limit"] = str(page[-1].pk), str(limit)
            headers["Link"] = f'<{request.build_absolute_uri(request.path)}?{query.urlencode()}>; rel="next"'
        table_selectors.annotate(page, _user(request))
        return Response(s.GameSummarySerializer(page, many=True).data, headers=headers)

    @extend_schema(request=s.GameCreateSerializer, responses={201: s.GameSerializer, **_errors(400, 401, 404)},
                   examples=examples.game_create(), summary="Create a game (you take seat 0 unless creator_plays is false)", tags=["games"])
    def create(self, request):
        data = s.GameCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        game = table_services.game_create(user=request.user, slug=v["game"], players=v["players"],
                                          options=v["options"], bot_seats=v["bot_seats"],
                                          time_control=v["time_control"], player_seed=v["player_seed"],
                                          creator_plays=v["creator_plays"], rated=v["rated"],
                                          spectators_read=v["spectators_read"], table=v.get("table"))
        seat = 0 if v["creator_plays"] else None
        return Response(s.GameSerializer(_game_data(game, seat)).data, status=status.HTTP_201_CREATED)

    @extend_schema(parameters=[IF_NONE_MATCH, ETAG_HEADER],
                   responses={200: OpenApiResponse(s.GameSerializer, description="The game."),
                              304: OpenApiResponse(None, description="Not modified since the ETag you sent."), **_errors(404)},
                   summary="A game as you may see it (ETag / If-None-Match supported)", tags=["games"],
                   description="Status, seats, whose move it is, the outcome and your view (View_<slug>). "
                               "Poll with If-None-Match: 304 until the version changes.")
    def retrieve(self, request, pk=None):
        user = _user(request)
        game = selectors.game_get(pk, annotate=table_selectors.etag_annotations(user.pk if user else None))
        seat = selectors.seat_of(game, user)
        etag = _etag(game, seat, table_selectors.etag_part(game, game.seat_users[seat] if seat is not None else None))
        if _not_modified(request, etag):
            return Response(status=status.HTTP_304_NOT_MODIFIED, headers={"ETag": etag})
        return Response(s.GameSerializer(_game_data(game, seat)).data, headers={"ETag": etag})

    @extend_schema(request=s.GameJoinSerializer, responses={200: s.GameSerializer, **_errors(400, 401, 404, 409)},
                   examples=examples.game_join(), summary="Take a seat", tags=["games"])
    @action(detail=True, methods=["post"])
    def join(self, request, pk=None):
        data = s.GameJoinSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        game = services.game_join(user=request.user, game_id=pk, seat=data.validated_data.get("seat"),
                                  player_seed=data.validated_data["player_seed"])
        return Response(s.GameSerializer(_game_data(game, selectors.seat_of(game, request.user))).data)

    @extend_schema(responses={200: s.LegalMovesSerializer, **_errors(401, 403, 404)},
                   examples=examples.legal_moves(), summary="Your legal moves now", tags=["games"])
    @action(detail=True, methods=["get"], url_path="legal-moves", permission_classes=[permissions.IsAuthenticated])
    def legal_moves(self, request, pk=None):
        game = selectors.game_get(pk)
        seat = selectors.seat_of(game, request.user)
        if seat is None:
            raise Forbidden("You have no seat in this game.", code="not_a_player")
        moves = []
        if selectors.can_move(game, seat):
            moves = selectors.rules_of(game).legal_moves(game.state, seat)
        return Response({"version": game.version, "seat": seat, "moves": moves})

    @extend_schema(
        request=s.MoveRequestSerializer,
        parameters=[OpenApiParameter("Idempotency-Key", {"type": "string", "minLength": 1, "maxLength": 200},
                                     OpenApiParameter.HEADER,
                                     description="Retries with the same key and body return the first answer "
                                                 "(header Idempotent-Replayed: true) and append nothing.")],
        responses={201: s.MoveResultSerializer, **_errors(400, 401, 403, 404, 409, 422)},
        examples=examples.move_submit(),
        # The same token as everywhere; its class only differs in reading the game too.
        auth=[{"tokenAuth": []}], summary="Make a move", tags=["games"])
    @action(detail=True, methods=["post"], permission_classes=[permissions.IsAuthenticated],
            authentication_classes=[GameTokenAuthentication])
    def moves(self, request, pk=None):
        body = request.data
        key = request.headers.get("Idempotency-Key")
        if key is None:
            return self._move(request, pk, body)
        claim = idempotency.claim(user=request.user, key=key, now=services.utcnow(),
                                  fingerprint=idempotency.request_fingerprint(request.path, body))
        if isinstance(claim, tuple):
            answer_status, answer = claim
            return Response(answer, status=answer_status, headers={"Idempotent-Replayed": "true"})
        # The key is finished (the answer stored) or released, whatever happens: a key
        # left unfinished would answer every retry with request_in_progress.
        finished = False
        try:
            response = self._move(request, pk, body, claim=claim)
            finished = True
            return response
        except Exception as error:
            handled = exception_handler(error, {})
            if handled is None or handled.status_code >= 500:
                raise   # the move may be retried with the same key
            finished = idempotency.store_answer_or_release(claim, handled.status_code, handled.data)
            return handled
        finally:
            if not finished:
                idempotency.release(claim)

    def _move(self, request, pk, body, claim=None):
        expected_version, move = _move_body(body)
        result = services.move_submit(user=request.user, game_id=pk, expected_version=expected_version,
                                      move=move, render=_render_move, idempotency_row=claim,
                                      game=getattr(request.auth, "game", None))
        return Response(result, status=status.HTTP_201_CREATED)

    @extend_schema(
        parameters=[OpenApiParameter("after", {"type": "integer", "minimum": 0, "maximum": MAX_ID},
                                     description="Events after this seq (default 0)."),
                    OpenApiParameter("limit", {"type": "integer", "minimum": 1, "maximum": 500},
                                     description="At most this many (default 100)."),
                    OpenApiParameter("since", OpenApiTypes.STR, enum=["my-last-move"],
                                     description="Start after your own last move (needs a seat: else 403)."),
                    IF_NONE_MATCH, ETAG_HEADER],
        responses={200: OpenApiResponse(s.EventPageSerializer, description="A page of the log."),
                   304: OpenApiResponse(None, description="Not modified since the ETag you sent."), **_errors(400, 403, 404)},
        summary="The log, as you may see it", tags=["games"],
        description="Events in order, each redacted for you and described in words; next_after pages on.")
    @action(detail=True, methods=["get"])
    def events(self, request, pk=None):
        game = selectors.game_get(pk)
        seat = selectors.seat_of(game, _user(request))
        after = _int_param(request, "after", 0, 0, MAX_ID)
        limit = _int_param(request, "limit", 100, 1, 500)
        if request.query_params.get("since") == "my-last-move":
            if seat is None:
                raise Forbidden("since=my-last-move needs a seat in this game.", code="not_a_player")
            after = selectors.last_move_version(game, seat)
        elif request.query_params.get("since"):
            raise InvalidInput("since accepts only 'my-last-move'.", code="invalid_filter")
        etag = _etag(game, seat, f"-e{after}-{limit}")
        if _not_modified(request, etag):
            return Response(status=status.HTTP_304_NOT_MODIFIED, headers={"ETag": etag})
        events = selectors.events_for(game, seat, after=after, limit=limit)
        next_after = events[-1]["seq"] if events and events[-1]["seq"] < game.version else None
        page = {"version": game.version, "after": after, "next_after": next_after, "events": events}
        return Response(s.EventPageSerializer(page).data, headers={"ETag": etag})

    @extend_schema(parameters=[OpenApiParameter("version", {"type": "integer", "minimum": 0, "maximum": MAX_ID},
                                                description="0 up to the game's version (default: the current "
                                                            "one); a later version does not exist yet: 404.")],
                   responses={200: s.StateSerializer, **_errors(400, 404)},
                   summary="Your view of the game as it was at a version (replay)", tags=["games"])
    @action(detail=True, methods=["get"])
    def state(self, request, pk=None):
        game = selectors.game_get(pk)
        seat = selectors.seat_of(game, _user(request))
        version = _int_param(request, "version", game.version, 0, MAX_ID)
        if version > game.version:
            raise NotFound(f"This game has no version {version} yet; it is at {game.version}.",
                           code="version_not_found", details={"current_version": game.version})
        return Response({"version": version, "view": selectors.state_at_for(game, seat, version)})

    @extend_schema(responses={200: s.AuditSerializer, **_errors(404)},
                   summary="Fairness and integrity: seed commitment; once over, seed, check and full log",
                   tags=["games"])
    @action(detail=True, methods=["get"])
    def audit(self, request, pk=None):
        game = selectors.game_get(pk)
        finished = game.status == GameStatus.FINISHED
        data = {"game": game.pk, "seed_commitment": game.seed_commitment, "player_seeds": game.player_seeds,
                "server_seed": game.server_seed if finished else None,
                "head_hash": selectors.served_head_hash(game),
                "verification": None, "verified": None, "export": None}
        if finished:
            verdict = verify_game(game)
            data.update(verification=str(verdict), verified=verdict.ok, export=export_game(game))
        return Response(data)


def _move_body(body) -> tuple[int, object]:
    """``{expected_version, move}`` checked by hand: the body is two fields, and a DRF
    serializer (kept for the OpenAPI document) costs a quarter of a millisecond on
    every move. The move itself is checked against the game's schema by the service."""
    if not isinstance(body, dict):
        raise InvalidInput("The body must be a JSON object {expected_version, move}.", code="invalid_input")
    unknown = sorted(set(body) - {"expected_version", "move"})
    if unknown:
        raise InvalidInput(f"Unknown field(s): {', '.join(unknown)}; a move request has expected_version and move.",
                           code="invalid_input", details={name: ["Unknown field."] for name in unknown})
    version = body.get("expected_version")
    if isinstance(version, float) and version.is_integer():
        version = int(version)     # JSON's 12.0 is the integer 12
    if version is None:
        raise InvalidInput("expected_version: This field is required.", code="invalid_input",
                           details={"expected_version": ["This field is required."]})
    if not isinstance(version, int) or isinstance(version, bool) or version < 0:
        raise InvalidInput("expected_version: A non-negative integer is required.", code="invalid_input",
                           details={"expected_version": ["A non-negative integer is required."]})
    if "move" not in body:
        raise InvalidInput("move: This field is required.", code="invalid_input",
                           details={"move": ["This field is required."]})
    return version, body["move"]


def _render_move(result) -> dict:
    game, rules, seat = result["game"], result["rules"], result["seat"]
    reveal = game.status == GameStatus.FINISHED
    return {"version": game.version,
            "events": _named(game, [selectors.event_json(rules, row, seat, reveal=reveal)
                                    for row in result["events"]]),
            "view": rules.view(result["state"], seat), "to_move": game.to_move,
            "may_move": selectors.may_move(game), "status": game.status,
            "outcome": game.outcome}


def _named(game, events: list[dict]) -> list[dict]:
    """Players by name in the descriptions; the seats are read only when a description
    names one (a move's answer is the hot path)."""
    if any(mentions_player(event["description"]) for event in events):
        names = names_of(game)
        for event in events:
            event["description"] = name_players(event["description"], names)
    return events


_INTEGER = re.compile(r"-?[0-9]{1,19}")


def _int_param(request, name, default, low, high):
    raw = request.query_params.get(name)
    if raw is None:
        return default
    if not _INTEGER.fullmatch(raw):   # int() would also take " 5", "+5", "5_0" and other digits
        raise InvalidInput(f"{name} must be an integer.", code="invalid_filter")
    value = int(raw)
    if value < low or (high is not None and value > high):
        raise InvalidInput(f"{name} must be between {low} and {high if high is not None else 'the latest'}.",
                           code="invalid_filter")
    return value
