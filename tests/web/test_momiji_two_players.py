"""Two people in two browsers: sign up, create and join a Momiji game, play it to the end by
clicking the cards and the board, replay it to an earlier version, open the audit page.

Each move appears in the other player's browser by polling, without a reload, and
neither browser ever receives the other's hand or the deck."""
from __future__ import annotations

import hashlib
import json
import time

import pytest

from games import registry, selectors
from games.catalog.momiji import components as C
from games.services import game_rng
from tests.web.conftest import canonical, game_id_of, screenshot, shown_version, sign_up
from tests.web.hidden import assert_no_leak

pytestmark = pytest.mark.django_db(transaction=True)
GAME_SECONDS = 240  # a bound on the loop, not a speed check


def click_move(page, move: dict):
    """Make ``move`` the way a player does: by clicking cards and buttons on the board."""
    kind = move["type"]
    if kind == "choose_landscape":
        page.click(f"button.choose:has-text('{C.POWERS[move['power']]['title']}')")
    elif kind == "collect":
        page.click(f"#live button.cardbtn[data-card^='{move['leaf']}-']")
    elif kind == "reveal":
        page.click("#live button.reveal")
    elif kind in ("play", "discard"):
        for code in move["cards"]:
            labels = page.locator(f"#live .handcards label[data-card='{code}']")
            for index in range(labels.count()):
                box = page.locator(f"#{labels.nth(index).get_attribute('for')}")
                if not box.is_checked():
                    labels.nth(index).click()
                    break
        if kind == "play":
            if "side" in move:
                page.click(f"#live label[for=side-{move['side']}]")
            page.click("#live button:has-text('Play the ticked cards')")
        else:
            page.click("#live button:has-text('Discard the two ticked cards')")
    elif kind == "activate":
        page.click(f"#live button:has-text('Activate {C.OBJECTIVES[move['objective']]['title']}')")
    elif kind == "power":
        page.select_option("#m-power", value=canonical(move))
        page.click("#live button:has-text('Use the power')")
    elif kind == "pass":
        page.click("#live button.end-turn")
    else:
        raise AssertionError(f"no way to click {move}")


def test_two_players_play_momiji_to_the_end_then_replay_and_audit(web):
    aoi, ren = web(), web()
    sign_up(aoi, "aoi")
    sign_up(ren, "ren")
    aoi.goto("/lobby/momiji/new/")
    aoi.select_option("#id_players", "2")
    aoi.select_option("#id_seat_1", "open")
    aoi.click("text=Create the game")
    aoi.wait_for_selector("text=Waiting for players")
    link = aoi.locator("input.share").first.input_value()
    assert "seat=1" in link
    ren.goto(link)
    ren.click("button:has-text('Take this seat')")
    ren.wait_for_selector("#live")
    game_id = game_id_of(ren)
    pages = {0: aoi, 1: ren}
    aoi.wait_for_selector("#live .turnline")  # the waiting page learns by itself that the game began
    aoi.received.drain()
    ren.received.drain()
    moves, started = 0, time.monotonic()
    entry = registry.get("momiji")
    while time.monotonic() - started < GAME_SECONDS:
        game = selectors.game_get(game_id)
        for seat, page in pages.items():
            page.wait_for_function(
                f"() => Number(document.querySelector('#live').dataset.version) >= {game.version}")
            assert_no_leak(page, game_id, seat)
        if game.status == "finished":
            break
        seat = min(game.to_move)
        page = pages[seat]
        assert page.locator("#live .turnline.yours").count() == 1
        move = entry.bot("best")(entry.rules, game.state, seat, game_rng(game, seq=game.version + 1))
        before = shown_version(page)
        click_move(page, move)
        page.wait_for_function(f"() => Number(document.querySelector('#live').dataset.version) > {before}")
        assert not page.locator("#move-error").count(), page.inner_text("#move-error")
        moves += 1
        if moves == 12:
            screenshot(aoi, "momiji-two-players-1280")
    game = selectors.game_get(game_id)
    assert game.status == "finished" and moves > 20
    for page in pages.values():
        page.wait_for_selector("text=The game is over.")
        assert page.locator("#outcome tbody tr").count() == 2
        assert "aoi" in page.inner_text("#outcome") and "ren" in page.inner_text("#outcome")
    screenshot(aoi, "momiji-finished-1280")

    # Replay: step back, then slide to an early version, through the other player's eyes.
    aoi.goto(f"/games/{game_id}/replay/")
    assert f"Version {game.version} of {game.version}" in aoi.inner_text("#replay-status")
    aoi.click("a[rel=prev]")
    aoi.wait_for_selector(f"#replay-status:has-text('Version {game.version - 1} of')")
    aoi.locator("#version").fill("5")
    aoi.wait_for_selector(f"#replay-status:has-text('Version 5 of {game.version}')")
    hand = [label.get_attribute("data-card") for label in aoi.locator(".handcards label").all()]
    assert sorted(hand) == sorted(selectors.state_at_for(game, 0, 5)["hand"])
    aoi.select_option("#seat", "1")
    aoi.wait_for_selector("#replay-status:has-text('as ren saw it')")
    hand = [label.get_attribute("data-card") for label in aoi.locator(".handcards label").all()]
    assert sorted(hand) == sorted(selectors.state_at_for(game, 1, 5)["hand"])
    screenshot(aoi, "momiji-replay-1280")

    # Audit: the commitment is the seed's SHA-256, the check passed, the log downloads.
    aoi.goto(f"/games/{game_id}/audit/")
    seed = aoi.inner_text("#seed")
    assert hashlib.sha256(bytes.fromhex(seed)).hexdigest() == aoi.inner_text("#commitment")
    assert aoi.inner_text("#verdict").startswith("Verified")
    with aoi.expect_download() as download:
        aoi.click("a[download]")
    exported = json.loads(open(download.value.path()).read())
    assert exported["game"]["server_seed"] == seed and len(exported["events"]) == game.version
