"""Appending to and loading from a game's event log.

A command's write is ``lock_game`` → ``append`` (hash and fold, in memory) →
``write_move`` (events, projection, outbox), all in the move's transaction while
holding the game row's lock: the next seq is computed from the locked row's version,
and the unique (game, seq) key turns any race that slipped past the lock into an
IntegrityError rather than a fork.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connection, connections

from games.engine import Event as RulesEvent
from games.hashing import HIDING_SCHEME, event_hash, hiding_hash, timestamp
from games.models import Event, Game, Snapshot
from games.platform_events import fold
from games.rawsql import load_one


def single_statement_moves() -> bool:
    """Whether a move may skip the row lock and write in one guarded statement.

    On PostgreSQL a player's move reads the game row without a lock or a transaction
    and writes everything in one statement whose update only matches the version it
    read: one statement is one transaction, and a move that lost a race changes
    nothing. That saves the BEGIN and COMMIT round trips and the lock. SQLite, in
    process, keeps the locked transaction.
    """
    return connection.vendor == "postgresql"


def game_id_or_none(value) -> int | None:
    """A game id from a URL or a caller, or None if it cannot name a game row."""
    try:
        game_id = int(value)
    except (ValueError, TypeError, OverflowError):
        return None
    return game_id if 0 < game_id < 2**63 else None


def load_game(game_id) -> Game | None:
    """The game row as it is now, without a lock (see ``single_statement_moves``)."""
    return _load_game(game_id, "")


def lock_game(game_id) -> Game | None:
    """The game row, locked for this transaction (PostgreSQL: FOR NO KEY UPDATE; SQLite's
    IMMEDIATE transactions already hold the write lock). Raw SQL: this is the hot path."""
    return _load_game(game_id, " FOR NO KEY UPDATE" if connection.vendor == "postgresql" else "")


def _load_game(game_id, lock: str) -> Game | None:
    game_id = game_id_or_none(game_id)
    if game_id is None:
        return None
    return load_one(Game, f"FROM games_game WHERE games_game.id = %s{lock}", [game_id], only=MOVE_FIELDS)


# The fields a command reads or writes; the rest (options, dates, creator) load on demand.
MOVE_FIELDS = ("id", "slug", "rules_version", "players", "time_control", "status", "server_seed", "version",
               "head_hash", "state", "to_move", "outcome", "finished_at", "seat_users", "player_seeds",
               "forfeited_seats", "hash_scheme")


_EVENT_COLUMNS = ("game_id, seq, type, payload, actor, batch, command, rules_version, created_at, prev_hash,"
                  " hash, sealed")
_EVENT_VALUES = "(%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"
_UPDATE_GAME = ("UPDATE games_game SET version = %s, head_hash = %s, state = %s, to_move = %s, outcome = %s,"
                " status = %s, finished_at = %s WHERE id = %s")
_UPDATE_SEAT = "UPDATE games_seat SET last_move_version = %s WHERE game_id = %s AND number = %s"
_INSERT_OUTBOX = ("INSERT INTO games_outbox (game_id, kind, payload, status, created_at, available_at, attempts,"
                  " last_error) VALUES (%s, %s, %s, 'pending', %s, %s, 0, '')")
_INSERT_SNAPSHOT = "INSERT INTO games_snapshot (game_id, version, state) VALUES (%s, %s, %s)"

# The parts of a move's one statement on PostgreSQL (write_move), under the row lock ...
_PLAIN_SQL = {
    "projection": _UPDATE_GAME,
    "event_row": _EVENT_VALUES,
    "events": f"INSERT INTO games_event ({_EVENT_COLUMNS}) VALUES {{rows}}",
    "mover": _UPDATE_SEAT,
    "snapshot": _INSERT_SNAPSHOT,
    "outbox": _INSERT_OUTBOX,
}
# ... and guarded: the projection's UPDATE matches only the version the move was
# decided on, and every other part writes only if it did (they select FROM or test
# EXISTS on its RETURNING), so a stale move writes nothing at all. Values selected
# rather than listed in VALUES need their types spelled out.
_GUARDED_SQL = {
    "projection": _UPDATE_GAME + " AND version = %s RETURNING id",
    "event_row": ("(%s::bigint, %s::integer, %s::varchar, %s::jsonb, %s::smallint, %s::integer, %s::jsonb,"
                  " %s::integer, %s::timestamptz, %s::varchar, %s::varchar, %s::varchar)"),
    "events": f"INSERT INTO games_event ({_EVENT_COLUMNS}) SELECT v.* FROM (VALUES {{rows}}) AS v, projection",
    "mover": _UPDATE_SEAT + " AND EXISTS (SELECT 1 FROM projection)",
    "snapshot": ("INSERT INTO games_snapshot (game_id, version, state)"
                 " SELECT %s::bigint, %s::integer, %s::jsonb FROM projection"),
    "outbox": ("INSERT INTO games_outbox (game_id, kind, payload, status, created_at, available_at, attempts,"
               " last_error) SELECT %s::bigint, %s::varchar, %s::jsonb, 'pending', %s::timestamptz,"
               " %s::timestamptz, 0, '' FROM projection"),
}
_GUARDED_ANSWER = ("UPDATE games_idempotencykey SET finished = true, response_status = %s, response_body = %s::jsonb"
                   " WHERE id = %s AND EXISTS (SELECT 1 FROM projection)")


@dataclass(slots=True)
class AppendedEvent:
    """What rendering a move's answer needs of an event it appended: the fields of
    :class:`games.models.Event` that ``selectors.event_json`` reads, without the cost
    of building a model instance on every move."""

    seq: int
    type: str
    payload: dict
    actor: int | None
    created_at: object
    hash: str
    sealed: str | None = None
    batch: int = 0
    prev_hash: str = ""


@dataclass
class PendingEvents:
    """Events hashed and folded but not yet written: ``rows`` for rendering, ``params`` for the insert."""

    rows: list[AppendedEvent] = field(default_factory=list)
    params: list[tuple] = field(default_factory=list)


def append(game: Game, *, rules, state, events: list[RulesEvent], actor: int | None, command: dict | None,
           now) -> tuple[object, PendingEvents]:
    """Hash ``events`` onto the chain, fold them into ``state``, advance ``game`` in memory.

    Nothing is written yet: ``write_move`` writes the events together with the
    projection and the outbox row. Each payload is serialised before any later event
    is folded, so what is stored is exactly what was hashed even if the rules' evolve
    keeps references into payloads. The hash follows the game's scheme (games.hashing):
    new games commit to secret content with salts only the revealed seed gives away.
    """
    created_at = timestamp(now)
    db_now = connection.ops.adapt_datetimefield_value(now)
    batch = game.version + 1
    prev_hash = game.head_hash
    pending = PendingEvents()
    for offset, event in enumerate(events):
        seq = batch + offset
        row_command = command if offset == 0 else None
        payload_json = json.dumps(event.payload)
        payload = json.loads(payload_json)   # hashed, stored and served alike
        sealed = None
        if game.hash_scheme == HIDING_SCHEME:
            digest, sealed = hiding_hash(rules=rules, server_seed=game.server_seed, game_id=game.pk, seq=seq,
                                         type=event.type, payload=payload, actor=actor, batch=batch,
                                         command=row_command, rules_version=game.rules_version,
                                         created_at=created_at, prev_hash=prev_hash)
        else:
            digest = event_hash(game_id=game.pk, seq=seq, type=event.type, payload=event.payload, actor=actor,
                                batch=batch, command=row_command, rules_version=game.rules_version,
                                created_at=created_at, prev_hash=prev_hash)
        pending.params.append((game.pk, seq, event.type, payload_json, actor, batch,
                               None if row_command is None else json.dumps(row_command), game.rules_version,
                               db_now, prev_hash, digest, sealed))
        pending.rows.append(AppendedEvent(seq=seq, type=event.type, payload=payload, actor=actor,
                                          created_at=now, hash=digest, sealed=sealed, batch=batch,
                                          prev_hash=prev_hash))
        prev_hash = digest
        state = fold(rules, state, event.type, event.payload)
    game.version += len(pending.rows)
    game.head_hash = prev_hash
    return state, pending


def write_move(game: Game, pending: PendingEvents, *, last_mover: int | None, outbox_kind: str,
               outbox_payload: dict, now, guard_version: int | None = None,
               answer: tuple | None = None) -> bool:
    """Write a command's events, the game's projection, the mover's last-move version,
    a snapshot when one is due and the outbox row. On PostgreSQL this is one statement
    (data-modifying CTEs), one round trip; on SQLite, which runs in-process, plain
    statements.

    Call after ``append`` and after the projection fields of ``game`` are set, either
    inside the move's transaction holding the game row lock, or (PostgreSQL only) with
    ``guard_version``, the version the move was decided on: the statement then writes
    only if the game is still at it, and with ``answer`` = (idempotency row, status,
    body) also stores the answer to a keyed request. Returns whether it wrote.
    """
    db = connections[DEFAULT_DB_ALIAS]      # once, not through the proxy on every use
    db_now = db.ops.adapt_datetimefield_value(now)
    state_json = json.dumps(game.state)
    game_params = [game.version, game.head_hash, state_json, json.dumps(game.to_move),
                   None if game.outcome is None else json.dumps(game.outcome), game.status,
                   db.ops.adapt_datetimefield_value(game.finished_at), game.pk]
    seat_params = [game.version, game.pk, last_mover]
    outbox_params = [game.pk, outbox_kind, json.dumps(outbox_payload), db_now, db_now]
    every = settings.SNAPSHOT_EVERY
    snapshot_params = ([game.pk, game.version, state_json]
                       if (game.version - len(pending.rows)) // every != game.version // every else None)
    event_params = [value for row in pending.params for value in row]
    with db.cursor() as cursor:
        if db.vendor == "postgresql":
            guarded = guard_version is not None
            sql = _GUARDED_SQL if guarded else _PLAIN_SQL
            # The projection comes first: the guarded parts refer to it.
            parts, params = [f"projection AS ({sql['projection']})"], list(game_params)
            if guarded:
                params.append(guard_version)
            if pending.params:
                rows = ", ".join([sql["event_row"]] * len(pending.params))
                parts.append(f"new_events AS ({sql['events'].format(rows=rows)})")
                params += event_params
            if last_mover is not None:
                parts.append(f"mover AS ({sql['mover']})")
                params += seat_params
            if snapshot_params:
                parts.append(f"snapshot AS ({sql['snapshot']})")
                params += snapshot_params
            if answer is not None:
                row, status, body = answer
                parts.append(f"answer AS ({_GUARDED_ANSWER})")
                params += [status, json.dumps(body), row.pk]
            cursor.execute(f"WITH {', '.join(parts)} {sql['outbox']}", params + outbox_params)
            return not guarded or cursor.rowcount == 1
        if pending.params:
            cursor.executemany(f"INSERT INTO games_event ({_EVENT_COLUMNS}) VALUES {_EVENT_VALUES}", pending.params)
        cursor.execute(_UPDATE_GAME, game_params)
        if last_mover is not None:
            cursor.execute(_UPDATE_SEAT, seat_params)
        if snapshot_params:
            cursor.execute(_INSERT_SNAPSHOT, snapshot_params)
        cursor.execute(_INSERT_OUTBOX, outbox_params)
    return True


def to_rules_event(row: Event) -> RulesEvent:
    return RulesEvent(row.type, row.payload)


def state_at(game: Game, rules, version: int):
    """The state after the first ``version`` events: nearest snapshot, then the rest.

    Costs at most SNAPSHOT_EVERY events (plus one command's batch) whatever the log's length.
    """
    if version == game.version and game.state is not None:
        return game.state
    snapshot = (Snapshot.objects.filter(game_id=game.pk, version__lte=version)
                .order_by("-version").values_list("version", "state").first())
    start, state = snapshot if snapshot else (0, rules.initial_state())
    rows = Event.objects.filter(game_id=game.pk, seq__gt=start, seq__lte=version).order_by("seq").values_list(
        "type", "payload")
    for type_, payload in rows:
        state = fold(rules, state, type_, payload)
    return state


def rebuild_snapshots(game: Game, rules) -> int:
    """Drop and recompute every snapshot of ``game`` from its events. Returns how many.

    Snapshots fall at the same versions ``append`` chose: the end of the first
    command's batch that crosses a multiple of SNAPSHOT_EVERY.
    """
    Snapshot.objects.filter(game_id=game.pk).delete()
    every = settings.SNAPSHOT_EVERY
    state = rules.initial_state()
    made = 0
    batch_start = version = 0
    for row in Event.objects.filter(game_id=game.pk).order_by("seq").iterator():
        if row.batch != batch_start and version:
            if (batch_start - 1) // every != version // every:
                Snapshot.objects.create(game_id=game.pk, version=version, state=state)
                made += 1
        batch_start, version = row.batch, row.seq
        state = fold(rules, state, row.type, row.payload)
    if version and (batch_start - 1) // every != version // every:
        Snapshot.objects.create(game_id=game.pk, version=version, state=state)
        made += 1
    return made
