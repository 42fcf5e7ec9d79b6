"""An optional move offered by another player's move, played by email: in The Oracle of
Delphi, a roll lets the other players advance a god of a rolled colour until their own
next turn begins. The player it is offered to gets an email saying so, with the advances
numbered, and a reply with a number makes the advance; nobody waits for it meanwhile."""
from __future__ import annotations

import pytest

from games import registry, services
from games.models import Event, Game
from tests.mail.helpers import (_nothing_owed, keep_sample, mail_to, numbered_moves, reply_to_version,
                                send_travel_offer, text_of, wait_for_mail)
from tests.support.factories import started_game
from tests.support.waiting import wait_for

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def _play_until_offered(seat: int):
    """Three players play the best bot's moves until ``seat`` may move unasked; the game
    stands there. Now and then a whole game goes by without the seat's gods standing where
    another roll could advance them while someone else moves: then another game is opened.
    (Three players: with two, the other player's next turn begins with the roll, so an
    advance is taken as the first step of that turn, and its turn email lists it.)"""
    bot = registry.get("delphi").bot("best")
    for attempt in range(5):
        game, people = started_game("delphi", 3, options={"zeus_tiles": 8},
                                    names=[f"dora{attempt}", f"otto{attempt}", f"ines{attempt}"])
        rules = registry.rules_for(game.slug, game.rules_version)
        while game.status == "active":
            if seat in rules.may_move(game.state) and seat not in game.to_move:
                return game, people
            mover = game.to_move[0]
            move = bot(rules, game.state, mover, services.game_rng(game, game.version + 1))
            services.move_submit(user=people[mover], game_id=game.pk, expected_version=game.version, move=move)
            game.refresh_from_db()
    pytest.fail("no god advance was offered while the player waited, in five games")


def test_a_god_advance_offered_by_another_roll_is_emailed_and_taken_by_reply(celery_worker, smtp_server,
                                                                             mail_gateway):
    game, people = _play_until_offered(0)
    dora, otto, ines = people
    rules = registry.rules_for(game.slug, game.rules_version)
    offers = rules.legal_moves(game.state, 0)
    assert offers and {m["type"] for m in offers} <= {"take_offer"}, offers

    offered = wait_for_mail(smtp_server, dora.email, kind="optional")
    assert reply_to_version(offered) == (game.pk, 0, game.version)
    assert str(offered["Subject"]) == f"[LudoPost] You may move in The Oracle of Delphi #{game.pk} (optional)"
    keep_sample("delphi-optional.txt", offered)
    text = text_of(offered)
    words = " ".join(text.split())
    assert "It is not your turn" in words and "nobody waits for it" in words
    assert otto.username in text and ines.username in text and "seat" not in text.split("Game version")[0].lower()
    listed = numbered_moves(text)
    assert len(listed) == len(offers), listed
    # Nobody waits: another player is the one to move.
    mover = game.to_move
    assert mover and 0 not in mover

    before = game.version
    number = min(listed.values())
    mail_gateway.send(sender=dora.email, to=offered["Reply-To"], text=f"{number}\n\n> the offer",
                      headers={"In-Reply-To": offered["Message-ID"]})
    wait_for(lambda: Game.objects.get(pk=game.pk).version > before, timeout=20, message="the advance")
    made = Event.objects.filter(game=game, seq__gt=before).exclude(command=None).first()
    assert made.command["seat"] == 0 and made.command["move"]["type"] == "take_offer"
    game.refresh_from_db()
    assert 0 not in rules.may_move(game.state) and game.to_move == mover
    answer = wait_for_mail(smtp_server, dora.email, kind="reply")
    assert "is recorded" in text_of(answer)
    # One email per offer: the advance taken, no second one for the same roll.
    assert len(mail_to(smtp_server, dora.email, kind="optional")) == 1


def test_an_offer_a_player_sends_is_no_news_to_them(celery_worker, smtp_server, mail_gateway):
    """Itchy Feet: the sender of an offer may withdraw it while it waits (``may_move``), but
    that comes from their own move: no email tells them so."""
    game, people = started_game("travel", 2, names=["ann", "ben"])
    sender = game.state["current"]
    offerer = people[sender]
    rules = registry.rules_for("travel", game.rules_version)

    send_travel_offer(game, offerer, sender)
    assert sender in rules.may_move(game.state) and sender not in game.to_move
    partner = people[1 - sender]
    wait_for_mail(smtp_server, partner.email, kind="turn")   # the answer is asked of the partner
    wait_for(_nothing_owed, timeout=20, message="every email owed so far")
    assert mail_to(smtp_server, offerer.email, kind="optional") == []
