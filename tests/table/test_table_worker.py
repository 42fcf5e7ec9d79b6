"""The table's side effects, carried out by a real Celery worker on Redis with mail through
a real SMTP server: a 4-player game's ratings updated once although the update runs
again (the relay handing the game's last row on twice, and the task sent twice), a
mention's email (none to a player who muted the author), an invitation email whose
accept and decline links work, and the email that says an invitation was withdrawn."""
from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

import pytest
from django.test import Client

from games import services
from games.models import Game, Outbox
from table import services as table_services
from table.models import Invitation, Mute, RatedGame, Rating
from table.tasks import rate_game
from tests.support.factories import user
from tests.support.waiting import wait_for
from tests.table import plackett_luce as hand
from tests.worker.conftest import worker_state
from tests.worker.helpers import settle
from worker.models import NotificationPreference

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def body_of(message) -> str:
    return message.get_body(("plain",)).get_content()


def test_a_four_player_games_ratings_update_once_even_if_the_update_runs_twice(celery_worker, smtp_server):
    people = [user(f"quad-{n}") for n in range(4)]
    game = table_services.game_create(user=people[0], slug="race", players=4, options={"target": 3})
    for person in people[1:]:
        services.game_join(user=person, game_id=game.pk)
    for _ in range(40):
        game = Game.objects.get(pk=game.pk)
        if game.status == "finished":
            break
        services.move_submit(user=people[game.to_move[0]], game_id=game.pk, expected_version=game.version,
                             move={"type": "step", "steps": 2})
    assert game.status == "finished"
    wait_for(lambda: RatedGame.objects.filter(game=game).exists(), message="the relay to rate the game",
             explain=worker_state)
    first = {r.user_id: (r.mu, r.sigma, r.games) for r in Rating.objects.filter(slug="race")}
    ranks = game.outcome["ranks"]
    expected = hand.update([(25, 25 / 3, rank) for rank in ranks])
    assert [first[p.pk][:2] for p in people] == [(pytest.approx(mu), pytest.approx(s)) for mu, s in expected]
    assert all(first[p.pk][2] == 1 for p in people)
    # The update again: the game's last outbox row handed on a second time, and the task twice.
    Outbox.objects.filter(game=game, payload__finished=True).update(status="pending")
    rate_game.delay(game.pk)
    rate_game.delay(game.pk)
    settle(smtp_server, explain=worker_state)
    assert {r.user_id: (r.mu, r.sigma, r.games) for r in Rating.objects.filter(slug="race")} == first
    assert RatedGame.objects.filter(game=game).count() == 1
    assert len(smtp_server.of_kind("finished")) == 4     # and the result emails were not sent twice either


def test_a_mention_emails_the_player_named_unless_they_muted_the_author(celery_worker, smtp_server):
    ann, bob, cy = user("men-ann"), user("men-bob"), user("men-cy")
    game = table_services.game_create(user=ann, slug="race", players=3, options={"target": 50})
    for person in (bob, cy):
        services.game_join(user=person, game_id=game.pk)
    Mute.objects.create(user=cy, muted=ann, created_at=game.created_at)
    table_services.message_post(user=ann, game_id=game.pk, text="@men-bob @men-cy <b>look</b> at the board")
    wait_for(lambda: smtp_server.of_kind("mention", bob.email), message="bob's mention email", explain=worker_state)
    settle(smtp_server, explain=worker_state)
    message, = smtp_server.of_kind("mention", bob.email)
    assert message["Subject"] == f"[LudoPost] men-ann mentioned you in Race (test game) #{game.pk}"
    assert "<b>look</b> at the board" in body_of(message)                        # plain text, as written
    html = message.get_body(("html",)).get_content()
    assert "&lt;b&gt;look&lt;/b&gt;" in html and "<b>look</b>" not in html      # escaped in HTML
    assert f"/games/{game.pk}/" in body_of(message)
    assert smtp_server.of_kind("mention", cy.email) == []


def accept_link(smtp_server, address: str) -> tuple[str, str]:
    message, = smtp_server.of_kind("invitation", address)
    text = body_of(message)
    accept = re.search(r"Accept: (\S+)", text).group(1)
    decline = re.search(r"Decline: (\S+)", text).group(1)
    return accept, decline


def path_of(link: str) -> str:
    return re.sub(r"^https?://[^/]+", "", link)


def test_an_invitation_is_accepted_and_another_declined_by_the_email_links(celery_worker, smtp_server):
    host, guest, other = user("inv-host"), user("inv-guest"), user("inv-other")
    game = table_services.game_create(user=host, slug="race", players=3, options={"target": 50})
    table_services.invitation_create(user=host, game_id=game.pk, username="inv-guest")
    table_services.invitation_create(user=host, game_id=game.pk, username="inv-other")
    for person in (guest, other):
        wait_for(lambda: smtp_server.of_kind("invitation", person.email), message="the invitation email",
                 explain=worker_state)
    message = smtp_server.of_kind("invitation", guest.email)[0]
    assert message["Subject"] == f"[LudoPost] inv-host invites you to Race (test game) #{game.pk}"
    # decline by other's link: a GET only shows the question (a mail scanner answers nothing) ...
    _, decline = accept_link(smtp_server, other.email)
    browser = Client()
    page = browser.get(path_of(decline))
    assert page.status_code == 200 and b"Decline" in page.content
    assert Invitation.objects.get(invitee=other).status == "pending"
    # ... the button answers.
    answered = browser.post(path_of(decline).split("?")[0], {"answer": "decline"})
    assert answered.status_code == 200 and b"You declined" in answered.content
    assert Invitation.objects.get(invitee=other).status == "declined"
    assert Game.objects.get(pk=game.pk).seat_users[2] is None
    # accept by guest's link: seated, and the page goes to the game.
    accept, _ = accept_link(smtp_server, guest.email)
    answered = Client().post(path_of(accept).split("?")[0], {"answer": "accept"})
    assert answered.status_code == 302 and answered["Location"] == f"/games/{game.pk}/"
    assert Game.objects.get(pk=game.pk).seat_users[1] == guest.pk
    assert Invitation.objects.get(invitee=guest).status == "accepted"
    # An answered link answers no more, and a made-up one is not found.
    again = Client().post(path_of(accept).split("?")[0], {"answer": "decline"})
    assert again.status_code == 409 and Invitation.objects.get(invitee=guest).status == "accepted"
    assert Client().get("/invitations/made-up-token-0123456789/").status_code == 404
    settle(smtp_server, explain=worker_state)
    assert len(smtp_server.of_kind("invitation")) == 2


def test_a_withdrawn_invitation_is_emailed_to_the_invitee_only_if_they_were_invited_by_email(
        celery_worker, smtp_server):
    host, guest, late = user("wd-host"), user("wd-guest"), user("wd-late")
    game = table_services.game_create(user=host, slug="race", players=3, options={"target": 50})
    invitation = table_services.invitation_create(user=host, game_id=game.pk, username="wd-guest")
    wait_for(lambda: smtp_server.of_kind("invitation", guest.email), message="the invitation email",
             explain=worker_state)
    table_services.invitation_withdraw(invitation=invitation, user=host)
    wait_for(lambda: smtp_server.of_kind("invitation_withdrawn", guest.email), message="the withdrawal email",
             explain=worker_state)
    message, = smtp_server.of_kind("invitation_withdrawn", guest.email)
    assert message["Subject"] == f"[LudoPost] wd-host withdrew your invitation to Race (test game) #{game.pk}"
    body = body_of(message)
    assert "wd-host withdrew the invitation to Race (test game)" in body and f"/games/{game.pk}/" in body
    # The invitation's own link now says so, and answers nothing.
    accept, _ = accept_link(smtp_server, guest.email)
    page = Client().get(path_of(accept))
    assert b"withdrew the invitation" in page.content and b'value="accept"' not in page.content
    # Withdrawn while its email still waited (quiet hours): that email is never sent,
    # and so no withdrawal is owed either.
    now = datetime.now(timezone.utc)
    NotificationPreference.objects.create(user=late, time_zone="UTC", quiet_start=(now - timedelta(hours=1)).time(),
                                          quiet_end=(now + timedelta(hours=2)).time())
    quiet = table_services.invitation_create(user=host, game_id=game.pk, username="wd-late")
    table_services.invitation_withdraw(invitation=quiet, user=host)
    settle(smtp_server, explain=worker_state)
    assert smtp_server.of_kind("invitation", late.email) == []
    assert smtp_server.of_kind("invitation_withdrawn", late.email) == []
    assert len(smtp_server.of_kind("invitation_withdrawn")) == 1
