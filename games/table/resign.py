"""Resigning: a player leaves a game for good.

The seat ranks last, as a forfeited seat does (games.forfeits), and from then on a
basic bot plays it, unless the game ends: with the table option ``on_resign: end``,
or when fewer than two seats, or no person, would play on (two people at the table:
the one who stays wins). A game the table ends has the outcome of
games.table.endings. One batch: SeatResigned, and GameEnded when it ends.
"""
from __future__ import annotations

from django.db import transaction

from games.engine import Event as RulesEvent
from games.models import Seat
from games.platform_events import SEAT_RESIGNED
from games.services import utcnow
from games.table import endings, options, writes


def resign_ends_game(game, seat: int) -> bool:
    left = set(game.forfeited_seats or []) | {seat}
    playing = [s for s in range(game.players) if s not in left]
    people = [s for s in playing if game.seat_users[s] is not None]
    return options.of(game)["on_resign"] == "end" or len(playing) < 2 or not people


def seat_resign(*, user, game_id, now=None) -> dict:
    now = now or utcnow()
    with transaction.atomic():
        game, seat = writes.locked_seat(game_id, user)
        writes.check_still_playing(game, seat)
        ends = resign_ends_game(game, seat)
        Seat.objects.filter(game_id=game.pk, number=seat).update(forfeited=True)
        game.forfeited_seats = sorted(set(game.forfeited_seats or []) | {seat})
        pending = dict(game.table_pending or {})
        cancel = pending.get("cancel")
        if cancel and seat in cancel.get("agreed", []):
            cancel["agreed"] = [s for s in cancel["agreed"] if s != seat]
        game.table_pending = pending
        event = RulesEvent(SEAT_RESIGNED, {"seat": seat, "then": "ends" if ends else "bot"})
        rows = writes.append(game, seat=seat, kind="resign", events=[event], now=now,
                             ending=endings.RESIGNATION if ends else None)
        if not ends:
            from games.table import cancel as cancelling
            rows += cancelling.settle_if_agreed(game, now=now)
        return writes.answer(game, rows, seat)
