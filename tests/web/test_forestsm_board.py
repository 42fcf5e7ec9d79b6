"""The Forest Shuffle: Smoky Mountains board in a real browser: a person plays whole turns
by clicking the deck, the clearing, the hand and the slots of their trees and rivers; the
slots marked for a picked card are exactly where the rules let it go, a slot that does not
fit is refused in words; the pages hold no other seat's secrets; the docs' screenshots
are taken here."""
from __future__ import annotations

import pytest

from games import selectors
from games.catalog.forestsm import RULES
from tests.games.forestsm.helpers import arrange, cards, filler, stem, table
from tests.web.board_clicks import click_board_move
from tests.web.conftest import game_id_of, play_bots, screenshot, shown_version, sign_up
from tests.web.hidden import assert_no_leak
from tests.web.test_bot_games import click_move, pick_move
from tests.web.test_every_move_makeable import board_moves
from web import boards
from web.boards import forestsm as board
from web.words import move_value

NAMES = ["Ann", "Ben"]


def _new_game(page, name: str) -> int:
    sign_up(page, name)
    page.goto("/lobby/forestsm/new/")
    page.select_option("#id_players", "2")
    page.select_option("#id_seat_1", "bot:best")
    page.click("text=Create the game")
    page.wait_for_selector("#live")
    page.received.drain()
    return game_id_of(page)


def _caught_up(page, game_id: int):
    play_bots(game_id)
    game = selectors.game_get(game_id)
    page.wait_for_function(f"() => Number(document.querySelector('#live').dataset.version) >= {game.version}")
    return game


def _secret_cards(state: dict, seat: int | None) -> set[int]:
    """The cards ``seat`` may not see: the deck, the removed cards, the others' hands, caves
    and the faces of their universal rivers (card ids are unique, so an id on the page is
    that card)."""
    secret = {c for pile in state["piles"] for c in pile} | set(state["removed"])
    for other in range(state["players"]):
        if other != seat:
            secret |= set(state["hands"][other]) | set(state["caves"][other])
            secret |= {s["river"] for s in state["forests"][other] if s["river"] is not None}
    return secret


def _shown_cards(page) -> set[int]:
    return {int(c) for c in page.eval_on_selector_all("#live [data-card]", "els => els.map(e => e.dataset.card)")}


def _cards_hidden(page, game_id: int, seat: int | None) -> set[int]:
    """The cards the page draws: none of them a secret of ``seat`` (and, for a player, the
    whole hand among them)."""
    game = selectors.game_get(game_id)
    page.wait_for_function(f"() => Number(document.querySelector('#live').dataset.version) >= {game.version}")
    shown = _shown_cards(page)
    if game.status == "active":
        assert not shown & _secret_cards(game.state, seat), (seat, shown & _secret_cards(game.state, seat))
    if seat is not None:
        assert set(game.state["hands"][seat]) <= shown
    return shown


def _play(page, game_id: int, moves: int) -> dict[str, int]:
    """Make ``moves`` of the player's moves as the best bot would choose them, by clicking."""
    made = {"board": 0, "list": 0}
    for _ in range(moves):
        game = _caught_up(page, game_id)
        if game.status != "active":
            break
        assert_no_leak(page, game_id, 0)
        _cards_hidden(page, game_id, 0)
        legal = selectors.rules_of(game).legal_moves(game.state, 0)
        move = pick_move(game, 0)
        before = shown_version(page)
        if click_board_move(page, "forestsm", move, legal):
            made["board"] += 1
        else:
            click_move(page, move, legal)
            made["list"] += 1
        page.wait_for_function(f"""() => Number(document.querySelector('#live').dataset.version) > {before}
                                      || document.querySelector('#move-error') !== null""")
        assert not page.locator("#move-error").count(), (move, page.inner_text("#move-error"))
    return made


def _marked_slots_match_the_rules(page, game) -> int:
    """For every hand card that can go into a slot, the slots marked for it are exactly the
    legal ones; returns how many cards were checked."""
    legal = selectors.rules_of(game).legal_moves(game.state, 0)
    cards = {m["card"] for m in legal if m["type"] == "play" and "half" in m}
    for card in cards:
        allowed = {f"{m['stem']},{m['slot']}" for m in legal if m["type"] == "play" and m.get("card") == card
                   and "half" in m}
        marked = page.eval_on_selector_all(f"#live button.can-card-{card}", "els => els.map(e => e.dataset.slot)")
        assert set(marked) == allowed, (card, marked, allowed)
    return len(cards)


def _misfit(legal) -> tuple[int, str] | None:
    """A hand card and a marked slot (marked for another card) that it does not fit."""
    halves = [m for m in legal if m["type"] == "play" and "half" in m]
    fits = {(m["card"], f"{m['stem']},{m['slot']}") for m in halves}
    return next(((card, slot) for card in sorted({m["card"] for m in halves})
                 for slot in sorted({place for _, place in fits}) if (card, slot) not in fits), None)


@pytest.mark.django_db(transaction=True)
def test_forest_turns_by_clicking_the_board(web):
    page = web()
    game_id = _new_game(page, "hazel")
    made = _play(page, game_id, 24)
    assert made["board"] >= 20, made
    text = page.inner_text("#live")
    bot = page.inner_text("#live .seats li:nth-child(2) strong")
    assert "Your forest" in text and f"{bot}'s forest" in text and "Player 2" not in text
    assert page.locator("#live .fsm .forest").count() == 2
    # A spectator (not logged in) sees the forests and the clearing, no hand and no secret.
    spectator = web()
    spectator.goto(f"/games/{game_id}/")
    spectator.wait_for_selector("#live .fsm")
    _caught_up(page, game_id)
    shown = _cards_hidden(spectator, game_id, None)
    assert shown and not spectator.locator("#live .fsm .hand").count()
    assert not spectator.locator("#live .fsm button[data-slot]").count()
    # Play on until the player has cards to place (one that does not fit every marked
    # slot among them), then check the marked slots.
    checked, wrong = 0, None
    for _ in range(60):
        game = _caught_up(page, game_id)
        if game.status != "active":
            break
        if 0 in game.to_move and game.state["step"]["kind"] == "action":
            checked = _marked_slots_match_the_rules(page, game)
            wrong = _misfit(selectors.rules_of(game).legal_moves(game.state, 0))
            if checked and wrong:
                break
        _play(page, game_id, 1)
    assert checked and wrong, "no position with cards to place came up"
    screenshot(page, "forestsm-1280")
    page.set_viewport_size({"width": 375, "height": 800})
    screenshot(page, "forestsm-375")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375, "the page is wider than a phone"
    page.set_viewport_size({"width": 1280, "height": 900})
    # A marked slot that does not take the picked card: the rules' refusal, in words.
    page.click(f"#live label[for='card-{wrong[0]}']")
    page.click(f"#live button[data-slot='{wrong[1]}']")
    page.wait_for_selector("#move-error")
    refusal = page.inner_text("#move-error")
    assert "cannot go there" in refusal or "which half" in refusal, refusal
    assert selectors.game_get(game_id).version == game.version
    # The replay draws the same board at an earlier version.
    page.goto(f"/games/{game_id}/replay/?version={game.version // 2}")
    page.wait_for_selector("#replay .replay-board .fsm .forest")
    assert page.locator("#replay .fsm .forest").count() == 2 and "Player 2" not in page.inner_text("#replay")


# -- the board's forms, without a browser ------------------------------------------------
def _offered(t, seat: int = 0) -> tuple[list[dict], set[str]]:
    """The legal moves, and those the board's forms (or the list of moves) can make."""
    legal = RULES.legal_moves(t.state, seat)
    made = board_moves("forestsm", RULES.view(t.state, seat), legal, seat)
    listed = {move_value(m) for m in legal if not boards.on_board("forestsm", m)}
    return legal, made | listed


def _all_offered(t, seat: int = 0) -> list[dict]:
    legal, offered = _offered(t, seat)
    assert legal and all(move_value(m) in offered for m in legal), \
        [m for m in legal if move_value(m) not in offered]
    return legal


def test_every_step_of_a_turn_can_be_made_on_the_board():
    t = table(2)
    spruce, spare = cards("red_spruce", 2)
    creek = cards("creek")[0]
    hand = [cards("hemlock")[0], *filler(3, avoid={spruce, spare, creek}),
            cards("kingfisher", half="top")[0], cards("otter", half="left")[0]]
    arrange(t, hands={0: hand}, clearing=filler(2, avoid=set(hand) | {spruce, spare, creek}),
            forests={0: [stem(creek), stem(spruce, river=spare)]})
    legal = _all_offered(t)                      # action: draws, trees over rivers, halves at slots
    kinds = {(m["type"], "half" in m, "river" in m) for m in legal}
    assert {("draw", False, False), ("play", True, False), ("play", False, True)} <= kinds, kinds
    t.play(0, {"type": "play", "card": hand[0]})  # the hemlock costs 2: pay card by card
    assert {m["type"] for m in _all_offered(t)} == {"pay"}
    t.state["step"] = {"kind": "tuck"}
    legal, offered = _offered(t)
    assert {"type": "pass"} in legal and all(move_value(m) in offered for m in legal)
    assert not boards.on_board("forestsm", {"type": "pass"})        # "keep your hand": in the list
    t.state["step"] = {"kind": "take"}
    assert {m["type"] for m in _all_offered(t)} == {"take"}


def test_the_special_case_is_two_cards_ticked_for_the_cave():
    t = table(2)
    arrange(t, hands={0: filler(10)}, forests={0: []})     # ten split cards and nowhere to put them
    legal = _all_offered(t)
    assert {m["type"] for m in legal} == {"shelter"} and len(legal) == 45


def test_a_spectator_sees_no_hand_no_river_face_and_nothing_to_click():
    t = table(2)
    spruce, spare = cards("red_spruce", 2)
    half = cards("kingfisher", half="top")[0]
    arrange(t, hands={0: [half, *filler(2, avoid={spruce, spare, half})]},
            forests={0: [stem(spruce, river=spare)]})
    legal = RULES.legal_moves(t.state, 0)
    mine = board.present(RULES.view(t.state, 0), legal=legal, names=NAMES, seat=0)
    assert mine["mine"] and mine["forests"][0]["me"] and mine["forests"][0]["stems"][0]["river"]["id"] == spare
    clickable = {s["value"] for st in mine["forests"][0]["stems"] for s in st["slots"] if s["clickable"]}
    assert clickable == {f"{m['stem']},{m['slot']}" for m in legal if m["type"] == "play" and "half" in m}
    for seat in (None, 1):
        other = board.present(RULES.view(t.state, seat), legal=[], names=NAMES, seat=seat)
        ann = next(f for f in other["forests"] if f["name"] == "Ann")
        assert not ann["me"] and ann["stems"][0]["universal"] and ann["stems"][0]["river"] is None
        assert not any(s["clickable"] for s in ann["stems"][0]["slots"])
    assert board.present(RULES.view(t.state, None), legal=[], names=NAMES, seat=None)["hand"] == []

