"""The web pages through Django's test client: accounts, access, settings, lobby, my games."""
from __future__ import annotations

import email
import email.policy
import json
import re
import threading

import pytest
from django.test import Client

from games import registry, selectors, services
from games.models import Event
from tests.support.factories import play_moves, started_game
from tests.support.waiting import free_port
from tests.web.hidden import leaks, secret_tokens
from worker import selectors as worker_selectors

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def empty_cache():
    from django.core.cache import cache

    cache.clear()


def browser_for(user) -> Client:
    page = Client()
    page.force_login(user)
    return page


def text_of(response) -> str:
    return response.content.decode()


def test_sign_up_makes_an_account_the_api_accepts_too(client):
    page = Client()
    answer = page.post("/signup/", {"username": "mika", "email": "mika@example.com", "password": "correct-horse-1"})
    assert answer.status_code == 302
    assert "Log out mika" in text_of(page.get("/"))
    api = client.post("/api/v1/auth/token/", {"username": "mika", "password": "correct-horse-1"}, format="json")
    assert api.status_code == 200 and api.json()["username"] == "mika"
    again = Client().post("/signup/", {"username": "MIKA", "email": "m2@example.com", "password": "correct-horse-1"})
    assert again.status_code == 200 and "That username is taken." in text_of(again)


def test_login_is_throttled_after_repeated_failures(make_user, settings):
    settings.WEB_LOGIN_ATTEMPTS = 3
    user, _ = make_user("yuki")
    page = Client()
    for _ in range(3):
        wrong = page.post("/login/", {"username": "yuki", "password": "wrong-password"})
        assert wrong.status_code == 200 and "_auth_user_id" not in page.session
    refused = page.post("/login/", {"username": "yuki", "password": "correct-horse-1"})
    assert "Too many failed logins" in text_of(refused)
    assert "_auth_user_id" not in page.session
    other = Client(REMOTE_ADDR="10.0.0.9")
    assert "Too many failed logins" in text_of(other.post("/login/", {"username": "yuki",
                                                                      "password": "correct-horse-1"}))


def test_logging_in_needs_the_csrf_token(make_user):
    make_user("sora")
    page = Client(enforce_csrf_checks=True)
    assert page.post("/login/", {"username": "sora", "password": "correct-horse-1"}).status_code == 403
    form = text_of(page.get("/login/"))
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form).group(1)
    answer = page.post("/login/", {"username": "sora", "password": "correct-horse-1", "csrfmiddlewaretoken": token})
    assert answer.status_code == 302


class Mailbox:
    def __init__(self):
        self.messages, self.lock = [], threading.Lock()

    async def handle_DATA(self, server, session, envelope):
        with self.lock:
            self.messages.append(email.message_from_bytes(envelope.content, policy=email.policy.default))
        return "250 OK"


def test_a_forgotten_password_is_reset_by_email(make_user, settings):
    from aiosmtpd.controller import Controller

    make_user("hana")
    mailbox, port = Mailbox(), free_port()
    controller = Controller(mailbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
        settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port
        settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
        settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
        page = Client()
        assert page.post("/password-reset/", {"email": "hana@example.com"}).status_code == 302
    finally:
        controller.stop()
    [message] = mailbox.messages
    assert message["To"] == "hana@example.com"
    link = re.search(r"https?://[^/\s]+(/password-reset/\S+)", message.get_content()).group(1)
    form = page.get(link, follow=True)
    assert "Choose a new password" in text_of(form)
    done = page.post(form.redirect_chain[-1][0], {"new_password1": "a-new-secret-9", "new_password2": "a-new-secret-9"})
    assert done.status_code == 302
    assert Client().login(username="hana", password="a-new-secret-9")


def test_a_logged_out_visitor_sees_public_pages_only():
    game, users = started_game("momiji", players=2)
    play_moves(game, users, 4)
    visitor = Client()
    for path in ["/", "/lobby/", f"/games/{game.pk}/", f"/games/{game.pk}/live/", f"/games/{game.pk}/log/",
                 f"/games/{game.pk}/replay/?version=3", f"/games/{game.pk}/audit/"]:
        answer = visitor.get(path)
        assert answer.status_code == 200, path
        assert not leaks([(path, text_of(answer))], secret_tokens(game.pk, None)), path
    for path in ["/games/", "/settings/", "/lobby/momiji/new/", f"/games/{game.pk}/join/"]:
        answer = visitor.get(path)
        assert answer.status_code == 302 and answer["Location"].startswith("/login/"), path
    assert visitor.get(f"/games/{game.pk}/export.json").status_code == 409
    game.refresh_from_db()
    count = Event.objects.filter(game=game).count()
    move = selectors.rules_of(game).legal_moves(game.state, game.to_move[0])[0]
    refused = visitor.post(f"/games/{game.pk}/move/", {"expected_version": game.version, "move": json.dumps(move)},
                           HTTP_HX_REQUEST="true")
    assert "Log in to play." in text_of(refused)
    assert Event.objects.filter(game=game).count() == count


@pytest.mark.parametrize("slug", ["momiji", "travel", "linie1"])
def test_the_secret_check_would_catch_another_seats_view(slug):
    """The browser tests' check is not vacuous: another seat's view, served to seat 0, is caught."""
    game, users = started_game(slug, players=2)
    other = selectors.view_for(game, 1)
    assert leaks([("/fake/", json.dumps(other))], secret_tokens(game.pk, 0))


def test_a_stale_move_is_refused_in_words_and_appends_nothing():
    game, users = started_game("momiji", players=2)
    seat = game.to_move[0]
    page = browser_for(users[seat])
    shown = game.version
    rules = selectors.rules_of(game)
    first, second = rules.legal_moves(game.state, seat)[:2]
    made = page.post(f"/games/{game.pk}/move/", {"expected_version": shown, "move": json.dumps(first)},
                     HTTP_HX_REQUEST="true")
    assert "Your move was made." in text_of(made)
    count = Event.objects.filter(game=game).count()
    stale = page.post(f"/games/{game.pk}/move/", {"expected_version": shown, "move": json.dumps(second)},
                      HTTP_HX_REQUEST="true")
    body = text_of(stale)
    assert "The game moved on while you were deciding, so your move was not made." in body
    assert Event.objects.filter(game=game).count() == count
    game.refresh_from_db()
    assert f'data-version="{game.version}"' in body  # the answer is the current position


def test_an_illegal_move_is_refused_with_the_rules_words():
    game, users = started_game("momiji", players=2)
    seat = game.to_move[0]
    page = browser_for(users[seat])
    count = Event.objects.filter(game=game).count()
    answer = page.post(f"/games/{game.pk}/move/", {"expected_version": game.version,
                                                   "move": json.dumps({"type": "activate", "objective": "most_0"})},
                       HTTP_HX_REQUEST="true")
    assert 'id="move-error"' in text_of(answer)
    assert Event.objects.filter(game=game).count() == count


def test_the_live_fragment_answers_304_while_nothing_changed():
    game, users = started_game("momiji", players=2)
    page = browser_for(users[0])
    first = page.get(f"/games/{game.pk}/live/")
    etag = first["ETag"]
    assert page.get(f"/games/{game.pk}/live/", HTTP_IF_NONE_MATCH=etag).status_code == 304
    play_moves(game, users, 1)
    assert page.get(f"/games/{game.pk}/live/", HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_settings_change_preferences_webhooks_and_the_api_token(make_user, client):
    user, token = make_user("kai")
    page = browser_for(user)
    saved = page.post("/settings/preferences/", {"mode": "digest", "time_zone": "Europe/Paris",
                                                 "quiet_start": "22:00", "quiet_end": "07:30",
                                                 "reminder_hours": "6", "digest_hour": "9"}, follow=True)
    assert "Your preferences are saved." in text_of(saved)
    prefs = worker_selectors.preferences_of(user)
    assert (prefs.mode, prefs.time_zone, prefs.quiet_start.hour, prefs.quiet_end.minute) == \
        ("digest", "Europe/Paris", 22, 30)
    refused = page.post("/settings/preferences/", {"mode": "every", "time_zone": "Mars/Olympus"}, follow=True)
    assert "IANA time zone" in text_of(refused)
    assert worker_selectors.preferences_of(user).time_zone == "Europe/Paris"
    added = page.post("/settings/webhooks/", {"url": "http://127.0.0.1:9/hook", "events": ["turn"]}, follow=True)
    [hook] = worker_selectors.webhooks_for(user)
    assert hook.secret in text_of(added) and hook.events == ["turn"]
    assert hook.secret not in text_of(page.get("/settings/"))  # shown once
    assert token in text_of(page.get("/settings/?token=show"))
    page.post("/settings/token/rotate/")
    shown = text_of(page.get("/settings/?token=show"))
    assert token not in shown
    assert client.get("/api/v1/games/?mine=1", HTTP_AUTHORIZATION=f"Token {token}").status_code == 401


def test_the_create_form_is_generated_from_the_options_schema(make_user):
    user, _ = make_user("rin")
    page = browser_for(user)
    form = text_of(page.get("/lobby/travel/new/"))
    schema = registry.get("travel").rules.options_schema()
    for name in schema["properties"]:
        assert f'name="opt_{name}"' in form, name
    boolean = next(name for name, spec in schema["properties"].items() if spec.get("type") == "boolean")
    answer = page.post("/lobby/travel/new/", {"players": "3", "seat_1": "bot:best", "seat_2": "open",
                                              f"opt_{boolean}": "on", "time_control": "3d",
                                              "timeout_policy": "skip"})
    game_id = int(re.search(r"/games/(\d+)/", answer["Location"]).group(1))
    game = selectors.game_get(game_id)
    assert game.options[boolean] is True and game.players == 3 and game.status == "open"
    assert game.time_control["per_move_seconds"] == 3 * 86400 and game.time_control["timeout_policy"] == "skip"


def test_invite_by_username_and_join_by_the_seat_link(make_user):
    host, _ = make_user("ami")
    guest, _ = make_user("bo")
    game = services.game_create(user=host, slug="momiji", players=2)
    page = browser_for(host)
    assert "?seat=1" in text_of(page.get(f"/games/{game.pk}/"))
    answer = page.post(f"/games/{game.pk}/invite/", {"username": "bo"}, follow=True)
    assert "bo is invited" in text_of(answer)
    missing = page.post(f"/games/{game.pk}/invite/", {"username": "nobody"}, follow=True)
    assert "There is no player called" in text_of(missing)
    guest_page = browser_for(guest)
    assert f"/games/{game.pk}/join/" in text_of(guest_page.get("/games/"))
    guest_page.post(f"/games/{game.pk}/join/?seat=1")
    game.refresh_from_db()
    assert game.status == "active" and game.seat_users[1] == guest.pk


def test_my_games_lists_my_turn_first_longest_waiting_first_then_others_then_finished(make_user):
    me, _ = make_user("io")
    others = [make_user(f"op{i}")[0] for i in range(4)]
    # 62 Soleils: everyone moves at once, so I am to move; the race: seat 0 (not mine) begins.
    waiting_long = services.game_create(user=me, slug="soleils", players=2)
    services.game_join(user=others[0], game_id=waiting_long.pk)
    theirs = services.game_create(user=others[1], slug="race", players=2)
    services.game_join(user=me, game_id=theirs.pk)
    waiting_short = services.game_create(user=me, slug="soleils", players=2)
    services.game_join(user=others[2], game_id=waiting_short.pk)
    finished = services.game_create(user=me, slug="momiji", players=1)
    play_moves(finished, [me], 500)
    for game in (waiting_long, theirs, waiting_short, finished):
        game.refresh_from_db()
    assert 0 in waiting_long.to_move and 0 in waiting_short.to_move and theirs.to_move == [0]  # my seat there is 1
    assert finished.status == "finished"
    body = text_of(browser_for(me).get("/games/"))
    order = [int(n) for n in re.findall(r'href="/games/(\d+)/"', body)]
    # waiting_long has waited longer for my move than waiting_short.
    assert order == [waiting_long.pk, waiting_short.pk, theirs.pk, finished.pk]
