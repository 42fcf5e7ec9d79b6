"""The REST API from account to finished game, with the test game "race"."""
import pytest
from rest_framework.test import APIClient

from games.models import Event

pytestmark = pytest.mark.django_db


def create_race(a, b, **extra):
    body = {"game": "race", "players": 2, "options": {"target": 6}, **extra}
    created = a.post("/api/v1/games/", body, format="json")
    assert created.status_code == 201, created.json()
    game_id = created.json()["id"]
    joined = b.post(f"/api/v1/games/{game_id}/join/", {"player_seed": "bob's luck"}, format="json")
    assert joined.status_code == 200, joined.json()
    return joined.json()


def move(c, game_id, version, body, **headers):
    return c.post(f"/api/v1/games/{game_id}/moves/", {"expected_version": version, "move": body},
                  format="json", **headers)


def test_account_and_token(client):
    created = client.post("/api/v1/accounts/", {"username": "carol", "email": "c@example.com",
                                                "password": "a-long-password"}, format="json")
    assert created.status_code == 201
    token = client.post("/api/v1/auth/token/", {"username": "carol", "password": "a-long-password"}, format="json")
    assert token.status_code == 200 and token.json()["token"] == created.json()["token"]
    wrong = client.post("/api/v1/auth/token/", {"username": "carol", "password": "nope-nope"}, format="json")
    assert wrong.status_code == 401 and wrong.json()["error"]["code"] == "invalid_credentials"
    again = client.post("/api/v1/accounts/", {"username": "carol", "email": "c@example.com",
                                              "password": "a-long-password"}, format="json")
    assert again.status_code == 409 and again.json()["error"]["code"] == "username_taken"


def test_a_revoked_token_stops_working_and_login_issues_a_new_one(client, player_client):
    a = player_client()
    old = a._credentials["HTTP_AUTHORIZATION"]
    game = a.post("/api/v1/games/", {"game": "race", "players": 2}, format="json").json()["id"]
    assert a.delete("/api/v1/auth/token/").status_code == 204
    for response in (a.get("/api/v1/games/?mine=1"), a.post(f"/api/v1/games/{game}/moves/",
                     {"expected_version": 0, "move": {"type": "roll"}}, format="json"),
                     a.delete("/api/v1/auth/token/")):
        assert response.status_code == 401 and response.json()["error"]["code"] == "authentication_failed"
    # Logging in needs no token, and a stale one does not stand in the way.
    fresh = a.post("/api/v1/auth/token/", {"username": a.user.username, "password": "correct-horse-1"},
                   format="json")
    assert fresh.status_code == 200 and f"Token {fresh.json()['token']}" != old
    client.credentials(HTTP_AUTHORIZATION=f"Token {fresh.json()['token']}")
    assert [g["id"] for g in client.get("/api/v1/games/?mine=1").json()] == [game]
    anonymous = APIClient().delete("/api/v1/auth/token/")
    assert anonymous.status_code == 401 and anonymous.json()["error"]["code"] == "not_authenticated"


def test_catalog_lists_games_with_schemas(client):
    listed = client.get("/api/v1/catalog/").json()
    race = next(entry for entry in listed if entry["slug"] == "race")
    assert race["min_players"] == 1 and race["max_players"] == 4
    assert "oneOf" in race["move_schema"]
    assert client.get("/api/v1/catalog/race/").json()["options_schema"]["properties"]["target"]["default"] == 10
    missing = client.get("/api/v1/catalog/chess/")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "unknown_game"


def test_a_game_from_creation_to_the_end(player_client, client):
    a, b = player_client("ann"), player_client("ben")
    game = create_race(a, b)
    gid = game["id"]
    assert game["status"] == "active" and game["version"] == 1 and game["to_move"] == [0]
    assert len(game["seed_commitment"]) == 64
    legal = a.get(f"/api/v1/games/{gid}/legal-moves/").json()
    assert {"type": "roll"} in legal["moves"] and legal["seat"] == 0
    assert b.get(f"/api/v1/games/{gid}/legal-moves/").json()["moves"] == []
    version, turn = 1, 0
    while True:
        mover = a if turn == 0 else b
        answer = move(mover, gid, version, {"type": "step", "steps": 2})
        assert answer.status_code == 201, answer.json()
        data = answer.json()
        assert data["version"] == version + 1
        assert data["events"][0]["description"].startswith(f"Seat {turn} stepped 2")
        version = data["version"]
        if data["status"] == "finished":
            break
        turn = 1 - turn
    final = client.get(f"/api/v1/games/{gid}/").json()
    assert final["status"] == "finished" and final["outcome"]["winners"] == [0]
    audit = client.get(f"/api/v1/games/{gid}/audit/").json()
    assert audit["verified"] is True and audit["server_seed"]
    assert audit["player_seeds"] == ["", "bob's luck"]
    assert len(audit["export"]["events"]) == final["version"]


def test_views_hide_other_seats_secrets_until_the_end(player_client, client):
    a, b = player_client(), player_client()
    gid = create_race(a, b)["id"]
    secrets = Event.objects.get(game_id=gid, seq=1).payload["secrets"]
    view_a = a.get(f"/api/v1/games/{gid}/").json()["view"]
    view_b = b.get(f"/api/v1/games/{gid}/").json()["view"]
    spectator = client.get(f"/api/v1/games/{gid}/").json()["view"]
    assert view_a["secrets"] == [secrets[0], None]
    assert view_b["secrets"] == [None, secrets[1]]
    assert spectator["secrets"] == [None, None]
    events_b = b.get(f"/api/v1/games/{gid}/events/").json()["events"]
    assert events_b[0]["payload"]["secrets"] == [None, secrets[1]]
    audit = client.get(f"/api/v1/games/{gid}/audit/").json()
    assert audit["server_seed"] is None and audit["export"] is None


def test_events_since_my_last_move_and_pagination(player_client):
    a, b = player_client(), player_client()
    gid = create_race(a, b, options={"target": 50})["id"]
    assert move(a, gid, 1, {"type": "step", "steps": 1}).status_code == 201
    assert move(b, gid, 2, {"type": "roll"}).status_code == 201
    assert move(a, gid, 3, {"type": "step", "steps": 2}).status_code == 201
    assert move(b, gid, 4, {"type": "step", "steps": 1}).status_code == 201
    since = a.get(f"/api/v1/games/{gid}/events/?since=my-last-move").json()
    assert [e["seq"] for e in since["events"]] == [5]
    assert since["events"][0]["description"] == "Seat 1 stepped 1."
    page = a.get(f"/api/v1/games/{gid}/events/?after=1&limit=2").json()
    assert [e["seq"] for e in page["events"]] == [2, 3] and page["next_after"] == 3


def test_state_at_a_past_version_is_the_replay(player_client):
    a, b = player_client(), player_client()
    gid = create_race(a, b, options={"target": 50})["id"]
    move(a, gid, 1, {"type": "step", "steps": 2})
    move(b, gid, 2, {"type": "step", "steps": 1})
    assert a.get(f"/api/v1/games/{gid}/state/?version=2").json()["view"]["totals"] == [2, 0]
    assert a.get(f"/api/v1/games/{gid}/state/?version=3").json()["view"]["totals"] == [2, 1]
    bad = a.get(f"/api/v1/games/{gid}/state/?version=99")
    assert bad.status_code == 404 and bad.json()["error"]["code"] == "version_not_found"
    assert bad.json()["error"]["details"]["current_version"] == 3


def test_conditional_get_with_etag(player_client):
    a, b = player_client(), player_client()
    gid = create_race(a, b)["id"]
    first = a.get(f"/api/v1/games/{gid}/")
    etag = first["ETag"]
    assert a.get(f"/api/v1/games/{gid}/", HTTP_IF_NONE_MATCH=etag).status_code == 304
    assert b.get(f"/api/v1/games/{gid}/", HTTP_IF_NONE_MATCH=etag).status_code == 200, "the ETag is per seat"
    move(a, gid, 1, {"type": "roll"})
    assert a.get(f"/api/v1/games/{gid}/", HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_list_filters(player_client):
    a, b, c = player_client(), player_client(), player_client()
    gid = create_race(a, b)["id"]
    open_game = c.post("/api/v1/games/", {"game": "race", "players": 3}, format="json").json()["id"]
    assert [g["id"] for g in a.get("/api/v1/games/?mine=1").json()] == [gid]
    assert [g["id"] for g in a.get("/api/v1/games/?my_turn=1").json()] == [gid]
    assert b.get("/api/v1/games/?my_turn=1").json() == []
    assert open_game in [g["id"] for g in c.get("/api/v1/games/?status=open").json()]
    assert c.get("/api/v1/games/?status=weird").status_code == 400


def test_bot_seats_and_join_rules(player_client):
    a, b = player_client(), player_client()
    created = a.post("/api/v1/games/", {"game": "race", "players": 3, "bot_seats": [{"seat": 2, "level": "random"}]},
                     format="json").json()
    assert created["seats"][2]["bot_level"] == "random" and created["status"] == "open"
    taken = b.post(f"/api/v1/games/{created['id']}/join/", {"seat": 2}, format="json")
    assert taken.status_code == 409 and taken.json()["error"]["code"] == "seat_taken"
    joined = b.post(f"/api/v1/games/{created['id']}/join/", {}, format="json").json()
    assert joined["status"] == "active" and joined["your_seat"] == 1
    again = a.post(f"/api/v1/games/{created['id']}/join/", {}, format="json")
    assert again.status_code == 409 and again.json()["error"]["code"] == "game_not_open"


def test_a_table_of_bots_for_a_watching_creator(player_client):
    a = player_client()
    created = a.post("/api/v1/games/", {"game": "race", "players": 3, "creator_plays": False,
                                        "bot_seats": [0, 1, {"seat": 2, "level": "random"}]}, format="json")
    assert created.status_code == 201, created.json()
    data = created.json()
    assert data["status"] == "active" and data["your_seat"] is None
    assert [seat["bot_level"] for seat in data["seats"]] == ["best", "best", "random"]
    assert data["view"]["secrets"] == [None, None, None], "a watching creator sees what a spectator sees"
    refused = a.post("/api/v1/games/", {"game": "race", "players": 2, "bot_seats": [0]}, format="json")
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "invalid_bot_seats"
