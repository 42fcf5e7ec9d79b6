"""The drawn boards of Harmonies and Let's Go to Japan in a real browser: a person plays
turns by clicking the central groups, the hand and the spaces of the hex board, the cards
of the hand and the gaps of the trip sheet (the rest from the moves in words); the pages
hold no other seat's secrets; the screenshots of the docs pages are taken here."""
from __future__ import annotations

import pytest

from games import selectors
from tests.web.board_clicks import click_board_move
from tests.web.conftest import game_id_of, play_bots, screenshot, shown_version, sign_up
from tests.web.hidden import assert_no_leak
from tests.web.test_bot_games import click_move, pick_move

pytestmark = pytest.mark.django_db(transaction=True)


def _new_game(page, slug: str, name: str) -> int:
    sign_up(page, name)
    page.goto(f"/lobby/{slug}/new/")
    page.select_option("#id_players", "2")
    page.select_option("#id_seat_1", "bot:best")
    page.click("text=Create the game")
    page.wait_for_selector("#live")
    page.received.drain()
    return game_id_of(page)


def _play(page, slug: str, game_id: int, moves: int) -> dict[str, int]:
    """Make ``moves`` of the player's moves as the best bot would choose them, by clicking;
    returns how many were made on the board and from the list."""
    made = {"board": 0, "list": 0}
    for _ in range(moves):
        play_bots(game_id)
        game = selectors.game_get(game_id)
        page.wait_for_function(f"() => Number(document.querySelector('#live').dataset.version) >= {game.version}")
        assert_no_leak(page, game_id, 0)
        legal = selectors.rules_of(game).legal_moves(game.state, 0)
        move = pick_move(game, 0)
        before = shown_version(page)
        if click_board_move(page, slug, move, legal):
            made["board"] += 1
        else:
            click_move(page, move, legal)
            made["list"] += 1
        page.wait_for_function(f"""() => Number(document.querySelector('#live').dataset.version) > {before}
                                      || document.querySelector('#move-error') !== null""")
        assert not page.locator("#move-error").count(), (move, page.inner_text("#move-error"))
        assert selectors.game_get(game_id).version > game.version
    return made


def _screenshots(page, slug: str):
    screenshot(page, f"{slug}-1280")
    page.set_viewport_size({"width": 375, "height": 800})
    screenshot(page, f"{slug}-375")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375, "the page is wider than a phone"
    page.set_viewport_size({"width": 1280, "height": 900})


def test_harmonies_turns_by_clicking_the_board(web):
    page = web()
    game_id = _new_game(page, "harmonies", "hana")
    # Two whole turns: the central group, three tokens, a card or a cube, the end.
    made = _play(page, "harmonies", game_id, 10)
    assert made["board"] >= 7, made
    board = page.locator("#live .harmonies")
    assert board.locator(".hexboard .hex").count() == 2 * 23          # both boards of side A
    assert board.locator(".central .group").count() == 5              # the central board of 2-4 players
    bot = page.inner_text("#live .seats li:nth-child(2) strong")
    assert f"{bot}'s board" in page.inner_text("#live") and "Player 2" not in page.inner_text("#live")
    play_bots(game_id)
    page.wait_for_function(
        f"() => Number(document.querySelector('#live').dataset.version) >= {selectors.game_get(game_id).version}")
    _screenshots(page, "harmonies")
    # With tokens in hand, the spaces marked for each token are exactly where the rules allow it.
    for _ in range(6):
        game = selectors.game_get(game_id)
        if game.state["turn"]["hand"] and 0 in game.to_move:
            break
        _play(page, "harmonies", game_id, 1)
    legal = selectors.rules_of(game).legal_moves(game.state, 0)
    for colour in set(game.state["turn"]["hand"]):
        allowed = {m["space"] for m in legal if m["type"] == "place_token" and m["colour"] == colour}
        marked = page.eval_on_selector_all(f"#live button.can-token-{colour}", "els => els.map(e => e.dataset.space)")
        assert {int(space) for space in marked} == allowed and allowed, colour


def test_japan_rounds_by_clicking_the_trip_sheet(web):
    page = web()
    game_id = _new_game(page, "japan", "kenji")
    made = _play(page, "japan", game_id, 6)
    # How many of a round's choices are placements depends on the deal: play on until
    # four were made on the sheet (a deal has at most a few choices off it).
    while made["board"] < 4 and sum(made.values()) < 14:
        more = _play(page, "japan", game_id, 1)
        made = {kind: made[kind] + more[kind] for kind in made}
    assert made["board"] >= 4, made
    text = page.inner_text("#live")
    bot = page.inner_text("#live .seats li:nth-child(2) strong")
    assert "Your trip sheet" in text and f"{bot}'s trip sheet" in text and "Player 2" not in text
    assert page.locator("#live .japan .day").count() == 12             # six days on two sheets
    _screenshots(page, "japan")
