"""Writes: creating and joining games, submitting moves, bot moves, timeouts.

Each public function is one transaction. ``move_submit`` is the hot path: one read
of the game row (which carries the current state), the rules, then one statement
that inserts the events, updates the projection and writes the outbox row. On
PostgreSQL a player's move reads without a lock and its statement applies only at
the version it read (``store.single_statement_moves``); bot moves, timeouts, games
on the clock and SQLite lock the row for the whole transaction instead.
"""
from __future__ import annotations

import logging
from datetime import datetime, timezone

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction

from games import deadlines, forfeits, idempotency, registry, timecontrol
from games.engine import IllegalMove
from games.engine.rng import GameRng, new_server_seed, seed_commitment
from games.errors import Conflict, Forbidden, InvalidInput, NotFound, Unprocessable, VersionConflict
from games.models import Event, Game, GameStatus, Outbox, Seat
from games.platform_events import PLATFORM_EVENT_TYPES
from games.rawsql import load_one
from games.schemas import validate_move, validate_options
from games import store

log = logging.getLogger(__name__)
User = get_user_model()


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


# -- accounts -------------------------------------------------------------------------

def account_create(*, username: str, email: str, password: str):
    from django.contrib.auth.password_validation import validate_password
    from django.core.exceptions import ValidationError
    from rest_framework.authtoken.models import Token

    if User.objects.filter(username__iexact=username).exists():
        raise Conflict("That username is taken.", code="username_taken")
    try:
        validate_password(password)
    except ValidationError as error:
        raise InvalidInput(" ".join(error.messages), code="weak_password")
    with transaction.atomic():
        user = User.objects.create_user(username=username, email=email, password=password)
        token = Token.objects.create(user=user)
    return user, token


def account_token_revoke(*, user) -> None:
    """Revoke the user's API token (one per account): every client using it is logged
    out, and the next login issues a new one."""
    from rest_framework.authtoken.models import Token

    Token.objects.filter(user=user).delete()


# -- creating and joining ----------------------------------------------------------------

def game_create(*, user, slug: str, players: int, options: dict | None = None, bot_seats: list | None = None,
                time_control: dict | None = None, player_seed: str = "", creator_plays: bool = True,
                now: datetime | None = None, table: dict | None = None) -> Game:
    """Create a game; the creator takes seat 0 (unless only watching), bots their seats;
    the game starts when every seat is filled (at once, for a table of bots). ``table``:
    the platform's options beside the rules' (games.table.options)."""
    from games.table import options as table_options
    now = now or utcnow()
    entry = registry.get(slug)
    if entry is None:
        raise NotFound(f"There is no game called '{slug}' in the catalogue.", code="unknown_game")
    rules = entry.rules
    if not isinstance(players, int) or not rules.min_players <= players <= rules.max_players:
        raise InvalidInput(f"{rules.title} is played by {rules.min_players} to {rules.max_players} players.",
                           code="invalid_player_count")
    validate_options(rules, options or {})
    try:
        options = rules.check_options(players, options or {})
    except IllegalMove as error:
        raise InvalidInput(error.message, code=error.code, details=error.details)
    try:
        time_control = timecontrol.normalize(time_control)
    except timecontrol.TimeControlError as error:
        raise InvalidInput(str(error), code="invalid_time_control")
    table = table_options.normalize(table)
    bots = _parse_bot_seats(bot_seats or [], players, entry)
    if creator_plays and 0 in bots:
        raise InvalidInput("Seat 0 is the creator's; bots take other seats (or create with creator_plays false).",
                           code="invalid_bot_seats")
    seed = new_server_seed()
    with transaction.atomic():
        game = Game.objects.create(
            slug=slug, rules_version=rules.version, players=players, options=options,
            time_control=time_control, creator=user, created_at=now, server_seed=seed,
            seed_commitment=seed_commitment(seed), seat_users=[None] * players, player_seeds=[""] * players,
            table_options=table)
        bank = timecontrol.initial_bank(time_control)
        seats = []
        for number in range(players):
            seat = Seat(game=game, number=number, bank_seconds=bank, bot_level=bots.get(number, ""))
            if number == 0 and creator_plays:
                seat.user, seat.joined_at, seat.player_seed = user, now, player_seed or ""
                game.seat_users[0], game.player_seeds[0] = user.pk, player_seed or ""
            elif number in bots:
                seat.joined_at = now
            seats.append(seat)
        Seat.objects.bulk_create(seats)
        if all(seat.joined_at for seat in seats):
            _start(game, seats, now)
        else:
            game.save(update_fields=["seat_users", "player_seeds"])
    return game


def _parse_bot_seats(bot_seats, players: int, entry) -> dict[int, str]:
    bots: dict[int, str] = {}
    for item in bot_seats:
        if isinstance(item, int) and not isinstance(item, bool):
            number, level = item, "best" if "best" in entry.bots else "random"
        elif isinstance(item, dict) and isinstance(item.get("seat"), int):
            number, level = item["seat"], item.get("level", "best" if "best" in entry.bots else "random")
        else:
            raise InvalidInput("bot_seats lists seat numbers or {seat, level} objects.", code="invalid_bot_seats")
        if not 0 <= number < players:
            raise InvalidInput(f"There is no seat {number} in a {players}-player game.", code="invalid_bot_seats")
        if not isinstance(level, str) or level not in entry.bots:
            raise InvalidInput(f"Unknown bot level '{level}'; choose from {', '.join(sorted(entry.bots))}.",
                               code="invalid_bot_seats")
        bots[number] = level
    return bots


# Seats held for someone else (table/: a pending invitation), registered by other apps:
# callables (game, user) -> seat numbers that ``user`` may not take.
SEAT_HOLDS: list = []
# Called inside game_join's transaction once ``user`` sits at ``seat`` (table/: their
# pending invitation to this game counts as accepted): callables (game, user, seat, now).
SEAT_TAKEN: list = []


def game_join(*, user, game_id: int, seat: int | None = None, player_seed: str = "",
              now: datetime | None = None) -> Game:
    now = now or utcnow()
    with transaction.atomic():
        game = _locked_game(game_id)
        if game.status != GameStatus.OPEN:
            raise Conflict("This game has already started.", code="game_not_open")
        if user.pk in game.seat_users:
            raise Conflict("You already have a seat in this game.", code="already_seated")
        seats = list(game.seats.all())
        held = set().union(*(hold(game, user) for hold in SEAT_HOLDS))
        free = [s for s in seats if s.user_id is None and not s.bot_level and s.number not in held]
        if seat is not None:
            free = [s for s in free if s.number == seat]
            if not free:
                raise Conflict(f"Seat {seat} is not free.", code="seat_taken")
        if not free:
            raise Conflict("This game has no free seat.", code="game_full")
        chosen = free[0]
        chosen.user, chosen.joined_at, chosen.player_seed = user, now, player_seed or ""
        chosen.save(update_fields=["user", "joined_at", "player_seed"])
        game.seat_users[chosen.number] = user.pk
        game.player_seeds[chosen.number] = player_seed or ""
        for taken in SEAT_TAKEN:
            taken(game, user, chosen.number, now)
        if all(s.joined_at for s in seats):
            _start(game, seats, now)
        else:
            game.save(update_fields=["seat_users", "player_seeds"])
    return game


def _start(game: Game, seats: list[Seat], now: datetime) -> None:
    """Every seat is filled: run the rules' setup and open the game."""
    rules = registry.rules_for(game.slug, game.rules_version)
    rng = game_rng(game, seq=1)
    events = rules.setup(game.players, game.options, rng)
    game.status, game.started_at = GameStatus.ACTIVE, now
    state, pending = store.append(game, rules=rules, state=rules.initial_state(), events=events, actor=None,
                                  command={"kind": "setup"}, now=now)
    _advance(game, rules, state, now)
    store.write_move(game, pending, last_mover=None, outbox_kind="game.advanced", now=now,
                     outbox_payload=_outbox_payload(game, None))
    if game.time_control:
        deadlines.reschedule(game, seats, previous_to_move=set(), mover=None, now=now)
    game.save()


def game_rng(game: Game, seq: int) -> GameRng:
    return GameRng.from_seeds(game.server_seed, str(game.pk), game.player_seeds, seq)


def _locked_game(game_id) -> Game:
    return _game_or_404(store.lock_game(game_id))


def _game_or_404(game: Game | None) -> Game:
    if game is None:
        raise NotFound("There is no such game.", code="game_not_found")
    return game


# -- moves -----------------------------------------------------------------------------------

def move_submit(*, user, game_id: int, expected_version, move, render=None, idempotency_row=None,
                now: datetime | None = None, game: Game | None = None):
    """Check and apply one move by ``user``.

    ``render(result)`` turns the result into the answer inside the transaction; with
    an ``idempotency_row`` that answer is stored in the same transaction as the move.
    ``game`` is the row if the caller has read it already, unlocked and with
    ``store.MOVE_FIELDS`` (the move's authentication reads it with the token), so it
    costs no second round trip; the guarded write still only applies at its version.
    """
    now = now or utcnow()
    if not isinstance(expected_version, int) or isinstance(expected_version, bool) or expected_version < 0:
        raise InvalidInput("expected_version must be a non-negative integer.", code="invalid_input")
    try:
        if store.single_statement_moves():
            if game is None:
                game = _game_or_404(store.load_game(game_id))
            # Deadlines are rescheduled with the ORM, so a game on the clock takes the lock.
            if not game.time_control:
                return _move_in_one_statement(game, user, move, expected_version=expected_version, now=now,
                                              render=render, idempotency_row=idempotency_row)
        with transaction.atomic():
            game = _locked_game(game_id)
            seat = _seat_of(game, user)
            result = apply_locked(game, seat, move, expected_version=expected_version, kind="move", now=now)
            answer = render(result) if render else result
            if idempotency_row is not None:
                idempotency.store_answer(idempotency_row, 201, answer)
            return answer
    except IntegrityError:
        # The unique (game, seq) key caught a race the row lock did not: never a fork.
        raise _conflict(game_id)


def _move_in_one_statement(game: Game, user, move, *, expected_version: int, now, render, idempotency_row):
    """A player's move on PostgreSQL: decided on the unlocked row, written by one
    statement that only applies at the version it was decided on (store.write_move).

    A statement that lost the race to another move is decided again on the newer
    row: a simultaneous choice that other seats' moves left untouched is accepted
    (``_check_version``), anything else gets its 409 there.
    """
    seat = _seat_of(game, user)
    for _ in range(REDECIDE_ATTEMPTS):
        decided_on = game.version
        result, previous = _decide(game, seat, move, expected_version=expected_version, kind="move", now=now)
        answer = render(result) if render else result
        written = store.write_move(game, result["pending"], last_mover=seat, outbox_kind="game.advanced", now=now,
                                   outbox_payload=_outbox_payload(game, seat), guard_version=decided_on,
                                   answer=None if idempotency_row is None else (idempotency_row, 201, answer))
        if written:
            return answer
        game = _game_or_404(store.load_game(game.pk))
        if game.time_control:
            break       # a game on the clock moves under the lock (move_submit); no second guess here
    raise _conflict(game.pk)


def _conflict(game_id) -> VersionConflict:
    current = Game.objects.filter(pk=game_id).values_list("version", flat=True).first()
    return VersionConflict("Another move was recorded first; reload the game.", details={"current_version": current})


def _seat_of(game: Game, user) -> int:
    try:
        return game.seat_users.index(user.pk)
    except ValueError:
        raise Forbidden("You have no seat in this game.", code="not_a_player")


def bot_move(*, game_id: int, seat: int, expected_version: int, now: datetime | None = None) -> dict | None:
    """Play the bot's move for ``seat`` if the game is still at ``expected_version``.

    Returns None when the game has moved on (a redelivered task does nothing).
    """
    now = now or utcnow()
    with transaction.atomic():
        game = _locked_game(game_id)
        if game.version != expected_version or game.status != GameStatus.ACTIVE or seat not in game.to_move:
            return None
        entry = registry.get(game.slug)
        rules = registry.rules_for(game.slug, game.rules_version)
        seat_row = load_one(Seat, "FROM games_seat WHERE game_id = %s AND number = %s", [game.pk, seat],
                            only=("bot_level",))
        level = seat_row.bot_level or "best"
        bot = entry.bot(level)
        rng = game_rng(game, seq=game.version + 1)
        move = bot(rules, game.state, seat, rng)
        return apply_locked(game, seat, move, expected_version=expected_version, kind="bot", now=now,
                            command_extra=registry.bot_command(level, bot))


def apply_locked(game: Game, seat: int, move, *, expected_version: int, kind: str, now: datetime,
           command_extra: dict | None = None, platform_events: list | None = None) -> dict:
    """Decide, append and project one move. Call while holding the game row lock.

    ``kind`` is recorded in the command ("move", "bot", "timeout"); ``platform_events``
    (timeouts, forfeits: games.platform_events) go first in the batch. A "timeout"
    with platform events may have ``move`` None: the batch then holds only them.
    """
    result, previous = _decide(game, seat, move, expected_version=expected_version, kind=kind, now=now,
                               command_extra=command_extra, platform_events=platform_events)
    store.write_move(game, result["pending"], last_mover=seat, outbox_kind="game.advanced", now=now,
                     outbox_payload=_outbox_payload(game, seat))
    if game.time_control:
        deadlines.reschedule(game, list(game.seats.all()), previous_to_move=previous, mover=seat, now=now)
    return result


def _decide(game: Game, seat: int, move, *, expected_version: int, kind: str, now: datetime,
            command_extra: dict | None = None, platform_events: list | None = None) -> tuple[dict, set[int]]:
    """Check the move, let the rules decide, append the events and move the projection
    on, all in memory; the caller writes. Returns the result and the seats that were
    to move before."""
    if game.status == GameStatus.OPEN:
        raise Unprocessable("The game has not started yet: it is waiting for players.", code="game_not_started")
    if game.status == GameStatus.FINISHED:
        raise Unprocessable("The game is over; no more moves can be made.", code="game_finished")
    rules = registry.rules_for(game.slug, game.rules_version)
    _check_version(game, rules, seat, expected_version)
    # A timeout whose policy makes no move (a forfeit) is a batch of platform events only.
    no_move = move is None and kind == "timeout" and bool(platform_events)
    if not no_move:
        validate_move(rules, move)
    state = game.state
    if seat not in game.to_move and seat not in rules.may_move(state):
        raise Unprocessable("It is not your turn.", code="not_your_turn")
    try:
        events = [] if no_move else rules.decide(state, seat, move, game_rng(game, seq=game.version + 1))
    except IllegalMove as error:
        raise Unprocessable(error.message, code=error.code if error.code != "illegal_move" else "illegal_move",
                            details={"rule": error.code, **error.details})
    previous = set(game.to_move)
    command = {"kind": kind, "seat": seat, "move": move, **(command_extra or {})}
    events = list(platform_events or []) + list(events)
    state, pending = store.append(game, rules=rules, state=state, events=events, actor=seat, command=command,
                                  now=now)
    _advance(game, rules, state, now)
    return {"game": game, "rules": rules, "seat": seat, "events": pending.rows, "state": state,
            "pending": pending}, previous


# A move that lost a race is decided again on the newer row at most this often (each
# retry means another seat's move was written in between, so a table of N seats
# moving at once needs at most N - 1).
REDECIDE_ATTEMPTS = 16
# A stale move is weighed against at most this many events since its version.
REBASE_WINDOW = 256


def _check_version(game: Game, rules, seat: int, expected_version: int) -> None:
    """Refuse a move decided on another version than the game's, unless nothing it
    was based on has changed for this seat (see ``unaffected_since``)."""
    if expected_version == game.version:
        return
    if expected_version < game.version and unaffected_since(game, rules, seat, expected_version):
        return
    raise VersionConflict(
        f"The game has moved on: you expected version {expected_version}, it is at {game.version}.",
        details={"current_version": game.version})


def unaffected_since(game: Game, rules, seat: int, version: int) -> bool:
    """Whether a move ``seat`` decided at ``version`` may be applied to the game now.

    True when every event since ``version`` came from another seat's move (a player's
    or a bot's; no timeout, forfeit or setup), the seat may move both then and now
    (``to_move`` or ``may_move``), and its legal moves are the same then and now: the
    other seats' moves changed nothing this seat could choose from, as with sealed
    simultaneous choices. The rules then still decide the move on the current state,
    so a move the intervening events made illegal is refused as illegal.
    """
    if version < 0 or game.version - version > REBASE_WINDOW:
        return False
    if seat not in game.to_move and seat not in rules.may_move(game.state):
        return False
    since = Event.objects.filter(game_id=game.pk, seq__gt=version, seq__lte=game.version).order_by("seq")
    for actor, type_, command in since.values_list("actor", "type", "command"):
        if actor is None or actor == seat or type_ in PLATFORM_EVENT_TYPES:
            return False
        if command is not None and command.get("kind") not in ("move", "bot"):
            return False
    then = store.state_at(game, rules, version)
    if seat not in rules.to_move(then) and seat not in rules.may_move(then):
        return False
    return rules.legal_moves(then, seat) == rules.legal_moves(game.state, seat)


def _advance(game: Game, rules, state, now) -> None:
    """Bring the game row's projection (in memory) up to ``state``."""
    game.state = state
    outcome = rules.outcome(state)
    if outcome is not None:
        game.status, game.finished_at = GameStatus.FINISHED, now
        game.outcome = forfeits.rank_forfeited_last(outcome.to_json(), game.forfeited_seats)
        game.to_move = []
    else:
        game.to_move = sorted(rules.to_move(state))


def _outbox_payload(game: Game, mover: int | None) -> dict:
    """The side effects' trigger: who is to move now and who may move unasked (emails,
    bots, webhooks)."""
    may_move = (sorted(registry.rules_for(game.slug, game.rules_version).may_move(game.state))
                if game.status == GameStatus.ACTIVE else [])
    return {"version": game.version, "to_move": game.to_move, "may_move": may_move,
            "finished": game.status == GameStatus.FINISHED, "mover": mover, "head_hash": game.head_hash}


# -- timeouts (the worker's deadline sweep calls this) ----------------------------------------

def timeout_apply(*, game_id: int, seat: int, now: datetime | None = None) -> dict | None:
    """Apply the game's timeout policy to ``seat``: one batch, led by a SeatTimedOut event.

    * ``bot``: a bot plays the seat's move (recorded like any move, kind "timeout");
    * ``skip``: the seat passes (``{"type": "pass"}``) where the rules allow it,
      otherwise a bot plays (the event says which policy was applied);
    * ``forfeit``: the seat drops out (SeatForfeited, no move in this batch); from
      then on a bot plays it and it ranks last when the game ends.

    Writes an outbox row "seat.timed_out" for the notifications in the same
    transaction. Returns None, changing nothing, when the seat is no longer to move
    or the game is over. Runs in its own transaction or inside the caller's (which
    may already hold the game row lock).
    """
    from games.engine import Event as RulesEvent
    from games.platform_events import SEAT_FORFEITED, SEAT_TIMED_OUT

    now = now or utcnow()
    with transaction.atomic():
        game = _locked_game(game_id)
        if game.status != GameStatus.ACTIVE or seat not in game.to_move:
            return None
        entry = registry.get(game.slug)
        rules = registry.rules_for(game.slug, game.rules_version)
        seat_row = game.seats.get(number=seat)
        requested = timecontrol.policy(game.time_control)
        applied, move = requested, None
        if requested == "skip":
            if {"type": "pass"} in rules.legal_moves(game.state, seat):
                move = {"type": "pass"}
            else:
                applied = "bot"
        extra = {"policy": applied}
        if applied == "bot":
            level = seat_row.bot_level or ("best" if "best" in entry.bots else "random")
            bot = entry.bot(level)
            move = bot(rules, game.state, seat, game_rng(game, seq=game.version + 1))
            extra.update(registry.bot_command(level, bot))
        if requested != applied:
            extra["requested"] = requested
        platform_events = [RulesEvent(SEAT_TIMED_OUT, {"seat": seat, "policy": applied})]
        if applied == "forfeit":
            platform_events.append(RulesEvent(SEAT_FORFEITED, {"seat": seat}))
            seat_row.forfeited = True
            seat_row.save(update_fields=["forfeited"])
            game.forfeited_seats = sorted(set(game.forfeited_seats or []) | {seat})
            game.save(update_fields=["forfeited_seats"])
        result = apply_locked(game, seat, move, expected_version=game.version, kind="timeout", now=now,
                              command_extra=extra, platform_events=platform_events)
        Outbox.objects.create(game_id=game.pk, kind="seat.timed_out", created_at=now, available_at=now,
                              payload={"version": game.version, "seat": seat, "policy": applied,
                                       "requested": requested, "finished": game.status == GameStatus.FINISHED,
                                       "head_hash": game.head_hash})
        return result
