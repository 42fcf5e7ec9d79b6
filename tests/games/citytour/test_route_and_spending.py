"""Worked examples from the rule text: the route, spending symbols, the costs.

The display in these tests is "k2 p1 b1 | k1 v2 s1": cells 0-2 the left card (a
2-compass, a 1-camera, a 1-bag), cells 3-5 the right card (a 1-compass, a 2-visitor,
a 1-smiley). The start place E4 is a large historic building; around it on the green
side: D4 (square) leads to D3 (shop) and D5 (brewery); E5 (statue) leads to D5; F4
(museum) leads to G4 (square).
"""
import pytest

from games.engine import IllegalMove

from .helpers import RULES, idle, new_game, play, turn


def refused(state, seat, move, code):
    with pytest.raises(IllegalMove) as error:
        RULES.decide(state, seat, move, None)
    assert error.value.code == code, error.value.message
    return error.value.message


def test_the_start_place_is_crossed_off_on_every_sheet_at_once():
    state = new_game(players=3)
    for sheet in state["sheets"]:
        assert sheet["route"] == ["E4"]
        assert sheet["marks"] == {"E4": "monument"}


def test_two_symbols_must_touch_and_a_third_is_a_rush():
    state = new_game()
    assert len(RULES.legal_moves(state, 0)) == 7 + 10     # seven pairs, ten rush triples
    refused(state, 0, {"type": "choose", "cells": [0, 2]}, "not_adjacent")      # top and bottom
    refused(state, 0, {"type": "choose", "cells": [0, 4]}, "not_adjacent")      # diagonal
    refused(state, 0, {"type": "choose", "cells": [0, 1, 5]}, "not_adjacent")   # 5 touches neither
    state = play(state, 0, {"type": "choose", "cells": [0, 1, 2]})            # a column: a rush
    state = play(state, 0, {"type": "route", "path": []})
    state = play(state, 0, {"type": "mark", "marks": []})
    state = idle(state, 1)
    assert state["sheets"][0]["rush"] == 1 and state["sheets"][1]["rush"] == 0


def test_compasses_add_up_and_the_route_never_touches_a_place_twice():
    state = new_game()
    state = play(state, 0, {"type": "choose", "cells": [0, 3]})     # 2 + 1 compass = 3 steps
    refused(state, 0, {"type": "route", "path": ["D4", "D5", "C5", "C6"]}, "too_many_steps")
    refused(state, 0, {"type": "route", "path": ["G4"]}, "not_connected")
    refused(state, 0, {"type": "route", "path": ["D4", "E4"]}, "place_visited")    # back to the start
    refused(state, 0, {"type": "route", "path": ["E5", "D5", "D4", "E4"]}, "too_many_steps")
    refused(state, 0, {"type": "route", "path": ["E5", "D5", "E5"]}, "place_visited")
    RULES.decide(state, 0, {"type": "route", "path": ["D4"]}, None)        # stopping early is fine
    state = play(state, 0, {"type": "route", "path": ["E5", "D5", "D4"]})
    state = play(state, 0, {"type": "mark", "marks": []})
    state = idle(state, 1)
    assert state["sheets"][0]["route"] == ["E4", "E5", "D5", "D4"]
    # Next turn: D4's neighbours E4 and D5 are on the route; only D3 remains.
    state = play(state, 0, {"type": "choose", "cells": [0, 3]})
    legal = {tuple(m["path"]) for m in RULES.legal_moves(state, 0)}
    assert ("D3",) in legal and all("E4" not in p and "D5" not in p for p in legal)


def test_symbols_pay_only_on_this_turns_route_and_only_matching_places():
    state = new_game()
    # Walk E4 -> E5 (statue) -> D5 (brewery) with the 2-compass, the 1-camera along.
    state = play(state, 0, {"type": "choose", "cells": [0, 1]})
    state = play(state, 0, {"type": "route", "path": ["E5", "D5"]})
    refused(state, 0, {"type": "mark", "marks": [{"place": "D5", "as": "brewery"}]}, "cannot_pay")
    refused(state, 0, {"type": "mark", "marks": [{"place": "E4", "as": "monument"}]}, "already_marked")
    refused(state, 0, {"type": "mark", "marks": [{"place": "D4", "as": "square"}]}, "not_on_route")
    state = play(state, 0, {"type": "mark", "marks": []})       # passing without paying is allowed
    state = idle(state, 1)
    # Next turn: the 1-camera and the 1-smiley (cells 1, 4? no: 1 and 5 do not touch;
    # 2 and 5 are bag and smiley). E5 was left behind: it can never be marked now.
    state = play(state, 0, {"type": "choose", "cells": [2, 5]})
    state = play(state, 0, {"type": "route", "path": []})
    refused(state, 0, {"type": "mark", "marks": [{"place": "E5", "as": "statue"}]}, "not_on_route")
    # D5, where the route stopped last turn, is this turn's start place: markable.
    state = play(state, 0, {"type": "mark", "marks": [{"place": "D5", "as": "brewery"}]})
    state = idle(state, 1)
    assert state["sheets"][0]["marks"] == {"E4": "monument", "D5": "brewery"}


def test_large_historic_buildings_theatres_and_restaurants_cost_two():
    # E8 (large historic building) next to D8 (bridge): one camera pays the bridge only.
    state = new_game(start="D8", display="k1 p1 s2 k1 p1 v2")
    state = play(state, 0, {"type": "choose", "cells": [0, 1]})
    state = play(state, 0, {"type": "route", "path": ["E8"]})
    refused(state, 0, {"type": "mark", "marks": [{"place": "E8", "as": "monument"}]}, "cannot_pay")
    state = new_game(start="D8", display="k1 p1 s2 k1 p1 v2")
    state = play(state, 0, {"type": "choose", "cells": [0, 1, 4]})      # 1 + 1 camera with a rush
    state = play(state, 0, {"type": "route", "path": ["E8"]})
    RULES.decide(state, 0, {"type": "mark", "marks": [{"place": "E8", "as": "monument"}]}, None)
    # A theatre (E6) takes both visitors of a 2-visitor; a museum (D6) takes one.
    state = new_game(start="F6", display="k1 p1 s2 k1 v1 v1")
    state = play(state, 0, {"type": "choose", "cells": [3, 4]})
    state = play(state, 0, {"type": "route", "path": ["E6"]})
    refused(state, 0, {"type": "mark", "marks": [{"place": "E6", "as": "theatre"}]}, "cannot_pay")
    state = new_game(start="F6", display="k1 p1 s2 k1 v2 v1")
    state = play(state, 0, {"type": "choose", "cells": [3, 4]})
    state = play(state, 0, {"type": "route", "path": ["E6"]})
    RULES.decide(state, 0, {"type": "mark", "marks": [{"place": "E6", "as": "theatre"}]}, None)
    # A restaurant (E3) needs two smileys: cell 2 holds a 2-smiley.
    state = new_game(start="D3", display="k1 p1 s2 k1 v2 s1")
    state = play(state, 0, {"type": "choose", "cells": [0, 1, 2]})
    state = play(state, 0, {"type": "route", "path": ["E3"]})
    RULES.decide(state, 0, {"type": "mark", "marks": [{"place": "E3", "as": "restaurant"}]}, None)


def test_the_red_side_makes_museums_and_theatres_one_dearer():
    state = new_game(start="F6", display="k1 p1 s2 k1 v2 v1", options={"side": "red"})
    state = play(state, 0, {"type": "choose", "cells": [3, 4]})
    state = play(state, 0, {"type": "route", "path": ["E6"]})
    refused(state, 0, {"type": "mark", "marks": [{"place": "E6", "as": "theatre"}]}, "cannot_pay")
    state = new_game(start="F6", display="k1 p1 s2 k1 v2 v1", options={"side": "red"})
    state = play(state, 0, {"type": "choose", "cells": [3, 4, 5]})           # 3 visitors
    state = play(state, 0, {"type": "route", "path": ["E6"]})
    RULES.decide(state, 0, {"type": "mark", "marks": [{"place": "E6", "as": "theatre"}]}, None)
    # A museum: 1 visitor on green, 2 on red (E4 -> F4).
    for side, needs in (("green", 1), ("red", 2)):
        state = new_game(display="k1 p1 s2 k1 v1 v1", options={"side": side})
        state = play(state, 0, {"type": "choose", "cells": [3, 4]})
        state = play(state, 0, {"type": "route", "path": ["F4"]})
        move = {"type": "mark", "marks": [{"place": "F4", "as": "museum"}]}
        if needs == 1:
            RULES.decide(state, 0, move, None)
        else:
            refused(state, 0, move, "cannot_pay")


def test_a_place_is_marked_as_its_own_type_only():
    state = new_game(start="C5", display="k1 s1 s1 k1 s1 b1")
    state = play(state, 0, {"type": "choose", "cells": [0, 1]})
    state = play(state, 0, {"type": "route", "path": ["C6"]})
    refused(state, 0, {"type": "mark", "marks": [{"place": "C6", "as": "restaurant"}]}, "wrong_type")
    state = play(state, 0, {"type": "mark", "marks": [{"place": "C6", "as": "cafe"}]})
    assert state["pending"][0][-1]["marks"] == [{"place": "C6", "as": "cafe"}]


def test_a_second_cafe_is_refused():
    state = new_game(start="D6", display="k2 s1 s1 k1 s1 b1")
    state["sheets"][0]["marks"]["E2"] = "cafe"
    state = play(state, 0, {"type": "choose", "cells": [0, 1]})
    state = play(state, 0, {"type": "route", "path": ["C6"]})
    refused(state, 0, {"type": "mark", "marks": [{"place": "C6", "as": "cafe"}]}, "gastronomy_used")


def test_the_two_direction_variant_continues_either_end():
    state = new_game(options={"two_directions": True})
    refused(state, 0, {"type": "choose", "cells": [0, 3]}, "invalid_move")     # the end must be named
    state = turn(state, 0, (0, 3), ["F4", "G4"], end="head")
    state = turn(state, 1, (0, 1), end="head")
    state = play(state, 0, {"type": "choose", "cells": [0, 3], "end": "tail"})
    refused(state, 0, {"type": "route", "path": ["F4"]}, "place_visited")     # F4 is on the route already
    state = play(state, 0, {"type": "route", "path": ["E5", "D5"]})
    state = play(state, 0, {"type": "mark", "marks": []})
    state = turn(state, 1, (0, 1), end="head")
    assert state["sheets"][0]["route"] == ["D5", "E5", "E4", "F4", "G4"]
    # Without the variant an end may not be named.
    plain = new_game()
    refused(plain, 0, {"type": "choose", "cells": [0, 3], "end": "tail"}, "invalid_move")


def test_a_player_at_a_dead_end_may_still_mark_where_they_stand():
    state = new_game(start="D8", display="k1 p2 s2 k1 p1 v2")
    state = turn(state, 0, (0, 3), ["E8"])               # E8 is a dead end
    state = idle(state, 1)
    state = play(state, 0, {"type": "choose", "cells": [0, 1]})
    assert RULES.legal_moves(state, 0) == [{"type": "route", "path": []}]
    state = play(state, 0, {"type": "route", "path": []})
    assert {"type": "mark", "marks": [{"place": "E8", "as": "monument"}]} in RULES.legal_moves(state, 0)
