"""At the table by email, for real: smtplib → gateway → games.table → worker → SMTP sink.
A cancel proposal voted on by a reply, then a resignation by a reply to a turn email."""
from __future__ import annotations

import pytest

from games.audit import verify_game
from games.models import Event, Game
from games.table import cancel
from tests.mail.helpers import text_of, wait_for_mail
from tests.support.factories import started_game
from tests.support.waiting import wait_for
from worker.mailplay import tokens
from worker.mailplay.models import InboundMail

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def log_types(game) -> list[str]:
    return list(Event.objects.filter(game_id=game.pk).order_by("seq").values_list("type", flat=True))


def test_a_cancel_objection_and_a_resignation_by_email(celery_worker, smtp_server, mail_gateway):
    game, players = started_game("momiji", 2, names=["ann", "ben"])
    first = game.to_move[0]
    ann, ben = players[first], players[1 - first]
    turn = wait_for_mail(smtp_server, ann.email, kind="turn")

    # Ben objects to Ann's proposal by a reply to an address of his seat (any version will do).
    cancel.cancel_propose(user=ann, game_id=game.pk)
    ben_address = tokens.address(game.pk, 1 - first, 1)
    mail_gateway.send(sender=ben.email, to=ben_address, text="Object to cancel\n\n-- \nBen")
    wait_for(lambda: "CancelVoted" in log_types(game), timeout=20, message="the objection")
    objection = wait_for_mail(smtp_server, ben.email, kind="reply")
    assert "You objected to cancelling the game: it goes on." in " ".join(text_of(objection).split())
    voted = Event.objects.get(game_id=game.pk, type="CancelVoted")
    assert voted.payload == {"seat": 1 - first, "vote": "object"} and voted.command["kind"] == "cancel_vote"

    # Ann resigns by answering her turn email: the game ends, Ben wins.
    mail_gateway.send(sender=ann.email, to=turn["Reply-To"], text="I resign")
    wait_for(lambda: Game.objects.get(pk=game.pk).status == "finished", timeout=20, message="the resignation")
    game.refresh_from_db()
    assert log_types(game)[-2:] == ["SeatResigned", "GameEndedAtTable"]
    assert game.outcome["ended_by"] == "resignation" and game.outcome["winners"] == [1 - first]
    assert set(InboundMail.objects.values_list("result", flat=True)) == {"table"}
    answer = wait_for_mail(smtp_server, ann.email, kind="reply")
    words = " ".join(text_of(answer).split())
    assert "You resigned: you rank last. The game is over." in words and "Seat" not in words
    finished = wait_for_mail(smtp_server, ben.email, kind="finished")
    assert "ann" in text_of(finished)
    assert verify_game(game).ok
