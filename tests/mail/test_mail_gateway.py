"""Replies through the SMTP gateway, for real: smtplib → gateway → move → worker → SMTP sink."""
from __future__ import annotations

import pytest

from games.models import Event, Game
from tests.mail.helpers import keep_sample, text_of, wait_for_mail
from tests.support.factories import few_first_moves, started_game
from tests.support.waiting import wait_for
from worker.mailplay.turns import MAX_LISTED

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def events(game) -> int:
    return Event.objects.filter(game_id=game.pk).count()


def test_a_numbered_reply_plays_the_move_and_the_answers_arrive(celery_worker, smtp_server, mail_gateway):
    game, players = started_game("momiji", 2, names=["alice", "bob"], deal=few_first_moves(MAX_LISTED))
    first = game.to_move[0]  # the rules choose who begins
    alice, bob = players[first], players[1 - first]
    turn = wait_for_mail(smtp_server, alice.email, kind="turn")
    text = text_of(turn)
    assert "YOUR MOVES: reply to this email with the number of your move." in text
    assert bob.username in text and "seat" not in text.lower()
    reply_to = turn["Reply-To"]
    assert reply_to.startswith(f"play+{game.pk}-{first}-{game.version}-")
    before = events(game)
    # The first listed move, by number, as a person answers: a line, then the quoted email.
    mail_gateway.send(sender=alice.email, to=reply_to, text="1\n\nOn Thu, LudoPost wrote:\n> " +
                      "\n> ".join(text.splitlines()))
    wait_for(lambda: events(game) > before, timeout=20, message="the move to be appended")
    answer = wait_for_mail(smtp_server, alice.email, kind="reply")
    keep_sample("momiji-turn.txt", turn)
    keep_sample("momiji-answer.txt", answer)
    assert "is recorded" in text_of(answer)
    assert answer["In-Reply-To"]
    assert answer["Auto-Submitted"] == "auto-replied"
    game.refresh_from_db()
    assert Game.objects.get(pk=game.pk).version > 1

