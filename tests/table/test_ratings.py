"""Ratings: OpenSkill (Plackett-Luce) from finished rated games with at least two people,
checked against the update written out by hand (tests/table/plackett_luce.py); who is
rated (bots left out, a forfeited seat last, unrated games and solo games not at all);
the leaderboard and the ratings on game lists through the API; an update run twice
applies once."""
from __future__ import annotations

import pytest

from games import services
from games.models import Game
from table import ratings
from table import services as table_services
from table.models import RatedGame, Rating, TableSettings
from tests.support.factories import user
from tests.table import plackett_luce as hand

pytestmark = pytest.mark.django_db


def test_the_hand_formula_for_three_new_players_gives_these_numbers():
    # A worked example: three newcomers finish first, second, third. By the formula:
    # sigma^2 = (25/3)^2 + (1/12)^2 = 69.4514, c = sqrt(3 (69.4514 + 17.3611)) = 16.1380,
    # exp(25/c) = 4.7075 for each; S_1 = 14.1224, S_2 = 9.4150, S_3 = 4.7075.
    # First: Omega = 69.4514/16.1380 * (1 - 1/3) = 2.8691;
    # second: 4.3036 * (-1/3 + 1 - 1/2) = 0.7173; third: 4.3036 * (-1/3 - 1/2 + 1 - 1) = -3.5864.
    # Delta: gamma sigma^2 / c^2 = (sigma / c)^3 = 0.137710; the sums of p (1 - p) are
    # 2/9 for the first and 2/9 + 1/4 = 17/36 for the second and the third (p = 1 adds 0), so
    # sigma' = 8.33375 sqrt(1 - 0.137710 * 2/9) = 8.2052 and 8.33375 sqrt(1 - 0.137710 * 17/36) = 8.0582.
    (mu1, s1), (mu2, s2), (mu3, s3) = hand.update([(25, 25 / 3, 1), (25, 25 / 3, 2), (25, 25 / 3, 3)])
    assert (round(mu1, 3), round(mu2, 3), round(mu3, 3)) == (27.869, 25.717, 21.414)
    assert (round(s1, 4), round(s2, 4), round(s3, 4)) == (8.2052, 8.0582, 8.0582)


@pytest.mark.parametrize("players", [
    [(25, 25 / 3, 1), (25, 25 / 3, 2)],
    [(30.2, 5.1, 3), (22.0, 7.9, 1), (25.0, 8.33, 2), (27.5, 3.2, 4)],
    [(25, 25 / 3, 1), (28, 6, 1), (20, 7, 3)],              # a tie for first
    [(25, 8, r) for r in (1, 2, 3, 4, 5, 6)],
])
def test_the_service_update_is_the_hand_formula(players):
    got = ratings.rate(players)
    for (mu, sigma), (want_mu, want_sigma) in zip(got, hand.update(players)):
        assert mu == pytest.approx(want_mu, abs=1e-9) and sigma == pytest.approx(want_sigma, abs=1e-9)


def race(names, *, rated=None, bots=(), target=3, time_control=None):
    """A race (test game) for these people (and bots), created through the table's service."""
    people = [user(name) for name in names]
    players = len(people) + len(bots)
    game = table_services.game_create(user=people[0], rated=rated, slug="race", players=players,
                                      options={"target": target}, bot_seats=list(bots), time_control=time_control)
    for person in people[1:]:
        services.game_join(user=person, game_id=game.pk)
    return Game.objects.get(pk=game.pk), people


def play_to_the_end(game):
    """Every seat steps 2 in turn (bots too, by the service the worker calls) until someone wins."""
    for _ in range(100):
        game.refresh_from_db()
        if game.status == "finished":
            return game
        seat = game.to_move[0]
        seat_row = game.seats.get(number=seat)
        if seat_row.bot_level or seat_row.forfeited:
            services.bot_move(game_id=game.pk, seat=seat, expected_version=game.version)
        else:
            services.move_submit(user=seat_row.user, game_id=game.pk, expected_version=game.version,
                                 move={"type": "step", "steps": 2})
    raise AssertionError("the race did not end")


def test_a_finished_rated_game_moves_each_rating_as_the_formula_says_once(client):
    game, people = race(["rin", "sol", "tam"])
    # sol played before: an established rating.
    Rating.objects.create(user=people[1], slug="race", mu=31.0, sigma=4.0, games=7, updated_at=game.created_at)
    game = play_to_the_end(game)
    ranks = game.outcome["ranks"]
    assert table_services.ratings_apply(game_id=game.pk) is not None
    assert table_services.ratings_apply(game_id=game.pk) is None              # twice: once
    expected = hand.update([(25, 25 / 3, ranks[0]), (31.0, 4.0, ranks[1]), (25, 25 / 3, ranks[2])])
    for person, (mu, sigma), games in zip(people, expected, (1, 8, 1)):
        row = Rating.objects.get(user=person, slug="race")
        assert (row.mu, row.sigma, row.games) == (pytest.approx(mu, abs=1e-9), pytest.approx(sigma, abs=1e-9), games)
    tracking = RatedGame.objects.get(game=game)
    assert [c["rank"] for c in tracking.changes] == ranks and tracking.skipped == ""
    # Through the API: the game's changes, the leaderboard, the ratings on the game list.
    changes = client.get(f"/api/v1/games/{game.pk}/ratings/").data
    assert changes["rated"] and changes["applied"] and [c["username"] for c in changes["changes"]] == ["rin", "sol", "tam"]
    board = client.get("/api/v1/leaderboard/race/").data
    shown = sorted(((mu - 3 * sigma), name) for (mu, sigma), name in zip(expected, ["rin", "sol", "tam"]))
    assert [row["username"] for row in board] == [name for _, name in reversed(shown)]
    assert [row["rank"] for row in board] == [1, 2, 3]
    assert board[0]["rating"] == pytest.approx(round(shown[-1][0], 2))
    listed = next(g for g in client.get("/api/v1/games/?game=race").data if g["id"] == game.pk)
    assert [r["rating"] for r in listed["ratings"]] == [round(mu - 3 * sigma, 2) for mu, sigma in expected]
    assert client.get("/api/v1/leaderboard/nonsense/").data["error"]["code"] == "unknown_game"


def test_bots_are_left_out_and_the_people_keep_their_order():
    game, people = race(["uma", "vic"], bots=[{"seat": 2, "level": "best"}])
    game = play_to_the_end(game)
    ranks = game.outcome["ranks"]
    table_services.ratings_apply(game_id=game.pk)
    expected = hand.update([(25, 25 / 3, ranks[0]), (25, 25 / 3, ranks[1])])
    got = [Rating.objects.get(user=p, slug="race") for p in people]
    assert [(r.mu, r.sigma) for r in got] == [(pytest.approx(mu), pytest.approx(s)) for mu, s in expected]
    assert Rating.objects.count() == 2


def test_a_forfeited_seat_is_rated_last():
    game, people = race(["wes", "xia", "yul"], time_control={"per_move_seconds": 86400, "timeout_policy": "forfeit"})
    services.timeout_apply(game_id=game.pk, seat=game.to_move[0])     # seat 0 runs out of time and drops out
    game = play_to_the_end(game)
    ranks = game.outcome["ranks"]
    assert ranks[0] == 3 and game.forfeited_seats == [0]
    table_services.ratings_apply(game_id=game.pk)
    expected = hand.update([(25, 25 / 3, r) for r in ranks])
    assert Rating.objects.get(user=people[0]).mu == pytest.approx(expected[0][0])
    assert Rating.objects.get(user=people[0]).mu < 25


def test_unrated_games_change_no_rating_and_say_why(player_client):
    unrated, _ = race(["zed", "abe"], rated=False)
    solo_with_bot, _ = race(["bea"], bots=[1])
    assert TableSettings.objects.get(game=solo_with_bot).rated is False     # the default with one person
    # Even marked rated (a row from before the check at creation), one person is not rated.
    TableSettings.objects.filter(game=solo_with_bot).update(rated=True)
    for game in (unrated, solo_with_bot):
        table_services.ratings_apply(game_id=play_to_the_end(game).pk)
    assert not Rating.objects.exists()
    assert RatedGame.objects.get(game=unrated).skipped == "the game was created unrated"
    assert RatedGame.objects.get(game=solo_with_bot).skipped == "fewer than two people played"


def test_rated_is_chosen_at_creation_and_refused_without_two_people(player_client):
    host = player_client("cal")
    default = host.post("/api/v1/games/", {"game": "race", "players": 2}, format="json").data
    assert default["rated"] is True and default["ratings"] == [None, None]
    unrated = host.post("/api/v1/games/", {"game": "race", "players": 2, "rated": False}, format="json").data
    assert unrated["rated"] is False
    with_bot = host.post("/api/v1/games/", {"game": "race", "players": 2, "bot_seats": [1]}, format="json").data
    assert with_bot["rated"] is False
    count = Game.objects.count()
    for body, code in [({"rated": True, "bot_seats": [1]}, "cannot_be_rated"), ({"rated": "yes"}, "invalid_input"),
                       ({"spectators_read": 1}, "invalid_input")]:
        answer = host.post("/api/v1/games/", {"game": "race", "players": 2, **body}, format="json")
        assert answer.status_code == 400 and answer.data["error"]["code"] == code
    assert Game.objects.count() == count and TableSettings.objects.count() == count
