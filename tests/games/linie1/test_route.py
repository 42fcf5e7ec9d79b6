"""Route completion and starting the trip (phase 2)."""
import copy
from games.catalog.linie1 import RULES
from games.catalog.linie1 import board as B

from tests.games.linie1.helpers import (EW, LINE1_PATH, LINE1_TRACK, STRAIGHT, cell, place, refused, table,
                                        types)

CROSSING, Y_SWITCH, LEFT_SWITCH = 9, 4, 2


def line1_table(tiles=None, stops="IL", signs=None, **fields):
    t = table(2, tiles=tiles if tiles is not None else LINE1_TRACK,
              signs=signs if signs is not None else {"I": (2, 5), "L": (3, 2)}, **fields)
    t.state["lines"][0] = 1
    t.state["routes"][0] = stops
    return t


def test_a_continuous_track_through_the_stops_completes_the_route():
    t = line1_table()
    assert RULES.route(t.state, 0, "left") == LINE1_PATH
    assert RULES.route(t.state, 0, "right") == list(reversed(LINE1_PATH))
    assert RULES.route_complete(t.state, 0)


def test_the_stops_may_be_passed_in_any_order():
    assert RULES.route_complete(line1_table(stops="LI").state, 0)


def test_a_gap_in_the_track_leaves_the_route_incomplete():
    tiles = dict(LINE1_TRACK)
    del tiles[(2, 7)]
    assert not RULES.route_complete(line1_table(tiles=tiles).state, 0)


def test_a_stop_off_the_track_or_without_a_sign_leaves_it_incomplete():
    assert not RULES.route_complete(line1_table(signs={"I": (2, 5), "L": (8, 8)}).state, 0)
    assert not RULES.route_complete(line1_table(signs={"I": (2, 5)}).state, 0)


def test_a_track_that_looks_connected_but_needs_a_right_angle_turn_is_not_a_route():
    # A crossing at the corner (5,2): it has track on its west and north edges,
    # but a tram entering from the west can only go straight on to the east.
    tiles = dict(LINE1_TRACK)
    tiles[(5, 2)] = (CROSSING, 0)
    t = line1_table(tiles=tiles)
    assert B.EDGEMASK[CROSSING * 4] == 0b1111
    assert not RULES.route_complete(t.state, 0)
    # A Y switch there (N-E and N-W) does have the west-north curve
    tiles[(5, 2)] = (Y_SWITCH, 0)
    assert RULES.route_complete(line1_table(tiles=tiles).state, 0)


def test_a_switch_can_be_driven_only_along_its_branches():
    tiles = dict(LINE1_TRACK)
    # left switch (N-S and S-W) turned so that it reads E-W plus W-N at (2,2):
    # from the south (entering at S) there is no segment at all any more
    tiles[(2, 2)] = (LEFT_SWITCH, 1)
    assert not RULES.route_complete(line1_table(tiles=tiles).state, 0)
    # on the straight part of the line a switch whose straight runs along the
    # track is fine: (4,2) N-S plus S-W
    tiles = dict(LINE1_TRACK)
    tiles[(4, 2)] = (LEFT_SWITCH, 0)
    assert RULES.route_complete(line1_table(tiles=tiles).state, 0)


def test_the_tram_follows_the_curve_as_drawn():
    # a south-west curve at the corner: from the west the tram must turn south
    tiles = dict(LINE1_TRACK)
    tiles[(5, 2)] = (1, 2)         # S-W curve: from the west it turns south, away from the line
    assert not RULES.route_complete(line1_table(tiles=tiles).state, 0)


def test_starting_the_trip_reveals_line_and_route_and_places_the_tram():
    t = line1_table(hands=[[STRAIGHT] * 5, [STRAIGHT] * 5])
    moves = RULES.legal_moves(t.state, 0)
    assert {"type": "start_trip", "start": "left", "route": 0} in moves
    assert {"type": "start_trip", "start": "right", "route": 0} in moves
    assert [m for m in moves if m["type"] == "start_trip"] == [   # a single way to go each way
        {"type": "start_trip", "start": "right", "route": 0}, {"type": "start_trip", "start": "left", "route": 0}]
    assert RULES.view(t.state, 1)["players"][0]["stops"] is None
    assert "trip_routes" not in RULES.view(t.state, 1)
    offered = RULES.view(t.state, 0)["trip_routes"]["right"]
    assert offered == [{"route": 0, "squares": len(LINE1_PATH), "stop_signs": ["I", "L"],
                        "path": [[c // 12, c % 12] for c in reversed(LINE1_PATH)]}]
    refused(t, 0, {"type": "start_trip", "start": "right"}, "route_required")
    refused(t, 0, {"type": "start_trip", "start": "right", "route": 1}, "no_such_route")
    events = t.play(0, {"type": "start_trip", "start": "right", "route": 0})
    assert types(events) == ["TripStarted"]
    assert events[0].payload == {"seat": 0, "line": 1, "stops": "IL", "start": "right",
                                 "path": list(reversed(LINE1_PATH))}
    assert t.state["status"][0] == "driving" and t.state["stage"] == "roll"
    seen = RULES.view(t.state, 1)["players"][0]
    assert seen["line"] == 1 and seen["stops"] == "IL"
    assert seen["trip"]["position"] == 0
    assert RULES.milestones(t.state, 0) == (1, 4)        # the tram is on the board
    assert RULES.legal_moves(t.state, 0) == [{"type": "roll"}]


def test_the_trip_starts_only_at_the_start_of_a_turn():
    t = line1_table(hands=[[STRAIGHT] * 5, [STRAIGHT] * 5])
    t.play(0, place(STRAIGHT, 0, 8, 8))
    assert not any(m["type"] == "start_trip" for m in RULES.legal_moves(t.state, 0))
    refused(t, 0, {"type": "start_trip", "start": "left"}, "wrong_time")


def test_an_incomplete_route_cannot_be_driven():
    tiles = dict(LINE1_TRACK)
    del tiles[(2, 7)]
    t = line1_table(tiles=tiles)
    assert not any(m["type"] == "start_trip" for m in RULES.legal_moves(t.state, 0))
    refused(t, 0, {"type": "start_trip", "start": "left"}, "route_incomplete")
    refused(t, 0, {"type": "start_trip", "start": "top"}, "bad_terminal")


def test_a_complete_route_and_no_placement_means_start_instead_of_pass():
    t = line1_table(hands=[[], [STRAIGHT] * 5])
    t.state["pile"] = []
    moves = RULES.legal_moves(t.state, 0)
    assert {"type": "pass"} not in moves
    assert {"type": "start_trip", "start": "left", "route": 0} in moves
    refused(t, 0, {"type": "pass"}, "must_start_trip")


def test_replacements_never_break_a_complete_route():
    # every connection of a replaced tile stays, so a complete route stays complete
    t = line1_table(hands=[[LEFT_SWITCH] * 5, [STRAIGHT] * 5])
    replacements = [m for m in RULES.legal_moves(t.state, 0)
                    if m["type"] == "place" and t.state["tiles"][cell(m["row"], m["col"])] is not None]
    assert len(replacements) >= 5
    for move in replacements:
        after = copy.deepcopy(t.state)
        for event in RULES.decide(t.state, 0, move, t.rng_for(1)):
            RULES.evolve(after, event)
        assert RULES.route_complete(after, 0), move


def test_terminals_of_a_line_lie_on_opposite_sides():
    opposite = {"top": "bottom", "bottom": "top", "left": "right", "right": "left"}
    for edition in ("1995", "bga"):
        geom = B.geometry(edition)
        for line in range(1, 7):
            first, second = geom.terminals[line]
            assert opposite[first["side"]] == second["side"]
    # 1995: line 1 runs from the left side (rulebook rows 6-7) to the right (rows 2-3)
    geom = B.geometry("1995")
    assert geom.terminal_line[(cell(5, 0), 3)] == 1 and geom.terminal_line[(cell(6, 0), 3)] == 1
    assert geom.terminal_line[(cell(1, 11), 1)] == 1 and geom.terminal_line[(cell(2, 11), 1)] == 1
    # BGA: line 1 from the top (columns 2-3) to the bottom (columns 6-7)
    geom = B.geometry("bga")
    assert geom.terminal_line[(cell(0, 1), 0)] == 1 and geom.terminal_line[(cell(11, 6), 2)] == 1


def test_the_driver_chooses_among_the_routes_the_track_allows():
    """A second way round between (2,2) and (2,8): down to row 1 through switches. The
    1995 rules have the driver trace their route when the trip starts; BGA lets them
    steer: either way the choice is the driver's (rules version 2)."""
    tiles = dict(LINE1_TRACK)
    # row 2 keeps its straight line; a bypass leaves it at (2,4) and rejoins at (2,8)
    tiles[(2, 4)] = (LEFT_SWITCH, 1)   # E-W and W-N: from the west, on east or up north
    tiles[(1, 4)] = (1, 1)             # curve S-E
    for col in range(5, 8):
        tiles[(1, col)] = EW
    tiles[(1, 8)] = (1, 2)             # curve S-W
    tiles[(2, 8)] = (3, 3)             # right switch: E-W and N-E, back onto the line
    both_stops = line1_table(tiles=tiles, hands=[[STRAIGHT] * 5, [STRAIGHT] * 5])
    # the bypass misses the sign of stop I at (2,5): a card with I has one way only
    assert [r["squares"] for r in RULES.view(both_stops.state, 0)["trip_routes"]["left"]] == [len(LINE1_PATH)]
    t = line1_table(tiles=tiles, stops="L", hands=[[STRAIGHT] * 5, [STRAIGHT] * 5])
    routes = RULES.view(t.state, 0)["trip_routes"]["left"]
    assert [r["squares"] for r in routes] == [len(LINE1_PATH), len(LINE1_PATH) + 2]
    assert routes[0]["stop_signs"] == ["I", "L"] and routes[1]["stop_signs"] == ["L"]
    assert [1, 5] in routes[1]["path"] and [2, 5] not in routes[1]["path"]
    starts = [m for m in RULES.legal_moves(t.state, 0) if m["type"] == "start_trip"]
    assert {(m["start"], m["route"]) for m in starts} == {("left", 0), ("left", 1), ("right", 0), ("right", 1)}
    events = t.play(0, {"type": "start_trip", "start": "left", "route": 1})
    assert events[0].payload["path"][6:10] == [cell(2, 3), cell(2, 4), cell(1, 4), cell(1, 5)]
    assert t.state["trips"][0]["path"] == events[0].payload["path"]


def test_rules_version_1_drives_the_shortest_route_without_a_choice():
    from games.catalog.linie1 import RULES_BY_VERSION
    v1 = RULES_BY_VERSION[1]
    t = line1_table(hands=[[STRAIGHT] * 5, [STRAIGHT] * 5])
    assert {"type": "start_trip", "start": "left"} in v1.legal_moves(t.state, 0)
    assert "trip_routes" not in v1.view(t.state, 0)
    events = v1.decide(t.state, 0, {"type": "start_trip", "start": "left"}, t.rng_for(1))
    assert events[0].payload["path"] == LINE1_PATH
