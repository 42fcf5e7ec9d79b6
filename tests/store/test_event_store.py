"""The event store's invariants, on whichever engine DATABASE_URL names."""
import pytest
from django.db import IntegrityError, connection, transaction

from games import registry, services, store
from games.hashing import GENESIS, event_hash, hiding_hash, timestamp
from games.models import Event, Game, Outbox, Snapshot
from tests.support.factories import play_moves, started_game, user

pytestmark = pytest.mark.django_db


def legacy_game(slug: str = "race", players: int = 2, options: dict | None = None):
    """A game under hash scheme 1, as games created before the hiding scheme are."""
    users = [user(f"{slug}-legacy{i}") for i in range(players)]
    game = services.game_create(user=users[0], slug=slug, players=players, options=options or {})
    Game.objects.filter(pk=game.pk).update(hash_scheme=1)
    for account in users[1:]:
        game = services.game_join(user=account, game_id=game.pk)
    game.refresh_from_db()
    return game, users


def test_seq_is_gap_free_and_hashes_chain():
    game, users = started_game(options={"target": 30})
    game = play_moves(game, users, 12)
    assert game.hash_scheme == 2
    rules = registry.rules_for(game.slug, game.rules_version)
    rows = list(Event.objects.filter(game=game).order_by("seq"))
    assert [row.seq for row in rows] == list(range(1, game.version + 1))
    prev = GENESIS
    for row in rows:
        assert row.prev_hash == prev
        assert (row.hash, row.sealed) == hiding_hash(
            rules=rules, server_seed=game.server_seed, game_id=game.pk, seq=row.seq, type=row.type,
            payload=row.payload, actor=row.actor, batch=row.batch, command=row.command,
            rules_version=row.rules_version, created_at=timestamp(row.created_at), prev_hash=prev)
        # Not the old formula: nothing served is a function of the content and public data alone.
        assert row.hash != event_hash(game_id=game.pk, seq=row.seq, type=row.type, payload=row.payload,
                                      actor=row.actor, batch=row.batch, command=row.command,
                                      rules_version=row.rules_version, created_at=timestamp(row.created_at),
                                      prev_hash=prev)
        prev = row.hash
    assert game.head_hash == prev


def test_a_game_under_scheme_1_keeps_hashing_as_before():
    game, users = legacy_game(options={"target": 30})
    game = play_moves(game, users, 12)
    rows = list(Event.objects.filter(game=game).order_by("seq"))
    prev = GENESIS
    for row in rows:
        assert row.prev_hash == prev and row.sealed is None
        assert row.hash == event_hash(game_id=game.pk, seq=row.seq, type=row.type, payload=row.payload,
                                      actor=row.actor, batch=row.batch, command=row.command,
                                      rules_version=row.rules_version, created_at=timestamp(row.created_at),
                                      prev_hash=prev)
        prev = row.hash
    assert game.head_hash == prev


def test_duplicate_seq_is_refused_by_the_database():
    game, _ = started_game()
    row = Event.objects.get(game=game, seq=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        Event.objects.create(game=game, seq=1, type="X", payload={}, batch=1, rules_version=1,
                             created_at=row.created_at, prev_hash=GENESIS, hash="0" * 64)


@pytest.mark.parametrize("statement", ["UPDATE games_event SET type = 'Forged'",
                                       "DELETE FROM games_event"])
def test_events_are_append_only_in_the_database(statement):
    import games.apps

    game, users = started_game()
    play_moves(game, users, 2)
    before = list(Event.objects.filter(game=game).values_list("seq", "type"))
    purge, games.apps.ALLOW_PURGE = games.apps.ALLOW_PURGE, False
    try:
        with pytest.raises(Exception) as caught, transaction.atomic():
            with connection.cursor() as cursor:
                if connection.vendor == "postgresql":  # turn the suite's purge switch off here
                    cursor.execute("SET LOCAL ludopost.allow_purge = 'off'")
                cursor.execute(statement)
        assert "append-only" in str(caught.value)
    finally:
        games.apps.ALLOW_PURGE = purge
    assert list(Event.objects.filter(game=game).values_list("seq", "type")) == before


def test_every_move_writes_one_outbox_row_in_its_transaction():
    game, users = started_game(options={"target": 40})
    before = Outbox.objects.filter(game=game).count()
    play_moves(game, users, 5)
    assert Outbox.objects.filter(game=game).count() == before + 5
    last = Outbox.objects.filter(game=game).order_by("-id").first()
    game.refresh_from_db()
    assert last.kind == "game.advanced" and last.payload["version"] == game.version


def test_state_at_every_version_equals_the_fold_and_snapshots_change_nothing(settings):
    settings.SNAPSHOT_EVERY = 7
    game, users = started_game(players=3, options={"target": 200})
    game = play_moves(game, users, 60, pick=lambda moves, i: moves[(i * 7) % len(moves)])
    rules = registry.rules_for("race")
    rows = list(Event.objects.filter(game=game).order_by("seq"))
    assert Snapshot.objects.filter(game=game).count() >= 60 // 7
    for version in range(1, game.version + 1):
        folded = rules.fold(store.to_rules_event(row) for row in rows[:version])
        assert store.state_at(game, rules, version) == folded, version
    snapshots = list(Snapshot.objects.filter(game=game).order_by("version").values_list("version", "state"))
    assert store.rebuild_snapshots(game, rules) == len(snapshots)
    assert list(Snapshot.objects.filter(game=game).order_by("version").values_list("version", "state")) == snapshots
    assert store.state_at(game, rules, game.version) == game.state


def test_loading_an_old_version_folds_at_most_one_snapshot_interval(settings, monkeypatch):
    settings.SNAPSHOT_EVERY = 10
    game, users = started_game(options={"target": 1000})
    game = play_moves(game, users, 95)
    rules = registry.rules_for("race")
    calls = []
    original = type(rules).evolve
    monkeypatch.setattr(type(rules), "evolve", lambda self, s, e: (calls.append(1), original(self, s, e))[1])
    for version in (5, 37, 90):
        calls.clear()
        store.state_at(game, rules, version)
        assert len(calls) <= 10, (version, len(calls))
