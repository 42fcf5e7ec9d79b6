"""The table's pages through Django's test client: the leaderboard, the invitations page
answered from its buttons, the talk panel for a spectator and without JavaScript."""
from __future__ import annotations

import pytest
from django.test import Client

from games import services
from table import services as table_services
from table.models import Invitation, Message, Rating
from tests.support.factories import user

pytestmark = pytest.mark.django_db


def logged_in(account) -> Client:
    client = Client()
    client.force_login(account)
    return client


def test_the_leaderboard_lists_players_best_first():
    for name, mu, sigma in (("low", 20.0, 3.0), ("high", 30.0, 2.0), ("unsure", 33.0, 8.0)):
        Rating.objects.create(user=user(name), slug="momiji", mu=mu, sigma=sigma, games=3,
                              updated_at="2030-01-01T00:00:00Z")
    page = Client().get("/leaderboards/momiji/").content.decode()
    # mu - 3 sigma: high 24.0, low 11.0, unsure 9.0.
    assert page.index("high") < page.index("low") < page.index("unsure")
    assert "24.0" in page and "11.0" in page and "9.0" in page
    assert Client().get("/leaderboards/").status_code == 200
    assert Client().get("/leaderboards/nonsense/").status_code == 404


def test_the_invitations_page_answers_from_its_buttons():
    host, guest = user("pg-host"), user("pg-guest")
    game = table_services.game_create(user=host, slug="race", players=2, options={"target": 50})
    invitation = table_services.invitation_create(user=host, game_id=game.pk, username="pg-guest")
    page = logged_in(guest).get("/invitations/").content.decode()
    assert "pg-host invites you to" in page and f"/invitations/{invitation.token}/" in page
    # Someone else's login does not answer it.
    refused = logged_in(host).post(f"/invitations/{invitation.token}/", {"answer": "accept"})
    assert refused.status_code == 302 and Invitation.objects.get(pk=invitation.pk).status == "pending"
    bad = logged_in(guest).post(f"/invitations/{invitation.token}/", {"answer": "maybe"})
    assert bad.status_code == 400 and Invitation.objects.get(pk=invitation.pk).status == "pending"
    done = logged_in(guest).post(f"/invitations/{invitation.token}/", {"answer": "accept"})
    assert done.status_code == 302 and done["Location"] == f"/games/{game.pk}/"
    game.refresh_from_db()
    assert game.status == "active" and game.seat_users == [host.pk, guest.pk]
    assert "No invitation is waiting for you." in logged_in(guest).get("/invitations/").content.decode()


def test_the_talk_panel_for_spectators_and_without_javascript():
    host, guest, watcher = user("tp-host"), user("tp-guest"), user("tp-watch")
    game = table_services.game_create(user=host, slug="race", players=2, options={"target": 50})
    services.game_join(user=guest, game_id=game.pk)
    # Without htmx the form posts and comes back to the game page; a refusal is said there.
    answer = logged_in(host).post(f"/games/{game.pk}/talk/say/", {"text": "<u>hi</u>"})
    assert answer.status_code == 302 and Message.objects.get().text == "<u>hi</u>"
    refused = logged_in(host).post(f"/games/{game.pk}/talk/say/", {"text": " "}, follow=True)
    assert "A message needs some text." in refused.content.decode() and Message.objects.count() == 1
    panel = logged_in(guest).get(f"/games/{game.pk}/talk/").content.decode()
    assert "&lt;u&gt;hi&lt;/u&gt;" in panel and "<u>hi</u>" not in panel
    closed = logged_in(watcher).get(f"/games/{game.pk}/talk/").content.decode()
    assert "for its players" in closed and "&lt;u&gt;" not in closed
    assert logged_in(watcher).post(f"/games/{game.pk}/talk/say/", {"text": "me"}).status_code == 302
    assert Message.objects.count() == 1
    open_game = table_services.game_create(user=host, slug="race", players=2, options={"target": 50},
                                           spectators_read=True)
    table_services.message_post(user=host, game_id=open_game.pk, text="all welcome")
    shown = Client().get(f"/games/{open_game.pk}/talk/").content.decode()
    assert "all welcome" in shown and "talk-form" not in shown          # read, but no form
