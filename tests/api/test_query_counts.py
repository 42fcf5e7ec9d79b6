"""The game detail's SQL queries, counted, so that a change that adds one shows up here.

The bounds are what the detail needs now: the token's user (not for an anonymous client),
the game with its ETag's part (table.selectors.etag_annotations), its seats with their
users, its table settings, a player's unread talk (not for others) and the seats'
ratings. The failure message lists the queries to find a new one."""
from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from games import services
from games.models import Game
from table import services as table_services
from tests.support.factories import user

pytestmark = pytest.mark.django_db

TIME_CONTROL = {"per_move_seconds": 86400, "timeout_policy": "forfeit"}


def client_of(person):
    from rest_framework.authtoken.models import Token

    c = APIClient()
    if person is not None:
        c.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=person)[0].key}")
    return c


def active_game(*, settings=True):
    """A rated three-seat race, one seat a bot's, with a time control, under way; without
    ``settings``, created as the web lobby and older games were (no TableSettings row)."""
    people = [user("qa"), user("qb"), user("qc")]
    create = table_services.game_create if settings else services.game_create
    game = create(user=people[0], slug="race", players=3, options={"target": 6},
                  bot_seats=[{"seat": 2, "level": "random"}], time_control=TIME_CONTROL,
                  **({"rated": True} if settings else {}))
    services.game_join(user=people[1], game_id=game.pk)
    return Game.objects.get(pk=game.pk), people


def finished_game():
    people = [user("qd"), user("qe"), user("qf")]
    game = table_services.game_create(user=people[0], rated=True, slug="race", players=2, options={"target": 3})
    services.game_join(user=people[1], game_id=game.pk)
    for _ in range(20):
        game.refresh_from_db()
        if game.status == "finished":
            return game, people
        seat = game.to_move[0]
        services.move_submit(user=people[seat], game_id=game.pk, expected_version=game.version,
                             move={"type": "step", "steps": 2})
    raise AssertionError("the race did not end")


def detail_queries(game, person) -> tuple[dict, list[str]]:
    c = client_of(person)
    with CaptureQueriesContext(connection) as captured:
        response = c.get(f"/api/v1/games/{game.pk}/")
    assert response.status_code == 200, response.content
    return response.json(), [q["sql"] for q in captured.captured_queries]


# (game, who asks) -> the most queries the detail may make.
BOUNDS = {
    ("active", "seated"): 6,
    ("lobby", "seated"): 6,
    ("lobby", "spectator"): 5,
    ("lobby", "anonymous"): 4,
    ("active", "spectator"): 5,
    ("active", "anonymous"): 4,
    ("finished", "seated"): 6,
    ("finished", "spectator"): 5,
    ("finished", "anonymous"): 4,
}


@pytest.mark.parametrize("which", ["active", "lobby", "finished"])
@pytest.mark.parametrize("who", ["seated", "spectator", "anonymous"])
def test_the_game_detail_makes_at_most_so_many_queries(which, who):
    game, people = {"active": active_game, "finished": finished_game,
                    "lobby": lambda: active_game(settings=False)}[which]()
    person = {"seated": people[0], "spectator": people[2], "anonymous": None}[who]
    data, queries = detail_queries(game, person)
    assert data["status"] == ("finished" if which == "finished" else "active")
    assert data["your_seat"] == (0 if who == "seated" else None) and data["rated"] is True
    if which != "finished":
        assert data["seats"][2]["bot_level"] == "random" and data["time_control"] and data["deadline"]
    listing = "\n".join(f"{i + 1}. {sql}" for i, sql in enumerate(queries))
    print(f"\n--- {which} / {who}: {len(queries)} queries\n{listing}")
    assert len(queries) <= BOUNDS[(which, who)], f"{len(queries)} queries:\n{listing}"


@pytest.mark.parametrize("who", ["seated", "spectator", "anonymous"])
def test_a_poll_answered_304_reads_only_the_login_and_the_game(who):
    game, people = active_game()
    person = {"seated": people[0], "spectator": people[2], "anonymous": None}[who]
    c = client_of(person)
    etag = c.get(f"/api/v1/games/{game.pk}/")["ETag"]
    with CaptureQueriesContext(connection) as captured:
        response = c.get(f"/api/v1/games/{game.pk}/", HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 304 and response["ETag"] == etag
    assert len(captured.captured_queries) <= (1 if person is None else 2), captured.captured_queries


def test_the_etag_counts_a_players_reading_and_not_a_spectators():
    from table.models import Message, ReadMark, TableSettings

    game, people = active_game()
    TableSettings.objects.filter(game=game).update(spectators_read=True)
    said = Message.objects.create(game=game, author=people[1], text="hello", created_at=game.created_at)
    for person in people[:1] + people[2:]:
        ReadMark.objects.create(game=game, user=person, last_read_id=said.pk)
    seated, spectator = client_of(people[0]), client_of(people[2])
    v = game.version
    assert seated.get(f"/api/v1/games/{game.pk}/")["ETag"] == f'"g{game.pk}-v{v}-s0-t{said.pk}.{said.pk}.0"'
    assert spectator.get(f"/api/v1/games/{game.pk}/")["ETag"] == f'"g{game.pk}-v{v}-sNone-t{said.pk}.0.0"'
