"""The Oracle of Delphi's board in a real browser: a person plays turns by picking what
pays and clicking the sea (the water spaces marked for the picked die are exactly where it
may sail) or an action beside it, the rest from the moves in words; a god advance offered
by another player's roll is an optional move for the player who waits; the pages hold no
other seat's secrets; the docs' screenshots are taken here."""
from __future__ import annotations

import pytest

from games import selectors, services
from tests.web.board_clicks import click_board_move
from tests.web.conftest import canonical, game_id_of, play_bots, screenshot, shown_version, sign_up, wait_version_above
from tests.web.hidden import assert_no_leak
from tests.web.test_bot_games import click_move, pick_move
from web.boards.delphi import on_board, pay_key

pytestmark = pytest.mark.django_db(transaction=True)


def _new_game(page, name: str, bots: int) -> int:
    sign_up(page, name)
    return _another_game(page, bots)


def _another_game(page, bots: int) -> int:
    page.goto("/lobby/delphi/new/")
    page.select_option("#id_players", str(bots + 1))
    for seat in range(1, bots + 1):
        page.select_option(f"#id_seat_{seat}", "bot:best")
    page.click("text=Create the game")
    page.wait_for_selector("#live")
    page.received.drain()
    return game_id_of(page)


def _shown(page, game) -> None:
    page.wait_for_function(f"() => Number(document.querySelector('#live').dataset.version) >= {game.version}")


def _my_move(page, game_id: int) -> str:
    """The best bot's move for the player, made by clicking: "board" or "list"."""
    game = selectors.game_get(game_id)
    legal = selectors.rules_of(game).legal_moves(game.state, 0)
    move = pick_move(game, 0)
    before = shown_version(page)
    where = "board" if click_board_move(page, "delphi", move, legal) else "list"
    if where == "list":
        click_move(page, move, legal)
    page.wait_for_function(f"""() => Number(document.querySelector('#live').dataset.version) > {before}
                                  || document.querySelector('#move-error') !== null""")
    assert not page.locator("#move-error").count(), (move, page.inner_text("#move-error"))
    return where


def test_turns_by_picking_a_die_and_clicking_the_sea(web):
    page = web()
    game_id = _new_game(page, "pythia", 1)
    made = {"board": 0, "list": 0}
    checked_marks = False
    for _ in range(40):
        play_bots(game_id)
        game = selectors.game_get(game_id)
        if game.status != "active":
            break
        _shown(page, game)
        assert_no_leak(page, game_id, 0)
        legal = selectors.rules_of(game).legal_moves(game.state, 0)
        sails = [m for m in legal if m["type"] == "sail" and "die" in m and not m.get("creature")]
        if sails and not checked_marks:
            # The spaces marked for a die are those it may sail to (recolouring and extra
            # spaces paid with favour); each is a button named for its space.
            for pay in sorted({pay_key(m) for m in sails}):
                page.click(f"#live label[for='pay-{pay}']")
                page.mouse.move(1, 1)   # a space under the pointer would be ringed by :hover
                allowed = {m["to"] for m in sails if pay_key(m) == pay}
                marked = page.eval_on_selector_all(
                    "#live button.sp", """els => els.filter(e => getComputedStyle(e).borderTopStyle === 'solid')
                                                       .map(e => e.dataset.space)""")
                assert set(marked) == allowed, pay
            checked_marks = True
        made[_my_move(page, game_id)] += 1
        if made["board"] >= 8 and checked_marks:
            break
    assert made["board"] >= 8 and checked_marks, made
    text = page.inner_text("#live")
    bot = page.inner_text("#live .seats li:nth-child(2) strong")
    assert "Players" in text and bot in text and "Player 2" not in text
    assert page.locator("#live .delphi svg.delphi-sea g.space").count() > 100
    # The docs' pictures: the player at the start of their actions, with dice to pay with.
    for _ in range(30):
        play_bots(game_id)
        game = selectors.game_get(game_id)
        state = game.state
        if game.status != "active" or state["step"] == "actions" and state["turn"] == 0 and len(state["unused"]) >= 2:
            break
        _shown(page, game)
        _my_move(page, game_id)
    _shown(page, selectors.game_get(game_id))
    screenshot(page, "delphi-1280")
    page.set_viewport_size({"width": 375, "height": 800})
    screenshot(page, "delphi-375")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375, "the page is wider than a phone"
    # The replay draws the same sea as the player saw it then, without controls.
    page.set_viewport_size({"width": 1280, "height": 900})
    version = selectors.game_get(game_id).version // 2
    page.goto(f"/games/{game_id}/replay/?version={version}&seat=0")
    page.wait_for_selector("#replay .delphi svg.delphi-sea")
    assert not page.locator("#replay .delphi button.sp").count()
    assert_no_leak(page, game_id, 0)


def test_a_god_advance_offered_by_another_roll_waits_for_the_player_as_an_optional_move(web):
    page = web()
    game_id = _new_game(page, "delia", 2)
    # Now and then a whole game goes by without the player's gods standing where another
    # roll could advance them while someone else moves: then another game is opened.
    for _ in range(1200):
        game = selectors.game_get(game_id)
        if game.status != "active":
            game_id = _another_game(page, 2)
            continue
        rules = selectors.rules_of(game)
        if 0 in rules.may_move(game.state) and 0 not in game.to_move:
            break
        if 0 in game.to_move:
            _shown(page, game)
            _my_move(page, game_id)
            continue
        bot = min(game.to_move)
        services.bot_move(game_id=game_id, seat=bot, expected_version=game.version)
    else:
        pytest.fail("no god advance was offered while the player waited, in three games' worth of moves")
    offers = [m for m in rules.legal_moves(game.state, 0) if m["type"] == "take_offer"]
    assert offers and all(not on_board(m) for m in offers)
    page.reload()
    page.wait_for_selector("#live")
    _shown(page, game)
    assert "you may still make an optional move" in page.inner_text("#live .status")
    assert "roll you may advance" in page.inner_text("#live .delphi .offer")
    # Offered on the board beside the words, as a button per god, and in the list of moves.
    assert page.locator("#live .delphi .offer button").count() == len(offers)
    assert page.locator("#live .moves [data-move]").count() >= len(offers)
    row = game.state["seats"][0]["gods"][offers[0]["colour"]]
    before = shown_version(page)
    page.click(f"#live .delphi .offer button[data-move='{canonical(offers[0])}']")
    wait_version_above(page, before)
    after = selectors.game_get(game_id)
    assert after.state["seats"][0]["gods"][offers[0]["colour"]] == row + 1
    assert 0 not in after.to_move
    assert_no_leak(page, game_id, 0)


def _render(view, legal, seat, names):
    from types import SimpleNamespace

    from django.template.loader import render_to_string

    from web import boards
    board = boards.present("delphi", view, legal=legal, names=names, seat=seat)
    return render_to_string(board["template"], {"b": board, "move_url": "/move/", "replay": seat is None,
                                                "game": SimpleNamespace(pk=1, version=9)})


def test_the_board_for_a_spectator_and_after_the_end_shows_no_controls_and_every_tile():
    """Drawn without a request: a spectator's board mid-game has no "Pay with" and no
    buttons on the sea; once the game is over every island tile shows its face."""
    from games import registry
    from games.engine import harness

    entry = registry.get("delphi")
    rules, bot = entry.rules, entry.bot("best")
    table = harness.Table(rules, 2, {"zeus_tiles": 8}, seed=21)
    names = ["Ann", "Bob"]
    for _ in range(60):
        table.bot_move(min(rules.to_move(table.state)), bot)
    html = _render(rules.view(table.state, None), [], None, names)
    assert "Pay with" not in html and 'name="space"' not in html and "Ann&#x27;s ship" in html  # the SVG's tooltip
    assert html.count("a face-down island tile") == sum(not t["up"] for t in table.state["board"]["tiles"].values())
    while not table.over:
        table.bot_move(min(rules.to_move(table.state)), bot)
    html = _render(rules.view(table.state, 0), [], 0, names)
    assert "a face-down island tile" not in html and "You" in html and "Bob" in html


def test_each_space_and_action_button_says_what_each_way_to_pay_costs():
    import re

    from games import registry
    from games.catalog.delphi import notation as N
    from games.engine import harness

    entry = registry.get("delphi")
    rules, bot = entry.rules, entry.bot("best")
    table = harness.Table(rules, 3, {}, seed=11)
    names = ["Ann", "Bob", "Cleo"]
    for _ in range(60):
        table.bot_move(min(rules.to_move(table.state)), bot)
    while table.state["step"] != "actions":
        table.bot_move(min(rules.to_move(table.state)), bot)
    seat = table.state["turn"]
    legal = rules.legal_moves(table.state, seat)
    view = {**rules.view(table.state, seat), "you": seat, "player_names": names}
    html = _render(rules.view(table.state, seat), legal, seat, names)
    sails = [m for m in legal if m["type"] == "sail" and "die" in m and not m.get("creature")]
    assert sails
    for move in sails:
        title = re.search(rf'data-space="{move["to"]}"[^>]*title="([^"]*)"', html).group(1)
        cost = N.action_cost(view, move)
        assert f"the {move['die']} die: " + (f"{cost} favour" if cost else "free") in title, (move, title)


def test_a_post_from_the_board_becomes_the_move_it_names():
    from django.utils.datastructures import MultiValueDict

    from web.boards.delphi import move_from_post

    def post(**fields):
        return MultiValueDict({k: [v] for k, v in fields.items()})

    assert move_from_post(post(pay="die-red", space="1,-2"), []) == {"type": "sail", "to": "1,-2", "die": "red"}
    assert move_from_post(post(pay="card-blue", space="1,-2", creature="green"), []) == \
        {"type": "sail", "to": "1,-2", "card": "blue", "creature": "green"}
    assert move_from_post(post(pay="poseidon", space="1,-2", creature=""), []) == \
        {"type": "god_power", "colour": "blue", "to": "1,-2"}
    assert move_from_post(post(pay="extra", act='{"type": "heal", "colour": "pink"}'), []) == \
        {"type": "heal", "colour": "pink", "extra": True}
    assert move_from_post(post(pay="die-red", act='{"type": "end"}'), []) is None       # not a board action
    assert move_from_post(post(pay="die-red", act="not json"), []) is None
    assert move_from_post(post(pay="die-mauve", space="1,-2"), []) is None
    assert move_from_post(post(space="1,-2"), []) is None
