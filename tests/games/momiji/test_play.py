"""Playing leaves (SEED "Blätterkarten spielen"), worked examples."""
import pytest

from games.catalog.momiji import RULES

from tests.games.momiji.helpers import refused, row_text, table, types


def play_table(hand, rows=None, players=2):
    return table(players, hands=[list(hand), []] + [[]] * (players - 2),
                 rows=rows or [[] for _ in range(players)])


def test_first_card_of_a_type_must_be_a_zero():
    t = play_table(["red-0", "red-1"])
    message = refused(t, 0, {"type": "play", "cards": ["red-1"], "side": "right"}, "illegal_play")
    assert "start with a 0" in message
    t.play(0, {"type": "play", "cards": ["red-0"], "side": "right"})
    assert row_text(t.state["rows"][0]) == ["red:0"]
    assert t.state["hands"][0] == ["red-1"]
    assert t.state["turn"]["main"] is True


@pytest.mark.parametrize("card,ok", [("red-0", False), ("red-1", True), ("red-2", True),
                                     ("red-3", False)])
def test_next_card_is_equal_or_one_higher(card, ok):
    t = play_table([card], rows=[["red:0,1"], []])
    move = {"type": "play", "cards": [card]}
    if ok:
        t.play(0, move)
        assert t.state["rows"][0][0]["values"] == [0, 1, int(card[-1])]
    else:
        assert "only play a 1 or a 2" in refused(t, 0, move, "illegal_play")


def test_two_cards_of_one_type_go_on_the_same_stack_in_order():
    t = play_table(["red-1", "red-2"], rows=[["red:0"], []])
    t.play(0, {"type": "play", "cards": ["red-1", "red-2"]})
    assert row_text(t.state["rows"][0]) == ["red:0,1,2"]


def test_two_zeros_may_start_a_stack():
    t = play_table(["red-0", "red-0"])
    t.play(0, {"type": "play", "cards": ["red-0", "red-0"], "side": "left"})
    assert row_text(t.state["rows"][0]) == ["red:0,0"]


def test_three_cards_of_one_type_are_too_many():
    t = play_table(["red-0", "red-0", "red-1"])
    refused(t, 0, {"type": "play", "cards": ["red-0", "red-0", "red-1"], "side": "right"},
            "illegal_play")


def test_mixing_a_pair_with_another_type_is_refused():
    t = play_table(["red-0", "red-0", "orange-0"])
    message = refused(t, 0, {"type": "play", "cards": ["red-0", "red-0", "orange-0"],
                             "side": "right"}, "illegal_play")
    assert "different types" in message


def test_several_different_types_in_one_play():
    t = play_table(["red-1", "orange-0", "yellow-0", "green-2"], rows=[["red:0"], []])
    t.play(0, {"type": "play", "cards": ["red-1", "orange-0", "yellow-0"], "side": "right"})
    assert row_text(t.state["rows"][0]) == ["red:0,1", "orange:0", "yellow:0"]
    assert t.state["hands"][0] == ["green-2"]


def test_new_stacks_go_as_a_block_at_the_chosen_end():
    t = play_table(["orange-0", "yellow-0"], rows=[["red:0"], []])
    t.play(0, {"type": "play", "cards": ["orange-0", "yellow-0"], "side": "left"})
    assert row_text(t.state["rows"][0]) == ["orange:0", "yellow:0", "red:0"]


def test_side_is_required_for_a_new_stack_and_refused_otherwise():
    t = play_table(["red-0", "orange-1"], rows=[["orange:0"], []])
    assert "side" in refused(t, 0, {"type": "play", "cards": ["red-0"]}, "illegal_play")
    assert "side" in refused(t, 0, {"type": "play", "cards": ["orange-1"], "side": "left"},
                             "illegal_play")


def test_a_three_closes_the_stack_with_a_torii():
    t = play_table(["red-3", "red-3"], rows=[["red:0,1,2"], []])
    refused(t, 0, {"type": "play", "cards": ["red-3", "red-3"]}, "illegal_play")
    t.play(0, {"type": "play", "cards": ["red-3"]})
    assert t.state["torii"] == 1
    assert closed_flags(t) == [True]
    t.play(0, {"type": "pass"})
    t.play(1, {"type": "collect", "leaf": t.state["display"][0].split("-")[0]})
    t.play(1, {"type": "pass"})
    assert "closed with a torii" in refused(t, 0, {"type": "play", "cards": ["red-3"]},
                                            "illegal_play")


def closed_flags(t):
    return [s["closed"] for s in RULES.view(t.state, 0)["rows"][0]]


def test_cards_must_be_held_and_listed_in_order():
    t = play_table(["red-0", "orange-0"])
    refused(t, 0, {"type": "play", "cards": ["yellow-0"], "side": "right"}, "illegal_play")
    refused(t, 0, {"type": "play", "cards": ["orange-0", "red-0"], "side": "right"},
            "illegal_play")
    refused(t, 0, {"type": "play", "cards": [], "side": "right"}, "illegal_play")
    refused(t, 0, {"type": "play", "cards": "red-0", "side": "right"}, "illegal_play")


# -- acorns from matching corners (red-0 shows a right acorn, orange-0 a left one) ------

def test_different_types_pay_two_acorns_per_matching_pair():
    t = play_table(["orange-0", "yellow-0"], rows=[["red:0,0"], []])
    events = t.play(0, {"type": "play", "cards": ["orange-0", "yellow-0"], "side": "right"})
    assert types(events) == ["LeavesPlayed", "AcornsGained"]
    assert t.state["acorns"][0] == 2 + 2


def test_the_same_cards_on_the_other_side_pay_nothing():
    # orange, yellow, red: orange-0 has no right acorn; yellow-0's right meets red-0's
    # left, which has none.
    t = play_table(["orange-0", "yellow-0"], rows=[["red:0,0"], []])
    events = t.play(0, {"type": "play", "cards": ["orange-0", "yellow-0"], "side": "left"})
    assert types(events) == ["LeavesPlayed"]
    assert t.state["acorns"][0] == 2


def test_a_single_type_play_never_pays_acorns():
    t = play_table(["orange-0"], rows=[["red:0"], []])
    assert types(t.play(0, {"type": "play", "cards": ["orange-0"], "side": "right"})) == [
        "LeavesPlayed"]
    assert t.state["acorns"][0] == 2


def test_every_pair_in_the_row_pays_not_only_new_ones():
    t = play_table(["yellow-0", "green-0"], rows=[["red:0", "orange:0"], []])
    t.play(0, {"type": "play", "cards": ["yellow-0", "green-0"], "side": "right"})
    # red|orange pays; orange-0 has no right acorn; yellow-0 right, green-0 no left.
    assert t.state["acorns"][0] == 4


def test_a_torii_covers_its_corners():
    # yellow-0 (right acorn) next to orange-3 (left acorn) would pay if it were open.
    closed = play_table(["red-0", "green-0"], rows=[["yellow:0", "orange:0,1,2,3"], []])
    closed.play(0, {"type": "play", "cards": ["red-0", "green-0"], "side": "left"})
    assert closed.state["acorns"][0] == 2
    opened = play_table(["red-0", "green-0"], rows=[["yellow:0", "orange:0"], []])
    opened.play(0, {"type": "play", "cards": ["red-0", "green-0"], "side": "left"})
    assert opened.state["acorns"][0] == 4


def test_playing_on_an_existing_stack_changes_what_touches():
    # red-2 shows both acorns; orange-0 shows a left acorn.
    t = play_table(["red-2", "orange-0"], rows=[["red:0,1"], []])
    t.play(0, {"type": "play", "cards": ["red-2", "orange-0"], "side": "right"})
    assert row_text(t.state["rows"][0]) == ["red:0,1,2", "orange:0"]
    assert t.state["acorns"][0] == 4
