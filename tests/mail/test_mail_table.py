"""At the table by email, for real: smtplib → gateway → games.table → worker → SMTP sink.
A cancel proposal emailed to the other player and voted on by a reply to that email, then a
resignation by a reply to a turn email; a takeback asked for and accepted by replies."""
from __future__ import annotations

import pytest

from django.db import transaction

from games import services
from games.services import utcnow
from games.audit import verify_game
from games.models import Event, Game
from games.table import cancel
from tests.mail.helpers import text_of, wait_for_mail
from tests.support.factories import started_game, user
from tests.support.waiting import wait_for
from worker.mailplay import tokens
from worker.mailplay.models import InboundMail
from tests.worker.conftest import worker_state
from tests.worker.helpers import settle
from worker import mail
from worker.models import Delivery

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def log_types(game) -> list[str]:
    return list(Event.objects.filter(game_id=game.pk).order_by("seq").values_list("type", flat=True))


def test_a_cancel_objection_and_a_resignation_by_email(celery_worker, smtp_server, mail_gateway):
    game, players = started_game("momiji", 2, names=["ann", "ben"])
    first = game.to_move[0]
    ann, ben = players[first], players[1 - first]
    turn = wait_for_mail(smtp_server, ann.email, kind="turn")

    # Ann proposes to cancel; Ben is asked by email and objects by replying to it.
    cancel.cancel_propose(user=ann, game_id=game.pk)
    asked = wait_for_mail(smtp_server, ben.email, kind="proposal")
    assert asked["Subject"] == f"[LudoPost] {ann.username} proposes to cancel Momiji #{game.pk}"
    words = " ".join(text_of(asked).split())
    assert f"{ann.username} proposes to cancel the game." in words and "agree to cancel object to cancel" in words
    assert tokens.read(tokens.token_of_address(asked["Reply-To"])).seat == 1 - first
    mail_gateway.send(sender=ben.email, to=asked["Reply-To"], text="Object to cancel\n\n-- \nBen")
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
    assert ann.username in text_of(finished)
    assert smtp_server.of_kind("proposal", ann.email) == []      # the proposer is not asked
    assert verify_game(game).ok


def test_a_takeback_asked_for_and_accepted_by_email(celery_worker, smtp_server, mail_gateway):
    ann, ben = user("tb-ann"), user("tb-ben")
    game = services.game_create(user=ann, slug="race", players=2, options={"target": 30},
                                table={"takebacks": "ask"})
    game = services.game_join(user=ben, game_id=game.pk)
    services.move_submit(user=ann, game_id=game.pk, expected_version=game.version,
                         move={"type": "step", "steps": 2})
    game = Game.objects.get(pk=game.pk)
    stepped = game.version

    mail_gateway.send(sender=ann.email, to=tokens.address(game.pk, 0, game.version), text="Take back")
    wait_for(lambda: "TakebackRequested" in log_types(game), timeout=20, message="the request")
    answer = wait_for_mail(smtp_server, ann.email, kind="reply")
    assert "You asked to take back your last move; the other players are asked." in " ".join(text_of(answer).split())

    asked = wait_for_mail(smtp_server, ben.email, kind="proposal")
    assert asked["Subject"] == f"[LudoPost] tb-ann asks to take back a move in Race (test game) #{game.pk}"
    assert "accept takeback" in text_of(asked) and "refuse takeback" in text_of(asked)
    mail_gateway.send(sender=ben.email, to=asked["Reply-To"], text="accept takeback")
    wait_for(lambda: "MovesTakenBack" in log_types(game), timeout=20, message="the takeback")
    game.refresh_from_db()
    assert log_types(game)[stepped:] == ["TakebackRequested", "TakebackAccepted", "MovesTakenBack"]
    assert game.to_move == [0] and game.state["totals"] == [0, 0]
    assert verify_game(game).ok


def test_no_proposal_email_once_the_request_has_lapsed(celery_worker, smtp_server, mail_gateway):
    """A takeback request lapses with the next move: no email is owed for it, and one
    written before the move is dropped when it is due."""
    from games.table import takebacks

    ann, ben = user("lapse-ann"), user("lapse-ben")
    game = services.game_create(user=ann, slug="race", players=2, options={"target": 30},
                                table={"takebacks": "ask"})
    game = services.game_join(user=ben, game_id=game.pk)
    services.move_submit(user=ann, game_id=game.pk, expected_version=game.version,
                         move={"type": "step", "steps": 2})
    with transaction.atomic():
        takebacks.takeback_request(user=ann, game_id=game.pk)
        game = Game.objects.get(pk=game.pk)
        # Ben moves before the worker reads the request's outbox row.
        services.move_submit(user=ben, game_id=game.pk, expected_version=game.version,
                             move={"type": "step", "steps": 1})
    settle(smtp_server, explain=worker_state)
    assert "TakebackRequested" in log_types(game)
    assert not Delivery.objects.filter(kind="proposal").exists()
    # An email written while the request stood is dropped when it is due.
    owed = Delivery.objects.create(key=f"email:proposal:{game.pk}:lapsed", channel="email", kind="proposal",
                                   game_id=game.pk, seat=1, user=ben, payload={"what": "takeback", "by": 0},
                                   status="pending", next_attempt_at=utcnow(), created_at=utcnow())
    with pytest.raises(mail.Cancel, match="settled, withdrawn or has lapsed"):
        mail.build(owed, now=utcnow())
    assert smtp_server.of_kind("proposal", ben.email) == []
