"""Appending to and loading from a game's event log.

Call ``append`` while holding the game row's lock (``select_for_update``) inside the
move's transaction: the next seq is computed from the locked row's version, and the
unique (game, seq) key turns any race that slipped past the lock into an
IntegrityError rather than a fork.
"""
from __future__ import annotations

import json

from django.conf import settings
from django.db import connection

from games.engine import Event as RulesEvent
from games.hashing import event_hash, timestamp
from games.models import Event, Game, Snapshot
from games.platform_events import fold
from games.rawsql import load_one


def lock_game(game_id) -> Game | None:
    """The game row, locked for this transaction (PostgreSQL: FOR NO KEY UPDATE; SQLite's
    IMMEDIATE transactions already hold the write lock). Raw SQL: this is the hot path."""
    lock = " FOR NO KEY UPDATE" if connection.vendor == "postgresql" else ""
    return load_one(Game, f"FROM games_game WHERE games_game.id = %s{lock}", [game_id])


_INSERT_EVENT = ("INSERT INTO games_event (game_id, seq, type, payload, actor, batch, command, rules_version,"
                 " created_at, prev_hash, hash) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)")


def append(game: Game, *, rules, state, events: list[RulesEvent], actor: int | None, command: dict | None,
           now) -> tuple[object, list[Event]]:
    """Fold ``events`` into ``state``, write them, and advance ``game`` in memory.

    Returns the new state and the rows (unsaved model instances, for rendering). The
    caller saves the game row. Each payload is serialised before any later event is
    folded, so what is stored is exactly what was hashed even if the rules' evolve
    keeps references into payloads.
    """
    created_at = timestamp(now)
    db_now = connection.ops.adapt_datetimefield_value(now)
    batch = game.version + 1
    prev_hash = game.head_hash
    rows, params = [], []
    for offset, event in enumerate(events):
        seq = batch + offset
        first = offset == 0
        row_command = command if first else None
        digest = event_hash(game_id=game.pk, seq=seq, type=event.type, payload=event.payload, actor=actor,
                            batch=batch, command=row_command, rules_version=game.rules_version,
                            created_at=created_at, prev_hash=prev_hash)
        payload_json = json.dumps(event.payload)
        params.append((game.pk, seq, event.type, payload_json, actor, batch,
                       None if row_command is None else json.dumps(row_command), game.rules_version, db_now,
                       prev_hash, digest))
        rows.append(Event(game_id=game.pk, seq=seq, type=event.type, payload=json.loads(payload_json), actor=actor,
                          batch=batch, command=row_command, rules_version=game.rules_version,
                          created_at=now, prev_hash=prev_hash, hash=digest))
        prev_hash = digest
        state = fold(rules, state, event.type, event.payload)
    if params:
        with connection.cursor() as cursor:
            cursor.executemany(_INSERT_EVENT, params)
    old_version = game.version
    game.version += len(rows)
    game.head_hash = prev_hash
    every = settings.SNAPSHOT_EVERY
    if old_version // every != game.version // every:
        Snapshot.objects.create(game_id=game.pk, version=game.version, state=state)
    return state, rows


def save_projection(game: Game, *, last_mover: int | None) -> None:
    """Write the game row's projection (and the mover's last-move version) in two statements."""
    ops = connection.ops
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE games_game SET version = %s, head_hash = %s, state = %s, to_move = %s, outcome = %s,"
            " status = %s, finished_at = %s WHERE id = %s",
            [game.version, game.head_hash, json.dumps(game.state), json.dumps(game.to_move),
             None if game.outcome is None else json.dumps(game.outcome), game.status,
             ops.adapt_datetimefield_value(game.finished_at), game.pk])
        if last_mover is not None:
            cursor.execute("UPDATE games_seat SET last_move_version = %s WHERE game_id = %s AND number = %s",
                           [game.version, game.pk, last_mover])


def outbox_add(*, game_id: int | None, kind: str, payload: dict, now) -> None:
    moment = connection.ops.adapt_datetimefield_value(now)
    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO games_outbox (game_id, kind, payload, status, created_at, available_at, attempts,"
            " last_error) VALUES (%s, %s, %s, %s, %s, %s, 0, '')",
            [game_id, kind, json.dumps(payload), "pending", moment, moment])


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
