"""Appending a table command's events: the same chain, projection and outbox as a move.

Call inside a transaction holding the game row lock (``locked_seat``). The command
is recorded on the batch's first event (``{"kind": ..., "seat": ...}``) so the
verifier knows what to re-derive.
"""
from __future__ import annotations

from games import deadlines, registry, services, store
from games.engine import Event as RulesEvent
from games.errors import Forbidden, NotFound, Unprocessable
from games.models import Deadline, Game, GameStatus
from games.platform_events import GAME_ENDED
from games.table import endings


def locked_seat(game_id, user) -> tuple[Game, int]:
    """The game (locked) and ``user``'s seat in it, refusing a game not being played."""
    game = store.lock_game(game_id)
    if game is None:
        raise NotFound("There is no such game.", code="game_not_found")
    try:
        seat = game.seat_users.index(user.pk)
    except ValueError:
        raise Forbidden("You have no seat in this game.", code="not_a_player")
    if game.status == GameStatus.OPEN:
        raise Unprocessable("The game has not started yet: it is waiting for players.", code="game_not_started")
    if game.status == GameStatus.FINISHED:
        raise Unprocessable("The game is over.", code="game_finished")
    return game, seat


def playing_humans(game: Game) -> list[int]:
    """Seats people still play: not bots, not resigned or forfeited."""
    left = set(game.forfeited_seats or [])
    return [seat for seat, user in enumerate(game.seat_users) if user is not None and seat not in left]


def check_still_playing(game: Game, seat: int) -> None:
    if seat in (game.forfeited_seats or []):
        raise Unprocessable("You have left this game: a bot plays your seat.", code="seat_left")


def append(game: Game, *, seat: int | None, kind: str, events: list[RulesEvent], now, extra: dict | None = None,
           ending: str | None = None) -> list:
    """Append ``events`` as one batch, move the projection on and write the outbox row.
    ``ending`` (endings.RESIGNATION, CANCELLED, CANCEL_DEADLINE) ends the game with a
    GameEnded event and the table's outcome. Returns the appended rows."""
    rules = registry.rules_for(game.slug, game.rules_version)
    previous = set(game.to_move)
    if ending is not None:
        events = list(events) + [RulesEvent(GAME_ENDED, {"reason": ending})]
    command = {"kind": kind, "seat": seat, **(extra or {})}
    state, pending = store.append(game, rules=rules, state=game.state, events=events, actor=seat,
                                  command=command, now=now)
    if ending is not None:
        game.state, game.to_move = state, []
        game.status, game.finished_at = GameStatus.FINISHED, now
        game.outcome = endings.outcome_for(ending, game.players, sorted(game.forfeited_seats or []))
        game.table_pending = {}
    else:
        services._advance(game, rules, state, now)
    store.write_move(game, pending, last_mover=None, outbox_kind="game.advanced", now=now,
                     outbox_payload={**services._outbox_payload(game, seat), "table": kind})
    game.save(update_fields=["table_pending", "forfeited_seats"])
    if game.status == GameStatus.FINISHED:
        Deadline.objects.filter(game_id=game.pk, done=False).update(done=True)
    if game.time_control:
        deadlines.reschedule(game, list(game.seats.all()), previous_to_move=previous, mover=None, now=now)
    return pending.rows


def answer(game: Game, rows: list, seat: int | None) -> dict:
    """The answer to a table command: the events it appended (as ``seat`` sees them,
    players by name) and where the game stands."""
    from games import selectors
    from games.names import named_outcome, names_of

    rules = registry.rules_for(game.slug, game.rules_version)
    reveal = game.status == GameStatus.FINISHED
    names = names_of(game)
    return {"version": game.version, "status": game.status, "to_move": game.to_move,
            "outcome": named_outcome(game.outcome, names),
            "table": table_json(game),
            "events": [selectors.event_json(rules, row, seat, reveal=reveal, names=names) for row in rows]}


def table_json(game: Game) -> dict:
    """The table options and what is pending now (a lapsed takeback request is not)."""
    from games.table import options

    pending = dict(game.table_pending or {})
    takeback = pending.get("takeback")
    if takeback and takeback.get("version") != game.version:
        pending.pop("takeback")
    return {"options": options.of(game), "cancel": pending.get("cancel"), "takeback": pending.get("takeback")}
