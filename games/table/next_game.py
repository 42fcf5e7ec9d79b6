"""The game that has waited longest for a player's move (answer the longest-waiting
game first).

A seat waits from the moment its turn began: the seat's clock start in a game on the
clock (``Seat.turn_started_at``), else the time of the game's last event (what made it
the seat's turn; in a game of simultaneous turns a later move of another seat moves
that time on). Ties go to the older game.
"""
from __future__ import annotations

from django.db.models import OuterRef, Subquery

from games.models import Event, Game, GameStatus, Seat


def waiting_games(user) -> list[tuple[Game, int, object]]:
    """(game, seat, waiting since) of every active game waiting for ``user``, longest first."""
    last_event = Event.objects.filter(game_id=OuterRef("game_id")).order_by("-seq").values("created_at")[:1]
    seats = (Seat.objects.filter(user=user, forfeited=False, game__status=GameStatus.ACTIVE)
             .select_related("game").defer("game__state").annotate(last_event_at=Subquery(last_event)))
    waiting = []
    for seat in seats:
        game = seat.game
        if seat.number in (game.to_move or []) and seat.number not in (game.forfeited_seats or []):
            waiting.append((game, seat.number, seat.turn_started_at or seat.last_event_at))
    waiting.sort(key=lambda item: (item[2], item[0].pk))
    return waiting


def next_game(user) -> tuple[Game, int, object] | None:
    waiting = waiting_games(user)
    return waiting[0] if waiting else None
