"""At the table in a real browser: a takeback asked for and accepted on the game page,
then a resignation (confirmed in the browser's dialog) that ends the game; an invitation sent
and withdrawn on the page of a game that waits for players."""
from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from games import services
from games.models import Event, Game
from table.models import Invitation
from tests.web.conftest import shown_version, sign_up, wait_version_above

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_takeback_and_a_resignation_on_the_game_page(web):
    ann_page, ben_page = web(), web()
    sign_up(ann_page, "ann")
    sign_up(ben_page, "ben")
    users = get_user_model().objects
    ann, ben = users.get(username="ann"), users.get(username="ben")
    game = services.game_create(user=ann, slug="race", players=2, options={"target": 30},
                                table={"takebacks": "ask"})
    services.game_join(user=ben, game_id=game.pk)
    services.move_submit(user=ann, game_id=game.pk, expected_version=1, move={"type": "step", "steps": 2})

    ann_page.goto(f"/games/{game.pk}/")
    ben_page.goto(f"/games/{game.pk}/")
    ann_page.click("#table-actions button[value='takeback']")
    ann_page.wait_for_selector("#takeback-request")
    assert "You asked to take back the last move." in ann_page.inner_text("#takeback-request")

    wait_version_above(ben_page, 2)
    assert "ann asked to take back the last move." in ben_page.inner_text("#takeback-request")
    version = shown_version(ben_page)
    ben_page.click("button[value='takeback_accept']")
    wait_version_above(ben_page, version)
    assert "You accepted the takeback." in ben_page.inner_text("#live .status")
    assert Game.objects.get(pk=game.pk).state["totals"] == [0, 0]
    assert "ann's last move was taken back" in ben_page.inner_text("#live .log")
    wait_version_above(ann_page, version)
    assert "Your turn" in ann_page.inner_text("#live .status")

    ben_page.once("dialog", lambda dialog: dialog.accept())
    version = shown_version(ben_page)
    ben_page.click("#table-actions button[value='resign']")
    wait_version_above(ben_page, version)
    assert "The game is over." in ben_page.inner_text("#live .status")
    result = ben_page.inner_text("#outcome")
    assert result.index("ann") < result.index("ben")
    assert "ben resigned and ranks last; the game ends." in ben_page.inner_text("#live .log")
    types = list(Event.objects.filter(game_id=game.pk).order_by("seq").values_list("type", flat=True))
    assert types[-2:] == ["SeatResigned", "GameEndedAtTable"]


def test_an_invitation_is_sent_and_withdrawn_from_the_game_page(web):
    host_page, guest_page = web(), web()
    sign_up(host_page, "hal")
    sign_up(guest_page, "gus")
    users = get_user_model().objects
    hal = users.get(username="hal")
    game = services.game_create(user=hal, slug="race", players=2, options={"target": 30})

    host_page.goto(f"/games/{game.pk}/")
    assert "?seat=1" in host_page.input_value("input.share")
    host_page.fill("#invitee", "gus")
    host_page.click("button:text('Invite')")
    host_page.wait_for_selector("#invitations")
    assert "Seat 2: gus, invited by hal" in host_page.inner_text("#invitations")
    # The held seat is no longer offered by link.
    assert host_page.locator("input.share").count() == 0
    assert "held for gus" in host_page.inner_text("section.seats")
    invitation = Invitation.objects.get(game_id=game.pk)

    host_page.click("#invitations button:text('Withdraw')")
    host_page.wait_for_selector("text=The invitation to gus is withdrawn")
    assert host_page.locator("#invitations").count() == 0
    assert "held for" not in host_page.inner_text("section.seats")
    assert "?seat=1" in host_page.input_value("input.share")
    assert Invitation.objects.get(pk=invitation.pk).status == "withdrawn"

    guest_page.goto(f"/invitations/{invitation.token}/")
    assert "The players of this game withdrew the invitation." in guest_page.inner_text("main")
    assert guest_page.locator("button[value='accept']").count() == 0
    assert Game.objects.get(pk=game.pk).seat_users == [hal.pk, None]
