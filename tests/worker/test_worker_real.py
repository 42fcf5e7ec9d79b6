"""What the README promises a player, carried out by a real Celery worker on a real Redis:
turn emails through an SMTP server, bot turns, reminders and timeouts from deadline
rows, the end-of-game email, webhooks to an HTTP server, and each exactly once.

"Exactly once" is checked after ``settle``: a sentinel email queued behind
everything else has arrived and no delivery is still open, so a duplicate would
already be there to count.
"""
from datetime import datetime, timezone

import pytest

from games import services
from games.models import Game
from tests.support.factories import user
from tests.support.waiting import wait_for
from tests.worker.conftest import worker_state
from tests.worker.helpers import batches, settle
from worker import tasks, webhooks
from worker.models import Delivery, NotificationPreference, Webhook

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def two_people(prefix, **kwargs):
    first, second = user(f"{prefix}-a"), user(f"{prefix}-b")
    game = services.game_create(user=first, slug="race", players=2, options=kwargs.pop("options", {}), **kwargs)
    services.game_join(user=second, game_id=game.pk)
    return Game.objects.get(pk=game.pk), [first, second]


def move(game_id, account, steps=1):
    game = Game.objects.get(pk=game_id)
    services.move_submit(user=account, game_id=game_id, expected_version=game.version,
                         move={"type": "step", "steps": steps})


def test_each_move_sends_the_next_seat_one_turn_email(celery_worker, smtp_server):
    game, (ann, bob) = two_people("turns", options={"target": 50})
    wait_for(lambda: smtp_server.of_kind("turn", ann.email), message="ann's first turn email",
             explain=worker_state)
    move(game.pk, ann, 2)
    wait_for(lambda: smtp_server.of_kind("turn", bob.email), message="bob's turn email", explain=worker_state)
    message = smtp_server.of_kind("turn", bob.email)[0]
    assert message["Subject"] == f"[LudoPost] Your turn in Race (test game) #{game.pk}"
    assert message["X-LudoPost-Game"] == str(game.pk)
    assert "Seat 0 stepped 2." in message.get_body(("plain",)).get_content()
    move(game.pk, bob, 1)
    settle(smtp_server, explain=worker_state)
    assert len(smtp_server.of_kind("turn", ann.email)) == 2
    assert len(smtp_server.of_kind("turn", bob.email)) == 1
    ids = smtp_server.ids()
    assert len(ids) == len(set(ids))


def test_a_bot_answers_a_persons_move_once(celery_worker, smtp_server):
    person = user("botfriend")
    game = services.game_create(user=person, slug="race", players=2, options={"target": 50}, bot_seats=[1])
    wait_for(lambda: smtp_server.of_kind("turn", person.email), message="the first turn email")
    move(game.pk, person, 2)
    wait_for(lambda: len(smtp_server.of_kind("turn", person.email)) == 2,
             message="the bot's move and the next turn email", explain=worker_state)
    settle(smtp_server, explain=worker_state)
    assert [(b["kind"], b["seat"]) for b in batches(game)] == [("setup", None), ("move", 0), ("bot", 1)]
    assert len(smtp_server.of_kind("turn", person.email)) == 2
    assert Delivery.objects.filter(game=game, channel="bot", status="sent").count() == 1


def test_a_reminder_then_a_timeout_from_the_deadline_rows(celery_worker, smtp_server):
    clock = {"per_move_seconds": 3, "reminder_seconds_before": 1.5, "timeout_policy": "forfeit"}
    game, (slow, other) = two_people("clock", time_control=clock)
    wait_for(lambda: smtp_server.of_kind("timeout", slow.email), timeout=30, message="the timeout email",
             explain=worker_state)
    wait_for(lambda: Game.objects.get(pk=game.pk).status == "finished", message="the forfeit to end the game")
    settle(smtp_server, explain=worker_state)
    assert len(smtp_server.of_kind("turn", slow.email)) == 1
    assert len(smtp_server.of_kind("reminder", slow.email)) == 1
    assert len(smtp_server.of_kind("timeout", slow.email)) == 1
    order = [m["X-LudoPost-Kind"] for m in smtp_server.messages if m["To"] == slow.email]
    assert order[:3] == ["turn", "reminder", "timeout"], order
    timeout = next(b for b in batches(game) if b["kind"] == "timeout")
    assert (timeout["seat"], timeout["policy"], timeout["types"][0]) == (0, "forfeit", "SeatTimedOut")
    assert Game.objects.get(pk=game.pk).forfeited_seats[:1] == [0]


def test_the_end_of_a_game_is_mailed_to_every_player_with_the_result(celery_worker, smtp_server):
    game, (winner, loser) = two_people("ending", options={"target": 3})
    move(game.pk, winner, 2)
    move(game.pk, loser, 1)
    move(game.pk, winner, 2)
    wait_for(lambda: len([m for m in smtp_server.messages if "is over" in m["Subject"]]) == 2,
             message="both end-of-game emails", explain=worker_state)
    settle(smtp_server, explain=worker_state)
    over = {m["To"]: m for m in smtp_server.messages if "is over" in m["Subject"]}
    assert over[winner.email]["Subject"] == f"[LudoPost] Race (test game) #{game.pk} is over: you won"
    assert over[loser.email]["Subject"] == f"[LudoPost] Race (test game) #{game.pk} is over: you placed 2"
    assert len([m for m in smtp_server.messages if "is over" in m["Subject"]]) == 2


def test_a_player_who_chose_no_email_gets_none(celery_worker, smtp_server):
    game, (quiet, loud) = two_people("modes", options={"target": 50})
    NotificationPreference.objects.create(user=loud, mode="none")
    wait_for(lambda: smtp_server.of_kind("turn", quiet.email), message="the first turn email")
    move(game.pk, quiet, 1)                       # now it is loud's turn: no email for them
    settle(smtp_server, explain=worker_state)
    assert not [m for m in smtp_server.messages if m["To"] == loud.email]
    assert len(smtp_server.of_kind("turn", quiet.email)) == 1


def test_a_webhook_hears_each_turn_once_signed(celery_worker, smtp_server, webhook_receiver):
    hooked = user("hooks-a")
    Webhook.objects.create(user=hooked, url=webhook_receiver.url + "/in", secret="real-worker-secret-0123",
                           created_at=datetime.now(timezone.utc))
    game, (hooked, other) = two_people("hooks", options={"target": 50})
    move(game.pk, hooked, 1)
    move(game.pk, other, 1)                       # hooked's turn again
    wait_for(lambda: len(webhook_receiver.accepted()) >= 2, message="two webhook POSTs", explain=worker_state)
    settle(smtp_server, explain=worker_state)
    accepted = webhook_receiver.accepted()
    assert [r["json"]["id"] for r in accepted] == [f"g{game.pk}-v1-turn-s0", f"g{game.pk}-v3-turn-s0"]
    for request in accepted:
        body = request["json"]
        assert (body["type"], body["seat"], body["game"]["id"], request["path"]) == ("turn", 0, game.pk, "/in")
        assert request["headers"]["X-LudoPost-Delivery"] == body["id"]
        assert webhooks.verify("real-worker-secret-0123", request["body"],
                               request["headers"]["X-LudoPost-Signature"])


def test_a_delivery_performed_again_through_the_broker_sends_nothing_twice(celery_worker, smtp_server):
    game, (ann, bob) = two_people("twice", options={"target": 50})
    wait_for(lambda: smtp_server.of_kind("turn", ann.email), message="the turn email", explain=worker_state)
    email = Delivery.objects.get(game=game, channel="email", user=ann)
    for _ in range(3):                            # as a redelivered or duplicated task would
        tasks.perform_delivery.delay(email.pk)
        tasks.tick.delay()
    settle(smtp_server, explain=worker_state)
    assert len(smtp_server.of_kind("turn", ann.email)) == 1
    assert Delivery.objects.get(pk=email.pk).status == "sent"
