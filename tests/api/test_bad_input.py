"""Every bad input gets a clear JSON error and changes nothing."""
import pytest

from games.models import Event, Game, IdempotencyKey

pytestmark = pytest.mark.django_db


@pytest.fixture
def race(player_client):
    a, b, outsider = player_client(), player_client(), player_client()
    gid = a.post("/api/v1/games/", {"game": "race", "players": 2, "options": {"target": 5}}, format="json").json()["id"]
    b.post(f"/api/v1/games/{gid}/join/", {}, format="json")
    return gid, a, b, outsider


def snapshot(gid):
    game = Game.objects.get(pk=gid)
    return (game.version, game.head_hash, game.state, list(Event.objects.filter(game_id=gid).values_list("seq", flat=True)))


def assert_error(response, status, code):
    assert response.status_code == status, response.content
    body = response.json()
    assert body["error"]["code"] == code, body
    assert body["error"]["message"] and isinstance(body["error"]["details"], dict)
    return body


def post_move(c, gid, body, **kw):
    return c.post(f"/api/v1/games/{gid}/moves/", body, format="json", **kw)


def test_malformed_json(race):
    gid, a, *_ = race
    before = snapshot(gid)
    response = a.post(f"/api/v1/games/{gid}/moves/", data="{not json", content_type="application/json")
    assert_error(response, 400, "malformed_json")
    assert snapshot(gid) == before


@pytest.mark.parametrize("body, status, code", [
    ({"expected_version": 1, "move": {"type": "fly"}}, 400, "unknown_move_type"),
    ({"expected_version": 1, "move": {"type": "step", "steps": "two"}}, 400, "invalid_move"),
    ({"expected_version": 1, "move": {"type": "step", "steps": 3}}, 400, "invalid_move"),
    ({"expected_version": 1, "move": {"type": "step", "steps": 1, "extra": True}}, 400, "invalid_move"),
    ({"expected_version": 1, "move": ["step"]}, 400, "invalid_move"),
    ({"expected_version": "one", "move": {"type": "roll"}}, 400, "invalid_input"),
    ({"move": {"type": "roll"}}, 400, "invalid_input"),
    ({"expected_version": True, "move": {"type": "roll"}}, 400, "invalid_input"),
    ({"expected_version": -1, "move": {"type": "roll"}}, 400, "invalid_input"),
    ({"expected_version": 1.5, "move": {"type": "roll"}}, 400, "invalid_input"),
    ({"expected_version": 1}, 400, "invalid_input"),
    ([{"expected_version": 1, "move": {"type": "roll"}}], 400, "invalid_input"),
    ({"expected_version": 0, "move": {"type": "roll"}}, 409, "version_conflict"),
])
def test_wrong_moves_are_refused_and_append_nothing(race, body, status, code):
    gid, a, *_ = race
    before = snapshot(gid)
    assert_error(post_move(a, gid, body), status, code)
    assert snapshot(gid) == before


def test_stale_version_reports_the_current_one(race):
    gid, a, b, _ = race
    assert post_move(a, gid, {"expected_version": 1, "move": {"type": "roll"}}).status_code == 201
    body = assert_error(post_move(b, gid, {"expected_version": 1, "move": {"type": "roll"}}), 409, "version_conflict")
    assert body["error"]["details"]["current_version"] == 2


def test_out_of_turn_and_someone_elses_game(race, client):
    gid, a, b, outsider = race
    before = snapshot(gid)
    assert_error(post_move(b, gid, {"expected_version": 1, "move": {"type": "roll"}}), 422, "not_your_turn")
    assert_error(post_move(outsider, gid, {"expected_version": 1, "move": {"type": "roll"}}), 403, "not_a_player")
    assert_error(post_move(client, gid, {"expected_version": 1, "move": {"type": "roll"}}), 401, "not_authenticated")
    assert_error(outsider.get(f"/api/v1/games/{gid}/legal-moves/"), 403, "not_a_player")
    assert_error(post_move(a, 999999, {"expected_version": 1, "move": {"type": "roll"}}), 404, "game_not_found")
    assert snapshot(gid) == before


@pytest.mark.parametrize("game_id", ["999999", "abc", "0", "-1", "99999999999999999999"])
def test_every_endpoint_on_no_game_is_404(race, game_id):
    gid, a, *_ = race
    before = snapshot(gid)
    url = f"/api/v1/games/{game_id}/"
    assert_error(a.post(url + "moves/", {"expected_version": 1, "move": {"type": "roll"}}, format="json"),
                 404, "game_not_found")
    assert_error(a.post(url + "join/", {}, format="json"), 404, "game_not_found")
    for suffix in ("", "legal-moves/", "events/", "state/?version=1", "audit/"):
        assert_error(a.get(url + suffix), 404, "game_not_found")
    assert snapshot(gid) == before


def test_a_move_with_a_bad_token_or_an_inactive_user_is_401(race, client):
    """The move's token is checked in the same query that reads the game: a token
    that matches nobody, or an inactive user's, is refused before the game is used."""
    gid, a, *_ = race
    before = snapshot(gid)
    body = {"expected_version": 1, "move": {"type": "roll"}}
    client.credentials(HTTP_AUTHORIZATION="Token " + "0" * 40)
    assert_error(post_move(client, gid, body), 401, "authentication_failed")
    a.user.is_active = False
    a.user.save(update_fields=["is_active"])
    assert_error(post_move(a, gid, body), 401, "authentication_failed")
    assert snapshot(gid) == before


def test_moves_in_a_finished_game(race):
    gid, a, b, _ = race
    version, players = 1, [a, b]
    while Game.objects.get(pk=gid).status != "finished":
        mover = players[(version - 1) % 2]
        assert post_move(mover, gid, {"expected_version": version, "move": {"type": "step", "steps": 2}}).status_code == 201
        version += 1
    before = snapshot(gid)
    seat = Game.objects.get(pk=gid).state["winner"]
    assert_error(post_move(players[seat], gid, {"expected_version": version, "move": {"type": "roll"}}),
                 422, "game_finished")
    assert snapshot(gid) == before


def test_bad_game_creation(player_client):
    a = player_client()
    assert_error(a.post("/api/v1/games/", {"game": "chess", "players": 2}, format="json"), 404, "unknown_game")
    assert_error(a.post("/api/v1/games/", {"game": "race", "players": 9}, format="json"), 400, "invalid_player_count")
    assert_error(a.post("/api/v1/games/", {"game": "race", "players": 2, "options": {"target": "far"}},
                        format="json"), 400, "invalid_options")
    assert_error(a.post("/api/v1/games/", {"game": "race", "players": 2, "bot_seats": [5]}, format="json"),
                 400, "invalid_bot_seats")
    for level in ({"a": 1}, ["best"], 3, None):     # a level that is no name: 400, not a server error
        assert_error(a.post("/api/v1/games/", {"game": "race", "players": 2, "bot_seats": [{"seat": 1, "level": level}]},
                            format="json"), 400, "invalid_bot_seats")
    assert_error(a.post("/api/v1/games/", {"game": "race", "players": 2, "time_control": {"per_move_seconds": -1}},
                        format="json"), 400, "invalid_time_control")
    assert Game.objects.count() == 0


def test_idempotency_key_replays_the_first_answer(race):
    gid, a, *_ = race
    body = {"expected_version": 1, "move": {"type": "roll"}}
    first = post_move(a, gid, body, HTTP_IDEMPOTENCY_KEY="k-1")
    assert first.status_code == 201
    after_first = snapshot(gid)
    second = post_move(a, gid, body, HTTP_IDEMPOTENCY_KEY="k-1")
    assert second.status_code == 201 and second.json() == first.json()
    assert second["Idempotent-Replayed"] == "true"
    assert snapshot(gid) == after_first, "a replayed key appends nothing"
    reused = post_move(a, gid, {"expected_version": 2, "move": {"type": "roll"}}, HTTP_IDEMPOTENCY_KEY="k-1")
    assert_error(reused, 422, "idempotency_key_reused")
    assert snapshot(gid) == after_first


def test_idempotency_key_in_flight_gets_409(race):
    from django.utils import timezone

    gid, a, *_ = race
    body = {"expected_version": 1, "move": {"type": "roll"}}
    from games.idempotency import request_fingerprint
    IdempotencyKey.objects.create(user=a.user, key="busy", created_at=timezone.now(),
                                  request_hash=request_fingerprint(f"/api/v1/games/{gid}/moves/", body))
    assert_error(post_move(a, gid, body, HTTP_IDEMPOTENCY_KEY="busy"), 409, "request_in_progress")
    assert snapshot(gid)[0] == 1


def test_errors_are_stored_for_the_key_too(race):
    gid, a, b, _ = race
    body = {"expected_version": 1, "move": {"type": "roll"}}
    first = post_move(b, gid, body, HTTP_IDEMPOTENCY_KEY="err")
    assert_error(first, 422, "not_your_turn")
    again = post_move(b, gid, body, HTTP_IDEMPOTENCY_KEY="err")
    assert again.status_code == 422 and again.json() == first.json()
