"""Every refusal through the real gateway, counting the game's events before and after;
the answers (or their absence) read from the real SMTP sink the real worker sends to."""
from __future__ import annotations

import pytest

from games import services
from games.models import Event
from tests.mail.helpers import mail_to, text_of, wait_for_mail
from tests.support.factories import few_first_moves, started_game
from tests.support.waiting import wait_for
from worker.mailplay.turns import MAX_LISTED
from tests.worker.helpers import settle
from worker.mailplay import tokens
from worker.mailplay.models import InboundMail

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def events(game) -> int:
    return Event.objects.filter(game_id=game.pk).count()


def judged(count: int):
    wait_for(lambda: InboundMail.objects.count() >= count, timeout=20, message=f"{count} replies judged")


@pytest.fixture
def momiji(celery_worker, smtp_server):
    game, players = started_game("momiji", 2, names=["ann", "ben"], deal=few_first_moves(MAX_LISTED))
    first = game.to_move[0]  # the rules choose who begins: "ann" here is whoever does
    ann, ben = players[first], players[1 - first]
    turn = wait_for_mail(smtp_server, ann.email, kind="turn")
    return game, ann, ben, turn


def test_refusals_append_nothing_and_answer_in_words(momiji, smtp_server, mail_gateway):
    game, ann, ben, turn = momiji
    reply_to = turn["Reply-To"]
    before = events(game)
    seen = len(smtp_server.messages)

    # Another address answers Ann's email: refused; told so without a word about the game.
    mail_gateway.send(sender="eve@example.org", to=reply_to, text="1")
    # A forged token (one letter of the signature changed): refused, not answered.
    local, domain = reply_to.split("@")
    forged = f"{local[:-1]}{'a' if local[-1] != 'a' else 'b'}@{domain}"
    mail_gateway.send(sender=ann.email, to=forged, text="1")
    # A token we signed for another seat (Ben's), sent by Ann: refused as another sender.
    ben_seat = 1 - game.to_move[0]
    mail_gateway.send(sender=ann.email, to=tokens.address(game.pk, ben_seat, game.version), text="1")
    # A token for a game that does not exist: refused, not answered.
    mail_gateway.send(sender=ann.email, to=tokens.address(game.pk + 999, game.to_move[0], 1), text="1")
    # Ben, whose turn it is not, with a token for his seat at this version.
    mail_gateway.send(sender=ben.email, to=tokens.address(game.pk, ben_seat, game.version), text="1")
    # Ann: a number out of range, then words that are no move.
    mail_gateway.send(sender=ann.email, to=reply_to, text="99")
    mail_gateway.send(sender=ann.email, to=reply_to, text="Dear LudoPost, I am thinking about it.")
    # Commands: help, and a vote at the table with no proposal to vote on.
    mail_gateway.send(sender=ann.email, to=reply_to, text="help")
    mail_gateway.send(sender=ann.email, to=reply_to, text="agree to cancel")
    judged(9)
    assert events(game) == before
    results = sorted(InboundMail.objects.values_list("result", flat=True))
    assert results == sorted(["wrong_sender", "bad_token", "wrong_sender", "bad_token", "not_your_turn", "illegal",
                              "unreadable", "help", "table_refused"])

    wait_for(lambda: len(mail_to(smtp_server, ann.email, kind="reply", after=seen)) == 5, timeout=20,
             message="Ann's five answers")
    wait_for(lambda: mail_to(smtp_server, "eve@example.org", after=seen), timeout=20, message="Eve's answer")
    eve = mail_to(smtp_server, "eve@example.org", after=seen)[0]
    assert "moves are taken only from the address" in text_of(eve)
    assert "THE TABLE" not in text_of(eve) and "Momiji" not in text_of(eve) and eve["Reply-To"] is None
    wait_for(lambda: mail_to(smtp_server, ben.email, kind="reply", after=seen), timeout=20, message="Ben's answer")
    ben_answer = mail_to(smtp_server, ben.email, kind="reply", after=seen)
    assert len(ben_answer) == 1 and "It is not your turn" in text_of(ben_answer[0])
    texts = {str(m["Subject"]).split(":")[0].replace("[LudoPost] ", ""): text_of(m)
             for m in mail_to(smtp_server, ann.email, kind="reply", after=seen)}
    assert "There is no move number 99" in texts["Move not accepted"] and "YOUR MOVES" in texts["Move not accepted"]
    assert "neither the number of a move" in texts["Move not understood"]
    assert "collect <leaf>" in texts["How to play by email"]
    assert ("Nobody has proposed to cancel this game. Nothing changed."
            in " ".join(texts["Not done at the table"].split()))
    assert "moves are taken only from the address" in texts["Not accepted"]  # Ben's token, Ann's mail
    # Nothing answered the forged or unknown tokens.
    assert not [m for m in smtp_server.messages[seen:] if ann.email not in m["To"] and ben.email not in m["To"]
                and "eve@" not in m["To"]]


def test_old_versions_duplicates_machines_and_the_sender_rate(momiji, smtp_server, mail_gateway, settings):
    game, ann, ben, turn = momiji
    reply_to = turn["Reply-To"]
    seen = len(smtp_server.messages)
    before = events(game)

    # The same message delivered twice (same Message-ID): one move.
    first = mail_gateway.send(sender=ann.email, to=reply_to, text="move 2\n\n-- \nAnn\nSent from my phone")
    mail_gateway.send(sender=ann.email, to=reply_to, text="move 2", message_id=first)
    judged(1)
    wait_for(lambda: events(game) > before, timeout=20, message="the move")
    # The gateway answers 250 only once it has judged a message, so both copies are judged;
    # the sentinel email then proves every answer they were owed has gone out too. A second
    # move, inbound row or "Move recorded" would show now.
    settle(smtp_server)
    game.refresh_from_db()
    after_move = events(game)
    assert Event.objects.filter(game=game, seq__gt=before).values("batch").distinct().count() == 1
    assert InboundMail.objects.count() == 1

    # The first email again, now that the game has moved on: nothing appended, the new list.
    mail_gateway.send(sender=ann.email, to=reply_to, text="3")
    judged(2)
    assert InboundMail.objects.get(message_id__isnull=False, result="moved_on")
    moved_on = wait_for_mail(smtp_server, ann.email, kind="reply", after=seen,
                             where=lambda m: "moved on" in str(m["Subject"]))
    # The game as it is now: Ann's moves (listed, or too many to list) if her turn goes on
    # (move 2 may be a free action of the deal), else none and no address to answer.
    game.refresh_from_db()
    ann_seat = next(s.number for s in game.seats.all() if s.user_id == ann.pk)
    assert ("YOUR MOVE" in text_of(moved_on)) == (ann_seat in game.to_move)
    assert moved_on["Reply-To"] != reply_to
    assert events(game) == after_move

    # Machines are never answered, and never move: vacation notices, bulk mail, bounces.
    current = moved_on["Reply-To"] or tokens.address(game.pk, ann_seat, game.version)
    count = InboundMail.objects.count()
    mail_gateway.send(sender=ann.email, to=current, text="1", headers={"Auto-Submitted": "auto-replied"})
    mail_gateway.send(sender=ann.email, to=current, text="1", headers={"Precedence": "bulk"})
    mail_gateway.send(sender=ann.email, to=current, text="1", headers={"X-Autoreply": "yes"})
    mail_gateway.send(sender=ann.email, to=current, text="1", envelope_from="")
    dsn = (f"From: MAILER-DAEMON@mx.example\r\nTo: {current}\r\nSubject: Undelivered Mail\r\n"
           f"Message-ID: <dsn-1@mx.example>\r\nMIME-Version: 1.0\r\n"
           f"Content-Type: multipart/report; report-type=delivery-status; boundary=b\r\n\r\n"
           f"--b\r\nContent-Type: text/plain\r\n\r\n1\r\n--b\r\nContent-Type: message/delivery-status\r\n\r\n"
           f"Reporting-MTA: dns; mx.example\r\n\r\nFinal-Recipient: rfc822; x@example\r\nAction: failed\r\n"
           f"Status: 5.0.0\r\n--b--\r\n").encode()
    mail_gateway.send_raw(dsn, sender="", to=current)
    judged(count + 5)
    assert set(InboundMail.objects.order_by("-id").values_list("result", flat=True)[:5]) == {"ignored"}
    assert events(game) == after_move

    # A sender over the hourly rate is refused unanswered.
    settings.MAIL_PLAY_RATE_PER_HOUR = InboundMail.objects.filter(sender=ann.email).count() + 1
    mail_gateway.send(sender=ann.email, to=current, text="help")
    mail_gateway.send(sender=ann.email, to=current, text="1")
    judged(count + 7)
    assert InboundMail.objects.order_by("-id").values_list("result", flat=True)[0] == "rate_limited"
    assert events(game) == after_move
    settle(smtp_server)  # every answer owed (to the refused ones too, were any owed) has gone out
    answered = [str(m["Subject"]) for m in mail_to(smtp_server, ann.email, kind="reply", after=seen)]
    assert sorted(s.split(":")[0] for s in answered) == sorted(
        ["[LudoPost] Move recorded", "[LudoPost] The game moved on", "[LudoPost] How to play by email"])


def test_html_only_mail_in_another_charset_plays(momiji, smtp_server, mail_gateway):
    game, ann, ben, turn = momiji
    before = events(game)
    html = ("<html><body><div dir='ltr'>Zug 2, bitte &ndash; Grüße</div><div dir='ltr'>2</div>"
            "<div class='gmail_quote'>Am Do. schrieb LudoPost:<blockquote>1 Collect</blockquote></div></body></html>")
    mail_gateway.send(sender=ann.email, to=turn["Reply-To"], html=html, charset="iso-8859-1")
    wait_for(lambda: events(game) > before, timeout=20, message="the move")
    assert InboundMail.objects.get().result == "accepted"


def test_a_finished_games_address_is_expired(celery_worker, smtp_server, mail_gateway):
    game, (ann, ben) = started_game("race", 2, options={"target": 3}, names=["ray", "rex"])
    turn = wait_for_mail(smtp_server, ann.email, kind="turn")
    for account in (ann, ben, ann, ben):
        game.refresh_from_db()
        if game.status == "finished":
            break
        seat = game.to_move[0]
        services.move_submit(user=[ann, ben][seat], game_id=game.pk, expected_version=game.version,
                             move={"type": "step", "steps": 2})
    game.refresh_from_db()
    assert game.status == "finished"
    before = events(game)
    mail_gateway.send(sender=ann.email, to=turn["Reply-To"], text="1")
    judged(1)
    assert InboundMail.objects.get().result == "over" and events(game) == before
    answer = wait_for_mail(smtp_server, ann.email, kind="reply")
    assert "is over: no more moves can be made" in text_of(answer) and answer["Reply-To"] is None
