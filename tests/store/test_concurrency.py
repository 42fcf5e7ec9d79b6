"""Twenty clients move at the same expected version: exactly one wins, no fork, no gap."""
import threading

import pytest
from django.db import connection

from games import services
from games.errors import VersionConflict
from games.models import Event, Game
from tests.support.factories import started_game


def race(racers: int, attempt) -> list[str]:
    """Run ``attempt(index)`` in ``racers`` threads released together; each result is
    what it returned, "conflict" for a VersionConflict, or the unexpected error."""
    barrier = threading.Barrier(racers)
    results, lock = [], threading.Lock()

    def run(index):
        try:
            barrier.wait()
            outcome = attempt(index)
        except VersionConflict:
            outcome = "conflict"
        except Exception as error:  # anything else is a bug, reported by the caller's assert
            outcome = f"error: {error!r}"
        finally:
            connection.close()
        with lock:
            results.append(outcome)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(racers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


@pytest.mark.django_db(transaction=True)
def test_twenty_concurrent_moves_at_one_version():
    game, users = started_game(players=2, options={"target": 100})

    def move(index):
        services.move_submit(user=users[0], game_id=game.pk, expected_version=1,
                             move={"type": "step", "steps": 1 + index % 2})
        return "ok"

    results = race(20, move)
    assert sorted(results) == ["conflict"] * 19 + ["ok"], results
    game.refresh_from_db()
    assert game.version == 2
    assert list(Event.objects.filter(game=game).order_by("seq").values_list("seq", flat=True)) == [1, 2]
    assert Game.objects.get(pk=game.pk).state["totals"][0] in (1, 2)


@pytest.mark.django_db(transaction=True)
def test_concurrent_moves_over_http_get_409(live_server):
    import json
    import urllib.error
    import urllib.request

    from rest_framework.authtoken.models import Token

    game, users = started_game(players=2, options={"target": 100}, names=["h0", "h1"])
    token = Token.objects.get(user=users[0]).key
    barrier = threading.Barrier(20)
    statuses, lock = [], threading.Lock()

    def post():
        request = urllib.request.Request(
            f"{live_server.url}/api/v1/games/{game.pk}/moves/", method="POST",
            data=json.dumps({"expected_version": 1, "move": {"type": "roll"}}).encode(),
            headers={"Authorization": f"Token {token}", "Content-Type": "application/json"})
        barrier.wait()
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                code = response.status
        except urllib.error.HTTPError as error:
            code = error.code
        with lock:
            statuses.append(code)

    threads = [threading.Thread(target=post) for _ in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [201] + [409] * 19, statuses
    assert Event.objects.filter(game=game).count() == 2


@pytest.mark.django_db(transaction=True)
def test_player_moves_and_bot_moves_racing_at_one_version():
    """On PostgreSQL a player's move is one guarded statement while the worker's moves
    take the row lock: mixed, they still append exactly one batch."""
    game, users = started_game(players=2, options={"target": 100}, names=["m0", "m1"])

    def move(index):
        if index % 2:
            return "ok" if services.bot_move(game_id=game.pk, seat=0, expected_version=1) else "conflict"
        services.move_submit(user=users[0], game_id=game.pk, expected_version=1, move={"type": "step", "steps": 1})
        return "ok"

    results = race(20, move)
    assert sorted(results) == ["conflict"] * 19 + ["ok"], results
    assert list(Event.objects.filter(game=game).order_by("seq").values_list("seq", flat=True)) == [1, 2]
    assert Game.objects.get(pk=game.pk).version == 2
