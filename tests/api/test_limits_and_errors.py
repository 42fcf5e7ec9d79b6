"""Limits on requests, and JSON errors for every status under /api/: each refused
request appends nothing and leaves no idempotency key unfinished."""
import json

import pytest
from django.conf import settings

from games.models import Event, Game, IdempotencyKey

pytestmark = pytest.mark.django_db


@pytest.fixture
def race(player_client):
    a, b = player_client(), player_client()
    gid = a.post("/api/v1/games/", {"game": "race", "players": 2, "options": {"target": 5}}, format="json").json()["id"]
    b.post(f"/api/v1/games/{gid}/join/", {}, format="json")
    return gid, a, b


def events():
    return Event.objects.count()


def assert_error(response, status, code):
    assert response.status_code == status, response.content[:500]
    assert response["Content-Type"].startswith("application/json"), response["Content-Type"]
    body = response.json()
    assert body["error"]["code"] == code, body
    assert body["error"]["message"] and isinstance(body["error"]["details"], dict)
    return body


def post_raw(c, url, raw: str, **headers):
    return c.generic("POST", url, raw.encode(), content_type="application/json", **headers)


def nested(depth: int, leaf='"x"') -> str:
    return "[" * depth + leaf + "]" * depth


def unfinished_keys(user):
    return IdempotencyKey.objects.filter(user=user, finished=False).count()


@pytest.mark.parametrize("depth", [40, 990, 5000, 100_000])
@pytest.mark.parametrize("key", [None, "deep-key"])
def test_a_deeply_nested_move_is_refused(race, depth, key):
    gid, a, _ = race
    before = events()
    extra = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}
    raw = '{"expected_version": 1, "move": {"type": "step", "steps": %s}}' % nested(depth, "1")
    if len(raw) > settings.API_MAX_BODY_BYTES:
        assert_error(post_raw(a, f"/api/v1/games/{gid}/moves/", raw, **extra), 413, "body_too_large")
    else:
        body = assert_error(post_raw(a, f"/api/v1/games/{gid}/moves/", raw, **extra), 400, "too_deeply_nested")
        assert body["error"]["details"]["max_depth"] == settings.API_MAX_JSON_DEPTH
    assert events() == before and unfinished_keys(a.user) == 0
    # The key is free: the same key then makes the real move.
    ok = a.post(f"/api/v1/games/{gid}/moves/", {"expected_version": 1, "move": {"type": "roll"}}, format="json",
                **extra)
    assert ok.status_code == 201, ok.content
    assert events() == before + 1


def test_nesting_within_the_limit_reaches_the_rules(race):
    gid, a, _ = race
    before = events()
    raw = '{"expected_version": 1, "move": {"type": "step", "steps": %s}}' % nested(settings.API_MAX_JSON_DEPTH - 3, "1")
    assert_error(post_raw(a, f"/api/v1/games/{gid}/moves/", raw), 400, "invalid_move")
    assert events() == before


def test_deep_options_on_create_are_refused(player_client):
    a = player_client()
    raw = '{"game": "race", "players": 2, "options": {"target": %s}}' % nested(5000, "5")
    assert_error(post_raw(a, "/api/v1/games/", raw), 400, "too_deeply_nested")
    assert Game.objects.count() == 0


def test_nul_in_a_keyed_move_leaves_the_key_usable(race):
    gid, a, _ = race
    before = events()
    url = f"/api/v1/games/{gid}/moves/"
    raw = json.dumps({"expected_version": 1, "move": {"type": "\u0000"}})
    for _ in range(2):     # a retry is answered the same way, never 409 request_in_progress
        assert_error(post_raw(a, url, raw, HTTP_IDEMPOTENCY_KEY="nul-key"), 400, "invalid_input")
    assert events() == before and unfinished_keys(a.user) == 0


def test_an_error_answer_that_cannot_be_stored_releases_the_key(race):
    """The parser refuses NUL, so reach the store directly: an answer PostgreSQL cannot
    keep (a NUL in JSON text) must release the key rather than leave it unfinished."""
    from games import idempotency, services

    gid, a, _ = race
    claim = idempotency.claim(user=a.user, key="k", fingerprint="f", now=services.utcnow())
    stored = idempotency.store_answer_or_release(claim, 400, {"error": {"message": "bad \u0000 byte"}})
    row = IdempotencyKey.objects.filter(pk=claim.pk).first()
    if stored:      # SQLite keeps it: the key is finished
        assert row.finished and row.response_status == 400
    else:           # PostgreSQL refuses it: the key is gone, a retry runs afresh
        assert row is None
    assert unfinished_keys(a.user) == 0


def test_extra_top_level_fields_in_a_move_are_refused(race):
    gid, a, _ = race
    before = events()
    response = a.post(f"/api/v1/games/{gid}/moves/",
                      {"expected_version": 1, "move": {"type": "roll"}, "pad": "x" * 1000}, format="json")
    body = assert_error(response, 400, "invalid_input")
    assert "pad" in body["error"]["details"]
    assert events() == before


def test_a_body_over_the_limit_is_413(race):
    gid, a, _ = race
    before = events()
    raw = json.dumps({"expected_version": 1, "move": {"type": "roll"}, "pad": "x" * (3 * 1024 * 1024)})
    body = assert_error(post_raw(a, f"/api/v1/games/{gid}/moves/", raw, HTTP_IDEMPOTENCY_KEY="big"),
                        413, "body_too_large")
    assert body["error"]["details"]["max_bytes"] == settings.API_MAX_BODY_BYTES
    assert events() == before and unfinished_keys(a.user) == 0


@pytest.mark.parametrize("url", ["/api/v1/me/", "/api/v1/nothing/", "/api/v1/me/webhooks/abc/",
                                 "/api/v1/me/webhooks/123456789012345678901234/", "/api/v1/games/1/nothing/"])
def test_unknown_urls_are_json_404(player_client, url):
    assert_error(player_client().get(url), 404, "not_found")


def test_wrong_method_is_json_405(player_client):
    response = player_client().delete("/api/v1/games/")
    assert_error(response, 405, "method_not_allowed")
    assert "GET" in response["Allow"]


def test_a_long_url_is_json_414(player_client):
    assert_error(player_client().get("/api/v1/games/?game=" + "x" * settings.API_MAX_URL_LENGTH), 414, "uri_too_long")


def test_nul_in_the_query_is_refused(player_client):
    assert_error(player_client().get("/api/v1/games/?game=%00"), 400, "invalid_input")


def test_an_unexpected_error_is_json_500(player_client, settings):
    settings.ROOT_URLCONF = "tests.api.failing_urls"
    response = player_client().get("/api/v1/fails/")
    assert_error(response, 500, "server_error")
    assert "Traceback" not in response.content.decode()


def test_pages_outside_the_api_are_left_alone(client):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert not response["Content-Type"].startswith("application/json")


def test_not_a_player_is_403_everywhere(race, player_client):
    gid, *_ = race
    outsider = player_client()
    before = events()
    assert_error(outsider.get(f"/api/v1/games/{gid}/events/?since=my-last-move"), 403, "not_a_player")
    assert_error(outsider.get(f"/api/v1/games/{gid}/legal-moves/"), 403, "not_a_player")
    assert_error(outsider.post(f"/api/v1/games/{gid}/moves/", {"expected_version": 1, "move": {"type": "roll"}},
                               format="json"), 403, "not_a_player")
    assert events() == before


@pytest.mark.parametrize("query", ["mine=null", "mine=", "my_turn=yes", "limit=0", "limit=201", "limit=", "before=x",
                                   "limit=%D9%A1", "status=", "status=weird"])
def test_list_filters_take_only_what_the_schema_says(player_client, query):
    assert_error(player_client().get(f"/api/v1/games/?{query}"), 400, "invalid_filter")


def test_the_game_list_pages_by_cursor(player_client):
    a = player_client()
    ids = [a.post("/api/v1/games/", {"game": "race", "players": 2}, format="json").json()["id"] for _ in range(5)]
    seen, url = [], "/api/v1/games/?mine=true&limit=2"
    while url:
        response = a.get(url)
        assert response.status_code == 200
        seen += [game["id"] for game in response.json()]
        link = response.get("Link")
        url = link[link.index("/api/"):link.index(">")] if link else None
    assert seen == sorted(ids, reverse=True)
