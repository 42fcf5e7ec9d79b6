"""The turn: draw two or play one, trees and rivers, slots and the water condition,
paying card by card, effects then bonuses, the clearing, winter and the special case
(seed lines 179-230 and the rulings of the game's page)."""
from __future__ import annotations

import pytest

from games.catalog.forestsm import RULES
from games.catalog.forestsm import components as C
from games.engine import IllegalMove

from .helpers import arrange, card, cards, filler, stem, table, types


def refused(t, seat, move, words):
    with pytest.raises(IllegalMove) as error:
        t.play(seat, move)
    assert words in error.value.message
    return error.value


# -- action A: draw ---------------------------------------------------------------------
def test_drawing_takes_two_cards_from_the_deck_or_the_clearing_in_any_mix():
    t = table()
    maple = card("red_maple")
    arrange(t, hands={0: filler(4)}, clearing=[maple])
    t.play(0, {"type": "draw", "source": "deck"})
    assert t.state["current"] == 0 and t.state["step"]["kind"] == "draw"
    assert RULES.legal_moves(t.state, 0) == [{"type": "draw", "source": "deck"},
                                             {"type": "draw", "source": "clearing", "card": maple}]
    events = t.play(0, {"type": "draw", "source": "clearing", "card": maple})
    assert len(t.state["hands"][0]) == 6 and maple in t.state["hands"][0]
    assert types(events)[-1] == "TurnEnded" and t.state["current"] == 1


def test_with_nine_cards_a_player_draws_one_and_with_ten_none():
    t = table()
    arrange(t, hands={0: filler(9)})
    t.play(0, {"type": "draw", "source": "deck"})
    assert len(t.state["hands"][0]) == 10 and t.state["current"] == 1
    t.play(1, {"type": "draw", "source": "deck"})
    t.play(1, {"type": "draw", "source": "deck"})
    assert t.state["current"] == 0
    assert not [m for m in RULES.legal_moves(t.state, 0) if m["type"] == "draw"]
    refused(t, 0, {"type": "draw", "source": "deck"}, "ten cards")


# -- action B: trees and rivers ---------------------------------------------------------
def test_a_tree_played_alone_turns_up_a_deck_card_into_the_clearing():
    t = table()
    maple, next_card = card("red_maple"), card("trillium")
    arrange(t, hands={0: [maple] + filler(2)}, clearing=[], deck=[C.CARDS[next_card]["id"]])
    events = t.play(0, {"type": "play", "card": maple})
    assert t.state["forests"][0][0]["card"] == maple
    assert "ClearingRevealed" in types(events)
    assert next_card in t.state["clearing"]


def test_a_tree_over_a_universal_river_has_five_slots_and_the_river_card_is_not_payment():
    t = table()
    spruce = card("red_spruce")
    river_card, *payment = filler(3)
    arrange(t, hands={0: [spruce, river_card] + payment}, clearing=[])
    t.play(0, {"type": "play", "card": spruce, "river": river_card})
    assert t.state["step"]["kind"] == "pay"
    for paying in payment:
        t.play(0, {"type": "pay", "card": paying})
    stem_ = t.state["forests"][0][0]
    assert stem_["river"] == river_card
    assert river_card not in t.state["clearing"] and river_card not in t.state["hands"][0]
    assert set(payment) <= set(t.state["clearing"])
    view = RULES.view(t.state, 0)
    assert [s["slot"] for s in view["forests"][0][0]["slots"]] == ["top", "left", "right", "bottom", "bottom2"]
    assert view["forests"][0][0]["river_card"] == river_card
    assert RULES.view(t.state, 1)["forests"][0][0]["river_card"] is None


def test_a_tree_with_a_river_needs_enough_cards_besides_the_river_to_pay():
    t = table()
    spruce = card("red_spruce")   # costs 2
    hand = [spruce] + filler(2)
    arrange(t, hands={0: hand})
    assert {"type": "play", "card": spruce} in RULES.legal_moves(t.state, 0)
    assert not [m for m in RULES.legal_moves(t.state, 0) if m.get("river")]
    refused(t, 0, {"type": "play", "card": spruce, "river": hand[1]}, "costs 2")


def test_a_river_card_is_played_alone_as_a_single_river_and_turns_up_nothing():
    t = table()
    creek = card("creek")
    arrange(t, hands={0: [creek] + filler(2)}, clearing=[])
    events = t.play(0, {"type": "play", "card": creek})
    assert "ClearingRevealed" not in types(events)
    assert t.state["clearing"] == []
    assert [s["slot"] for s in RULES.view(t.state, 0)["forests"][0][0]["slots"]] == \
        ["top", "top2", "bottom", "bottom2"]


def test_only_a_tree_takes_a_universal_river():
    t = table()
    creek = card("creek")
    hand = [creek] + filler(3)
    arrange(t, hands={0: hand})
    refused(t, 0, {"type": "play", "card": creek, "river": hand[1]}, "Only a tree")


# -- slots and the water condition --------------------------------------------------------
def _slots_for(t, seat, card_id, half):
    return {(m["stem"], m["slot"]) for m in RULES.legal_moves(t.state, seat)
            if m.get("card") == card_id and m.get("half") == half}


def test_the_water_condition_decides_where_a_half_may_go():
    t = table()
    maple, spruce, creek = card("red_maple"), card("red_spruce"), card("creek")
    under = filler(1)[0]
    owl = card("owl", half="top")            # dry top half
    trout = card("trout", half="bottom")     # water bottom half
    otter = card("otter")                    # water left/right half
    deer = card("deer", avoid=[otter])       # dry left/right half
    salamander = card("salamander", avoid=[trout])
    payment = filler(6, avoid=[owl, trout, otter, deer, under, salamander])
    arrange(t, hands={0: [owl, trout, otter, deer, salamander] + payment[:5]},
            forests={0: [stem(maple), stem(spruce, river=under), stem(creek)]})
    # stem 0: tree without river, 1: tree with river, 2: single river
    assert _slots_for(t, 0, owl, "top") == {(0, "top"), (1, "top")}
    assert _slots_for(t, 0, trout, "bottom") == {(1, "bottom"), (1, "bottom2"), (2, "bottom"), (2, "bottom2")}
    otter_side = [h for h, s in C.CARDS[otter]["halves"].items() if s == "otter"][0]
    assert _slots_for(t, 0, otter, otter_side) == {(1, otter_side)}
    deer_side = [h for h, s in C.CARDS[deer]["halves"].items() if s == "deer"][0]
    assert _slots_for(t, 0, deer, deer_side) == {(0, deer_side), (1, deer_side)}
    sal_half = "bottom"
    assert _slots_for(t, 0, salamander, sal_half) == {(0, "bottom")}
    refused(t, 0, {"type": "play", "card": trout, "half": "bottom", "stem": 0, "slot": "bottom"},
            "a tree without a river takes only cards without the water condition")
    refused(t, 0, {"type": "play", "card": owl, "half": "top", "stem": 2, "slot": "top"},
            "a single river takes only cards with the water condition")
    refused(t, 0, {"type": "play", "card": salamander, "half": "bottom", "stem": 1, "slot": "bottom2"},
            "the bottom slots of a tree with a river take only cards with the water condition")
    refused(t, 0, {"type": "play", "card": owl, "half": "top", "stem": 0, "slot": "bottom"},
            "the top half of a card goes only into a top slot")
    refused(t, 0, {"type": "play", "card": deer, "half": deer_side, "stem": 2, "slot": "top"},
            f"the {deer_side} half of a card goes only into a {deer_side} slot")


def test_a_taken_slot_is_refused():
    t = table()
    maple = card("red_maple")
    box, turtle = cards("box_turtle", 2, half="bottom")
    arrange(t, hands={0: [turtle] + filler(3, avoid=[box, turtle])},
            forests={0: [stem(maple, bottom=(box, "bottom"))]})
    refused(t, 0, {"type": "play", "card": turtle, "half": "bottom", "stem": 0, "slot": "bottom"},
            "already taken")


# -- paying, effects and bonuses ----------------------------------------------------------
def test_paying_is_card_by_card_into_the_clearing_and_a_matching_payment_earns_the_bonus():
    t = table()
    maple = card("red_maple")
    deer = card("deer", half="left") if any(C.CARDS[c]["halves"].get("left") == "deer"
                                            for c in cards("deer", 8)) else card("deer")
    side = [h for h, s in C.CARDS[deer]["halves"].items() if s == "deer"][0]
    matching = filler(1, avoid=[deer], symbol=C.symbol(deer))
    arrange(t, hands={0: [deer] + matching + filler(1, avoid=[deer] + matching)},
            forests={0: [stem(maple)]})
    t.play(0, {"type": "play", "card": deer, "half": side, "stem": 0, "slot": side})
    hand_before = len(t.state["hands"][0])
    events = t.play(0, {"type": "pay", "card": matching[0]})
    placed = [e for e in events if e.type == "CardPlaced"][0]
    assert placed.payload["matched"] is True
    assert [item["kind"] for item in placed.payload["queue"]] == ["bonus"]
    assert len(t.state["hands"][0]) == hand_before - 1 + 1   # paid one, the bonus drew one
    assert matching[0] in t.state["clearing"]


def test_a_payment_with_another_tree_symbol_earns_no_bonus():
    t = table()
    maple = card("red_maple")
    deer = card("deer")
    side = [h for h, s in C.CARDS[deer]["halves"].items() if s == "deer"][0]
    other = filler(1, avoid=[deer], not_symbol=C.symbol(deer))
    arrange(t, hands={0: [deer] + other + filler(1, avoid=[deer] + other)},
            forests={0: [stem(maple)]})
    t.play(0, {"type": "play", "card": deer, "half": side, "stem": 0, "slot": side})
    events = t.play(0, {"type": "pay", "card": other[0]})
    placed = [e for e in events if e.type == "CardPlaced"][0]
    assert placed.payload["matched"] is False and placed.payload["queue"] == []
    assert "CardDrawn" not in types(events)


def test_the_effect_resolves_before_the_bonus():
    t = table()
    maple = card("red_maple")
    owl = card("owl", half="top")
    pay = filler(2, avoid=[owl], symbol=C.symbol(owl))
    arrange(t, hands={0: [owl] + pay}, forests={0: [stem(maple)]})
    t.play(0, {"type": "play", "card": owl, "half": "top", "stem": 0, "slot": "top"})
    t.play(0, {"type": "pay", "card": pay[0]})
    events = t.play(0, {"type": "pay", "card": pay[1]})
    kinds = [e.payload["queue"] for e in events if e.type == "CardPlaced"][0]
    assert [item["kind"] for item in kinds] == ["effect", "bonus"]
    drawn = [e.payload["why"] for e in events if e.type == "CardDrawn"]
    assert drawn == ["effect", "bonus"]


def test_a_take_bonus_waits_for_the_players_choice_of_a_clearing_card():
    t = table()
    hemlock = card("hemlock")   # cost 2, bonus: take a card from the clearing
    pay = filler(2, symbol="hemlock")
    wanted = card("owl", avoid=pay)
    arrange(t, hands={0: [hemlock] + pay}, clearing=[wanted])
    t.play(0, {"type": "play", "card": hemlock})
    t.play(0, {"type": "pay", "card": pay[0]})
    t.play(0, {"type": "pay", "card": pay[1]})
    assert t.state["step"]["kind"] == "take" and t.state["current"] == 0
    moves = RULES.legal_moves(t.state, 0)
    assert {"type": "take", "card": wanted} in moves
    t.play(0, {"type": "take", "card": wanted})
    assert wanted in t.state["hands"][0] and t.state["current"] == 1


def test_a_tuck_effect_puts_a_hand_card_into_the_cave_or_may_be_declined():
    t = table()
    maple = card("red_maple")
    raccoon = card("raccoon")
    side = [h for h, s in C.CARDS[raccoon]["halves"].items() if s == "raccoon"][0]
    rest = filler(3, avoid=[raccoon], not_symbol=C.symbol(raccoon))
    arrange(t, hands={0: [raccoon] + rest}, forests={0: [stem(maple)]})
    t.play(0, {"type": "play", "card": raccoon, "half": side, "stem": 0, "slot": side})
    t.play(0, {"type": "pay", "card": rest[0]})
    assert t.state["step"]["kind"] == "tuck"
    assert {"type": "pass"} in RULES.legal_moves(t.state, 0)
    t.play(0, {"type": "tuck", "card": rest[1]})
    assert t.state["caves"][0] == [rest[1]] and t.state["current"] == 1
    assert RULES.view(t.state, 1)["cave"] == [] and RULES.view(t.state, 1)["cave_counts"][0] == 1
    tucked = [e for e in t.game.events if e.type == "CardTucked"][0]
    assert RULES.redact(tucked, 1).payload["card"] is None
    assert RULES.redact(tucked, 0).payload["card"] == rest[1]


def test_an_extra_turn_bonus_gives_the_same_player_another_turn():
    t = table()
    waterfall = card("waterfall")   # cost 2, bonus: another turn
    pay = filler(2, symbol=C.symbol(waterfall))
    arrange(t, hands={0: [waterfall] + pay + filler(1, avoid=pay)})
    t.play(0, {"type": "play", "card": waterfall})
    t.play(0, {"type": "pay", "card": pay[0]})
    events = t.play(0, {"type": "pay", "card": pay[1]})
    assert events[-1].type == "TurnEnded" and events[-1].payload["extra"] is True
    assert t.state["current"] == 0 and t.state["step"]["kind"] == "action"


def test_a_permanent_effect_draws_whenever_its_condition_is_met():
    t = table()
    maple, maple2 = cards("red_maple", 2)
    chanterelle = card("chanterelle", half="bottom")
    arrange(t, hands={0: [maple2] + filler(2, avoid=[chanterelle])},
            forests={0: [stem(maple, bottom=(chanterelle, "bottom"))]})
    events = t.play(0, {"type": "play", "card": maple2})
    placed = [e for e in events if e.type == "CardPlaced"][0]
    # The maple's own effect (draw 1), then the chanterelle's (whenever a tree is played).
    assert [item["kind"] for item in placed.payload["queue"]] == ["effect", "permanent"]
    assert [e.payload["why"] for e in events if e.type == "CardDrawn"] == ["effect", "permanent"]


def test_draw_effects_stop_at_the_hand_limit():
    t = table()
    maple, maple2 = cards("red_maple", 2)   # cost 0, effect: draw 1
    chanterelle = card("chanterelle", half="bottom")   # whenever a tree is played, draw 1
    arrange(t, hands={0: [maple2] + filler(9, avoid=[chanterelle])},
            forests={0: [stem(maple, bottom=(chanterelle, "bottom"))]})
    events = t.play(0, {"type": "play", "card": maple2})
    resolved = [e.payload for e in events if e.type == "EffectResolved"]
    # Nine cards after playing the maple: its own effect fills the hand to ten, and the
    # chanterelle's draw finds no room.
    assert [r["skipped"] for r in resolved] == [False, True]
    assert [e.payload["why"] for e in events if e.type == "CardDrawn"] == ["effect"]
    assert len(t.state["hands"][0]) == 10


# -- the clearing, winter and the special case --------------------------------------------
def test_a_clearing_of_ten_cards_is_emptied_at_the_end_of_the_turn():
    t = table()
    stuff = filler(9)
    maple = card("red_maple")
    arrange(t, hands={0: [maple] + filler(2, avoid=stuff)}, clearing=stuff)
    events = t.play(0, {"type": "play", "card": maple})   # turns up the tenth card
    end = events[-1]
    assert end.type == "TurnEnded" and len(end.payload["cleared"]) == 10
    assert t.state["clearing"] == []


def test_a_clearing_of_nine_stays():
    t = table()
    stuff = filler(9)
    arrange(t, hands={0: filler(2, avoid=stuff)}, clearing=stuff)
    t.play(0, {"type": "draw", "source": "deck"})
    t.play(0, {"type": "draw", "source": "deck"})
    assert len(t.state["clearing"]) == 9


def test_the_first_winters_are_set_aside_and_the_third_ends_the_game_at_once():
    t = table()
    arrange(t, hands={0: filler(2)})
    t.state["piles"] = [[201], [202], [card("trillium")], [203]]
    events = t.play(0, {"type": "draw", "source": "deck"})
    assert types(events)[:3] == ["WinterSetAside", "WinterSetAside", "CardDrawn"]
    assert t.state["winters"] == [201, 202] and t.state["step"]["kind"] == "draw"
    events = t.play(0, {"type": "draw", "source": "deck"})
    assert types(events) == ["WinterSetAside", "GameEnded"]
    assert RULES.outcome(t.state) is not None and t.state["current"] == 0


def test_setup_puts_the_winters_in_the_bottom_third_and_removes_cards_by_player_count():
    for players, removed in ((2, 43), (3, 29), (4, 14), (5, 0)):
        t = table(players)
        state = t.state
        assert len(state["removed"]) == removed
        upper, first_winter, lower = state["piles"]
        assert first_winter == [201] and {202, 203} <= set(lower)
        rest = 172 - removed - 6 * players
        assert len(lower) - 2 == rest // 3 and len(upper) == rest - rest // 3
        assert all(len(hand) == 6 for hand in state["hands"])


def test_the_special_case_shows_the_hand_puts_two_into_the_cave_and_draws_two():
    t = table()
    # Ten cards, none a tree or river, and a forest with no free slot they fit.
    hand = filler(10)
    arrange(t, hands={0: hand})
    moves = RULES.legal_moves(t.state, 0)
    assert {m["type"] for m in moves} == {"shelter"} and len(moves) == 45
    events = t.play(0, {"type": "shelter", "cards": [hand[0], hand[1]]})
    assert types(events)[:2] == ["HandShown", "CardsSheltered"]
    assert sorted(t.state["caves"][0]) == sorted(hand[:2]) and len(t.state["hands"][0]) == 10
    assert t.state["current"] == 1
    assert RULES.redact(events[1], 1).payload["cards"] == [None, None]


def test_the_special_case_is_refused_while_a_card_can_be_played():
    t = table()
    maple = card("red_maple")
    arrange(t, hands={0: [maple] + filler(9, avoid=[maple])})
    refused(t, 0, {"type": "shelter", "cards": [maple, t.state["hands"][0][1]]}, "special case does not apply")


def test_moves_out_of_turn_and_out_of_step_are_refused():
    t = table()
    arrange(t, hands={0: filler(3)})
    refused(t, 1, {"type": "draw", "source": "deck"}, "not your turn")
    refused(t, 0, {"type": "pay", "card": t.state["hands"][0][0]}, "Not now")
    refused(t, 0, {"type": "play", "card": 999}, "not in your hand")
