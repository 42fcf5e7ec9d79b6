"""Reads at the table: who may read a game's talk, unread counts, ratings, invitations."""
from __future__ import annotations

from django.db.models import Count, Exists, OuterRef, Subquery, Value
from django.db.models.functions import Coalesce

from games import selectors as game_selectors
from games.errors import Forbidden, NotFound
from games.models import Game, GameStatus, Seat
from table.models import Invitation, InvitationStatus, Message, Mute, RatedGame, Rating, ReadMark, TableSettings

MESSAGE_PAGE = 100


def table_settings(game: Game) -> TableSettings:
    """The game's choices; a game created without them (the web lobby, older games) has the
    defaults: rated when at least two seats are people's, talk for players only."""
    row = TableSettings.objects.filter(game=game).first()
    if row is None:
        row = _default_settings(game, Seat.objects.filter(game=game, bot_level="").count())
    return row


def _default_settings(game: Game, people: int) -> TableSettings:
    """``people``: the seats not a bot's (open ones too), as table_settings counts them."""
    return TableSettings(game=game, rated=people >= 2, spectators_read=False)


def _people_counts(games: list[Game], seats: dict[int, list[Seat]]) -> dict[int, int]:
    """Per game, the seats not a bot's: from ``seats`` where the caller has them, else one
    query for the rest."""
    counts = {g.pk: sum(1 for st in seats[g.pk] if not st.bot_level) for g in games if g.pk in seats}
    rest = [g.pk for g in games if g.pk not in seats]
    if rest:
        found = dict(Seat.objects.filter(game_id__in=rest, bot_level="").values("game_id")
                     .annotate(n=Count("id")).values_list("game_id", "n"))
        counts.update({game_id: found.get(game_id, 0) for game_id in rest})
    return counts


def is_rated(game: Game, seats=None) -> bool:
    row = TableSettings.objects.filter(game=game).first()
    if row is not None:
        return row.rated
    seats = seats if seats is not None else list(Seat.objects.filter(game=game))
    return sum(1 for s in seats if not s.bot_level) >= 2


def muted_ids(user) -> set[int]:
    """Whom ``user`` (a user or a user id) muted."""
    if user is None:
        return set()
    user_id = user if isinstance(user, int) else user.pk
    return set(Mute.objects.filter(user_id=user_id).values_list("muted_id", flat=True))


def can_read(game: Game, user) -> bool:
    return game_selectors.seat_of(game, user) is not None or table_settings(game).spectators_read


def messages_for(game: Game, user, *, after: int = 0, limit: int = MESSAGE_PAGE) -> list[Message]:
    """The game's talk after message ``after``, oldest first, without the authors ``user`` muted."""
    if not can_read(game, user):
        raise Forbidden("This game's table talk is for its players.", code="not_a_player")
    rows = Message.objects.filter(game=game, pk__gt=after).select_related("author").order_by("id")
    muted = muted_ids(user)
    if muted:
        rows = rows.exclude(author_id__in=muted)
    return list(rows[:limit])


def read_up_to(game: Game, user) -> int:
    if user is None:
        return 0
    return ReadMark.objects.filter(game=game, user=user).values_list("last_read_id", flat=True).first() or 0


def unread_count(game: Game, user) -> int:
    return unread_counts([game.pk], user).get(game.pk, 0)


def unread_counts(game_ids, user) -> dict[int, int]:
    """Per game: messages by others (not muted) after what ``user`` (a user or an id) has
    read; the caller passes only games the user sits at. One query for the lot."""
    if isinstance(user, int):
        user_id = user
    elif user is not None and getattr(user, "is_authenticated", False):
        user_id = user.pk
    else:
        return {}
    if not game_ids:
        return {}
    # The read marks and the mutes as subqueries: one round trip (the game detail's, per request).
    read = ReadMark.objects.filter(user_id=user_id, game_id=OuterRef("game_id")).values("last_read_id")[:1]
    rows = (Message.objects.filter(game_id__in=game_ids).exclude(author_id=user_id)
            .exclude(author_id__in=Mute.objects.filter(user_id=user_id).values("muted_id"))
            .filter(pk__gt=Coalesce(Subquery(read), Value(0))))
    counts = dict(rows.values("game_id").annotate(n=Count("id")).values_list("game_id", "n"))
    return {game_id: counts.get(game_id, 0) for game_id in game_ids}


def rating_of(user_id: int, slug: str) -> Rating | None:
    return Rating.objects.filter(user_id=user_id, slug=slug).first()


def rating_json(row: Rating | None) -> dict | None:
    if row is None:
        return None
    return {"rating": round(row.ordinal, 2), "mu": round(row.mu, 4), "sigma": round(row.sigma, 4), "games": row.games}


def seat_ratings(games: list[Game]) -> dict[int, list[dict | None]]:
    """Per game, per seat: the player's current rating in that game (None: a bot, an open
    seat or a player not rated yet). One query for the lot."""
    wanted = {(uid, g.slug) for g in games for uid in g.seat_users if uid}
    rows = {}
    if wanted:
        users = {uid for uid, _ in wanted}
        slugs = {slug for _, slug in wanted}
        rows = {(r.user_id, r.slug): r for r in Rating.objects.filter(user_id__in=users, slug__in=slugs)}
    return {g.pk: [rating_json(rows.get((uid, g.slug))) if uid else None for uid in g.seat_users] for g in games}


def game_fields(games: list[Game], user_id: int | None, *, seats: dict[int, list[Seat]] | None = None
                ) -> dict[int, dict]:
    """What the table adds to each game in the API: rated, spectators_read, unread_messages
    (for a player of it; null otherwise), ratings (per seat). A few queries for the lot;
    ``seats`` (game id: its Seat rows), where the caller has read them, spares reading them
    again for a game without its settings row."""
    settings = {row.game_id: row for row in TableSettings.objects.filter(game_id__in=[g.pk for g in games])}
    people = _people_counts([g for g in games if g.pk not in settings], seats or {})
    unread = unread_counts([g.pk for g in games if user_id is not None and user_id in g.seat_users], user_id)
    ratings = seat_ratings(games)
    fields = {}
    for game in games:
        row = settings.get(game.pk) or _default_settings(game, people[game.pk])
        fields[game.pk] = {"rated": row.rated, "spectators_read": row.spectators_read,
                           "unread_messages": unread.get(game.pk), "ratings": ratings[game.pk]}
    return fields


def annotate(games: list[Game], user) -> None:
    """Set game_fields' values as attributes of each game (for the list's serializer)."""
    user_id = user.pk if user is not None and getattr(user, "is_authenticated", False) else None
    for game_id, values in game_fields(games, user_id).items():
        game = next(g for g in games if g.pk == game_id)
        for name, value in values.items():
            setattr(game, name, value)


def etag_annotations(user_id: int | None) -> dict:
    """What etag_part reads, as annotations for the game's own query (game_get), so that
    the poll that costs a 304 is one query after the login; ``user_id``: who asks."""
    return {
        "etag_latest": Subquery(Message.objects.filter(game_id=OuterRef("pk")).order_by("-id").values("id")[:1]),
        "etag_read": Subquery(ReadMark.objects.filter(game_id=OuterRef("pk"), user_id=user_id or 0)
                              .values("last_read_id")[:1]),
        "etag_rated": Exists(RatedGame.objects.filter(game_id=OuterRef("pk"))),
        "etag_reader": Value(user_id or 0),
    }


def etag_part(game: Game, user_id: int | None) -> str:
    """What the game's ETag must also change with: new talk, a player's reading it (None:
    not a player's), the ratings being applied. Taken from the game when it was got with
    etag_annotations for this reader, else one query."""
    if hasattr(game, "etag_latest") and (user_id is None or game.etag_reader == user_id):
        latest, read, rated = game.etag_latest, game.etag_read if user_id is not None else 0, game.etag_rated
    else:
        latest, read, rated = Game.objects.filter(pk=game.pk).annotate(**etag_annotations(user_id)).values_list(
            "etag_latest", "etag_read", "etag_rated").first() or (0, 0, False)
    return f"-t{latest or 0}.{read or 0}.{int(bool(rated))}"


def leaderboard(slug: str, *, limit: int = 100) -> list[dict]:
    """The game's rated players, best first by the shown rating (mu - 3 sigma)."""
    rows = list(Rating.objects.filter(slug=slug).select_related("user"))
    rows.sort(key=lambda r: (-r.ordinal, r.user.username.lower()))
    return [{"rank": i + 1, "username": r.user.username, **rating_json(r)} for i, r in enumerate(rows[:limit])]


def rating_changes(game: Game) -> RatedGame | None:
    return RatedGame.objects.filter(game=game).first()


def invitations_for(user, *, pending_only: bool = True) -> list[Invitation]:
    """The user's invitations, newest first; pending ones only to games still open."""
    rows = Invitation.objects.filter(invitee=user).select_related("game", "inviter").order_by("-created_at", "-id")
    if pending_only:
        rows = rows.filter(status=InvitationStatus.PENDING, game__status=GameStatus.OPEN)
        # Taken a seat some other way (the game's own join): nothing left to answer.
        return [row for row in rows[:200] if user.pk not in row.game.seat_users]
    return list(rows[:200])


def invitations_of_game(game: Game, *, pending_only: bool = True) -> list[Invitation]:
    """A game's invitations, oldest first, for its players (who may withdraw pending ones)."""
    rows = Invitation.objects.filter(game=game).select_related("game", "inviter", "invitee").order_by("id")
    if pending_only:
        rows = rows.filter(status=InvitationStatus.PENDING)
    return list(rows[:200])


def invitation_get(pk) -> Invitation:
    """One invitation with its game and people; NotFound when there is none."""
    invitation = Invitation.objects.select_related("game", "inviter", "invitee").filter(pk=pk).first()
    if invitation is None:
        raise NotFound("There is no such invitation.", code="invitation_not_found")
    return invitation


def invitation_by_token(token: str) -> Invitation | None:
    if not isinstance(token, str) or not 10 <= len(token) <= 64:
        return None
    return Invitation.objects.select_related("game", "inviter", "invitee").filter(token=token).first()


def muted_names(user) -> list[str]:
    return list(Mute.objects.filter(user=user).values_list("muted__username", flat=True))
