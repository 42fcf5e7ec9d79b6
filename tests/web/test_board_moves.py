"""Moves made on the board by clicking, in a real browser: a Travel trade between two
people (the offer put together card by card, seen by the other within seconds, accepted
beside the offer), and a 62 Soleils round of several steps built click by click."""
from __future__ import annotations

import json

import pytest

from games import selectors
from games.catalog.travel.components import kind as card_kind
from games.models import Event
from tests.support.factories import started_game
from tests.web.conftest import PASSWORD, canonical, screenshot, shown_version, wait_version_above
from tests.web.hidden import assert_no_leak
from tests.web.test_bot_games import click_soleils_choice

pytestmark = pytest.mark.django_db(transaction=True)


def log_in(page, user):
    user.set_password(PASSWORD)
    user.save()
    page.goto("/login/")
    page.fill("#id_username", user.username)
    page.fill("#id_password", PASSWORD)
    page.click("button.primary")
    page.wait_for_url("**/")


def click_listed(page, move: dict):
    """A move from the list of moves in words (a button, or an entry of a long list)."""
    value = canonical(move)
    tag = page.evaluate("""(value) => {
        const el = [...document.querySelectorAll('#live [data-move]')].find(e => e.dataset.move === value);
        if (el) el.setAttribute('data-pick', '1');
        return el ? el.tagName : null; }""", value)
    assert tag, f"{value} is not in the list"
    if tag == "OPTION":
        select = page.locator("[data-pick='1']").locator("xpath=..")
        select.select_option(value=value)
        select.locator("xpath=following-sibling::button[1]").click()
    else:
        page.click("#live [data-pick='1']")


def test_a_travel_offer_is_made_card_by_card_and_accepted_beside_it(web):
    game, (ann, ben) = started_game("travel", 2, names=["ann", "ben"])
    pages = {0: web(), 1: web()}
    for seat, person in enumerate((ann, ben)):
        log_in(pages[seat], person)
        pages[seat].received.drain()   # what came before the game page (the login pages)
        pages[seat].goto(f"/games/{game.pk}/")
    offerer = game.state["current"]
    other = 1 - offerer
    me, them = pages[offerer], pages[other]
    give = sorted(c for c in game.state["hands"][offerer] if card_kind(c) != "passport")[0]
    want = card_kind(sorted(c for c in game.state["hands"][other] if card_kind(c) != "passport")[0])

    click_listed(me, {"type": "propose", "to": other})
    wait_version_above(me, game.version)
    me.click(f"#live label[for='card-{give}']")         # the card itself, ticked
    version = shown_version(me)
    me.click("#live button[data-play='offer_give']")
    wait_version_above(me, version)
    me.wait_for_selector("#draft-h")
    assert "so far" in me.inner_text("#draft-h")
    version = shown_version(me)
    click_listed(me, {"type": "offer_want", "kind": want})
    wait_version_above(me, version)
    assert f"you want {want.replace('_', ' ')}" in me.inner_text("#live section.offer").lower()
    screenshot(me, "travel-offer-draft-1280")
    version = shown_version(me)
    click_listed(me, {"type": "offer_send"})
    wait_version_above(me, version)
    # While it waits for its answer, its sender may still withdraw it: an optional move.
    assert "optional move" in me.inner_text("#live .status")
    assert me.locator("#live .moves [data-move='{\"type\":\"withdraw\"}']").count() == 1

    # The other player's page learns of the offer by polling, and answers beside it.
    them.wait_for_selector("#offer-h", timeout=10_000)
    offer_text = them.inner_text("section.offer")
    assert "ann" in offer_text.lower() or "ben" in offer_text.lower()
    assert "seat" not in offer_text.lower()
    screenshot(them, "travel-offer-answer-1280")
    before = Event.objects.filter(game=game).count()
    version = shown_version(them)   # read before the click: the answer may be shown at once
    them.click("#live section.offer button:has-text('Accept')")
    them.wait_for_function("(n) => Number(document.querySelector('#live').dataset.version) > n",
                           arg=version)
    game.refresh_from_db()
    assert Event.objects.filter(game=game).count() > before
    assert give in game.state["hands"][other]
    assert want in [card_kind(c) for c in game.state["hands"][offerer]]
    for seat, page in pages.items():
        page.wait_for_function("(v) => Number(document.querySelector('#live').dataset.version) >= v",
                               arg=game.version)
        assert_no_leak(page, game.pk, seat)


def test_a_soleils_round_of_several_steps_is_built_on_the_board(web, settings):
    # The first roll comes from the game's secret seed: about one in 30 offers no choice of
    # two steps, so games are opened until one does (a solo game has no player seed to pick).
    for attempt in range(30):
        game, (solo,) = started_game("soleils", 1, names=[f"sol{attempt}"])
        rules = selectors.rules_of(game)
        choice = max(rules.legal_moves(game.state, 0), key=lambda m: (len(m["steps"]), canonical(m)))
        if len(choice["steps"]) >= 2:
            break
    assert len(choice["steps"]) >= 2, "no first roll in 30 offered two steps"
    page = web()
    log_in(page, solo)
    page.received.drain()
    page.goto(f"/games/{game.pk}/")
    # The list in words is not needed: each step is on the board.
    assert not page.locator("#live .moves [data-type='choice']").count()
    version = game.version
    click_soleils_choice(page, choice["steps"][:-1])
    page.wait_for_function("""(n) => { const p = document.querySelector('#live input[name=partial]');
                                 return p && JSON.parse(p.value).length === n; }""", arg=len(choice["steps"]) - 1)
    page.wait_for_timeout(3 * settings.WEB_POLL_MS)     # polling keeps the steps made so far
    assert len(json.loads(page.get_attribute("#live input[name=partial]", "value"))) == len(choice["steps"]) - 1
    screenshot(page, "soleils-steps-1280")
    game.refresh_from_db()
    assert game.version == version, "an unfinished round appends nothing"
    click_soleils_choice(page, choice["steps"][-1:])  # the last step sends the whole choice
    wait_version_above(page, version)
    made = Event.objects.filter(game=game, seq__gt=version).exclude(command=None).first()
    assert made.command["move"] == choice
    assert_no_leak(page, game.pk, 0)
