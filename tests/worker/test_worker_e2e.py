"""The worker for real: a Celery worker on Redis, email through an SMTP server, webhooks
to an HTTP server — all started by the tests, no mocks, no eager tasks."""
from datetime import datetime, timezone

import pytest

from games.audit import verify_game
from games.models import Game
from tests.worker.conftest import wait_for
from tests.worker.helpers import batches, bot_game, timed_game
from worker import webhooks
from worker.models import Delivery, Webhook

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def finished(game_id):
    return Game.objects.filter(pk=game_id, status="finished").exists()


def test_a_table_of_three_bots_plays_to_the_end_on_its_own(celery_worker):
    game = bot_game("race", 3, options={"target": 30})
    wait_for(lambda: finished(game.pk), timeout=60, message="the bots to finish")
    game.refresh_from_db()
    log = batches(game)
    assert [b["kind"] for b in log[1:]] == ["bot"] * (len(log) - 1)
    # Seats took turns 0, 1, 2, 0, ...: no move twice, none skipped.
    assert [b["seat"] for b in log[1:]] == [i % 3 for i in range(len(log) - 1)]
    assert Delivery.objects.filter(game=game, channel="bot", status="sent").count() == len(log) - 1
    assert verify_game(game).ok


def test_a_two_player_game_with_a_short_clock(celery_worker, smtp_server, webhook_receiver):
    """Turn email, reminder, then the timeout policy — bot, skip and forfeit side by side."""
    clock = {"per_move_seconds": 3, "reminder_seconds_before": 1.5}
    games = {}
    for policy, slug in (("bot", "race"), ("skip", "duel"), ("forfeit", "race")):
        games[policy] = timed_game(slug, time_control={**clock, "timeout_policy": policy},
                                   names=[f"{policy}-a", f"{policy}-b"], now=datetime.now(timezone.utc))
    hooked = games["bot"][1][0]
    webhook_receiver.fail_first = 1  # the first POST fails: retried with backoff
    Webhook.objects.create(user=hooked, url=webhook_receiver.url, secret="e2e-secret-0123456789",
                           created_at=datetime.now(timezone.utc))

    for policy, (game, users) in games.items():
        address = users[0].email
        wait_for(lambda: smtp_server.of_kind("turn", address), timeout=15, message=f"{policy}: turn email")
        wait_for(lambda: smtp_server.of_kind("reminder", address), timeout=15, message=f"{policy}: reminder")
        wait_for(lambda: smtp_server.of_kind("timeout", address), timeout=15, message=f"{policy}: timeout email")

    for policy, (game, users) in games.items():
        address = users[0].email
        # The games go on (seat 1 times out too, and so on): look at the first of each.
        turn = smtp_server.of_kind("turn", address)[0]
        assert turn["Subject"].startswith("[LudoPost] Your turn in ")
        assert turn["To"] == address
        assert turn["List-Unsubscribe"].strip().startswith("<http://testserver.example/api/v1/unsubscribe/")
        assert turn["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        assert turn.get_body(("plain",)).get_content().count("Your move is due 20") == 1
        assert turn.get_body(("html",)) is not None
        reminder = smtp_server.of_kind("reminder", address)[0]
        assert reminder["Subject"].startswith("[LudoPost] Reminder: your move in ")
        assert smtp_server.of_kind("timeout", address)[0]["Subject"].startswith("[LudoPost] You ran out of time")
        first_timeout = next(b for b in batches(game) if b["kind"] == "timeout")
        assert first_timeout["seat"] == 0 and first_timeout["types"][0] == "SeatTimedOut"
        assert first_timeout["policy"] == policy
    assert len(smtp_server.ids()) == len(set(smtp_server.ids()))  # no email twice
    assert next(b for b in batches(games["skip"][0]) if b["kind"] == "timeout")["move"] == {"type": "pass"}
    assert Game.objects.get(pk=games["forfeit"][0].pk).forfeited_seats[:1] == [0]

    # The webhook: turn and timeout events, signed; the failed first attempt was retried.
    wait_for(lambda: {r["json"]["type"] for r in webhook_receiver.accepted()} >= {"turn", "seat.timed_out"},
             timeout=15, message="webhook events")
    assert webhook_receiver.requests[0]["answered"] == 503
    for request in webhook_receiver.accepted():
        assert webhooks.verify("e2e-secret-0123456789", request["body"], request["headers"]["X-LudoPost-Signature"])
    ids = [r["json"]["id"] for r in webhook_receiver.accepted()]
    assert len(ids) == len(set(ids))

