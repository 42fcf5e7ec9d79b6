"""The table talk panel in a real browser (Chromium through Playwright): two players talk
on the game page, markup in a message is shown as text and never run, the unread count
shows on the games page and the new messages are marked, a new message arrives by
polling, and a muted player's messages disappear for the one who muted them."""
from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from games import services
from table import services as table_services
from tests.web.conftest import screenshot, sign_up

pytestmark = pytest.mark.django_db(transaction=True)

NASTY = '<img src=x onerror="window.pwned=1"><script>window.pwned=2</script><b>bold</b> & "quotes"'


def test_two_players_talk_at_the_table_with_escaping_unread_marks_and_mute(web):
    kai, lea = web(), web()
    sign_up(kai, "kai")
    sign_up(lea, "lea")
    users = get_user_model().objects
    game = table_services.game_create(user=users.get(username="kai"), slug="race", players=2,
                                      options={"target": 50})
    services.game_join(user=users.get(username="lea"), game_id=game.pk)

    kai.goto(f"/games/{game.pk}/")
    kai.wait_for_selector("#talk-heading")
    assert "Nothing said yet." in kai.inner_text("#table-talk")
    kai.fill("#talk-text", NASTY)
    kai.click("#table-talk button:has-text('Send')")
    kai.wait_for_selector("#talk-messages .talk-message")
    # The form is cleared for the next line once its own answer is in (a poll may show the
    # message a moment before): waited for, and the wait fails if it never happens.
    kai.wait_for_function("document.querySelector('#talk-text').value === ''", timeout=10_000)
    shown = kai.inner_text("#talk-messages .talk-text")
    assert shown == NASTY                                           # the markup, as text
    assert kai.locator("#talk-messages .talk-text b, #talk-messages img, #talk-messages script").count() == 0
    assert kai.evaluate("window.pwned") is None                     # nothing ran

    # lea: one unread message on her games page, then marked as new on the game page.
    lea.goto("/games/")
    badge = lea.locator(f"a.talk-badge[href='/games/{game.pk}/#table-talk']")
    assert badge.inner_text() == "1 new message"
    lea.goto(f"/games/{game.pk}/")
    lea.wait_for_selector("#talk-messages .talk-message.new")
    assert lea.get_attribute(".talk-unread", "data-unread") == "1"
    assert lea.inner_text("#talk-messages .talk-message.new .talk-text") == NASTY
    assert lea.evaluate("window.pwned") is None
    # A new line from kai arrives by polling, without a reload, marked new too.
    kai.fill("#talk-text", "@lea your move, I think")
    kai.click("#table-talk button:has-text('Send')")
    lea.wait_for_selector("#talk-messages .talk-message.new >> text=your move, I think")
    assert lea.get_attribute(".talk-unread", "data-unread") == "2"
    screenshot(lea, "table-talk-1280")
    # Seen once, read: the games page counts nothing and a reload marks nothing new.
    lea.goto("/games/")
    assert lea.locator("a.talk-badge").count() == 0
    lea.goto(f"/games/{game.pk}/")
    lea.wait_for_selector("#talk-messages .talk-message")
    assert lea.locator("#talk-messages .talk-message.new").count() == 0

    # lea mutes kai: his lines disappear for her (not for him), and she can unmute him.
    lea.click("#talk-messages button[aria-label='Mute kai'] >> nth=0")
    lea.wait_for_selector("#table-talk .talk-muted")
    assert lea.locator("#talk-messages .talk-message").count() == 0
    kai.reload()
    kai.wait_for_selector("#talk-messages .talk-message")
    assert kai.locator("#talk-messages .talk-message").count() == 2
    lea.click("#table-talk button[aria-label='Unmute kai']")
    lea.wait_for_function("document.querySelectorAll('#talk-messages .talk-message').length === 2")
