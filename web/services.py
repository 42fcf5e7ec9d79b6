"""Writes of the web client's own: invitations. Game moves go through games.services."""
from __future__ import annotations

from django.contrib.auth import get_user_model

from games import selectors
from games.errors import Conflict, Forbidden, InvalidInput, NotFound
from games.models import GameStatus
from games.services import utcnow
from web.models import Invitation


def invitation_create(*, user, game_id: int, username: str, seat: int | None = None) -> Invitation:
    """Invite ``username`` to an open game the inviter sits in (to ``seat``, or any free one)."""
    game = selectors.game_get(game_id)
    if selectors.seat_of(game, user) is None:
        raise Forbidden("Only a player of this game can invite others to it.", code="not_a_player")
    if game.status != GameStatus.OPEN:
        raise Conflict("This game has already started.", code="game_not_open")
    invitee = get_user_model().objects.filter(username__iexact=(username or "").strip()).first()
    if invitee is None:
        raise NotFound(f"There is no player called '{username}'.", code="unknown_user")
    if invitee.pk in game.seat_users:
        raise Conflict(f"{invitee.username} already has a seat in this game.", code="already_seated")
    if seat is not None and not (0 <= seat < game.players and game.seat_users[seat] is None):
        raise InvalidInput("That seat is not free.", code="seat_taken")
    invitation, _ = Invitation.objects.update_or_create(
        game=game, invitee=invitee, defaults={"inviter": user, "seat": seat, "created_at": utcnow()})
    return invitation


def invitations_for(user) -> list[Invitation]:
    """Open games the user was invited to and has not joined yet."""
    rows = Invitation.objects.filter(invitee=user, game__status=GameStatus.OPEN).select_related("game", "inviter")
    return [row for row in rows.order_by("-created_at") if user.pk not in row.game.seat_users]
