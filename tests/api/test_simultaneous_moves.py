"""Simultaneous moves: a seat's choice is accepted when only other seats' moves that
leave its choices untouched came in between (games.services.unaffected_since), and
refused with 409 when they did change what it may choose. Nothing is appended on a
refusal, and racing writers never fork the log or lose a move."""
import json
import threading
import urllib.error
import urllib.request

import pytest
from rest_framework.authtoken.models import Token

from games import registry
from games.models import Event, Game
from tests.support import grab
from tests.support.factories import started_game


def _call(url, method="GET", body=None, token=None):
    request = urllib.request.Request(url, method=method, data=None if body is None else json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json", "Authorization": f"Token {token}"})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


@pytest.mark.django_db(transaction=True)
def test_six_seats_choose_at_once_and_the_round_resolves_once(live_server):
    """62 Soleils, six seats: at every step of the round each seat still choosing
    submits its next legal choice at the same version, all at once. Every choice
    is accepted (no 409 because somebody else chose first) and the round resolves
    exactly once. Works whether a sealed choice takes one move or several."""
    game, users = started_game("soleils", players=6, names=[f"sun{i}" for i in range(6)])
    tokens = [Token.objects.get(user=user).key for user in users]
    base = f"{live_server.url}/api/v1/games/{game.pk}"
    status, start = _call(base + "/", token=tokens[0])
    assert status == 200 and start["to_move"] == list(range(6))
    first_round = start["view"]["round"]
    steps = 0
    while True:
        status, now = _call(base + "/", token=tokens[0])
        if now["view"]["round"] != first_round or now["status"] != "active":
            break
        steps += 1
        assert steps <= 20, "the round does not end"
        version, seats = now["version"], now["to_move"]
        if steps == 1:
            assert seats == list(range(6)), "all six choose at once from the same version"
        moves = {}
        for seat in seats:
            status, legal = _call(base + "/legal-moves/", token=tokens[seat])
            assert status == 200 and legal["version"] == version and legal["moves"], legal
            moves[seat] = legal["moves"][0]
        events_before = Event.objects.filter(game_id=game.pk).count()
        barrier, results, lock = threading.Barrier(len(seats)), {}, threading.Lock()

        def submit(seat):
            barrier.wait()
            answer = _call(base + "/moves/", "POST", {"expected_version": version, "move": moves[seat]}, tokens[seat])
            with lock:
                results[seat] = answer

        threads = [threading.Thread(target=submit, args=(seat,)) for seat in seats]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert {seat: status for seat, (status, _) in results.items()} == {seat: 201 for seat in seats}, results
        assert Event.objects.filter(game_id=game.pk).count() > events_before
    final = Game.objects.get(pk=game.pk)
    resolved = [event for event in Event.objects.filter(game_id=game.pk, type="RoundResolved")]
    assert [event.payload["round"] for event in resolved] == [first_round], "the round resolves exactly once"
    assert final.state["round"] == first_round + 1 if final.status == "active" else True
    seqs = list(Event.objects.filter(game_id=game.pk).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, final.version + 1)), "no gap, no fork"


@pytest.fixture
def grab_game(db):
    registry.register(grab.RULES)
    try:
        yield started_game("grab", players=3, names=["grab0", "grab1", "grab2"])
    finally:
        registry._entries.pop("grab", None)


def _post(user, game, expected_version, move):
    from rest_framework.test import APIClient

    client = APIClient()
    client.force_authenticate(user)
    return client.post(f"/api/v1/games/{game.pk}/moves/", {"expected_version": expected_version, "move": move},
                       format="json")


def test_a_stale_choice_that_other_moves_changed_is_refused(grab_game):
    game, users = grab_game
    start = game.version
    assert _post(users[0], game, start, {"type": "claim", "item": 3}).status_code == 201
    count = Event.objects.filter(game_id=game.pk).count()
    # Item 3 is gone, and with it seat 1's choices are not what they were at `start`.
    for item in (3, 4):
        response = _post(users[1], game, start, {"type": "claim", "item": item})
        assert response.status_code == 409, response.content
        assert response.json()["error"]["code"] == "version_conflict"
        assert response.json()["error"]["details"]["current_version"] == start + 1
    assert Event.objects.filter(game_id=game.pk).count() == count
    # Decided again on the current version, the move is judged by the rules.
    response = _post(users[1], game, start + 1, {"type": "claim", "item": 3})
    assert response.status_code == 422 and response.json()["error"]["details"]["rule"] == "item_taken"
    assert _post(users[1], game, start + 1, {"type": "claim", "item": 4}).status_code == 201


def test_a_stale_move_after_ones_own_move_is_refused(grab_game):
    game, users = grab_game
    start = game.version
    assert _post(users[0], game, start, {"type": "claim", "item": 1}).status_code == 201
    count = Event.objects.filter(game_id=game.pk).count()
    response = _post(users[0], game, start, {"type": "claim", "item": 2})
    assert response.status_code == 409 and response.json()["error"]["code"] == "version_conflict"
    assert _post(users[0], game, start + 5, {"type": "claim", "item": 2}).status_code == 409, "a future version"
    assert Event.objects.filter(game_id=game.pk).count() == count


@pytest.mark.django_db
def test_a_turn_based_stale_move_is_still_refused(make_user):
    game, users = started_game("race", players=2, names=["tb0", "tb1"])
    assert _post(users[0], game, 1, {"type": "roll"}).status_code == 201
    # Seat 1 was not to move at version 1: its move based on it is stale.
    response = _post(users[1], game, 1, {"type": "roll"})
    assert response.status_code == 409 and response.json()["error"]["details"]["current_version"] == 2
    assert Event.objects.filter(game_id=game.pk).count() == 2
