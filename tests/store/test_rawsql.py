"""games.rawsql loads the same instances the ORM would, on both engines.

Each test starts with an empty plan cache, so what is checked is the plan built for
it, not one an earlier test left behind.
"""
import pytest
from django.contrib.auth import get_user_model

from games import rawsql
from games.models import Game, Seat
from games.store import MOVE_FIELDS
from tests.support.factories import play_moves, started_game

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_plans(monkeypatch):
    monkeypatch.setattr(rawsql, "_plans", {})


def values(instance, fields):
    return {name: getattr(instance, name) for name in fields}


def all_fields(model):
    return [f.attname for f in model._meta.concrete_fields]


@pytest.fixture
def game():
    game, users = started_game(options={"target": 30}, names=["rs0", "rs1"])
    return play_moves(game, users, 3)


def test_load_one_gives_every_field_as_the_orm_does(game):
    loaded = rawsql.load_one(Game, "FROM games_game WHERE games_game.id = %s", [game.pk])
    orm = Game.objects.get(pk=game.pk)
    assert values(loaded, all_fields(Game)) == values(orm, all_fields(Game))
    assert isinstance(loaded.state, dict) and loaded.created_at.tzinfo is not None    # converters ran
    assert loaded._state.db == "default" and not loaded._state.adding
    assert loaded.get_deferred_fields() == set()


def test_only_loads_the_named_fields_and_the_key(game):
    loaded = rawsql.load_one(Game, "FROM games_game WHERE games_game.id = %s", [game.pk], only=("slug", "state"))
    assert loaded.get_deferred_fields() == set(all_fields(Game)) - {"id", "slug", "state"}
    assert (loaded.pk, loaded.slug, loaded.state) == (game.pk, "race", game.state)
    full = rawsql.load_one(Game, "FROM games_game WHERE games_game.id = %s", [game.pk])
    assert full.get_deferred_fields() == set(), "a plan for some fields is not reused for all"
    moved = rawsql.load_one(Game, "FROM games_game WHERE games_game.id = %s", [game.pk], only=MOVE_FIELDS)
    assert moved.get_deferred_fields() == set(all_fields(Game)) - set(MOVE_FIELDS)
    assert values(moved, MOVE_FIELDS) == values(Game.objects.get(pk=game.pk), MOVE_FIELDS)


def test_the_plan_is_cached_per_model_vendor_and_fields(game):
    rawsql._plans.clear()                     # the moves that made the game built plans of their own
    rawsql.load_one(Game, "FROM games_game WHERE games_game.id = %s", [game.pk], only=("slug",))
    rawsql.load_one(Game, "FROM games_game WHERE games_game.id = %s", [game.pk], only=("slug",))
    assert len(rawsql._plans) == 1
    (label, vendor, only), plan = next(iter(rawsql._plans.items()))
    assert (label, only) == ("games.Game", ("slug",)) and plan[1] == ["id", "slug"] and plan[3] == 0
    rawsql.load_one(Game, "FROM games_game WHERE games_game.id = %s", [game.pk], only=("slug",))
    assert rawsql._plans[(label, vendor, only)] is plan, "the plan is built once and reused"


def test_no_row_is_none(game):
    assert rawsql.load_one(Game, "FROM games_game WHERE games_game.id = %s", [game.pk + 1000]) is None
    assert rawsql.load_row([(Game, None), (Seat, None)], "FROM games_game LEFT JOIN games_seat"
                           " ON games_seat.game_id = games_game.id WHERE games_game.id = %s",
                           [game.pk + 1000]) is None


def test_a_join_gives_one_instance_per_model_in_order(game):
    seat = Seat.objects.get(game=game, number=1)
    user_model = get_user_model()
    row = rawsql.load_row([(Seat, None), (Game, ("slug", "version")), (user_model, ("username",))],
                          "FROM games_seat JOIN games_game ON games_game.id = games_seat.game_id"
                          " JOIN auth_user ON auth_user.id = games_seat.user_id"
                          " WHERE games_seat.game_id = %s AND games_seat.number = %s", [game.pk, 1])
    loaded_seat, loaded_game, loaded_user = row
    assert values(loaded_seat, all_fields(Seat)) == values(seat, all_fields(Seat))
    assert (loaded_game.pk, loaded_game.slug, loaded_game.version) == (game.pk, "race", game.version)
    assert (loaded_user.pk, loaded_user.username) == (seat.user_id, "rs1")
    assert all(instance._state.db == "default" for instance in row)


def test_the_missing_side_of_a_left_join_is_none_and_the_rest_still_loads(game):
    row = rawsql.load_row([(Seat, None), (Game, ("slug",))],
                          "FROM games_game LEFT JOIN games_seat ON games_seat.game_id = games_game.id"
                          " AND games_seat.number = 99 WHERE games_game.id = %s", [game.pk])
    assert row[0] is None
    assert row[1] is not None and (row[1].pk, row[1].slug) == (game.pk, "race")


def test_an_alias_names_the_database_the_instance_came_from(game):
    loaded = rawsql.load_one(Game, "FROM games_game WHERE games_game.id = %s", [game.pk], alias="elsewhere")
    assert loaded._state.db == "elsewhere"
