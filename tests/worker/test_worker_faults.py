"""Faults: a worker killed in the middle of a batch, a broker that goes away.

The worker here is a real ``celery worker --beat`` process (tests/worker/run_worker.py)
on Redis, so the test can SIGKILL it; email goes to a real SMTP server.
"""
import sys
import threading
from collections import Counter

import pytest
from rest_framework.test import APIClient

from games import services
from games.audit import verify_game
from games.models import Game
from tests.worker.conftest import WorkerProcess, wait_for, worker_env, worker_state
from tests.worker.helpers import batches, bot_game, settle
from tests.support.factories import user
from worker.models import Delivery

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


_connects: list[tuple[int, object]] = []


def _record_connects(event, args):
    # An audit hook sees every socket.connect of this process: which thread, where to.
    if event == "socket.connect":
        _connects.append((threading.get_ident(), args[1]))


sys.addaudithook(_record_connects)


def connects_during(action) -> list:
    """The addresses this thread connected to while ``action`` ran."""
    start = len(_connects)
    action()
    me = threading.get_ident()
    return [address for thread, address in _connects[start:] if thread == me]


def human_vs_bots(name: str) -> Game:
    """Seat 0 a person, seats 1 and 2 bots; a long race, so it is the person's turn again soon."""
    return services.game_create(user=user(name), slug="race", players=3, options={"target": 500},
                                bot_seats=[1, 2])


def turn_emails(mailbox) -> Counter:
    return Counter((m["To"], m["X-LudoPost-Game"]) for m in mailbox.of_kind("turn"))


def version(game_id: int) -> int:
    return Game.objects.values_list("version", flat=True).get(pk=game_id)


def log_of(process: WorkerProcess) -> str:
    return process.log_path.read_text(errors="replace")[-4000:]


def test_killing_the_worker_mid_batch_sends_every_email_once_and_plays_every_bot_move_once(
        redis_url, smtp_server, fast_worker_settings, tmp_path):
    from tests.worker.conftest import _flush

    _flush(redis_url)
    env = worker_env(redis_url, fast_worker_settings)
    people = [human_vs_bots(f"kill-{i}") for i in range(8)]
    worker = WorkerProcess(env, tmp_path / "worker.log").start()
    try:
        # Phase 1: everyone hears it is their turn.
        wait_for(lambda: len(smtp_server.of_kind("turn")) == 8, timeout=40, message="the first turn emails",
                 explain=lambda: worker_state() + "\n" + log_of(worker))

        # Phase 2: everyone moves; bots answer; turn emails go out again. The SMTP
        # server holds the third of them while the worker is killed, and then
        # refuses it (the client never saw it accepted), as a real one would.
        holding, release, seen = threading.Event(), threading.Event(), []

        def hold_third(message):
            seen.append(message["Message-ID"])
            if len(seen) == 3 and not holding.is_set():
                holding.set()
                release.wait(30)
                return "451 4.3.0 Try again later"
            return None

        smtp_server.on_message = hold_third
        tables = [bot_game("race", 3, creator_name=f"host-{i}", options={"target": 24}) for i in range(2)]
        for game in people:
            services.move_submit(user=game.creator, game_id=game.pk, expected_version=version(game.pk),
                                 move={"type": "step", "steps": 1})
        wait_for(holding.is_set, timeout=40, message="the third email of the batch",
                 explain=lambda: worker_state() + "\n" + log_of(worker))
        worker.kill()
        release.set()
        smtp_server.on_message = None
        bot_moves_at_kill = sum(len(batches(t)) for t in tables)

        # A second kill while the bots play: as soon as a bot move is in the log, before
        # the work it queued (the next bot, the emails) is done.
        worker.start()
        wait_for(lambda: sum(len(batches(t)) for t in tables) > bot_moves_at_kill + 3, timeout=40,
                 message="bots moving again after a restart",
                 explain=lambda: worker_state() + "\n" + log_of(worker))
        worker.kill()
        worker.start()

        wait_for(lambda: sum(turn_emails(smtp_server).values()) >= 16 and
                 all(Game.objects.get(pk=t.pk).status == "finished" for t in tables),
                 timeout=60, message="every email and every bot table to finish",
                 explain=lambda: f"{turn_emails(smtp_server)} {worker_state()}\n{log_of(worker)}")
        # Anything doubled is carried out before an email queued after it all.
        sentinel = settle(smtp_server, explain=lambda: worker_state() + "\n" + log_of(worker))
    finally:
        worker.stop()

    # Every person got exactly two turn emails (the start, and after the bots moved).
    counts = {key: n for key, n in turn_emails(smtp_server).items() if key[0] != sentinel}
    assert sorted(counts.values()) == [2] * 8, counts
    ids = [m["Message-ID"] for m in smtp_server.messages if m["To"] != sentinel]
    assert len(ids) == len(set(ids)) == 16
    assert not Delivery.objects.filter(channel="email").exclude(status="sent").exists()
    # Every bot move exactly once: each person's game is setup, the move, two bot moves.
    for game in people:
        assert [(b["kind"], b["seat"]) for b in batches(game)] == [
            ("setup", None), ("move", 0), ("bot", 1), ("bot", 2)]
    for table in tables:
        log = batches(table)
        assert [b["seat"] for b in log[1:]] == [i % 3 for i in range(len(log) - 1)]
        table.refresh_from_db()
        assert verify_game(table).ok
        assert Delivery.objects.filter(game=table, channel="bot", status="sent").count() == len(log) - 1


def test_moves_are_accepted_while_redis_is_down_and_nothing_is_lost(own_redis, smtp_server, fast_worker_settings,
                                                                     tmp_path):
    env = worker_env(own_redis.url, fast_worker_settings)
    people = [human_vs_bots(f"outage-{i}") for i in range(4)]
    worker = WorkerProcess(env, tmp_path / "worker.log").start()
    try:
        wait_for(lambda: len(smtp_server.of_kind("turn")) == 4, timeout=40, message="the first turn emails",
                 explain=lambda: worker_state() + "\n" + log_of(worker))
        own_redis.stop()
        for game in people:
            client = APIClient()
            from rest_framework.authtoken.models import Token

            client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=game.creator)[0].key}")
            answers = []
            reached = connects_during(lambda: answers.append(client.post(
                f"/api/v1/games/{game.pk}/moves/",
                {"expected_version": version(game.pk), "move": {"type": "step", "steps": 2}}, format="json")))
            assert answers[0].status_code == 201, answers[0].content
            # A move never waits for the broker: it does not even try to reach it.
            assert not [address for address in reached if address[1:2] == (own_redis.port,)], reached
        assert all(version(g.pk) == 2 for g in people)  # no broker: the moves are stored all the same
        own_redis.start()
        wait_for(lambda: sum(turn_emails(smtp_server).values()) == 8, timeout=60,
                 message="the backlog to drain after Redis came back",
                 explain=lambda: worker_state() + "\n" + log_of(worker))
        sentinel = settle(smtp_server, explain=lambda: worker_state() + "\n" + log_of(worker))
    finally:
        worker.stop()
    assert sorted(n for key, n in turn_emails(smtp_server).items() if key[0] != sentinel) == [2] * 4
    for game in people:
        assert [(b["kind"], b["seat"]) for b in batches(game)] == [
            ("setup", None), ("move", 0), ("bot", 1), ("bot", 2)]
