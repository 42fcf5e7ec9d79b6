"""The game page by keyboard alone: the skip link first, cards ticked with Space, a leaf in
the display collected with Enter."""
from __future__ import annotations

import pytest

from tests.web.conftest import shown_version, sign_up

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_momiji_turn_by_keyboard(web):
    page = web()
    sign_up(page, "keys")
    page.goto("/lobby/momiji/new/")
    page.select_option("#id_players", "1")
    page.click("text=Create the game")
    page.wait_for_selector("#live .turnline.yours")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.className") == "skip"
    page.focus("#hand-0")
    page.keyboard.press("Space")
    assert page.is_checked("#hand-0")
    page.keyboard.press("Space")
    assert not page.is_checked("#hand-0")
    before = shown_version(page)
    page.focus("#live button.cardbtn")
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => Number(document.querySelector('#live').dataset.version) > {before}")
    # A poll may bring the new version a moment before the move's own answer, which says so.
    page.wait_for_selector("#live .status .notice:has-text('Your move was made.')")
