"""games.store function by function: ids, loading, append's hashing and folding, and
write_move's rows (events, projection, mover, snapshot, outbox), on both engines."""
import json
from datetime import datetime, timezone

import pytest
from django.db import connection, transaction

from games import registry, store
from games.engine import Event as RulesEvent
from games.models import Event, Game, Outbox, Seat, Snapshot
from tests.support.factories import play_moves, started_game

pytestmark = pytest.mark.django_db

NOW = datetime(2030, 1, 9, 12, 0, 0, 123456, tzinfo=timezone.utc)


@pytest.mark.parametrize("value, expected", [
    (7, 7), ("12", 12), (1, 1), (2**63 - 1, 2**63 - 1), (0, None), (-1, None), (2**63, None),
    ("abc", None), (None, None), ("1e3", None), (float("inf"), None)])
def test_game_id_or_none(value, expected):
    assert store.game_id_or_none(value) == expected


def test_single_statement_moves_on_postgresql_only():
    assert store.single_statement_moves() is (connection.vendor == "postgresql")


def test_load_and_lock_read_the_move_fields_or_nothing():
    game, _ = started_game(names=["su0", "su1"])
    for load in (store.load_game, store.lock_game):
        with transaction.atomic():
            loaded = load(str(game.pk))
            assert loaded.pk == game.pk and loaded.version == game.version and loaded.state == game.state
            assert loaded.get_deferred_fields() == {f.attname for f in Game._meta.concrete_fields} - set(
                store.MOVE_FIELDS)
            assert load(game.pk + 999) is None and load("x") is None and load(0) is None


def test_append_hashes_chains_folds_and_advances_the_game_in_memory():
    game, _ = started_game(names=["su2", "su3"])
    rules = registry.rules_for("race")
    version, head = game.version, game.head_hash
    events = [RulesEvent("Stepped", {"seat": 0, "steps": 1}), RulesEvent("Stepped", {"seat": 0, "steps": 2})]
    command = {"kind": "move", "seat": 0, "move": {"type": "step", "steps": 1}}
    state, pending = store.append(game, rules=rules, state=game.state, events=events, actor=0, command=command,
                                  now=NOW)
    assert game.version == version + 2
    assert [row.seq for row in pending.rows] == [version + 1, version + 2]
    prev = head
    for offset, (row, params) in enumerate(zip(pending.rows, pending.params)):
        # The digest itself belongs to the hash scheme (games/hashing.py, checked by the
        # verifier's tests); here: each event chains onto the one before.
        row_command = command if offset == 0 else None
        assert (row.type, row.payload, row.actor, row.created_at) == ("Stepped", events[offset].payload, 0, NOW)
        assert len(row.hash) == 64 and row.hash != prev
        assert params[:3] == (game.pk, version + 1 + offset, "Stepped")
        assert params[4:6] == (0, version + 1)
        assert params[6] == (None if row_command is None else json.dumps(row_command))
        assert params[7] == game.rules_version and params[9:11] == (prev, row.hash)
        prev = row.hash
    assert game.head_hash == prev
    assert state == rules.fold(events, game.state)


def test_write_move_stores_the_rows_of_a_move(settings):
    settings.SNAPSHOT_EVERY = 1000
    game, users = started_game(options={"target": 100}, names=["su4", "su5"])
    rules = registry.rules_for("race")
    before = Outbox.objects.filter(game=game).count()
    with transaction.atomic():
        locked = store.lock_game(game.pk)
        events = [RulesEvent("Stepped", {"seat": 0, "steps": 2})]
        state, pending = store.append(locked, rules=rules, state=locked.state, events=events, actor=0,
                                      command={"kind": "move", "seat": 0}, now=NOW)
        locked.state, locked.to_move = state, [1]
        assert store.write_move(locked, pending, last_mover=0, outbox_kind="game.advanced",
                                outbox_payload={"version": locked.version}, now=NOW) is True
    row = Event.objects.get(game=game, seq=locked.version)
    assert (row.type, row.payload, row.actor, row.batch, row.command, row.hash) == (
        "Stepped", {"seat": 0, "steps": 2}, 0, locked.version, {"kind": "move", "seat": 0}, locked.head_hash)
    assert row.created_at == NOW
    stored = Game.objects.get(pk=game.pk)
    assert (stored.version, stored.head_hash, stored.state, stored.to_move) == (
        locked.version, locked.head_hash, state, [1])
    assert Seat.objects.get(game=game, number=0).last_move_version == locked.version
    assert Seat.objects.get(game=game, number=1).last_move_version != locked.version
    outbox = Outbox.objects.filter(game=game).order_by("-id").first()
    assert Outbox.objects.filter(game=game).count() == before + 1
    assert (outbox.kind, outbox.payload, outbox.status, outbox.attempts, outbox.last_error) == (
        "game.advanced", {"version": locked.version}, "pending", 0, "")
    assert outbox.created_at == outbox.available_at == NOW
    assert not Snapshot.objects.filter(game=game).exists()
    with connection.cursor() as cursor:     # no outcome yet is SQL NULL, not a JSON null
        cursor.execute("SELECT outcome IS NULL FROM games_game WHERE id = %s", [game.pk])
        assert cursor.fetchone()[0] in (True, 1)


@pytest.mark.parametrize("every, moves, snapshots", [(2, 5, [2, 4, 6]), (2, 4, [2, 4]), (3, 5, [3, 6]),
                                                    (4, 5, [4]), (7, 5, [])])
def test_a_snapshot_falls_at_each_move_that_crosses_a_multiple(settings, every, moves, snapshots):
    settings.SNAPSHOT_EVERY = every
    game, users = started_game(options={"target": 100}, names=[f"sn{every}{moves}a", f"sn{every}{moves}b"])
    game = play_moves(game, users, moves, pick=lambda moves, i: {"type": "step", "steps": 1})
    assert game.version == moves + 1
    assert list(Snapshot.objects.filter(game=game).order_by("version").values_list("version", flat=True)) == \
        snapshots
    for version, state in Snapshot.objects.filter(game=game).values_list("version", "state"):
        assert state == store.state_at(game, registry.rules_for("race"), version)
    rules = registry.rules_for("race")
    assert store.rebuild_snapshots(game, rules) == len(snapshots)
    assert list(Snapshot.objects.filter(game=game).order_by("version").values_list("version", flat=True)) == \
        snapshots


def test_state_at_the_current_version_is_the_projection_and_older_ones_fold(settings):
    settings.SNAPSHOT_EVERY = 3
    game, users = started_game(options={"target": 100}, names=["st0", "st1"])
    game = play_moves(game, users, 6, pick=lambda moves, i: {"type": "step", "steps": 1 + i % 2})
    rules = registry.rules_for("race")
    rows = list(Event.objects.filter(game=game).order_by("seq"))
    for version in range(0, game.version + 1):
        assert store.state_at(game, rules, version) == rules.fold(
            [store.to_rules_event(row) for row in rows[:version]]), version
    marker = dict(game.state, marker=True)
    game.state = marker
    assert store.state_at(game, rules, game.version) is marker       # the projection, not a fold
    game.state = None
    assert store.state_at(game, rules, game.version) == rules.fold([store.to_rules_event(r) for r in rows])


def test_a_batch_of_several_events_gets_one_snapshot_at_its_end(settings):
    settings.SNAPSHOT_EVERY = 2
    game, users = started_game(options={"target": 100}, names=["sb0", "sb1"])
    rules = registry.rules_for("race")
    with transaction.atomic():
        locked = store.lock_game(game.pk)
        events = [RulesEvent("Stepped", {"seat": 0, "steps": 1})] * 4      # versions 2..5
        state, pending = store.append(locked, rules=rules, state=locked.state, events=events, actor=0,
                                      command={"kind": "move", "seat": 0}, now=NOW)
        locked.state = state
        store.write_move(locked, pending, last_mover=None, outbox_kind="game.advanced", outbox_payload={},
                         now=NOW)
    assert list(Snapshot.objects.filter(game=game).values_list("version", flat=True)) == [5]
    assert store.rebuild_snapshots(Game.objects.get(pk=game.pk), rules) == 1
    assert list(Snapshot.objects.filter(game=game).values_list("version", flat=True)) == [5]
    assert Seat.objects.get(game=game, number=0).last_move_version == 0      # no mover named



def test_loading_an_old_version_reads_only_its_own_games_rows(settings):
    settings.SNAPSHOT_EVERY = 2
    game, users = started_game(options={"target": 100}, names=["ow0", "ow1"])
    other, other_users = started_game(options={"target": 100}, names=["ow2", "ow3"])
    play_moves(other, other_users, 5, pick=lambda moves, i: {"type": "step", "steps": 2})
    game = play_moves(game, users, 3, pick=lambda moves, i: {"type": "step", "steps": 1})
    rules = registry.rules_for("race")
    rows = [store.to_rules_event(r) for r in Event.objects.filter(game=game).order_by("seq")]
    for version in range(1, game.version):
        assert store.state_at(game, rules, version) == rules.fold(rows[:version]), version


def test_a_finishing_move_stores_the_outcome_and_status():
    game, users = started_game(options={"target": 3}, names=["fo0", "fo1"])
    game = play_moves(game, users, 10, pick=lambda moves, i: {"type": "step", "steps": 2})
    assert game.status == "finished"
    rules = registry.rules_for("race")
    assert game.outcome == json.loads(json.dumps(rules.outcome(game.state).to_json()))
    assert game.finished_at is not None
