"""Appending to and loading from a game's event log.

Call ``append`` while holding the game row's lock (``select_for_update``) inside the
move's transaction: the next seq is computed from the locked row's version, and the
unique (game, seq) key turns any race that slipped past the lock into an
IntegrityError rather than a fork.
"""
from __future__ import annotations

from django.conf import settings

from games.engine import Event as RulesEvent
from games.hashing import event_hash, timestamp
from games.models import Event, Game, Snapshot
from games.platform_events import fold


def append(game: Game, *, rules, state, events: list[RulesEvent], actor: int | None, command: dict | None,
           now) -> tuple[object, list[Event]]:
    """Fold ``events`` into ``state``, write them, and advance ``game`` in memory.

    Returns the new state and the saved rows. The caller saves the game row.
    """
    created_at = timestamp(now)
    batch = game.version + 1
    prev_hash = game.head_hash
    rows = []
    for offset, event in enumerate(events):
        seq = batch + offset
        first = offset == 0
        digest = event_hash(game_id=game.pk, seq=seq, type=event.type, payload=event.payload, actor=actor,
                            batch=batch, command=command if first else None,
                            rules_version=game.rules_version, created_at=created_at, prev_hash=prev_hash)
        rows.append(Event(game_id=game.pk, seq=seq, type=event.type, payload=event.payload, actor=actor,
                          batch=batch, command=command if first else None, rules_version=game.rules_version,
                          created_at=now, prev_hash=prev_hash, hash=digest))
        prev_hash = digest
        state = fold(rules, state, event.type, event.payload)
    Event.objects.bulk_create(rows)
    old_version = game.version
    game.version += len(rows)
    game.head_hash = prev_hash
    every = settings.SNAPSHOT_EVERY
    if old_version // every != game.version // every:
        Snapshot.objects.create(game_id=game.pk, version=game.version, state=state)
    return state, rows


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
