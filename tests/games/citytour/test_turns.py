"""The turn cycle: simultaneous secret steps, resolution, the card display, the end,
the red side's bonus boxes."""
import pytest

from games.catalog.citytour.components import CARDS
from games.engine import IllegalMove
from games.engine.harness import Table

from .helpers import RULES, idle, new_game, play, turn


def test_every_seat_moves_at_once_and_the_turn_resolves_when_all_have_marked():
    state = new_game(players=3)
    assert RULES.to_move(state) == {0, 1, 2}
    state = idle(state, 1)
    assert RULES.to_move(state) == {0, 2}
    assert state["turn"] == 1 and state["sheets"][1]["route"] == ["E4"]   # nothing written yet
    with pytest.raises(IllegalMove) as error:
        RULES.decide(state, 1, {"type": "choose", "cells": [0, 1]}, None)
    assert error.value.code == "not_your_turn"
    state = idle(state, 0)
    state = turn(state, 2, (0, 3), ["D4"])
    assert state["turn"] == 2 and RULES.to_move(state) == {0, 1, 2}
    assert state["sheets"][2]["route"] == ["E4", "D4"]


def test_the_steps_come_in_order():
    state = new_game()
    with pytest.raises(IllegalMove) as error:
        RULES.decide(state, 0, {"type": "route", "path": []}, None)
    assert error.value.code == "wrong_step" and "choose" in error.value.message


def test_sixteen_cards_make_fifteen_turns_and_twenty_nineteen():
    for deck, turns in ((16, 15), (20, 19)):
        table = Table(RULES, 2, {"deck": deck}, seed=3)
        seen = 0
        while not table.over:
            seat = min(RULES.to_move(table.state))
            table.bot_move(seat)
            seen = max(seen, table.state["turn"])
        assert seen == turns
        turned = [e for e in table.game.events if e.type == "CardsTurned"]
        assert len(turned) == turns
        cards = [e.payload["top"]["card"] for e in turned] + [turned[0].payload["flipped"]]
        assert len(set(cards)) == deck               # every card once


def test_the_display_is_the_back_of_the_flipped_card_beside_the_front_of_the_top_card():
    table = Table(RULES, 2, {}, seed=5)
    first = [e for e in table.game.events if e.type == "CardsTurned"][0].payload
    flipped = first["flipped"]
    assert first["display"][:3] in (CARDS[flipped][0], CARDS[flipped][1])
    assert first["display"][3:] == CARDS[first["top"]["card"]][first["top"]["up"]]


def test_a_bonus_box_is_activated_when_reached_and_adds_to_a_symbol_from_the_next_turn():
    # Start B5 (a statue, the 1st box of the statue row); the 2nd box holds a 1-bonus.
    # C3, another statue, is three steps away: B5 - B4 - C4 - C3.
    state = new_game(players=2, options={"side": "red"}, start="B5", missions=[1],
                     display="k2 p1 b1 k1 v2 s1")
    state = turn(state, 0, (0, 3), ["B4", "C4", "C3"])                 # 3 steps
    state = idle(state, 1)
    state = turn(state, 0, (1, 2), [], [("C3", "statue")])             # the 2nd statue: box reached
    state = idle(state, 1)
    assert state["sheets"][0]["bonus_active"] == ["statue:2"]
    legal = RULES.legal_moves(state, 0)
    assert {"type": "choose", "cells": [0, 1], "bonuses": [{"value": 1, "cell": 0}]} in legal
    with pytest.raises(IllegalMove) as error:
        RULES.decide(state, 0, {"type": "choose", "cells": [0, 1], "bonuses": [{"value": 2, "cell": 0}]}, None)
    assert error.value.code == "no_bonus"
    state = play(state, 0, {"type": "choose", "cells": [0, 1], "bonuses": [{"value": 1, "cell": 0}]})
    assert RULES.turn_of(state, 0).budget()["compass"] == 3             # 2-compass + 1
    state = play(state, 0, {"type": "route", "path": []})
    state = play(state, 0, {"type": "mark", "marks": []})
    state = idle(state, 1)
    assert state["sheets"][0]["bonus_active"] == [] and state["sheets"][0]["bonus_used"] == ["statue:2"]
    # The green side has no bonus boxes.
    green = new_game(players=2, start="B5", missions=[1])
    with pytest.raises(IllegalMove):
        RULES.decide(green, 0, {"type": "choose", "cells": [0, 1], "bonuses": [{"value": 1, "cell": 0}]}, None)


def test_red_special_places_count_as_the_type_chosen():
    # G4 offers bridge or café on the red side; it is a square on the green side.
    state = new_game(players=2, options={"side": "red"}, start="F4", missions=[1], display="k1 p1 s1 k1 v2 s1")
    state = play(state, 0, {"type": "choose", "cells": [0, 1]})
    state = play(state, 0, {"type": "route", "path": ["G4"]})
    assert {"type": "mark", "marks": [{"place": "G4", "as": "bridge"}]} in RULES.legal_moves(state, 0)
    with pytest.raises(IllegalMove) as error:
        RULES.decide(state, 0, {"type": "mark", "marks": [{"place": "G4", "as": "cafe"}]}, None)
    assert error.value.code == "cannot_pay"
    state = play(state, 0, {"type": "mark", "marks": [{"place": "G4", "as": "bridge"}]})
    state = idle(state, 1)
    assert state["sheets"][0]["marks"]["G4"] == "bridge"


def test_a_start_place_in_a_rows_first_box_activates_its_bonus_on_the_red_side():
    # F1 is a theatre; the theatre row's first box holds a 1-bonus.
    state = new_game(players=2, options={"side": "red"}, start="F1", missions=[1])
    assert [sheet["bonus_active"] for sheet in state["sheets"]] == [["theatre:1"], ["theatre:1"]]
    assert new_game(players=2, start="F1", missions=[1])["sheets"][0]["bonus_active"] == []
