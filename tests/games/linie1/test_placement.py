"""Phase 1: placing and replacing tiles, worked examples from the rule text."""
from games.catalog.linie1 import RULES

from tests.games.linie1.helpers import (CURVE, ES, EW, NS, STRAIGHT, cell, place, refused, table,
                                        types)

LEFT_SWITCH, Y_SWITCH, T_JUNCTION, CROSSING = 2, 4, 6, 9


def builder(hand, players=2, **fields):
    hands = [list(hand)] + [[STRAIGHT] * 5 for _ in range(players - 1)]
    return table(players, hands=hands, **fields)


def test_a_tile_goes_on_an_empty_square_and_leaves_the_hand():
    t = builder([STRAIGHT, CURVE])
    events = t.play(0, place(STRAIGHT, 1, 5, 5))
    assert types(events) == ["TilePlaced"]
    assert t.state["tiles"][cell(5, 5)] == [STRAIGHT, 1]
    assert t.state["hands"][0] == [CURVE]
    assert t.state["current"] == 0          # the second tile is still to place
    assert t.state["placed"] == [cell(5, 5)]


def test_no_tile_on_a_building_square():
    t = builder([STRAIGHT])
    assert "building" in refused(t, 0, place(STRAIGHT, 0, 3, 5), "illegal_placement")   # Museum


def test_no_track_off_the_board():
    t = builder([STRAIGHT])
    # (0,4) is a top-edge square without a terminal
    refused(t, 0, place(STRAIGHT, 0, 0, 4), "illegal_placement")
    t.play(0, place(STRAIGHT, 1, 0, 4))     # along the edge is fine


def test_no_track_into_a_building():
    t = builder([STRAIGHT])
    # the square above the Museum (3,5): a north-south track would run into it
    refused(t, 0, place(STRAIGHT, 0, 2, 5), "illegal_placement")


def test_a_neighbouring_track_may_not_be_blocked():
    t = builder([STRAIGHT, STRAIGHT], tiles={(5, 5): EW})
    # the east-west track at (5,5) leads into (5,6): a north-south straight blocks it
    refused(t, 0, place(STRAIGHT, 0, 5, 6), "illegal_placement")
    t.play(0, place(STRAIGHT, 1, 5, 6))


def test_no_track_against_a_neighbour_without_track():
    t = builder([STRAIGHT], tiles={(5, 5): NS})
    refused(t, 0, place(STRAIGHT, 1, 5, 6), "illegal_placement")


def test_a_terminal_square_must_take_up_the_terminal_track():
    t = builder([STRAIGHT, STRAIGHT])
    # (5,0) is a square of the left terminal of line 1 (rows 6-7 of the rulebook)
    refused(t, 0, place(STRAIGHT, 0, 5, 0), "illegal_placement")
    t.play(0, place(STRAIGHT, 1, 5, 0))


def test_no_end_that_cannot_be_continued():
    # (0,4): board edge to the north, tiles without track to the west and east:
    # only its south edge is left, so no track may lead into it from (1,4)
    t = builder([STRAIGHT, CURVE], tiles={(0, 3): NS, (0, 5): NS})
    refused(t, 0, place(STRAIGHT, 0, 1, 4), "illegal_placement")
    t.play(0, place(CURVE, 1, 1, 4))        # east-south curve: leaves (0,4) alone


def test_a_terminal_may_not_be_left_with_a_dead_end_two_squares_away():
    # The top terminal square (0,1) has a tile without west track to its east at
    # (0,2); its west neighbour is the corner (0,0), unusable once (1,0) has no
    # track north. So the track from the terminal can only continue south: a tile
    # at (1,1) without a north track would leave the terminal a dead end.
    t = builder([STRAIGHT, CURVE], tiles={(0, 2): NS, (1, 0): EW})
    refused(t, 0, place(STRAIGHT, 1, 1, 1), "illegal_placement")
    t.play(0, place(CURVE, 3, 1, 1))        # west-north curve keeps the terminal open


def test_rotations_that_look_the_same_are_given_once():
    t = builder([STRAIGHT])
    assert "use rotation 0" in refused(t, 0, place(STRAIGHT, 2, 5, 5), "bad_rotation")
    rotations = {m["rotation"] for m in RULES.legal_moves(t.state, 0)
                 if m["type"] == "place" and (m["row"], m["col"]) == (5, 5)}
    assert rotations == {0, 1}


def test_only_tiles_from_the_hand():
    t = builder([STRAIGHT])
    refused(t, 0, place(CURVE, 0, 5, 5), "tile_not_in_hand")


def test_not_your_turn():
    t = builder([STRAIGHT])
    refused(t, 1, place(STRAIGHT, 0, 5, 5), "not_your_turn")


# --- replacing -------------------------------------------------------------
def test_replacing_keeps_every_connection_and_returns_the_old_tile_to_the_hand():
    t = builder([LEFT_SWITCH, CURVE], tiles={(5, 5): NS})
    events = t.play(0, place(LEFT_SWITCH, 0, 5, 5))      # N-S plus S-W: a superset
    assert events[0].payload["replaced"] == [STRAIGHT, 0]
    assert t.state["tiles"][cell(5, 5)] == [LEFT_SWITCH, 0]
    assert t.state["hands"][0] == [STRAIGHT, CURVE]


def test_the_replaced_tile_may_be_placed_at_once():
    t = builder([LEFT_SWITCH, CURVE, CURVE, CURVE, CURVE], tiles={(5, 5): NS})
    t.play(0, place(LEFT_SWITCH, 0, 5, 5))
    t.play(0, place(STRAIGHT, 1, 8, 8))                  # the straight just taken back
    assert t.state["tiles"][cell(8, 8)] == [STRAIGHT, 1]
    assert t.state["current"] == 1


def test_a_replacement_may_not_lose_a_connection():
    t = builder([CURVE], tiles={(5, 5): NS})
    assert "keep every connection" in refused(t, 0, place(CURVE, 0, 5, 5), "illegal_placement")


def test_a_replacement_must_add_a_connection():
    t = builder([STRAIGHT], tiles={(5, 5): NS})
    assert "new connection" in refused(t, 0, place(STRAIGHT, 0, 5, 5), "illegal_placement")


def test_tiles_with_trees_are_never_replaced():
    t = builder([8], tiles={(5, 5): (CROSSING, 0)})      # a roundabout on a crossing
    assert "trees" in refused(t, 0, place(8, 0, 5, 5), "illegal_placement")


def test_a_replacement_must_fit_its_neighbours():
    # the switch's new S-W branch would run into a tile without east track
    t = builder([LEFT_SWITCH], tiles={(5, 5): NS, (5, 4): NS})
    refused(t, 0, place(LEFT_SWITCH, 0, 5, 5), "illegal_placement")


def test_a_tile_placed_this_turn_may_not_be_replaced():
    t = builder([STRAIGHT, LEFT_SWITCH])
    t.play(0, place(STRAIGHT, 0, 5, 5))
    assert "this turn" in refused(t, 0, place(LEFT_SWITCH, 0, 5, 5), "illegal_placement")


# --- stop signs --------------------------------------------------------------
def test_the_first_tile_next_to_a_building_gets_its_stop_sign():
    t = builder([STRAIGHT, STRAIGHT, LEFT_SWITCH])
    events = t.play(0, place(STRAIGHT, 0, 5, 7))         # west of ICKEA (5,8)
    assert events[0].payload["signs"] == ["I"]
    assert t.state["signs"] == {"I": cell(5, 7)}
    events = t.play(0, place(STRAIGHT, 1, 4, 8))         # north of ICKEA: no second sign
    assert events[0].payload["signs"] == []
    assert t.state["signs"] == {"I": cell(5, 7)}


def test_a_diagonal_neighbour_gets_no_sign():
    t = builder([STRAIGHT])
    events = t.play(0, place(STRAIGHT, 0, 4, 7))         # diagonal to ICKEA
    assert events[0].payload["signs"] == []


def test_the_sign_stays_when_its_tile_is_replaced():
    t = builder([LEFT_SWITCH], tiles={(5, 7): NS}, signs={"I": (5, 7)})
    t.play(0, place(LEFT_SWITCH, 0, 5, 7))
    assert t.state["signs"] == {"I": cell(5, 7)}


# --- end of turn, driver tiles, passing -----------------------------------------
def test_after_two_tiles_the_hand_is_refilled_to_five_and_the_turn_passes():
    t = builder([STRAIGHT, CURVE, CURVE, CURVE, CURVE])
    pile_top = list(reversed(t.state["pile"][-2:]))
    t.play(0, place(STRAIGHT, 0, 5, 5))
    events = t.play(0, place(CURVE, 0, 8, 8))
    assert types(events) == ["TilePlaced", "TilesDrawn", "TurnEnded"]
    assert events[1].payload["tiles"] == pile_top
    assert len(t.state["hands"][0]) == 5
    assert t.state["current"] == 1 and t.state["placed"] == []


def test_a_drivers_tiles_are_available_to_builders():
    t = builder([STRAIGHT], players=3)
    t.state["status"][1] = "driving"
    t.state["hands"][1] = [CROSSING]
    move = place(CROSSING, 0, 5, 5, from_seat=1)
    assert move in RULES.legal_moves(t.state, 0)
    t.play(0, move)
    assert t.state["hands"][1] == [] and t.state["hands"][0] == [STRAIGHT]
    # seat 2 is still building: its tiles are not available
    refused(t, 0, place(STRAIGHT, 1, 8, 8, from_seat=2), "tile_not_available")
    refused(t, 0, place(STRAIGHT, 1, 8, 8, from_seat=0), "bad_move")


def test_pass_only_when_no_tile_can_be_placed():
    t = builder([STRAIGHT])
    assert {"type": "pass"} not in RULES.legal_moves(t.state, 0)
    refused(t, 0, {"type": "pass"}, "must_place")
    t = builder([])
    t.state["pile"] = []
    assert RULES.legal_moves(t.state, 0) == [{"type": "pass"}, {"type": "give_up"}]
    events = t.play(0, {"type": "pass"})
    assert types(events) == ["TurnEnded"] and events[0].payload["idle"] is True


def test_an_empty_hand_is_refilled_when_passing():
    t = builder([])
    events = t.play(0, {"type": "pass"})
    assert types(events) == ["TilesDrawn", "TurnEnded"]
    assert len(t.state["hands"][0]) == 5


def test_the_network_blocked_for_everyone_ends_the_game():
    t = builder([])
    t.state["pile"] = []
    t.state["hands"][1] = []
    t.play(0, {"type": "pass"})
    events = t.play(1, {"type": "pass"})
    assert types(events) == ["TurnEnded", "GameEnded"]
    assert t.state["end"] == "blocked"
    assert RULES.outcome(t.state).scores == [0, 0]
    assert RULES.outcome(t.state).ranks == [1, 1]


def test_giving_up_leaves_the_game():
    t = builder([STRAIGHT], players=3)
    events = t.play(0, {"type": "give_up"})
    assert types(events) == ["PlayerGaveUp", "TurnEnded"]
    assert t.state["status"][0] == "gave_up" and t.state["current"] == 1
    t.play(1, {"type": "give_up"})
    assert t.state["current"] == 2            # seat 0 is skipped from now on
    events = t.play(2, {"type": "give_up"})
    assert types(events)[-1] == "GameEnded" and t.state["end"] == "all_gave_up"


def test_every_legal_placement_is_accepted_and_some_illegal_ones_are_refused():
    t = builder([STRAIGHT, CURVE, LEFT_SWITCH, Y_SWITCH, T_JUNCTION],
                tiles={(5, 5): NS, (5, 6): ES, (6, 6): NS, (0, 1): NS})
    moves = [m for m in RULES.legal_moves(t.state, 0) if m["type"] == "place"]
    legal = {(m["tile"], m["rotation"], m["row"], m["col"]) for m in moves}
    assert len(legal) == len(moves)
    for move in moves:
        RULES.decide(t.state, 0, move, t.rng_for(1))
    for tile in (STRAIGHT, CURVE, LEFT_SWITCH, Y_SWITCH, T_JUNCTION):
        for rotation in range(4):
            for row in range(12):
                for col in range(12):
                    if (tile, rotation, row, col) in legal:
                        continue
                    try:
                        RULES.decide(t.state, 0, place(tile, rotation, row, col), t.rng_for(1))
                    except Exception as error:  # noqa: BLE001 - must be IllegalMove
                        assert type(error).__name__ == "IllegalMove"
                    else:
                        raise AssertionError(f"accepted an unlisted move {(tile, rotation, row, col)}")
