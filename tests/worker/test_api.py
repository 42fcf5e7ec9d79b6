"""The worker's endpoints: preferences, webhooks, vacations, clocks. Every bad input is
a clear JSON error and changes nothing."""
from datetime import timedelta

import pytest
from rest_framework.test import APIClient

from games.models import Deadline, Seat
from tests.worker.helpers import timed_game
from worker import clock
from worker.models import NotificationPreference, Vacation, Webhook

pytestmark = pytest.mark.django_db


def client_for(user) -> APIClient:
    from rest_framework.authtoken.models import Token

    c = APIClient()
    c.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    c.user = user
    return c


def error(response, status, code):
    assert response.status_code == status, response.content
    body = response.json()
    assert set(body) == {"error"} and body["error"]["code"] == code, body
    assert body["error"]["message"]
    return body["error"]


@pytest.fixture
def fixed_now(monkeypatch):
    moment = clock.now().replace(microsecond=0)
    monkeypatch.setattr(clock, "now", lambda: moment)
    return moment


# -- preferences ------------------------------------------------------------------------------------

def test_preferences_default_then_change(player_client):
    c = player_client("prefs")
    answer = c.get("/api/v1/me/notifications/").json()
    assert answer["mode"] == "every" and answer["time_zone"] == "UTC" and answer["quiet_hours"] is None
    assert answer["unsubscribe_url"].startswith("http")
    changed = c.patch("/api/v1/me/notifications/", {"mode": "digest", "time_zone": "Europe/Paris",
                                                     "quiet_hours": {"start": "22:00", "end": "07:30"},
                                                     "reminder_hours": 6, "digest_hour": 9}, format="json")
    assert changed.status_code == 200
    assert changed.json() | {"unsubscribe_url": None, "email": None} == {
        "mode": "digest", "time_zone": "Europe/Paris", "quiet_hours": {"start": "22:00", "end": "07:30"},
        "reminder_hours": 6.0, "digest_hour": 9, "unsubscribe_url": None, "email": None}
    cleared = c.patch("/api/v1/me/notifications/", {"quiet_hours": None}, format="json").json()
    assert cleared["quiet_hours"] is None and cleared["mode"] == "digest"


@pytest.mark.parametrize("body, code", [
    ({"mode": "sometimes"}, "invalid_input"),
    ({"time_zone": "Mars/Olympus"}, "invalid_time_zone"),
    ({"quiet_hours": {"start": "23:00"}}, "invalid_input"),
    ({"quiet_hours": {"start": "25:00", "end": "07:00"}}, "invalid_input"),
    ({"quiet_hours": {"start": "07:00", "end": "07:00"}}, "invalid_quiet_hours"),
    ({"reminder_hours": -1}, "invalid_input"),
    ({"digest_hour": 24}, "invalid_input"),
    (["mode", "none"], "invalid_input"),
])
def test_bad_preferences_change_nothing(player_client, body, code):
    c = player_client()
    c.patch("/api/v1/me/notifications/", {"mode": "digest"}, format="json")
    error(c.patch("/api/v1/me/notifications/", {**body, "mode": "none"} if isinstance(body, dict) and
                  "mode" not in body else body, format="json"), 400, code)
    assert NotificationPreference.objects.get(user=c.user).mode == "digest"


def test_malformed_json_and_anonymous_requests(player_client, client):
    c = player_client()
    error(c.generic("PATCH", "/api/v1/me/notifications/", "{not json", content_type="application/json"),
          400, "malformed_json")
    error(client.get("/api/v1/me/notifications/"), 401, "not_authenticated")
    error(client.post("/api/v1/me/webhooks/", {"url": "http://example.com"}, format="json"), 401, "not_authenticated")


# -- webhooks -----------------------------------------------------------------------------------------

def test_webhook_lifecycle(player_client):
    c = player_client()
    created = c.post("/api/v1/me/webhooks/", {"url": "https://example.com/hook", "events": ["turn"]}, format="json")
    assert created.status_code == 201
    hook = created.json()
    assert len(hook["secret"]) >= 32 and hook["secret_hint"] == hook["secret"][-4:]
    listed = c.get("/api/v1/me/webhooks/").json()
    assert [h["id"] for h in listed] == [hook["id"]] and "secret" not in listed[0]
    rotated = c.patch(f"/api/v1/me/webhooks/{hook['id']}/", {"rotate_secret": True, "active": False},
                      format="json").json()
    assert rotated["secret"] != hook["secret"] and rotated["active"] is False
    error(c.post(f"/api/v1/me/webhooks/{hook['id']}/ping/"), 409, "webhook_inactive")
    c.patch(f"/api/v1/me/webhooks/{hook['id']}/", {"active": True}, format="json")
    ping = c.post(f"/api/v1/me/webhooks/{hook['id']}/ping/")
    assert ping.status_code == 202 and ping.json()["type"] == "ping" and ping.json()["status"] == "pending"
    assert [d["type"] for d in c.get(f"/api/v1/me/webhooks/{hook['id']}/deliveries/").json()] == ["ping"]
    assert c.delete(f"/api/v1/me/webhooks/{hook['id']}/").status_code == 204
    error(c.get(f"/api/v1/me/webhooks/{hook['id']}/"), 404, "webhook_not_found")


@pytest.mark.parametrize("body, status, code", [
    ({"url": "ftp://example.com/x"}, 400, "invalid_url"),
    ({"url": "not a url"}, 400, "invalid_url"),
    ({"url": "https://user:pw@example.com/"}, 400, "invalid_url"),
    ({"url": "https://example.com/", "secret": "short"}, 400, "invalid_input"),
    ({"url": "https://example.com/", "events": ["everything"]}, 400, "invalid_events"),
    ({"url": "https://example.com/", "seat": 1}, 400, "invalid_seat"),
    ({"url": "https://example.com/", "game": 999999}, 404, "game_not_found"),
])
def test_bad_webhooks_are_refused(player_client, body, status, code):
    c = player_client()
    error(c.post("/api/v1/me/webhooks/", body, format="json"), status, code)
    assert not Webhook.objects.exists()


def test_private_addresses_are_refused_in_production(player_client, settings):
    settings.WORKER_WEBHOOK_ALLOW_PRIVATE = False
    c = player_client()
    error(c.post("/api/v1/me/webhooks/", {"url": "http://127.0.0.1:8080/"}, format="json"), 400, "invalid_url")


def test_seat_webhooks_only_for_your_own_seat():
    game, users = timed_game(time_control={"per_move": "1d"}, names=["mine", "theirs"])
    c = client_for(users[0])
    error(c.post("/api/v1/me/webhooks/", {"url": "https://example.com/", "game": game.pk, "seat": 1}, format="json"),
          403, "not_your_seat")
    made = c.post("/api/v1/me/webhooks/", {"url": "https://example.com/", "game": game.pk}, format="json").json()
    assert made["seat"] == 0 and made["game"] == game.pk
    other = client_for(users[1])
    error(other.get(f"/api/v1/me/webhooks/{made['id']}/"), 404, "webhook_not_found")
    error(other.delete(f"/api/v1/me/webhooks/{made['id']}/"), 404, "webhook_not_found")
    assert Webhook.objects.count() == 1


# -- vacations -----------------------------------------------------------------------------------------

def vacation_game(now, names, days=3):
    return timed_game(time_control={"per_move": "2d", "vacation_days": days, "reminder_before": "1d"},
                      names=names, now=now)


def test_a_vacation_moves_the_deadline_and_counts_against_the_allowance(fixed_now):
    game, users = vacation_game(fixed_now, ["away", "home"])
    c = client_for(users[0])
    booked = c.post("/api/v1/me/vacations/", {"game": game.pk, "days": 2}, format="json")
    assert booked.status_code == 201, booked.content
    [vacation] = booked.json()["booked"]
    assert vacation["days"] == 2 and vacation["seat"] == 0
    seat = Seat.objects.get(game=game, number=0)
    assert seat.deadline == fixed_now + timedelta(days=4)
    assert Deadline.objects.get(game=game, seat=0, kind="timeout", done=False).due_at == seat.deadline
    assert Deadline.objects.get(game=game, seat=0, kind="reminder").due_at == seat.deadline - timedelta(days=1)
    clocks = c.get(f"/api/v1/games/{game.pk}/clocks/").json()
    mine = clocks["seats"][0]
    assert mine["on_vacation"] is True and mine["clock_running"] is False and mine["vacation_days_left"] == 1
    assert mine["remaining_seconds"] == 2 * 86400
    assert len(mine["vacations"]) == 1
    public = APIClient().get(f"/api/v1/games/{game.pk}/clocks/").json()["seats"][0]
    assert public["on_vacation"] is True and public["vacations"] == []  # the dates are the player's own
    listing = c.get("/api/v1/me/vacations/").json()
    assert listing["games"] == [{"game": game.pk, "seat": 0, "year": fixed_now.year, "days_left": 1}]
    error(c.post("/api/v1/me/vacations/", {"game": game.pk, "days": 2, "start": (
        fixed_now + timedelta(days=10)).isoformat()}, format="json"), 422, "not_enough_vacation_days")
    error(c.post("/api/v1/me/vacations/", {"game": game.pk, "days": 1}, format="json"), 409, "vacation_overlaps")
    # Ending it early gives back the unused day and brings the deadline forward again.
    shortened = c.delete(f"/api/v1/me/vacations/{vacation['id']}/")
    assert shortened.status_code == 200 and shortened.json()["days"] == 1
    assert Seat.objects.get(game=game, number=0).deadline == fixed_now + timedelta(days=2)
    assert c.get("/api/v1/me/vacations/").json()["games"][0]["days_left"] == 2


def test_a_future_vacation_can_be_cancelled(fixed_now):
    game, users = vacation_game(fixed_now, ["planner", "other"])
    c = client_for(users[0])
    start = fixed_now + timedelta(days=1)
    [vacation] = c.post("/api/v1/me/vacations/", {"game": game.pk, "days": 3, "start": start.isoformat()},
                        format="json").json()["booked"]
    assert Seat.objects.get(game=game, number=0).deadline == fixed_now + timedelta(days=5)
    assert c.delete(f"/api/v1/me/vacations/{vacation['id']}/").status_code == 204
    assert not Vacation.objects.exists()
    assert Seat.objects.get(game=game, number=0).deadline == fixed_now + timedelta(days=2)
    error(client_for(users[1]).delete(f"/api/v1/me/vacations/{vacation['id']}/"), 404, "vacation_not_found")


def test_a_vacation_in_every_game_that_allows_it(fixed_now):
    first, users = vacation_game(fixed_now, ["busy", "a1"])
    second, _ = timed_game(time_control={"per_move": "1d"}, names=["busy", "a2"], now=fixed_now)
    c = client_for(users[0])
    answer = c.post("/api/v1/me/vacations/", {"days": 1}, format="json").json()
    assert [v["game"] for v in answer["booked"]] == [first.pk]
    assert answer["skipped"] == [{"game": second.pk, "code": "no_vacation_days",
                                  "message": "This game's time control has no vacation days."}]


@pytest.mark.parametrize("body, status, code", [
    ({"days": 0}, 400, "invalid_input"),
    ({"days": "two"}, 400, "invalid_input"),
    ({"days": 1, "start": "2001-01-01T00:00:00Z"}, 400, "invalid_start"),
    ({"days": 1, "game": 999999}, 404, "game_not_found"),
])
def test_bad_vacations_change_nothing(fixed_now, body, status, code):
    game, users = vacation_game(fixed_now, [f"v{status}{code}", f"w{status}{code}"])
    c = client_for(users[0])
    error(c.post("/api/v1/me/vacations/", body, format="json"), status, code)
    assert not Vacation.objects.exists()
    assert Seat.objects.get(game=game, number=0).deadline == fixed_now + timedelta(days=2)


def test_no_vacation_in_a_game_without_vacation_days_or_without_a_seat(fixed_now, player_client):
    game, users = timed_game(time_control={"per_move": "1d"}, names=["nov", "nov2"], now=fixed_now)
    error(client_for(users[0]).post("/api/v1/me/vacations/", {"game": game.pk, "days": 1}, format="json"),
          422, "no_vacation_days")
    error(player_client().post("/api/v1/me/vacations/", {"game": game.pk, "days": 1}, format="json"),
          403, "not_a_player")
    error(client_for(users[0]).post("/api/v1/me/vacations/", {"days": 1}, format="json"), 422, "no_vacation_booked")


# -- clocks --------------------------------------------------------------------------------------------

def test_clocks_show_each_deadline_in_utc_and_the_bank_left(fixed_now, client):
    game, users = timed_game(time_control={"bank": "1h", "increment": "5m"}, names=["bank0", "bank1"],
                             now=fixed_now - timedelta(minutes=10))
    clocks = client.get(f"/api/v1/games/{game.pk}/clocks/").json()
    first, second = clocks["seats"]
    assert first["to_move"] and first["clock_running"]
    assert first["deadline"].endswith("Z") or first["deadline"].endswith("+00:00")
    assert first["remaining_seconds"] == 3000 and second["remaining_seconds"] == 3600
    assert second["deadline"] is None
    assert clocks["description"].startswith("a bank of 1 hour plus 5 minutes per move")
    error(client.get("/api/v1/games/999999/clocks/"), 404, "game_not_found")


def test_the_openapi_document_describes_the_worker_endpoints(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    for path in ("/api/v1/me/notifications/", "/api/v1/me/webhooks/", "/api/v1/me/webhooks/{id}/ping/",
                 "/api/v1/me/vacations/", "/api/v1/games/{game_id}/clocks/", "/api/v1/unsubscribe/{token}/"):
        assert path in schema["paths"], path
