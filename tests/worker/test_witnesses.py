"""Every turn email and webhook carries the chain head a player can later hold the log
to; while a game from before the hiding scheme runs, no hash of it goes out."""
import re

import pytest
from django.core import mail
from django.core.management import call_command

from games import services
from games.models import Game
from tests.worker.helpers import T0, drain, timed_game
from worker.models import Webhook

pytestmark = pytest.mark.django_db
TC = {"per_move": "3d", "reminder_before": "1d"}


@pytest.fixture(autouse=True)
def _mail(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.SITE_URL = "http://testserver.example"


def test_the_turn_email_and_the_webhook_hold_a_witness_the_log_agrees_with(webhook_receiver, capsys):
    game, users = timed_game(time_control=TC, names=["wit", "ness"])
    Webhook.objects.create(user=users[1], url=webhook_receiver.url + "/hook", secret="s" * 20, created_at=T0)
    services.move_submit(user=users[0], game_id=game.pk, expected_version=game.version,
                         move={"type": "step", "steps": 2}, now=T0)
    drain(now=T0)
    game.refresh_from_db()
    message = next(m for m in mail.outbox if m.to == ["ness@example.com"])
    version, head = re.search(r"Game version (\d+), log head ([0-9a-f]{64})", message.body).groups()
    assert (int(version), head) == (game.version, game.head_hash)
    assert message.extra_headers["X-LudoPost-Head-Hash"] == head
    body = webhook_receiver.accepted()[-1]["json"]
    assert (body["game"]["version"], body["game"]["head_hash"]) == (game.version, game.head_hash)
    # The game goes on; the witness still binds the history up to it.
    services.move_submit(user=users[1], game_id=game.pk, expected_version=game.version,
                         move={"type": "step", "steps": 1}, now=T0)
    call_command("verify_game", str(game.pk), "--witness", f"{version}:{head}")
    assert "agreeing with 1 witness" in capsys.readouterr().out


def test_a_running_scheme_1_game_sends_no_hash(webhook_receiver):
    game, users = timed_game(time_control=TC, names=["old", "timer"])
    Game.objects.filter(pk=game.pk).update(hash_scheme=1)
    Webhook.objects.create(user=users[1], url=webhook_receiver.url + "/hook", secret="s" * 20, created_at=T0)
    services.move_submit(user=users[0], game_id=game.pk, expected_version=game.version,
                         move={"type": "step", "steps": 2}, now=T0)
    drain(now=T0)
    message = next(m for m in mail.outbox if m.to == ["timer@example.com"])
    assert not re.search(r"[0-9a-f]{64}", message.body + message.alternatives[0][0])
    assert "X-LudoPost-Head-Hash" not in message.extra_headers
    body = webhook_receiver.accepted()[-1]["json"]
    assert body["game"]["head_hash"] is None and body["game"]["version"] == game.version + 1
