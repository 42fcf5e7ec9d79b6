"""What players hear, and that they hear it once: emails, preferences, digests, webhooks.

The worker's steps run in-process with an injected clock; webhooks go to a real
HTTP server on loopback.
"""
import json
from datetime import time, timedelta

import pytest
from django.core import mail

from games import services
from games.models import Outbox
from tests.worker.helpers import T0, drain, timed_game
from worker import digest, relay, webhooks
from worker.models import Delivery, NotificationPreference, Webhook

pytestmark = pytest.mark.django_db

TC = {"per_move": "3d", "reminder_before": "1d"}


@pytest.fixture(autouse=True)
def _mail(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.SITE_URL = "http://testserver.example"
    settings.WORKER_WEBHOOK_BACKOFF = [5, 60]


def test_the_turn_email_says_what_happened_and_when_it_is_due():
    game, users = timed_game(time_control=TC, names=["ann", "bob"])
    services.move_submit(user=users[0], game_id=game.pk, expected_version=game.version,
                         move={"type": "step", "steps": 2}, now=T0)
    drain(now=T0)
    message = next(m for m in mail.outbox if m.to == ["bob@example.com"])
    assert message.subject == f"[LudoPost] Your turn in Race (test game) #{game.pk}"
    assert "Seat 0 stepped 2." in message.body
    assert "Your move is due 2030-01-12 12:00 UTC" in message.body
    assert f"The game on the web: http://testserver.example/games/{game.pk}/" in message.body
    html = message.alternatives[0]
    assert html[1] == "text/html" and "<strong>your turn</strong>" in html[0]
    unsubscribe = message.extra_headers["List-Unsubscribe"]
    assert unsubscribe.startswith("<http://testserver.example/api/v1/unsubscribe/")
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert message.extra_headers["X-LudoPost-Head-Hash"]


def test_relaying_twice_sends_nothing_twice():
    game, users = timed_game(time_control=TC)
    drain(now=T0)
    before = Delivery.objects.count()
    Outbox.objects.filter(game=game).update(status="pending")  # as if a relay had died before committing
    drain(now=T0)
    assert Delivery.objects.count() == before
    assert len(mail.outbox) == 1


def test_quiet_hours_hold_mail_until_they_end():
    game, users = timed_game(time_control=TC, names=["owl", "lark"])
    NotificationPreference.objects.create(user=users[1], time_zone="Europe/Paris",
                                          quiet_start=time(12, 0), quiet_end=time(14, 30))
    services.move_submit(user=users[0], game_id=game.pk, expected_version=game.version,
                         move={"type": "step", "steps": 1}, now=T0)  # 13:00 in Paris
    drain(now=T0)
    assert not [m for m in mail.outbox if m.to == ["lark@example.com"]]
    held = Delivery.objects.get(user=users[1], kind="turn")
    assert held.next_attempt_at == T0 + timedelta(hours=1, minutes=30)
    drain(now=T0 + timedelta(hours=1, minutes=30))
    assert [m.subject for m in mail.outbox if m.to == ["lark@example.com"]]


def test_digest_mode_sends_one_email_a_day():
    game, users = timed_game(time_control=TC, names=["dig", "other"])
    NotificationPreference.objects.create(user=users[0], mode="digest", digest_hour=8)
    drain(now=T0)
    assert not [m for m in mail.outbox if m.to == ["dig@example.com"]]
    assert Delivery.objects.get(user=users[0], kind="turn").status == "held"
    assert digest.make_digests(now=T0) == 1
    assert digest.make_digests(now=T0 + timedelta(hours=1)) == 0  # one a day
    drain(now=T0)
    digests = [m for m in mail.outbox if m.to == ["dig@example.com"]]
    assert len(digests) == 1 and digests[0].subject == "[LudoPost] Your LudoPost digest: 1 update"
    assert f"It became your turn in Race (test game) #{game.pk}." in digests[0].body


def test_mode_none_sends_no_email():
    game, users = timed_game(time_control=TC, names=["quiet", "loud"])
    NotificationPreference.objects.create(user=users[0], mode="none")
    drain(now=T0)
    assert not mail.outbox


def test_the_unsubscribe_link_turns_email_off(client):
    game, users = timed_game(time_control=TC, names=["leaver", "stayer"])
    drain(now=T0)
    link = mail.outbox[0].extra_headers["List-Unsubscribe"].strip("<>").removeprefix("http://testserver.example")
    assert client.get(link).json()["mode"] == "unchanged"
    page = client.get(link, HTTP_ACCEPT="text/html")
    assert b"<button" in page.content
    answer = client.post(link, {"List-Unsubscribe": "One-Click"})  # RFC 8058 one-click, form-encoded
    assert answer.status_code == 200 and answer.json()["mode"] == "none"
    assert NotificationPreference.objects.get(user=users[0]).mode == "none"
    assert client.post(link).status_code == 200  # again: still fine
    bad = client.post(link.replace("/unsubscribe/", "/unsubscribe/x"))
    assert bad.status_code == 404 and bad.json()["error"]["code"] == "invalid_token"


def test_the_game_end_email_has_the_results():
    game, users = timed_game(options={"target": 3}, time_control=TC, names=["win", "lose"])
    services.move_submit(user=users[0], game_id=game.pk, expected_version=game.version,
                         move={"type": "step", "steps": 2}, now=T0)
    game.refresh_from_db()
    services.move_submit(user=users[1], game_id=game.pk, expected_version=game.version,
                         move={"type": "step", "steps": 1}, now=T0)
    game.refresh_from_db()
    services.move_submit(user=users[0], game_id=game.pk, expected_version=game.version,
                         move={"type": "step", "steps": 2}, now=T0)
    drain(now=T0)
    over = [m for m in mail.outbox if "is over" in m.subject]
    assert sorted(m.subject for m in over) == sorted([
        f"[LudoPost] Race (test game) #{game.pk} is over: you won",
        f"[LudoPost] Race (test game) #{game.pk} is over: you placed 2"])
    assert "1. win: " in next(m.body for m in over if m.to == ["win@example.com"])


# -- webhooks --------------------------------------------------------------------------------------

def test_webhooks_are_signed_and_deduplicable(webhook_receiver):
    game, users = timed_game(time_control=TC, names=["hooked", "plain"])
    secret = "s3cret-s3cret-s3cret"
    Webhook.objects.create(user=users[0], url=webhook_receiver.url + "/hook", secret=secret, created_at=T0)
    drain(now=T0)
    [request] = webhook_receiver.accepted()
    body = request["json"]
    assert body["type"] == "turn" and body["seat"] == 0 and body["game"]["id"] == game.pk
    assert body["deadline"] == "2030-01-12T12:00:00.000000Z"
    assert body["game"]["head_hash"] == game.head_hash
    assert request["headers"]["X-LudoPost-Delivery"] == body["id"]
    assert webhooks.verify(secret, request["body"], request["headers"]["X-LudoPost-Signature"])
    assert not webhooks.verify("another-secret-entirely", request["body"], request["headers"]["X-LudoPost-Signature"])
    assert json.loads(request["body"]) == body


def test_a_failing_receiver_gets_retries_with_backoff_then_the_same_event(webhook_receiver):
    game, users = timed_game(time_control=TC, names=["flaky", "fine"])
    Webhook.objects.create(user=users[0], url=webhook_receiver.url, secret="0123456789abcdef", created_at=T0)
    webhook_receiver.fail_first = 1
    drain(now=T0)
    delivery = Delivery.objects.get(channel="webhook")
    assert delivery.status == "pending" and delivery.attempts == 1 and "503" in delivery.last_error
    assert delivery.next_attempt_at == T0 + timedelta(seconds=5)
    drain(now=T0 + timedelta(seconds=4))
    assert len(webhook_receiver.requests) == 1
    drain(now=T0 + timedelta(seconds=5))
    first, second = webhook_receiver.requests
    assert first["body"] == second["body"] and second["headers"]["X-LudoPost-Attempt"] == "2"
    assert Delivery.objects.get(channel="webhook").status == "sent"


def test_seat_webhooks_hear_about_their_seat_only(webhook_receiver):
    game, users = timed_game(time_control=TC, names=["seat-a", "seat-b"])
    Webhook.objects.create(user=users[1], url=webhook_receiver.url, game=game, seat=1, events=["turn"],
                           created_at=T0)
    drain(now=T0)
    assert webhook_receiver.requests == []  # seat 0 is to move
    services.move_submit(user=users[0], game_id=game.pk, expected_version=game.version,
                         move={"type": "step", "steps": 1}, now=T0)
    drain(now=T0)
    assert [r["json"]["seat"] for r in webhook_receiver.accepted()] == [1]


def test_timeouts_are_posted_to_every_player(webhook_receiver):
    game, users = timed_game(time_control={"per_move": "1h"}, names=["late", "watcher"])
    for account in users:
        Webhook.objects.create(user=account, url=f"{webhook_receiver.url}/{account.username}",
                               events=["seat.timed_out"], created_at=T0)
    drain(now=T0 + timedelta(hours=1))
    posted = sorted((r["path"], r["json"]["timed_out_seat"], r["json"]["policy"]) for r in webhook_receiver.accepted())
    assert posted == [("/late", 0, "bot"), ("/watcher", 0, "bot")]


def test_unknown_outbox_kinds_are_set_aside():
    Outbox.objects.create(kind="something.new", payload={}, created_at=T0, available_at=T0)
    assert relay.relay_outbox(now=T0) == 1
    assert Outbox.objects.get(kind="something.new").status == "done"


def test_a_send_cut_short_is_sent_again_once_its_lease_runs_out(settings):
    """A runner that claimed an email and died: after the lease, the email goes out once."""
    from worker import deliver

    settings.WORKER_LEASE_SECONDS = 60
    game, users = timed_game(time_control=TC, names=["cut", "short"])
    relay.relay_outbox(now=T0)
    email = Delivery.objects.get(channel="email")
    assert deliver._claim(email.pk, now=T0)  # ... and the runner dies here
    drain(now=T0 + timedelta(seconds=59))
    assert not mail.outbox and Delivery.objects.get(pk=email.pk).status == "sending"
    drain(now=T0 + timedelta(seconds=61))
    drain(now=T0 + timedelta(seconds=200))
    assert len(mail.outbox) == 1
    email.refresh_from_db()
    assert email.status == "sent" and email.attempts == 2
