"""A move decided on a stale row writes nothing: on PostgreSQL the single guarded
statement matches no row; on SQLite, which has no guarded statement (moves hold the
write lock), the unique (game, seq) key refuses the stale events."""
import pytest
from django.db import IntegrityError, transaction

from games import services, store
from games.models import Event, Game, IdempotencyKey, Outbox, Seat, Snapshot
from tests.support.engines import postgres_only, sqlite_only
from tests.support.factories import started_game

pytestmark = pytest.mark.django_db


def counts(game_id):
    return (Event.objects.filter(game_id=game_id).count(), Outbox.objects.filter(game_id=game_id).count(),
            Snapshot.objects.filter(game_id=game_id).count(),
            list(Seat.objects.filter(game_id=game_id).order_by("number").values_list("last_move_version", flat=True)))


@postgres_only
def test_a_move_decided_on_a_stale_row_writes_nothing():
    assert store.single_statement_moves()
    game, users = started_game(players=2, options={"target": 100}, names=["g0", "g1"])
    stale = store.load_game(game.pk)
    services.move_submit(user=users[0], game_id=game.pk, expected_version=1, move={"type": "step", "steps": 1})
    before = counts(game.pk)
    result, _previous = services._decide(stale, 0, {"type": "step", "steps": 2}, expected_version=1, kind="move",
                                         now=services.utcnow())
    assert stale.version == 2                      # decided in memory as if still at version 1
    written = store.write_move(stale, result["pending"], last_mover=0, outbox_kind="game.advanced",
                               now=services.utcnow(), outbox_payload={}, guard_version=1)
    assert written is False
    assert counts(game.pk) == before
    fresh = Game.objects.get(pk=game.pk)
    assert fresh.version == 2 and fresh.state["totals"][0] == 1


@postgres_only
def test_the_guarded_write_stores_events_snapshot_answer_and_outbox_together(settings):
    assert store.single_statement_moves()
    settings.SNAPSHOT_EVERY = 2
    game, users = started_game(players=2, options={"target": 100}, names=["s0", "s1"])
    key = IdempotencyKey.objects.create(user=users[0], key="k1", request_hash="h", created_at=services.utcnow())
    answer = services.move_submit(user=users[0], game_id=game.pk, expected_version=1,
                                  move={"type": "step", "steps": 1}, render=lambda result: {"version": 2},
                                  idempotency_row=key)
    assert answer == {"version": 2}
    key.refresh_from_db()
    assert key.finished and key.response_status == 201 and key.response_body == {"version": 2}
    assert list(Snapshot.objects.filter(game_id=game.pk).values_list("version", flat=True)) == [2]
    assert Outbox.objects.filter(game_id=game.pk, kind="game.advanced").count() == 2   # setup and the move
    assert Seat.objects.get(game_id=game.pk, number=0).last_move_version == 2


@sqlite_only
def test_on_sqlite_a_stale_write_is_refused_by_the_unique_seq_and_writes_nothing():
    assert not store.single_statement_moves()
    game, users = started_game(players=2, options={"target": 100}, names=["q0", "q1"])
    stale = store.load_game(game.pk)
    services.move_submit(user=users[0], game_id=game.pk, expected_version=1, move={"type": "step", "steps": 1})
    before = counts(game.pk)
    result, _previous = services._decide(stale, 0, {"type": "step", "steps": 2}, expected_version=1, kind="move",
                                         now=services.utcnow())
    with pytest.raises(IntegrityError), transaction.atomic():
        store.write_move(stale, result["pending"], last_mover=0, outbox_kind="game.advanced",
                         now=services.utcnow(), outbox_payload={})
    assert counts(game.pk) == before
    fresh = Game.objects.get(pk=game.pk)
    assert fresh.version == 2 and fresh.state["totals"][0] == 1
