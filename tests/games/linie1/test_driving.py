"""Phase 2: the dice and the tram's drive along its route.

The track of ``driving_table``: position 0 is the start terminal, positions 1..15
the squares of LINE1_PATH, 16 the destination terminal. Stop signs stand at
position 5 (L, square (3,2)) and position 9 (I, square (2,5)).
"""
from games.catalog.linie1 import RULES
from games.catalog.linie1 import components as C

from tests.games.linie1.helpers import driving_table, refused, types

DESTINATION = 16


def result(face, position, **kwargs):
    t = driving_table(position=position, **kwargs)
    return RULES._die_result(t.state, 0, face)


def test_green_lights_move_one_or_two_squares_forward():
    assert result("1", 0)["to"] == 1
    assert result("2", 3)["to"] == 5
    assert result("red", 3)["to"] == 3


def test_h_goes_to_the_next_stop_sign_or_the_terminal():
    assert result("H", 0)["to"] == 5
    assert result("H", 5)["to"] == 9
    assert result("H", 9)["to"] == DESTINATION
    # any stop sign counts for H, not only those on the route card
    assert result("H", 0, stops="I")["to"] == 5


def test_the_tool_sends_the_tram_back_to_the_last_stop_or_terminal_passed():
    assert result("tool", 7)["to"] == 5
    assert result("tool", 3)["to"] == 0
    assert result("tool", 5)["to"] == 5          # standing at a stop: the workshop is there
    assert result("tool", 12)["to"] == 9
    assert result("tool", 12)["breakdown"] is True


def test_passing_a_stop_of_the_route_card_is_a_milestone():
    moved = result("2", 4)
    assert moved["to"] == 6 and moved["reached"] == ["L"]
    assert result("H", 5)["reached"] == ["I"]
    assert result("2", 0)["reached"] == []


def test_surplus_moves_at_the_destination_are_lost():
    moved = result("2", 15)
    assert moved["to"] == DESTINATION and moved["arrived"] is True


def test_three_dice_use_one_then_roll_two_then_the_last():
    t = driving_table()
    events = t.play(0, {"type": "roll"})
    assert types(events) == ["DiceRolled"]
    faces = events[0].payload["faces"]
    assert len(faces) == 3 and set(faces) <= set(C.DIE_BGA)
    assert RULES.legal_moves(t.state, 0) == [{"type": "use_die", "face": f} for f in sorted(set(faces))]
    # use a die that is not the tool so the turn goes on
    t.state["dice"] = ["red", "2", "tool"]
    events = t.play(0, {"type": "use_die", "face": "2"})
    assert types(events) == ["DieUsed"] and t.state["trips"][0]["position"] == 2
    assert RULES.legal_moves(t.state, 0) == [{"type": "roll"}, {"type": "pass"}]
    events = t.play(0, {"type": "roll"})
    assert len(events[0].payload["faces"]) == 2
    t.state["dice"] = ["1", "H"]
    t.play(0, {"type": "use_die", "face": "1"})
    assert t.state["trips"][0]["position"] == 3 and t.state["dice_left"] == 1
    events = t.play(0, {"type": "roll"})           # the last die is used as it falls
    assert types(events)[:2] == ["DiceRolled", "DieUsed"]
    assert len(events[0].payload["faces"]) == 1
    if not events[1].payload["arrived"]:
        assert types(events)[-1] == "TurnEnded" and t.state["current"] == 1


def test_passing_after_a_die_ends_the_turn():
    t = driving_table()
    t.state["stage"] = "choose"
    t.state["dice"] = ["2", "2", "red"]
    t.state["dice_left"] = 3
    t.play(0, {"type": "use_die", "face": "2"})
    events = t.play(0, {"type": "pass"})
    assert types(events) == ["TurnEnded"] and t.state["current"] == 1
    assert t.state["trips"][0]["position"] == 2


def test_the_tool_ends_the_turn_at_once():
    t = driving_table(position=7)
    t.state["stage"] = "choose"
    t.state["dice"] = ["tool", "tool", "tool"]
    t.state["dice_left"] = 3
    events = t.play(0, {"type": "use_die", "face": "tool"})
    assert types(events) == ["DieUsed", "TurnEnded"]
    assert t.state["trips"][0]["position"] == 5


def test_only_a_rolled_face_may_be_used():
    t = driving_table()
    t.state["stage"] = "choose"
    t.state["dice"] = ["red", "1", "2"]
    t.state["dice_left"] = 3
    refused(t, 0, {"type": "use_die", "face": "H"}, "face_not_rolled")
    refused(t, 0, {"type": "roll"}, "wrong_time")
    refused(t, 0, {"type": "place", "tile": 0, "rotation": 0, "row": 8, "col": 8}, "wrong_phase")


def test_the_single_1995_die_moves_at_once_and_ends_the_turn():
    t = driving_table(dice="single_die_1995")
    events = t.play(0, {"type": "roll"})
    assert types(events) == ["DiceRolled", "DieUsed", "TurnEnded"]
    face = events[0].payload["faces"][0]
    assert face in C.DIE_1995
    expected = {"1": 1, "2": 2, "3": 3, "4": 4, "H": 5}[face]
    assert t.state["trips"][0]["position"] == expected


def test_the_published_dice_have_two_tool_faces():
    assert C.DIE_PUBLISHED.count("tool") == 2 and C.DIE_BGA.count("tool") == 1
    assert C.DIE_BGA.count("2") == 2


def test_trams_may_share_squares():
    t = driving_table(players=3)
    t.state["status"][1] = "driving"
    t.state["lines"][1] = 1
    t.state["trips"][1] = {"start": "left", "path": list(t.state["trips"][0]["path"]),
                           "position": 2, "reached": []}
    t.state["stage"] = "choose"
    t.state["dice"] = ["2", "red", "red"]
    t.state["dice_left"] = 3
    t.play(0, {"type": "use_die", "face": "2"})
    assert t.state["trips"][0]["position"] == t.state["trips"][1]["position"] == 2


def test_reaching_the_destination_wins():
    t = driving_table(position=14)
    t.state["trips"][0]["reached"] = ["L", "I"]
    t.state["stage"] = "choose"
    t.state["dice"] = ["2", "1", "red"]
    t.state["dice_left"] = 3
    events = t.play(0, {"type": "use_die", "face": "2"})
    assert types(events) == ["DieUsed", "GameEnded"]
    assert t.state["status"][0] == "arrived" and t.state["winner"] == 0
    assert RULES.to_move(t.state) == set()
    assert RULES.legal_moves(t.state, 0) == []
    refused(t, 0, {"type": "roll"}, "game_over")


def test_dice_are_written_into_the_events_so_replay_never_rerolls():
    t = driving_table()
    rng_seq = t.version + 1
    again = RULES.decide(t.state, 0, {"type": "roll"}, t.rng_for(rng_seq))
    events = t.play(0, {"type": "roll"})
    assert events[0].payload["faces"] == again[0].payload["faces"] == t.state["dice"]
    # evolve takes the faces from the event, whatever a new roll would give
    state = driving_table().state
    RULES.evolve(state, type(events[0])("DiceRolled", {"seat": 0, "faces": ["H", "H", "H"]}))
    assert state["dice"] == ["H", "H", "H"]
