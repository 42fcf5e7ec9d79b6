"""Writes at the table: creating a game with its table settings, table talk, mutes,
ratings and invitations. Each function checks everything before it writes and writes
in one transaction, so a refusal changes nothing."""
from __future__ import annotations

from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction

from games import selectors as game_selectors
from games import services as game_services
from games.errors import Conflict, Forbidden, InvalidInput, NotFound, ServiceError
from games.models import Game, GameStatus, Outbox, Seat
from games.services import utcnow
from table import ratings, selectors, talk
from table.models import (Invitation, InvitationStatus, Message, Mute, RatedGame, Rating, ReadMark,
                          TableSettings)

User = get_user_model()


class RateLimited(ServiceError):
    status, code = 429, "rate_limited"


# -- creating a game ---------------------------------------------------------------------

def game_create(*, user, rated: bool | None = None, spectators_read: bool = False, **options) -> Game:
    """games.services.game_create, with the table's choices stored beside the game.

    ``rated`` defaults to whether at least two seats are left for people (not bots);
    asking for a rated game with fewer is refused (``cannot_be_rated``).
    """
    with transaction.atomic():
        game = game_services.game_create(user=user, **options)
        people = Seat.objects.filter(game=game, bot_level="").count()
        if rated is None:
            rated = people >= 2
        elif rated and people < 2:
            raise InvalidInput("A rated game needs at least two seats for people (not bots).",
                               code="cannot_be_rated")
        TableSettings.objects.create(game=game, rated=rated, spectators_read=spectators_read)
    return game


# -- table talk ---------------------------------------------------------------------------------

def message_post(*, user, game_id, text, now=None) -> Message:
    """Say something at the table of a game ``user`` sits at; tell the players it @mentions."""
    now = now or utcnow()
    game = game_selectors.game_get(game_id)
    if game_selectors.seat_of(game, user) is None:
        raise Forbidden("Only the game's players may talk at its table.", code="not_a_player")
    try:
        text = talk.clean(text)
    except ValueError as refused:
        code, sentence = refused.args
        raise InvalidInput(sentence, code=code, details={"max_length": talk.MAX_LENGTH})
    since = now - timedelta(seconds=talk.RATE_WINDOW)
    if Message.objects.filter(game=game, author=user, created_at__gt=since).count() >= talk.RATE_LIMIT:
        raise RateLimited(f"At most {talk.RATE_LIMIT} messages a minute in one game; wait a little.",
                          details={"retry_after": talk.RATE_WINDOW})
    players = {u.username.lower(): u.pk for u in User.objects.filter(pk__in=[p for p in game.seat_users if p])}
    mentions = [players[name] for name in talk.mentioned_names(text) if players.get(name) not in (None, user.pk)]
    with transaction.atomic():
        message = Message.objects.create(game=game, author=user, text=text, mentions=mentions, created_at=now)
        mark(user.pk, game.pk, read_up_to=message.pk)   # your own words are read
        if mentions:
            Outbox.objects.create(game=game, kind="table.mention", created_at=now, available_at=now,
                                  payload={"message": message.pk, "mentions": mentions})
    return message


def mark(user_id: int, game_id: int, *, read_up_to: int | None = None, digested_up_to: int | None = None) -> None:
    """Move a player's read (or digest) mark of a game's talk forward; never back."""
    with transaction.atomic():
        ReadMark.objects.bulk_create([ReadMark(user_id=user_id, game_id=game_id)], ignore_conflicts=True)
        row = ReadMark.objects.select_for_update().get(user_id=user_id, game_id=game_id)
        if read_up_to is not None and read_up_to > row.last_read_id:
            row.last_read_id = read_up_to
        if digested_up_to is not None and digested_up_to > row.last_digested_id:
            row.last_digested_id = digested_up_to
        row.save()


def messages_mark_read(*, user, game_id, up_to=None) -> int:
    """Mark the game's talk read up to message ``up_to`` (default: all of it); returns the
    unread count after."""
    game = game_selectors.game_get(game_id)
    if game_selectors.seat_of(game, user) is None:
        raise Forbidden("Only the game's players have unread messages.", code="not_a_player")
    latest = Message.objects.filter(game=game).order_by("-id").values_list("id", flat=True).first() or 0
    # Past the latest message is all of it (ids are shared by all games: a later id may
    # be another game's, and must not mark this game's next messages read).
    up_to = latest if up_to is None else min(up_to, latest)
    with transaction.atomic():
        mark(user.pk, game.pk, read_up_to=up_to)
    return selectors.unread_count(game, user)


def mute_set(*, user, username, muted: bool, now=None) -> User:
    """Mute (or unmute) another player: their messages are hidden from ``user``."""
    other = User.objects.filter(username__iexact=(username or "").strip()).first() if isinstance(username, str) \
        else None
    if other is None:
        raise NotFound(f"There is no player called '{username}'.", code="unknown_user")
    if other.pk == user.pk:
        raise InvalidInput("You cannot mute yourself.", code="cannot_mute_self")
    with transaction.atomic():
        if muted:
            Mute.objects.bulk_create([Mute(user=user, muted=other, created_at=now or utcnow())],
                                     ignore_conflicts=True)
        else:
            Mute.objects.filter(user=user, muted=other).delete()
    return other


# -- ratings ----------------------------------------------------------------------------------

def ratings_apply(*, game_id: int, now=None) -> RatedGame | None:
    """Fold one finished game into its players' ratings, once.

    The tracking row (RatedGame) is inserted first, in the same transaction as the
    rating rows: a second run finds it (or loses the insert race) and changes nothing.
    Returns the tracking row it wrote, or None if the game was handled already or is
    not finished.
    """
    now = now or utcnow()
    game = Game.objects.defer("state").filter(pk=game_id).first()
    if game is None or game.status != GameStatus.FINISHED:
        return None
    try:
        with transaction.atomic():
            tracking = RatedGame.objects.create(game=game, rated_at=now)
            _rate(game, tracking, now=now)
            return tracking
    except IntegrityError:
        return None     # rated already, by this run's twin


def _rate(game: Game, tracking: RatedGame, *, now) -> None:
    seats = list(Seat.objects.filter(game=game).order_by("number"))
    humans = {s.number: s.user_id for s in seats if s.user_id and not s.bot_level}
    reason = ratings.why_unrated(rated=selectors.is_rated(game, seats), outcome=game.outcome, humans=humans,
                                 players=game.players)
    if reason:
        tracking.skipped = reason
        tracking.save(update_fields=["skipped"])
        return
    ranks = game.outcome["ranks"]
    # Rows locked in user order, so two games ending at once cannot deadlock.
    user_ids = sorted(set(humans.values()))
    Rating.objects.bulk_create([Rating(user_id=u, slug=game.slug, mu=ratings.DEFAULT_MU, sigma=ratings.DEFAULT_SIGMA,
                                       updated_at=now) for u in user_ids], ignore_conflicts=True)
    rows = {r.user_id: r for r in Rating.objects.select_for_update().filter(slug=game.slug, user_id__in=user_ids)
            .order_by("user_id")}
    order = sorted(humans)
    new = ratings.rate([(rows[humans[n]].mu, rows[humans[n]].sigma, ranks[n]) for n in order])
    changes = []
    for number, (mu, sigma) in zip(order, new):
        row = rows[humans[number]]
        changes.append({"user": row.user_id, "seat": number, "rank": ranks[number], "mu_before": row.mu,
                        "sigma_before": row.sigma, "mu": mu, "sigma": sigma})
        row.mu, row.sigma, row.games, row.updated_at = mu, sigma, row.games + 1, now
        row.save(update_fields=["mu", "sigma", "games", "updated_at"])
    tracking.changes = changes
    tracking.save(update_fields=["changes"])


# -- invitations ------------------------------------------------------------------------------

def invitation_create(*, user, game_id, username, seat=None, now=None) -> Invitation:
    """Invite ``username`` to a seat of an open game the inviter sits at; the seat is held
    for them (nobody else can take it) until they answer. Emails them (through the outbox)."""
    now = now or utcnow()
    with transaction.atomic():
        game = game_services._locked_game(game_id)
        if game_selectors.seat_of(game, user) is None:
            raise Forbidden("Only a player of this game can invite others to it.", code="not_a_player")
        if game.status != GameStatus.OPEN:
            raise Conflict("This game has already started.", code="game_not_open")
        invitee = User.objects.filter(username__iexact=(username or "").strip()).first() \
            if isinstance(username, str) else None
        if invitee is None:
            raise NotFound(f"There is no player called '{username}'.", code="unknown_user")
        if invitee.pk in game.seat_users:
            raise Conflict(f"{invitee.username} already has a seat in this game.", code="already_seated")
        pending = Invitation.objects.filter(game=game, status=InvitationStatus.PENDING)
        if pending.filter(invitee=invitee).exists():
            raise Conflict(f"{invitee.username} is invited to this game already.", code="already_invited")
        held = set(pending.values_list("seat", flat=True))
        free = [s.number for s in Seat.objects.filter(game=game, user__isnull=True, bot_level="").order_by("number")
                if s.number not in held]
        if seat is None:
            if not free:
                raise Conflict("This game has no free seat to invite someone to.", code="game_full")
            seat = free[0]
        elif seat not in free:
            raise Conflict("That seat is not free (taken, a bot's, or held for another invitation).",
                           code="seat_taken")
        invitation = Invitation.objects.create(game=game, seat=seat, inviter=user, invitee=invitee, created_at=now)
        Outbox.objects.create(game=game, kind="table.invitation", created_at=now, available_at=now,
                              payload={"invitation": invitation.pk})
    return invitation


def invitation_answer(*, invitation: Invitation, user, accept: bool, now=None) -> Invitation:
    """Accept (take the held seat, through games.services.game_join) or decline (free it)."""
    now = now or utcnow()
    with transaction.atomic():
        game_services._locked_game(invitation.game_id)
        invitation = Invitation.objects.select_for_update().get(pk=invitation.pk)
        if user is None or invitation.invitee_id != user.pk:
            raise Forbidden("This invitation is for another player.", code="not_your_invitation")
        if invitation.status != InvitationStatus.PENDING:
            raise Conflict(f"This invitation was {invitation.status} already.", code="invitation_answered",
                           details={"status": invitation.status})
        if accept:
            # A started game withdraws its invitations: game_join refuses with game_not_open.
            game_services.game_join(user=user, game_id=invitation.game_id, seat=invitation.seat, now=now)
            invitation.status = InvitationStatus.ACCEPTED
        else:
            invitation.status = InvitationStatus.DECLINED
        invitation.answered_at = now
        invitation.save(update_fields=["status", "answered_at"])
    return invitation


def invitation_withdraw(*, invitation: Invitation, user, now=None) -> Invitation:
    """Take back a pending invitation: any player of the game may, and the held seat is
    free again. The invitee's links then answer that it was withdrawn."""
    now = now or utcnow()
    with transaction.atomic():
        game = game_services._locked_game(invitation.game_id)
        invitation = Invitation.objects.select_for_update().get(pk=invitation.pk)
        if user is None or game_selectors.seat_of(game, user) is None:
            raise Forbidden("Only a player of this game can withdraw its invitations.", code="not_a_player")
        if invitation.status != InvitationStatus.PENDING:
            raise Conflict(f"This invitation was {invitation.status} already.", code="invitation_answered",
                           details={"status": invitation.status})
        invitation.status, invitation.answered_at = InvitationStatus.WITHDRAWN, now
        invitation.save(update_fields=["status", "answered_at"])
        Outbox.objects.create(game=game, kind="table.invitation_withdrawn", created_at=now, available_at=now,
                              payload={"invitation": invitation.pk, "by": user.username})
    return invitation


def settle_on_join(game: Game, user, seat: int, now) -> None:
    """The invitee took a seat through the game's own join (a shared link, the lobby):
    their invitation counts as accepted, so it holds no second seat and the table can fill."""
    Invitation.objects.filter(game=game, invitee=user, status=InvitationStatus.PENDING).update(
        status=InvitationStatus.ACCEPTED, answered_at=now)


def held_seats(game: Game, user) -> set[int]:
    """Seats of ``game`` held by pending invitations for someone other than ``user``
    (games.services.game_join leaves them alone)."""
    rows = Invitation.objects.filter(game=game, status=InvitationStatus.PENDING)
    if user is not None:
        rows = rows.exclude(invitee=user)
    return set(rows.values_list("seat", flat=True))
