"""One whole game against a bot for every catalogued game, played only through the pages:
the player's moves from the move list (or the board), the bot's through the bot service.
Every page and fragment the player's browser receives is checked for other seats' secrets."""
from __future__ import annotations

import json
import time

import pytest

from games import registry, selectors
from games.services import game_rng
from tests.web.board_clicks import click_board_move
from tests.web.conftest import canonical, game_id_of, play_bots, screenshot, shown_version, sign_up
from tests.web.hidden import assert_no_leak
from web import catalog
from web.boards.travel import HAND_PLAYS

pytestmark = pytest.mark.django_db(transaction=True)
ORIGINAL_FIVE = {"momiji", "travel", "soleils", "medina", "linie1"}
GAME_SECONDS = 240  # a bound on the loop, not a speed check


def pick_move(game, seat: int) -> dict:
    """The move the best bot would make for the player, so the game ends in good time."""
    entry = registry.get(game.slug)
    rules = selectors.rules_of(game)
    bot = entry.bot("best")
    return bot(rules, game.state, seat, game_rng(game, seq=game.version + 1))


def click_on_board(page, slug: str, move: dict) -> bool:
    """Place a Medina piece, a Linie 1 tile or a 62 Soleils die by picking it and clicking its square;
    build an Amazonas hut by clicking its village, choose its income card by clicking the card."""
    if slug == "medina" and "x" in move:
        piece = f"building-{move['colour']}" if move["type"] == "building" else move["type"]
        page.check(f"#piece-{piece}")
        page.click(f"#live button[data-square='{move['x']},{move['y']}']")
        return True
    if slug == "medina" and move["type"] == "tea":
        page.click("#live button:has-text('Play a tea tile')")
        return True
    if slug == "soleils" and move["type"] == "choice":
        click_soleils_choice(page, move["steps"])
        return True
    if slug == "travel" and move["type"] in HAND_PLAYS and page.locator("#live .hand-form").count():
        for card in [*(move.get("cards") or []), *[move[k] for k in ("card", "extra") if k in move]]:
            page.click(f"#live label[for='card-{card}']")  # the card, as a person clicks it
        play = move["type"] + (f":{move['country']}" if move["type"] == "travel"
                               else f":{move['to']}" if move["type"] == "smuggle" else "")
        page.click(f"#live button[data-play='{play}']")
        return True
    if slug == "soleils" and move["type"] in ("write", "crab"):
        page.check("#piece-crab" if move["type"] == "crab" else f"#piece-die-{move['value']}")
        page.click(f"#live button[data-cell='{move['cell']}']")
        return True
    if slug == "linie1" and move["type"] == "place" and "from_seat" not in move:
        page.check(f"#tile-{move['tile']}")
        page.check(f"#rot-{move['rotation']}")
        page.click(f"#live button[data-square='{move['row']},{move['col']}']")
        return True
    if slug == "amazonas" and move["type"] in ("build", "neutral"):
        page.click(f"#live .village[data-village='{move['village']}'] button")
        return True
    if slug == "amazonas" and move["type"] == "income":
        page.click(f"#live button.icard[data-move='{canonical(move)}']")
        return True
    if slug == "citytour" and move["type"] == "choose" and not move.get("bonuses") and move.get("end", "head") == "head":
        for cell in move["cells"]:
            page.check(f"#live input[data-cell='{cell}']")
        page.click("#ct-take")
        return True
    if slug == "citytour" and move["type"] == "route":
        path = " ".join(move["path"]) or "stay"
        button = page.locator(f"#live button[data-path='{path}']")
        if button.count():
            button.click()
        else:
            page.fill("#ct-walk", path if move["path"] else "stay")
            page.click("#live button[value='walk']")
        return True
    if slug == "citytour" and move["type"] == "mark":
        for m in move["marks"]:
            page.check(f"#live input[data-mark='{m['place']}']")
            if page.locator(f"#live select[name='as-{m['place']}']").count():
                page.select_option(f"#live select[name='as-{m['place']}']", m["as"])
        page.click("#ct-mark")
        return True
    return False


def click_soleils_choice(page, steps: list[dict]):
    """A 62 Soleils round, one click per step: a number and a cell, or a step's button."""
    for done, step in enumerate(steps):
        if "cell" in step:
            piece = {"write": f"die-{step.get('value')}", "crab": "crab", "question": f"q-{step.get('value')}"}
            page.check(f"#piece-{piece[step['type']]}")
            page.click(f"#live button[data-cell='{step['cell']}']")
        else:
            assert page.evaluate("""(step) => {
                const el = [...document.querySelectorAll('#live [data-step]')].find(
                    e => JSON.stringify(JSON.parse(e.dataset.step)) === step);
                if (el) el.click();
                return !!el;
            }""", json.dumps(step, sort_keys=True, separators=(",", ":"))), f"no button for {step}"
        if done + 1 < len(steps):  # the board now shows the round so far
            page.wait_for_function("""(n) => { const p = document.querySelector('#live input[name=partial]');
                                         return p && JSON.parse(p.value).length === n; }""", arg=done + 1)
            assert page.locator("#so-far").count()


def click_move(page, move: dict, legal: list[dict]):
    """Click the move in the page's list of legal moves (by its words' entry)."""
    value = canonical(move)
    values = {canonical(m) for m in legal}
    if value not in values:  # a bot may spell a move differently from the list: take a listed one
        value = next(v for v in sorted(values) if v.startswith(value[:12])) if any(
            v.startswith(value[:12]) for v in values) else sorted(values)[0]
    found = page.evaluate("""(value) => {
        const el = [...document.querySelectorAll('#live [data-move]')].find(e => e.dataset.move === value);
        if (!el) return null;
        el.setAttribute('data-pick', '1');
        return el.tagName;
    }""", value)
    assert found, f"the move {value} is not on the page"
    details = page.locator("#live .moves details")
    if details.count() and details.get_attribute("open") is None:
        page.click("#live .moves summary")
    if found == "OPTION":
        select = page.locator("[data-pick='1']").locator("xpath=..")
        select.select_option(value=value)
        select.locator("xpath=following-sibling::button[1]").click()
    else:
        page.click("[data-pick='1']")


@pytest.mark.parametrize("slug", [entry["slug"] for entry in catalog.entries()])
def test_a_whole_game_against_a_bot_through_the_pages(web, slug):
    page = web()
    sign_up(page, f"solo-{slug}")
    page.goto(f"/lobby/{slug}/new/")
    rules = registry.get(slug).rules
    players = 2 if rules.max_players >= 2 else 1
    page.select_option("#id_players", str(players))
    if slug == "delphi":
        page.select_option("#id_opt_zeus_tiles", "8")  # the shortened game: the loop stays in its bound
    if players > 1:
        page.select_option("#id_seat_1", "bot:best")
    page.click("text=Create the game")
    page.wait_for_selector("#live")
    game_id = game_id_of(page)
    page.received.drain()
    moves, started, shot = 0, time.monotonic(), False
    while time.monotonic() - started < GAME_SECONDS:
        play_bots(game_id)
        game = selectors.game_get(game_id)
        page.wait_for_function(f"() => Number(document.querySelector('#live').dataset.version) >= {game.version}")
        assert_no_leak(page, game_id, 0)
        if game.status == "finished":
            break
        if not shot and moves >= 6:
            screenshot(page, f"{slug}-1280")
            page.set_viewport_size({"width": 375, "height": 800})
            screenshot(page, f"{slug}-375")
            assert page.evaluate("document.documentElement.scrollWidth") <= 375, "the page is wider than a phone"
            page.set_viewport_size({"width": 1280, "height": 900})
            shot = True
        legal = selectors.rules_of(game).legal_moves(game.state, 0)
        assert legal, "the player is to move but has no legal move"
        before = shown_version(page)
        move = pick_move(game, 0)
        if not (click_board_move(page, slug, move, legal) or click_on_board(page, slug, move)):
            click_move(page, move, legal)
        # The answer is the new position, or the refusal in words (which fails the test with them).
        page.wait_for_function(f"""() => Number(document.querySelector('#live').dataset.version) > {before}
                                      || document.querySelector('#move-error') !== null""", timeout=30_000)
        assert not page.locator("#move-error").count(), (move, page.inner_text("#move-error"))
        moves += 1
    game = selectors.game_get(game_id)
    assert game.status == "finished", f"{slug}: not over after {moves} moves"
    page.wait_for_selector("text=The game is over.")
    assert page.locator("#outcome tbody tr").count() == game.players
    assert moves > 3
    if slug in ORIGINAL_FIVE:
        # Replay halfway through, as the bot saw it (the game is over: every view is open),
        # then the audit page's check of the whole game.
        page.goto(f"/games/{game_id}/replay/?version={game.version // 2}&seat={players - 1}")
        page.wait_for_selector("#replay .replay-board")
        assert f"Version {game.version // 2} of {game.version}" in page.inner_text("#replay-status")
        page.goto(f"/games/{game_id}/audit/")
        assert page.inner_text("#verdict").startswith("Verified")
