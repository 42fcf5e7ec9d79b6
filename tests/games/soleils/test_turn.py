"""A round step by step, built by hand from the rule text ("Spielablauf", "Die
Sonnenleiste", "Symbole und Boni")."""
import pytest

from games.catalog.soleils import RULES_BY_VERSION
from games.engine import IllegalMove

from tests.games.soleils.helpers import cells, fill, new_game, play, turn

RULES = RULES_BY_VERSION[1]   # the step-by-step rules; version 2 sends the steps as one move


def refused(state, seat, move, code):
    with pytest.raises(IllegalMove) as error:
        RULES.decide(state, seat, move, None)
    assert error.value.code == code, error.value.message
    return error.value.message


# -- the basic step ---------------------------------------------------------------

def test_write_chooses_cell_by_pearl_and_sun_takes_the_third_die():
    state = new_game(1, dice=(2, 4, 5))
    # hut4-t has pearl 2: the 2 chooses it, the 4 is written, the 5 feeds the sun
    state, events = play(state, 0, {"type": "write", "cell": "hut4-t", "value": 4})
    assert [e.type for e in events] == ["ChoiceMade", "RoundResolved", "DiceRolled"]
    assert cells(state, 0)["hut4-t"] == 4
    assert state["sheets"][0]["sun"] == [5]
    assert state["round"] == 2 and events[2].payload["round"] == 2


def test_the_pearl_fills_only_with_two_equal_dice():
    state = new_game(1, dice=(3, 3, 6))
    state, _ = play(state, 0, {"type": "write", "cell": "koi1-4", "value": 3})
    assert cells(state, 0)["koi1-4"] == 3
    assert state["sheets"][0]["sun"] == [6]
    assert RULES.view(state, 0)["players"][0]["tally"]["pearls"] == 1


def test_a_die_serves_only_one_purpose():
    state = new_game(1, dice=(1, 2, 3))
    refused(state, 0, {"type": "write", "cell": "koi1-2", "value": 1}, "pearl_not_rolled")
    # hut1-t's pearl is the only 1: no second 1 to write
    refused(state, 0, {"type": "write", "cell": "hut1-t", "value": 1}, "die_not_rolled")
    refused(state, 0, {"type": "write", "cell": "hut1-t", "value": 4}, "die_not_rolled")
    moves = RULES.legal_moves(state, 0)
    assert {"type": "write", "cell": "hut1-t", "value": 2} in moves
    assert {"type": "write", "cell": "hut1-t", "value": 1} not in moves


def test_zone_rule_and_taken_cell_are_refused():
    state = fill(new_game(1, dice=(1, 2, 3)), 0, {"hut1-b": 5, "gull-2": 3})
    message = refused(state, 0, {"type": "write", "cell": "hut1-t", "value": 2}, "zone_rule")
    assert "same number" in message
    refused(state, 0, {"type": "write", "cell": "gull-2", "value": 1}, "cell_taken")
    refused(state, 0, {"type": "write", "cell": "gull-1", "value": 3}, "zone_rule")


def test_skip_writing_and_feed_the_sun_with_any_die():
    state = new_game(1, dice=(1, 2, 6))
    assert [m for m in RULES.legal_moves(state, 0) if m["type"] == "sun_only"] == [
        {"type": "sun_only", "value": 1}, {"type": "sun_only", "value": 2},
        {"type": "sun_only", "value": 6}]
    refused(state, 0, {"type": "sun_only", "value": 4}, "die_not_rolled")
    state, _ = play(state, 0, {"type": "sun_only", "value": 6})
    assert state["sheets"][0]["sun"] == [6]
    assert all(value is None for value in cells(state, 0).values())


def test_sun_track_adds_up():
    state = fill(new_game(1, dice=(1, 2, 6)), 0, {}, sun=[4, 9])
    state, _ = play(state, 0, {"type": "sun_only", "value": 2})
    assert state["sheets"][0]["sun"] == [4, 9, 11]


def test_malformed_moves_are_refused():
    state = new_game(1, dice=(1, 2, 3))
    refused(state, 0, {"type": "fly"}, "unknown_move")
    refused(state, 0, "write", "invalid_move")
    refused(state, 0, {"type": "write", "cell": "hut1-t"}, "invalid_move")
    refused(state, 0, {"type": "write", "cell": "hut1-t", "value": 2, "extra": 1}, "invalid_move")
    refused(state, 0, {"type": "write", "cell": "nowhere", "value": 2}, "unknown_cell")
    refused(state, 0, {"type": "write", "cell": "hut1-t", "value": 7}, "invalid_value")
    refused(state, 0, {"type": "write", "cell": "hut1-t", "value": True}, "invalid_value")
    refused(state, 0, {"type": "crab_skip"}, "wrong_step")
    refused(state, 0, {"type": "sun", "value": 3}, "wrong_step")


# -- the crab -------------------------------------------------------------------

def test_crab_copies_into_a_neighbour_of_the_same_hut():
    state = new_game(1, dice=(3, 5, 1))
    state, events = play(state, 0, {"type": "write", "cell": "hut2-t", "value": 5})
    assert [e.type for e in events] == ["ChoiceMade"]           # the turn goes on
    assert turn(state, 0).phase == "crab"
    assert RULES.to_move(state) == {0}
    assert RULES.legal_moves(state, 0) == [
        {"type": "crab", "cell": "hut1-t"}, {"type": "crab", "cell": "hut3-t"},
        {"type": "crab", "cell": "hut2-b"}, {"type": "crab_skip"}]
    # hut2-b holds a frog hat: the copy grants it, so the sun value is chosen next
    state, _ = play(state, 0, {"type": "crab", "cell": "hut2-b"})
    assert turn(state, 0).phase == "sun"
    state, _ = play(state, 0, {"type": "sun", "value": 6})
    assert cells(state, 0)["hut2-t"] == 5 and cells(state, 0)["hut2-b"] == 5
    assert state["sheets"][0]["sun"] == [6]
    assert RULES.view(state, 0)["players"][0]["tally"]["completed_groups"] == ["hut2"]


def test_crab_copy_fills_the_pearl_it_lands_on():
    state = new_game(1, dice=(3, 5, 1))
    state, _ = play(state, 0, {"type": "write", "cell": "hut2-t", "value": 5})
    state, _ = play(state, 0, {"type": "crab", "cell": "hut3-t"})
    assert cells(state, 0)["hut3-t"] == 5                      # pearl 5: filled
    assert state["sheets"][0]["sun"] == [1]                    # no hat: the sun die
    assert RULES.view(state, 0)["players"][0]["tally"]["pearls"] == 1


def test_crab_skip_and_refusals():
    state = new_game(1, dice=(3, 5, 1))
    state, _ = play(state, 0, {"type": "write", "cell": "hut2-t", "value": 5})
    refused(state, 0, {"type": "crab", "cell": "hut4-t"}, "not_adjacent")
    refused(state, 0, {"type": "write", "cell": "hut1-t", "value": 3}, "wrong_step")
    state, _ = play(state, 0, {"type": "crab_skip"})
    assert cells(state, 0)["hut2-b"] is None
    assert state["sheets"][0]["sun"] == [1]


def test_crab_copy_obeys_the_target_zone_and_crosses_zones():
    # gull-1 (pearl 1, crab) touches bottle-1 (crab), koi2-4, gull-2 and gull-4
    state = fill(new_game(1, dice=(1, 4, 6)), 0, {"koi2-3": 5})
    state, _ = play(state, 0, {"type": "write", "cell": "gull-1", "value": 4})
    # koi2: koi2-3 < koi2-4 fails for 5 < 4; gulls must all differ
    assert RULES.legal_moves(state, 0) == [{"type": "crab", "cell": "bottle-1"},
                                           {"type": "crab_skip"}]
    refused(state, 0, {"type": "crab", "cell": "koi2-4"}, "zone_rule")
    refused(state, 0, {"type": "crab", "cell": "gull-2"}, "zone_rule")


def test_crab_chain():
    state = new_game(1, dice=(1, 4, 6))
    state, _ = play(state, 0, {"type": "write", "cell": "gull-1", "value": 4})
    state, _ = play(state, 0, {"type": "crab", "cell": "bottle-1"})
    # bottle-1 holds a crab too: copy on into bottle-2 (pearl 4)
    assert turn(state, 0).phase == "crab"
    assert {"type": "crab", "cell": "bottle-2"} in RULES.legal_moves(state, 0)
    assert {"type": "crab", "cell": "koi1-4"} in RULES.legal_moves(state, 0)
    state, _ = play(state, 0, {"type": "crab", "cell": "bottle-2"})
    assert [cells(state, 0)[c] for c in ("gull-1", "bottle-1", "bottle-2")] == [4, 4, 4]
    assert state["sheets"][0]["sun"] == [6]
    assert RULES.view(state, 0)["players"][0]["tally"]["pearls"] == 1


def test_crab_without_a_possible_target_is_not_offered():
    state = fill(new_game(1, dice=(1, 4, 6)), 0, {"bottle-1": 2, "koi2-4": 1})
    state, events = play(state, 0, {"type": "write", "cell": "gull-1", "value": 4})
    assert [e.type for e in events] == ["ChoiceMade", "RoundResolved", "DiceRolled"]
    assert state["sheets"][0]["sun"] == [6]


# -- the frog hat -------------------------------------------------------------------

def test_frog_hat_lets_the_player_choose_the_sun_value():
    state = new_game(1, dice=(2, 6, 6))
    state, _ = play(state, 0, {"type": "write", "cell": "koi1-1", "value": 6})
    assert turn(state, 0).phase == "sun"
    assert RULES.legal_moves(state, 0) == [{"type": "sun", "value": v} for v in range(1, 7)]
    refused(state, 0, {"type": "sun_only", "value": 2}, "wrong_step")
    state, _ = play(state, 0, {"type": "sun", "value": 3})
    assert state["sheets"][0]["sun"] == [3]


def test_without_a_hat_the_sun_die_is_forced():
    state = new_game(1, dice=(2, 6, 6))
    state, _ = play(state, 0, {"type": "write", "cell": "hut4-t", "value": 6})
    assert state["sheets"][0]["sun"] == [6]


# -- the question mark ------------------------------------------------------------

def test_question_mark_writes_any_number_anywhere():
    state = fill(new_game(1, dice=(4, 5, 6)), 0, {"gull-2": 6}, sun=[10, 18])
    state, _ = play(state, 0, {"type": "sun_only", "value": 4})     # 22: question mark
    assert turn(state, 0).phase == "question"
    moves = RULES.legal_moves(state, 0)
    assert {"type": "question", "cell": "koi1-2", "value": 1} in moves   # no pearl needed
    assert {"type": "question", "cell": "gull-5", "value": 6} not in moves  # zone rule
    assert moves[-1] == {"type": "question_skip"}
    refused(state, 0, {"type": "question", "cell": "gull-5", "value": 6}, "zone_rule")
    state, events = play(state, 0, {"type": "question", "cell": "gull-3", "value": 3})
    assert events[-1].type == "DiceRolled"
    assert cells(state, 0)["gull-3"] == 3       # a hat after the sun step does nothing
    assert state["sheets"][0]["sun"] == [10, 18, 22]


def test_question_mark_can_be_skipped():
    state = fill(new_game(1, dice=(4, 5, 6)), 0, {}, sun=[48])
    state, _ = play(state, 0, {"type": "sun_only", "value": 4})     # 52: question mark
    state, events = play(state, 0, {"type": "question_skip"})
    assert events[-1].type == "DiceRolled"
    assert all(value is None for value in cells(state, 0).values())


def test_question_mark_write_triggers_a_crab():
    state = fill(new_game(1, dice=(4, 5, 6)), 0, {}, sun=[18])
    state, _ = play(state, 0, {"type": "sun_only", "value": 4})
    state, _ = play(state, 0, {"type": "question", "cell": "koi2-3", "value": 1})
    assert turn(state, 0).phase == "crab"
    state, _ = play(state, 0, {"type": "crab", "cell": "koi3-3"})
    assert cells(state, 0)["koi2-3"] == 1 and cells(state, 0)["koi3-3"] == 1
    assert RULES.view(state, 0)["players"][0]["tally"]["pearls"] == 2


def test_question_mark_lapses_when_no_cell_can_take_a_number():
    values = {cell_id: 1 for cell_id in new_game(1)["sheets"][0]["cells"]}
    state = fill(new_game(1, dice=(4, 5, 6)), 0, values, sun=[18])
    state, events = play(state, 0, {"type": "sun_only", "value": 4})
    assert events[-1].type == "DiceRolled"


def test_sun_bonus_needs_an_exact_hit():
    state = fill(new_game(1, dice=(5, 5, 6)), 0, {}, sun=[18])
    state, events = play(state, 0, {"type": "sun_only", "value": 5})   # 23: nothing
    assert events[-1].type == "DiceRolled"


def test_write_then_sun_die_reaches_a_question_mark():
    state = fill(new_game(1, dice=(2, 3, 4)), 0, {}, sun=[18])
    state, _ = play(state, 0, {"type": "write", "cell": "hut4-t", "value": 3})
    assert state["sheets"][0]["sun"] == [18]            # still pending
    assert turn(state, 0).sun == [18, 22]
    assert turn(state, 0).phase == "question"
