"""An Itchy Feet offer withdrawn by email: its sender is not asked to move while it waits,
so a reply to their last turn email is answered "the game moved on" with the situation,
the offer and a list that holds "Withdraw your offer"; the reply to that withdraws it."""
from __future__ import annotations

import pytest

from games import registry
from games.models import Event
from tests.mail.helpers import numbered_moves, reply_to_version, send_travel_offer, text_of, wait_for_mail
from tests.support.factories import started_game
from tests.support.waiting import wait_for

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def test_an_offer_waiting_for_its_answer_is_withdrawn_by_email(celery_worker, smtp_server, mail_gateway):
    game, people = started_game("travel", 2, names=["ann", "ben"])
    sender = game.state["current"]
    offerer = people[sender]
    first = wait_for_mail(smtp_server, offerer.email, kind="turn")   # the turn email to answer later
    rules = registry.rules_for("travel", game.rules_version)

    send_travel_offer(game, offerer, sender)
    assert sender not in game.to_move and {"type": "withdraw"} in rules.legal_moves(game.state, sender)
    waiting = game.version

    mail_gateway.send(sender=offerer.email, to=first["Reply-To"], text="1",
                      headers={"In-Reply-To": first["Message-ID"]})
    answer = wait_for_mail(smtp_server, offerer.email, kind="reply",
                           where=lambda m: reply_to_version(m) == (game.pk, sender, waiting))
    text = text_of(answer)
    assert "moved on" in text.lower()
    assert "Offer from you to ben" in text or "Offer from you to ann" in text
    listed = numbered_moves(text)
    assert "Withdraw your offer" in listed, listed
    game.refresh_from_db()
    assert game.version == waiting, "the old reply appended nothing"

    mail_gateway.send(sender=offerer.email, to=answer["Reply-To"], text=str(listed["Withdraw your offer"]),
                      headers={"In-Reply-To": answer["Message-ID"]})
    wait_for(lambda: Event.objects.filter(game=game, seq__gt=waiting).exists(), timeout=20,
             message="the withdrawal")
    made = Event.objects.filter(game=game, seq__gt=waiting).exclude(command=None).first()
    assert made.command["move"] == {"type": "withdraw"} and made.command["seat"] == sender
    game.refresh_from_db()
    assert game.state["offer"] is None
