"""Medina rules on hand-built boards: every placement rule, token, option and score.

Coordinates are grid squares (x, y) with the wall ring included: for 3-4 players the
city is x 1..16, y 1..11, the ring is x 0/17 and y 0/12, towers sit in the corners
(1 top-left, 2 bottom-right, 3 top-right, 4 bottom-left). Two players: city 1..14 x 1..10.
"""
from __future__ import annotations

import copy
import json

import pytest

from games.catalog.medina import BOTS, RULES, RULES_BY_VERSION
from games.catalog.medina.components import GUARD_TILE_VALUE
from games.catalog.medina.scoring import palace_tile_holders, player_scores
from games.engine.errors import IllegalMove
from games.engine.events import Event
from games.engine.harness import Table
from games.engine.rng import rng_for_testing


# -- helpers -------------------------------------------------------------------
def make_state(players=3, options=None, fountain=None, merchant=None, first=0, pieces=2):
    """A fresh game with the fountain and the first merchant where we want them
    (by default no fountain, and the merchant in the bottom-right city square)."""
    if merchant is None:
        merchant = (14, 10) if players == 2 else (16, 11)
    events = RULES.setup(players, RULES.check_options(players, options or {}), rng_for_testing(7))
    events[0].payload["fountain"] = list(fountain) if fountain else None
    events[0].payload["merchant"] = list(merchant)
    events[0].payload["first_player"] = first
    state = RULES.evolve({}, events[0])
    return RULES.evolve(state, Event("TurnStarted", {"seat": first, "pieces": pieces}))


def put(state, seat, piece, x, y, colour=None):
    """Put a piece on the board without any check (to build a position by hand)."""
    payload = {"seat": seat, "piece": piece, "x": x, "y": y}
    if colour:
        payload["colour"] = colour
    turn = dict(state["turn"])
    RULES._place(state, payload)
    state["turn"] = turn
    return state


def play(state, seat, move):
    """Decide and apply a move; return the new state and the events."""
    events = RULES.decide(state, seat, move, rng_for_testing(1))
    for event in events:
        state = RULES.evolve(state, event)
    return state, events


def types(events):
    return [event.type for event in events]


def legal(state, seat, kind, **fields):
    return [m for m in RULES.legal_moves(state, seat)
            if m["type"] == kind and all(m.get(k) == v for k, v in fields.items())]


def squares(state, seat, kind, **fields):
    return {(m["x"], m["y"]) for m in legal(state, seat, kind, **fields)}


def refused(state, seat, move, code=None):
    with pytest.raises(IllegalMove) as info:
        RULES.decide(state, seat, move, rng_for_testing(1))
    if code:
        assert info.value.code == code, info.value.message
    return info.value


# -- setup and options ------------------------------------------------------------
def test_supplies_per_player_count_second_edition():
    two = make_state(2)
    assert (two["width"], two["height"]) == (14, 10)
    assert two["supply"][0] == {"white": 8, "violet": 8, "brown": 8, "orange": 8, "roofs": 4,
                                "neutral_roofs": 2, "stables": 4, "merchants": 12, "walls": 15, "tea": 0}
    three = make_state(3)
    assert (three["width"], three["height"]) == (16, 11)
    assert three["supply"][2] == {"white": 6, "violet": 6, "brown": 6, "orange": 6, "roofs": 4,
                                  "neutral_roofs": 0, "stables": 4, "merchants": 8, "walls": 12, "tea": 0}
    assert make_state(3, {"neutral_roofs_for_three": True})["supply"][1]["neutral_roofs"] == 1
    four = make_state(4)
    assert four["supply"][3] == {"white": 5, "violet": 5, "brown": 5, "orange": 5, "roofs": 4,
                                 "neutral_roofs": 0, "stables": 3, "merchants": 6, "walls": 9, "tea": 0}
    assert four["tower_merchants"] == [3, 2, 1, 0] and four["tea_pool"] == 6


def test_supplies_first_edition():
    three = make_state(3, {"first_edition": True})
    assert three["supply"][0]["walls"] == 10 and three["supply"][0]["white"] == 6
    assert three["supply"][0]["neutral_roofs"] == 0
    four = make_state(4, {"first_edition": True})
    assert four["supply"][0] == {"white": 5, "violet": 5, "brown": 5, "orange": 5, "roofs": 4,
                                 "neutral_roofs": 0, "stables": 3, "merchants": 6, "walls": 8, "tea": 0}
    assert four["tower_merchants"] == [0, 0, 0, 0] and four["tea_pool"] == 0
    assert four["fountain"] is None


def test_options_checked():
    with pytest.raises(IllegalMove) as info:
        RULES.check_options(2, {"first_edition": True})
    assert info.value.code == "invalid_options"
    with pytest.raises(IllegalMove):
        RULES.check_options(3, {"first_edition": True, "fountain": True})
    with pytest.raises(IllegalMove):
        RULES.check_options(4, {"neutral_roofs_for_three": True})
    with pytest.raises(IllegalMove):
        RULES.check_options(3, {"fountain": "yes"})
    with pytest.raises(IllegalMove):
        RULES.check_options(1, {})
    first = RULES.check_options(3, {"first_edition": True})
    assert first == {"first_edition": True, "fountain": False, "tea_tiles": False,
                     "tower_merchants": False, "neutral_roofs_for_three": False}
    assert RULES.check_options(2, {}) == {"first_edition": False, "fountain": True, "tea_tiles": True,
                                          "tower_merchants": True, "neutral_roofs_for_three": False}
    for name, spec in RULES.options_schema()["properties"].items():
        assert "default" in spec and spec["description"], name


def test_setup_events_hold_every_random_outcome():
    seen_fountains, seen_merchants, seen_first = set(), set(), set()
    for seed in range(12):
        table = Table(RULES, 3, {}, seed=seed)
        setup = table.game.batches[0].events[0]
        assert setup.type == "GameSetUp"
        fx, fy = setup.payload["fountain"]
        mx, my = setup.payload["merchant"]
        # at least one square away from the wall, never on the same square
        assert 2 <= fx <= 15 and 2 <= fy <= 10 and 2 <= mx <= 15 and 2 <= my <= 10
        assert (fx, fy) != (mx, my)
        state = table.state
        assert state["cells"][fy * 18 + fx] == "F" and state["cells"][my * 18 + mx] == "M"
        assert RULES.to_move(state) == {setup.payload["first_player"]}
        seen_fountains.add((fx, fy)), seen_merchants.add((mx, my)), seen_first.add(setup.payload["first_player"])
        # replay from the events alone gives the same state
        assert RULES.fold(table.game.events) == state
    assert len(seen_fountains) > 3 and len(seen_merchants) > 3 and len(seen_first) > 1
    no_fountain = Table(RULES, 3, {"fountain": False}, seed=1)
    assert no_fountain.game.batches[0].events[0].payload["fountain"] is None
    assert "F" not in no_fountain.state["cells"]


def test_towers_in_the_corners():
    state = make_state(3)
    cells = state["cells"]
    assert [cells[0], cells[17], cells[12 * 18], cells[12 * 18 + 17]] == ["T"] * 4
    assert state["guards"] == [None] * 4


# -- the opening: first-turn rule -------------------------------------------------
def test_first_turn_two_players_places_one_piece():
    table = Table(RULES, 2, {}, seed=3)
    first = table.state["first_player"]
    assert table.state["turn"] == {"seat": first, "pieces": 1, "placed": 0, "roof_placed": False,
                                   "tea_used": False}
    events = table.play(first, {"type": "wall", "x": 1, "y": 0})
    assert types(events)[-1] == "TurnStarted" and events[-1].payload == {"seat": 1 - first, "pieces": 2}
    table.play(1 - first, {"type": "wall", "x": 2, "y": 0})
    assert RULES.to_move(table.state) == {1 - first}
    events = table.play(1 - first, {"type": "wall", "x": 0, "y": 1})
    assert events[-1].payload == {"seat": first, "pieces": 2}


@pytest.mark.parametrize("players", [3, 4])
def test_first_turn_three_four_players_first_and_second_place_one(players):
    table = Table(RULES, players, {}, seed=3)
    first = table.state["first_player"]
    assert table.state["turn"]["pieces"] == 1
    events = table.play(first, {"type": "wall", "x": 1, "y": 0})
    second = (first + 1) % players
    assert events[-1].payload == {"seat": second, "pieces": 1}
    events = table.play(second, {"type": "wall", "x": 2, "y": 0})
    assert events[-1].payload == {"seat": (first + 2) % players, "pieces": 2}


def test_first_edition_has_no_first_turn_rule():
    table = Table(RULES, 3, {"first_edition": True}, seed=3)
    assert table.state["turn"]["pieces"] == 2


# -- buildings ----------------------------------------------------------------------
def test_new_palace_anywhere_then_must_grow_it():
    state = make_state(3)
    assert (5, 5) in squares(state, 0, "building", colour="orange")
    state, events = play(state, 0, {"type": "building", "colour": "orange", "x": 5, "y": 5})
    assert types(events) == ["PiecePlaced"]          # the turn continues with the second piece
    assert squares(state, 0, "building", colour="orange") == {(4, 5), (6, 5), (5, 4), (5, 6)}
    error = refused(state, 0, {"type": "building", "colour": "orange", "x": 10, "y": 8}, "illegal_placement")
    assert "orange palace can still grow" in error.message
    # other colours still start anywhere, but never next to the orange palace
    white = squares(state, 0, "building", colour="white")
    assert (10, 8) in white
    for near in [(4, 4), (6, 6), (5, 4), (4, 6), (6, 4), (7, 5)]:
        if near == (7, 5):
            assert near in white           # two squares away leaves an alley
        else:
            assert near not in white
    error = refused(state, 0, {"type": "building", "colour": "white", "x": 6, "y": 6})
    assert "not even diagonally" in error.message


def test_building_may_not_touch_another_palace_even_when_growing():
    state = make_state(3)
    put(state, 0, "building", 5, 5, "orange")
    put(state, 0, "building", 7, 6, "white")
    # (6, 5) touches orange orthogonally and white diagonally: not for orange
    orange = squares(state, 0, "building", colour="orange")
    assert (6, 5) not in orange and (5, 6) in orange


def test_blocked_palace_lets_a_new_one_start():
    state = make_state(3)
    put(state, 0, "building", 1, 1, "violet")      # in the corner of the city
    put(state, 0, "merchant", 2, 1)
    put(state, 0, "merchant", 1, 2)
    assert squares(state, 0, "building", colour="violet") != {(2, 1)}
    assert (9, 9) in squares(state, 0, "building", colour="violet")   # anywhere: it cannot grow


def test_roofed_palace_does_not_grow_and_a_new_one_starts():
    state = make_state(3)
    put(state, 0, "building", 5, 5, "brown")
    put(state, 1, "roof", 5, 5)
    brown = squares(state, 0, "building", colour="brown")
    assert (5, 6) not in brown and (10, 3) in brown


def test_no_building_or_stable_next_to_the_fountain():
    state = make_state(3, fountain=(8, 6))
    white = squares(state, 0, "building", colour="white")
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            assert (8 + dx, 6 + dy) not in white
    assert (10, 6) in white
    error = refused(state, 0, {"type": "building", "colour": "white", "x": 9, "y": 7})
    assert "fountain" in error.message
    put(state, 0, "building", 10, 6, "white")
    assert (9, 6) not in squares(state, 0, "stable")
    assert (11, 6) in squares(state, 0, "stable")


def test_building_out_of_supply_and_closed_colours():
    state = make_state(4)
    state["supply"][0]["orange"] = 0
    assert legal(state, 0, "building", colour="orange") == []
    assert refused(state, 0, {"type": "building", "colour": "orange", "x": 5, "y": 5}).code == "not_in_supply"


# -- roofs ----------------------------------------------------------------------------
def test_roof_claims_a_palace_once_per_colour():
    state = make_state(3)
    put(state, 0, "building", 3, 3, "orange")
    put(state, 0, "building", 4, 3, "orange")
    assert squares(state, 0, "roof") == {(3, 3), (4, 3)}
    state, events = play(state, 0, {"type": "roof", "x": 4, "y": 3})
    assert types(events)[:2] == ["PiecePlaced", "PalaceTileTaken"]
    assert events[1].payload == {"colour": "orange", "seat": 0}
    assert state["palaces"][0]["status"] == "owned" and state["palaces"][0]["owner"] == 0
    assert state["supply"][0]["roofs"] == 3
    # a second orange palace exists, but seat 0 already owns an orange one
    put(state, 1, "building", 10, 8, "orange")
    assert squares(state, 0, "roof") == set()
    assert refused(state, 0, {"type": "roof", "x": 10, "y": 8}).code == "colour_already_claimed"
    other = dict(state, turn={**state["turn"], "seat": 1, "placed": 0})
    assert squares(other, 1, "roof") == {(10, 8)}
    # a roof only goes on a building of an unfinished palace
    assert refused(state, 0, {"type": "roof", "x": 3, "y": 3}).message == "That palace already has a roof."
    assert refused(state, 0, {"type": "roof", "x": 8, "y": 8}).message == "A roof goes on a building of a palace."


def test_neutral_roof_finishes_a_palace_for_nobody():
    state = make_state(2, merchant=(14, 10))
    put(state, 0, "building", 3, 3, "violet")
    put(state, 0, "roof", 3, 3)   # seat 0 owns violet already: a neutral roof is still allowed
    put(state, 0, "building", 8, 8, "violet")
    assert squares(state, 0, "roof") == set()
    assert squares(state, 0, "neutral_roof") == {(8, 8)}
    state, events = play(state, 0, {"type": "neutral_roof", "x": 8, "y": 8})
    palace = state["palaces"][1]
    assert palace["status"] == "neutral" and palace["owner"] is None
    assert state["supply"][0]["neutral_roofs"] == 1
    assert (8, 9) not in squares(state, 0, "building", colour="violet")
    assert player_scores(state)[0]["parts"] == 1  # the neutral palace scores for nobody


# -- stables ----------------------------------------------------------------------------
def test_stables_touch_a_building_of_a_palace_and_no_other():
    state = make_state(3)
    put(state, 0, "building", 5, 5, "orange")
    put(state, 0, "building", 7, 6, "white")
    stables = squares(state, 0, "stable")
    assert (4, 5) in stables and (5, 4) in stables and (8, 6) in stables and (7, 7) in stables
    assert (6, 5) not in stables and (6, 6) not in stables   # would touch both palaces
    assert (4, 6) not in stables                             # only diagonal to a building
    put(state, 1, "roof", 5, 5)
    assert (4, 5) in squares(state, 0, "stable")             # roofed palaces take stables
    state, _ = play(state, 0, {"type": "stable", "x": 4, "y": 5})
    assert state["palaces"][0]["stables"] == [5 * 18 + 4]


def test_a_stable_extends_its_palace_through_the_palace_stable():
    """The rule text: a palace is built "aus Gebäude oder Stall", and stables are set
    "an einen Palast (fertig oder unfertig)": a stable touching only a stable of the
    palace belongs to it (rules version 2)."""
    state = make_state(3)
    put(state, 0, "building", 5, 5, "orange")
    put(state, 1, "roof", 5, 5)
    state, _ = play(state, 0, {"type": "stable", "x": 4, "y": 5})
    assert (3, 5) in squares(state, 0, "stable")             # beyond the stable
    assert (3, 4) not in squares(state, 0, "stable")         # only diagonal to the stable
    state, _ = play(state, 0, {"type": "stable", "x": 3, "y": 5})
    palace = state["palaces"][0]
    assert palace["stables"] == [5 * 18 + 4, 5 * 18 + 3]
    assert state["palace_at"][5 * 18 + 3] == 0
    assert player_scores(state)[1]["parts"] == 3             # the owner scores all three parts
    # still never against another palace, even through a stable
    fresh = make_state(3)
    put(fresh, 0, "building", 5, 5, "orange")
    put(fresh, 0, "stable", 4, 5)
    put(fresh, 0, "building", 2, 6, "white")
    assert (3, 5) not in squares(fresh, 0, "stable")         # diagonal to the white palace
    assert refused(fresh, 0, {"type": "stable", "x": 3, "y": 5}).message.startswith("A stable must touch a palace")


def test_a_stable_through_a_stable_brings_the_guard_tile():
    """"Auch wenn ein fertiger Palast mit einem Stall erweitert wird, um an eine
    bereits bestehende Mauer anzuschließen, erhält der Besitzer ein Wächterplättchen":
    also when the new stable hangs on a stable."""
    state = make_state(3)
    put(state, 0, "wall", 1, 0)
    put(state, 0, "wall", 2, 0)
    put(state, 0, "building", 2, 3, "orange")
    put(state, 1, "roof", 2, 3)
    state, _ = play(state, 0, {"type": "stable", "x": 2, "y": 2})
    assert state["guards"][0] is None                        # (2, 2) does not touch the wall yet
    state["turn"] = {"seat": 0, "pieces": 2, "placed": 0, "roof_placed": False, "tea_used": False}
    state, events = play(state, 0, {"type": "stable", "x": 2, "y": 1})
    assert [e.payload for e in events if e.type == "GuardTileTaken"] == [{"tower": 1, "seat": 1, "merchants": 3}]


def test_rules_version_1_keeps_stables_on_buildings():
    rules = RULES_BY_VERSION[1]
    state = make_state(3)
    put(state, 0, "building", 5, 5, "orange")
    put(state, 1, "roof", 5, 5)
    state, _ = play(state, 0, {"type": "stable", "x": 4, "y": 5})
    stables = {(m["x"], m["y"]) for m in rules.legal_moves(state, 0) if m["type"] == "stable"}
    assert (3, 5) not in stables and (4, 4) not in stables and (5, 4) in stables
    with pytest.raises(IllegalMove) as info:
        rules.decide(state, 0, {"type": "stable", "x": 3, "y": 5}, rng_for_testing(1))
    assert info.value.message.startswith("A stable must touch a building")


# -- walls ---------------------------------------------------------------------------------
def test_walls_grow_from_towers_and_keep_a_gate():
    state = make_state(3)
    assert squares(state, 0, "wall") == {(1, 0), (0, 1), (16, 0), (17, 1), (16, 12), (17, 11), (1, 12), (0, 11)}
    state["supply"][0]["walls"] = 99
    for x in range(1, 15):
        put(state, 0, "wall", x, 0)
    assert state["cells"][14] == "W1"
    # (15, 0) would close the gate between tower 1's line and tower 3 (at x=17) only
    # if (16, 0) were taken; it is free, so tower 1's line may still take (15, 0)
    assert (15, 0) in squares(state, 0, "wall")
    put(state, 0, "wall", 15, 0)
    assert (16, 0) not in squares(state, 0, "wall")        # the last gate stays open
    message = refused(state, 0, {"type": "wall", "x": 16, "y": 0}).message
    assert "gate" in message
    assert refused(state, 0, {"type": "wall", "x": 5, "y": 5}).message.startswith("Walls go on")
    assert refused(state, 0, {"type": "wall", "x": 7, "y": 12}).code == "illegal_placement"
    # the line from tower 3 on the other side of the gate belongs to tower 3
    put(state, 0, "wall", 17, 1)
    assert state["cells"][1 * 18 + 17] == "W3"


def test_wall_squares_of_each_tower_line_and_gate_between_two_lines():
    state = make_state(3)
    state["supply"][0]["walls"] = 99
    for x in range(1, 8):
        put(state, 0, "wall", x, 0)        # tower 1's line along the top
    for x in range(16, 9, -1):
        put(state, 0, "wall", x, 0)        # tower 3's line along the top
    assert state["cells"][10] == "W3" and state["cells"][7] == "W1"
    top = {(x, y) for x, y in squares(state, 0, "wall") if y == 0}
    assert top == {(8, 0), (9, 0)}          # either may take one; the other stays a gate
    put(state, 0, "wall", 8, 0)
    assert {(x, y) for x, y in squares(state, 0, "wall") if y == 0} == set()


# -- merchants ------------------------------------------------------------------------------
def test_merchants_extend_the_alley_at_its_ends():
    state = make_state(3, merchant=(8, 6))
    assert squares(state, 0, "merchant") == {(7, 6), (9, 6), (8, 5), (8, 7)}
    put(state, 0, "merchant", 9, 6)
    put(state, 0, "merchant", 10, 6)
    # ends are (8, 6) and (10, 6); the middle merchant cannot grow a branch
    assert squares(state, 0, "merchant") == {(7, 6), (8, 5), (8, 7), (11, 6), (10, 5), (10, 7)}
    put(state, 0, "merchant", 10, 7)
    # (9, 7) would touch (9, 6)... and (10, 7): two merchants, never
    assert (9, 7) not in squares(state, 0, "merchant")
    assert refused(state, 0, {"type": "merchant", "x": 9, "y": 7}).message == "A merchant may not touch two merchants."
    assert refused(state, 0, {"type": "merchant", "x": 3, "y": 3}).message.startswith("A merchant must continue")


def test_merchant_alley_restarts_anywhere_when_both_ends_are_blocked():
    state = make_state(3, merchant=(1, 1))
    put(state, 0, "merchant", 1, 2)
    assert squares(state, 0, "merchant") == {(2, 1), (2, 2), (1, 3)}
    for x, y in [(2, 1), (2, 2), (2, 3), (1, 3)]:
        put(state, 0, "building", x, y, "white")
    # the alley (1,1)-(1,2) is boxed in by the white palace and the wall ring
    anywhere = squares(state, 0, "merchant")
    assert (9, 9) in anywhere and (16, 11) in anywhere and len(anywhere) > 100
    put(state, 0, "merchant", 9, 9)
    assert squares(state, 0, "merchant") == {(8, 9), (10, 9), (9, 8), (9, 10)}


# -- guard tiles and tower merchants --------------------------------------------------------
def test_wall_next_to_a_roofed_palace_wins_the_guard_tile_and_tower_merchants():
    state = make_state(3)
    put(state, 1, "building", 1, 1, "white")
    put(state, 1, "roof", 1, 1)
    state, events = play(state, 0, {"type": "wall", "x": 1, "y": 0})
    taken = [e for e in events if e.type == "GuardTileTaken"]
    assert [e.payload for e in taken] == [{"tower": 1, "seat": 1, "merchants": 3}]
    assert state["guards"][0] == 1 and state["supply"][1]["merchants"] == 8 + 3
    assert state["tower_merchants"][0] == 0
    # a stable that later connects another roofed palace to the same wall line
    # takes the tile: the most recent connection wins; the merchants are gone
    put(state, 2, "building", 4, 2, "orange")
    put(state, 2, "roof", 4, 2)
    for x in (2, 3, 4):
        put(state, 0, "wall", x, 0)
    state["turn"] = {"seat": 2, "pieces": 2, "placed": 0, "roof_placed": False, "tea_used": False}
    state, events = play(state, 2, {"type": "stable", "x": 4, "y": 1})
    assert [e.payload for e in events if e.type == "GuardTileTaken"] == [{"tower": 1, "seat": 2, "merchants": 0}]
    assert state["guards"][0] == 2 and state["supply"][2]["merchants"] == 8
    # and a new wall next to seat 1's palace takes it back
    state["turn"] = {"seat": 0, "pieces": 2, "placed": 0, "roof_placed": False, "tea_used": False}
    state, events = play(state, 0, {"type": "wall", "x": 0, "y": 1})
    assert [e.payload for e in events if e.type == "GuardTileTaken"] == [{"tower": 1, "seat": 1, "merchants": 0}]


def test_roof_on_a_palace_touching_walls_wins_their_guard_tiles():
    state = make_state(3)
    put(state, 0, "wall", 17, 1)              # tower 3's line down the right side
    put(state, 0, "wall", 16, 0)              # tower 3's line along the top
    put(state, 0, "building", 16, 1, "brown")  # touches both walls
    state, events = play(state, 0, {"type": "roof", "x": 16, "y": 1})
    assert [e.payload for e in events if e.type == "GuardTileTaken"] == [{"tower": 3, "seat": 0, "merchants": 1}]
    assert player_scores(state)[0]["guard_tiles"] == 3


def test_neutral_palace_returns_the_guard_tile_and_discards_tower_merchants():
    state = make_state(2, merchant=(14, 10))
    put(state, 1, "building", 1, 1, "white")
    put(state, 1, "roof", 1, 1)
    put(state, 0, "wall", 1, 0)               # seat 1 holds tower 1's tile now
    state["guards"][0], state["guards_won"][0] = 1, True
    state["supply"][1]["merchants"] += state["tower_merchants"][0]
    state["tower_merchants"][0] = 0
    put(state, 0, "building", 3, 1, "orange")
    state, events = play(state, 0, {"type": "neutral_roof", "x": 3, "y": 1})
    assert [e.payload for e in events if e.type == "GuardTileTaken"] == []  # (3,0) has no wall yet
    state["turn"]["placed"] = 0
    put(state, 0, "wall", 2, 0)
    state, events = play(state, 0, {"type": "wall", "x": 3, "y": 0})
    assert [e.payload for e in events if e.type == "GuardTileTaken"] == [{"tower": 1, "seat": None, "merchants": 0}]
    assert state["guards"][0] is None
    # tower 2's merchants leave the game when a neutral palace wins it first
    fresh = make_state(2, merchant=(1, 1))
    put(fresh, 0, "wall", 14, 11)             # tower 2 is bottom-right at (15, 11)
    put(fresh, 0, "building", 14, 10, "brown")
    fresh, events = play(fresh, 0, {"type": "neutral_roof", "x": 14, "y": 10})
    assert [e.payload for e in events if e.type == "GuardTileTaken"] == [{"tower": 2, "seat": None, "merchants": 2}]
    assert fresh["tower_merchants"][1] == 0 and fresh["supply"][0]["merchants"] == 12
    assert fresh["guards"][1] is None and fresh["guards_won"][1]


def test_no_tower_merchants_without_the_option():
    state = make_state(3, {"tower_merchants": False})
    put(state, 1, "building", 1, 1, "white")
    put(state, 1, "roof", 1, 1)
    state, events = play(state, 0, {"type": "wall", "x": 1, "y": 0})
    assert [e.payload for e in events if e.type == "GuardTileTaken"] == [{"tower": 1, "seat": 1, "merchants": 0}]


# -- tea tiles ------------------------------------------------------------------------------
def test_tea_tiles_three_two_one_and_neutral_discards():
    state = make_state(2, merchant=(14, 10))
    put(state, 0, "building", 2, 2, "violet")
    state, events = play(state, 0, {"type": "roof", "x": 2, "y": 2})
    assert [e.payload for e in events if e.type == "TeaTilesTaken"] == [{"seat": 0, "count": 3}]
    put(state, 1, "building", 6, 6, "violet")
    state, events = play(state, 0, {"type": "neutral_roof", "x": 6, "y": 6})
    assert [e.payload for e in events if e.type == "TeaTilesTaken"] == [{"seat": None, "count": 2}]
    put(state, 1, "building", 10, 2, "violet")
    state["turn"] = {"seat": 1, "pieces": 2, "placed": 0, "roof_placed": False, "tea_used": False}
    state, events = play(state, 1, {"type": "roof", "x": 10, "y": 2})
    assert [e.payload for e in events if e.type == "TeaTilesTaken"] == [{"seat": 1, "count": 1}]
    assert state["tea_pool"] == 0 and state["supply"][0]["tea"] == 3 and state["supply"][1]["tea"] == 1
    put(state, 0, "building", 10, 8, "violet")
    state["turn"] = {"seat": 0, "pieces": 2, "placed": 0, "roof_placed": False, "tea_used": False}
    state["claimed"][0] = []
    _, events = play(state, 0, {"type": "roof", "x": 10, "y": 8})
    assert "TeaTilesTaken" not in types(events)


def test_tea_break_replaces_either_piece_never_both():
    """"Ein Spieler kann in seinem Zug ein Teeplättchen ... ausspielen und muss dann nur
    noch ein Holzteil einsetzen" and "anstatt ein weiteres Holzstück zu spielen": the
    tile stands for one of the two pieces, before or after the other; "nicht zweimal in
    einer Runde passen": never for both."""
    state = make_state(3)
    state["supply"][0]["tea"] = 2
    after_piece, _ = play(copy.deepcopy(state), 0, {"type": "wall", "x": 1, "y": 0})
    assert legal(after_piece, 0, "tea") == [{"type": "tea"}]
    after_piece, events = play(after_piece, 0, {"type": "tea"})
    assert types(events) == ["TeaBreak", "TurnStarted"] and events[-1].payload["seat"] == 1
    assert after_piece["supply"][0]["tea"] == 1
    # before the piece: the seat stays to move for exactly one piece, and no second tea
    assert legal(state, 0, "tea") == [{"type": "tea"}]
    state, events = play(state, 0, {"type": "tea"})
    assert types(events) == ["TeaBreak"] and RULES.to_move(state) == {0}
    assert state["supply"][0]["tea"] == 1 and legal(state, 0, "tea") == []
    assert refused(state, 0, {"type": "tea"}).code == "tea_not_now"
    state, events = play(state, 0, {"type": "wall", "x": 1, "y": 0})
    assert types(events)[-1] == "TurnStarted" and events[-1].payload["seat"] == 1
    one_piece = make_state(3, pieces=1)
    one_piece["supply"][0]["tea"] = 1
    assert legal(one_piece, 0, "tea") == []                  # never a turn without a piece
    assert refused(one_piece, 0, {"type": "tea"}).code == "tea_not_now"
    no_tea = make_state(3)
    assert refused(no_tea, 0, {"type": "tea"}).code == "no_tea_tile"


def test_rules_version_1_takes_tea_only_after_the_first_piece():
    rules = RULES_BY_VERSION[1]
    state = make_state(3)
    state["supply"][0]["tea"] = 2
    assert {"type": "tea"} not in rules.legal_moves(state, 0)
    with pytest.raises(IllegalMove) as info:
        rules.decide(state, 0, {"type": "tea"}, rng_for_testing(1))
    assert info.value.code == "tea_not_now"


def test_no_tea_tiles_without_the_option():
    state = make_state(3, {"tea_tiles": False})
    put(state, 0, "building", 2, 2, "violet")
    _, events = play(state, 0, {"type": "roof", "x": 2, "y": 2})
    assert "TeaTilesTaken" not in types(events)


# -- palace tiles -----------------------------------------------------------------------------
def test_palace_tile_goes_to_the_largest_and_changes_hands():
    state = make_state(3)
    put(state, 0, "building", 2, 2, "orange")
    put(state, 0, "building", 3, 2, "orange")
    state, events = play(state, 0, {"type": "roof", "x": 2, "y": 2})
    assert state["palace_tiles"]["orange"] == 0
    # an equal palace claimed later does not take the tile
    put(state, 1, "building", 8, 8, "orange")
    put(state, 1, "building", 9, 8, "orange")
    state["turn"] = {"seat": 1, "pieces": 2, "placed": 0, "roof_placed": False, "tea_used": False}
    state, events = play(state, 1, {"type": "roof", "x": 8, "y": 8})
    assert "PalaceTileTaken" not in types(events) and state["palace_tiles"]["orange"] == 0
    # a stable makes it larger: the tile changes hands
    state, events = play(state, 1, {"type": "stable", "x": 10, "y": 8})
    assert [e.payload for e in events if e.type == "PalaceTileTaken"] == [{"colour": "orange", "seat": 1}]
    assert palace_tile_holders(state)["orange"] == 1


def test_largest_palace_neutral_keeps_the_tile_off_the_players():
    state = make_state(2, merchant=(14, 10))
    put(state, 0, "building", 2, 2, "white")
    put(state, 0, "roof", 2, 2)
    state["palace_tiles"]["white"] = 0
    put(state, 1, "building", 8, 8, "white")
    put(state, 1, "building", 9, 8, "white")
    state, events = play(state, 0, {"type": "neutral_roof", "x": 8, "y": 8})
    assert [e.payload for e in events if e.type == "PalaceTileTaken"] == [{"colour": "white", "seat": None}]


# -- closed colours -------------------------------------------------------------------------
def test_colour_leaves_the_game_once_every_player_owns_one():
    state = make_state(2, merchant=(14, 10))
    put(state, 0, "building", 2, 2, "brown")
    put(state, 0, "roof", 2, 2)
    put(state, 1, "building", 8, 8, "brown")
    state["turn"] = {"seat": 1, "pieces": 2, "placed": 0, "roof_placed": False, "tea_used": False}
    state, events = play(state, 1, {"type": "roof", "x": 8, "y": 8})
    assert [e.payload for e in events if e.type == "ColourClosed"] == [{"colour": "brown"}]
    assert state["supply"][0]["brown"] == 0 and state["supply"][1]["brown"] == 0
    assert state["supply"][0]["white"] == 8


# -- passing and the end ----------------------------------------------------------------------
def empty_supply(state, seat):
    for key in state["supply"][seat]:
        state["supply"][seat][key] = 0


def test_seat_without_placements_passes_and_game_ends_when_nobody_can_place():
    state = make_state(3)
    empty_supply(state, 1)
    state["supply"][0] = {k: 0 for k in state["supply"][0]}
    state["supply"][0]["walls"] = 2
    state, events = play(state, 0, {"type": "wall", "x": 1, "y": 0})
    assert types(events) == ["PiecePlaced"]
    state, events = play(state, 0, {"type": "wall", "x": 2, "y": 0})
    assert types(events) == ["PiecePlaced", "TurnPassed", "TurnStarted"]
    assert events[1].payload == {"seat": 1} and events[2].payload["seat"] == 2
    empty_supply(state, 2)
    state["supply"][2]["merchants"] = 1
    state, events = play(state, 2, squares_move(state, 2, "merchant"))
    assert types(events) == ["PiecePlaced", "GameEnded"]
    assert RULES.to_move(state) == set() and RULES.outcome(state) is not None
    assert refused(state, 0, {"type": "wall", "x": 3, "y": 0}).code == "game_over"


def squares_move(state, seat, kind):
    return legal(state, seat, kind)[0]


def test_turn_ends_early_when_the_second_piece_cannot_be_placed():
    state = make_state(3)
    state["supply"][0] = {k: 0 for k in state["supply"][0]}
    state["supply"][0]["walls"] = 1
    state, events = play(state, 0, {"type": "wall", "x": 1, "y": 0})
    assert types(events) == ["PiecePlaced", "TurnStarted"] and events[-1].payload["seat"] == 1


def test_moves_out_of_turn_and_malformed_are_refused():
    state = make_state(3)
    assert refused(state, 1, {"type": "wall", "x": 1, "y": 0}).code == "not_your_turn"
    assert RULES.legal_moves(state, 1) == []
    for bad in [{}, {"type": "fly"}, {"type": "wall", "x": 1}, {"type": "wall", "x": "1", "y": 0},
                {"type": "wall", "x": 1, "y": 0, "colour": "white"}, {"type": "building", "x": 5, "y": 5},
                {"type": "building", "colour": "pink", "x": 5, "y": 5}, {"type": "tea", "x": 1},
                {"type": "wall", "x": 99, "y": 0}, {"type": "pass"}, {"type": "wall", "x": True, "y": 0}]:
        refused(state, 0, bad)


def test_no_voluntary_pass():
    table = Table(RULES, 3, {}, seed=2)
    seat = min(RULES.to_move(table.state))
    assert {"type": "pass"} not in RULES.legal_moves(table.state, seat)


# -- first edition: the last player with roofs ------------------------------------------------
def test_first_edition_last_player_with_roofs_must_roof():
    state = make_state(3, {"first_edition": True})
    state["supply"][1]["roofs"] = 0
    state["supply"][2]["roofs"] = 0
    put(state, 1, "building", 5, 5, "orange")
    # first piece: anything; the turn's last piece must be a roof if none was placed
    assert len(legal(state, 0, "wall")) > 0
    state, _ = play(state, 0, {"type": "wall", "x": 1, "y": 0})
    assert {m["type"] for m in RULES.legal_moves(state, 0)} == {"roof"}
    assert refused(state, 0, {"type": "wall", "x": 2, "y": 0}).code == "must_place_roof"
    state, events = play(state, 0, {"type": "roof", "x": 5, "y": 5})
    assert events[-1].type == "TurnStarted"
    # a roof as the first piece frees the second
    state2 = make_state(3, {"first_edition": True})
    state2["supply"][1]["roofs"] = state2["supply"][2]["roofs"] = 0
    put(state2, 1, "building", 5, 5, "orange")
    state2, _ = play(state2, 0, {"type": "roof", "x": 5, "y": 5})
    assert {"wall"} <= {m["type"] for m in RULES.legal_moves(state2, 0)}
    # not in the second edition, nor while another player still has roofs
    second = make_state(3)
    second["supply"][1]["roofs"] = second["supply"][2]["roofs"] = 0
    put(second, 1, "building", 5, 5, "orange")
    second, _ = play(second, 0, {"type": "wall", "x": 1, "y": 0})
    assert {"wall", "roof"} <= {m["type"] for m in RULES.legal_moves(second, 0)}
    other = make_state(3, {"first_edition": True})
    put(other, 1, "building", 5, 5, "orange")
    other, _ = play(other, 0, {"type": "wall", "x": 1, "y": 0})
    assert {"wall", "roof"} <= {m["type"] for m in RULES.legal_moves(other, 0)}


# -- scoring ------------------------------------------------------------------------------------
def test_palace_scoring_parts_walls_merchants_fountain_and_tiles():
    state = make_state(3, fountain=(6, 5), merchant=(16, 11))
    # seat 0: white palace (1,1),(2,1) + stable (1,2) touching walls (1,0),(2,0),(0,1),(0,2)
    for x, y in [(1, 1), (2, 1)]:
        put(state, 0, "building", x, y, "white")
    put(state, 0, "roof", 1, 1)
    put(state, 0, "stable", 1, 2)
    for x, y in [(1, 0), (2, 0), (0, 1), (0, 2)]:
        put(state, 0, "wall", x, y)
    # seat 0: orange palace on a fountain square (6, 3) = two squares above the fountain
    put(state, 0, "building", 6, 3, "orange")
    put(state, 0, "building", 7, 3, "orange")
    put(state, 0, "roof", 6, 3)
    # seat 1: brown palace (8,1); a merchant at (7,1)... touches orange? no: orange is at y=3
    put(state, 1, "building", 9, 1, "brown")
    put(state, 1, "roof", 9, 1)
    # one merchant between two palaces counts for both: (8, 3) touches orange (7,3)
    # and... put brown stable at (9, 2)? too close to orange? (9,2) vs (8,3): diag of merchant only
    put(state, 1, "stable", 9, 2)
    put(state, 2, "merchant", 8, 2)   # touches brown stable (9,2)? yes; orange (7,3)? diagonal: no
    put(state, 2, "merchant", 8, 3)   # touches orange (7,3) and nothing of brown
    put(state, 2, "merchant", 10, 2)  # touches brown stable (9,2)
    put(state, 2, "merchant", 10, 1)  # touches brown building (9,1)
    state["palace_tiles"] = palace_tile_holders(state)
    scores = player_scores(state)
    white = {"parts": 3, "walls": 4, "merchants": 0, "fountain": 0}
    orange = {"parts": 2, "walls": 0, "merchants": 1, "fountain": 4}
    assert scores[0]["parts"] == white["parts"] + orange["parts"]
    assert scores[0]["walls"] == 4 and scores[0]["merchants"] == 1 and scores[0]["fountain"] == 4
    assert scores[0]["palace_tiles"] == 1 + 4      # white 1, orange 4
    assert scores[0]["total"] == (3 + 4) + (2 + 1 + 4) + 5
    assert scores[1]["parts"] == 2 and scores[1]["merchants"] == 3  # (8,2), (10,2), (10,1)
    assert scores[1]["total"] == 2 + 3 + 3        # brown tile worth 3
    assert scores[2]["total"] == 0


def test_merchant_touching_two_palaces_counts_for_both():
    state = make_state(3)
    put(state, 0, "building", 3, 3, "white")
    put(state, 0, "roof", 3, 3)
    put(state, 1, "building", 5, 3, "violet")
    put(state, 1, "roof", 5, 3)
    put(state, 2, "merchant", 4, 3)
    scores = player_scores(state)
    assert scores[0]["merchants"] == 1 and scores[1]["merchants"] == 1


def test_fountain_counts_each_part_on_a_marked_square():
    state = make_state(3, fountain=(8, 6))
    # the orange palace covers (6,6)... and (8,4)? not connected; use a stable chain:
    put(state, 0, "building", 6, 6, "orange")
    put(state, 0, "building", 6, 5, "orange")
    put(state, 0, "roof", 6, 5)
    put(state, 1, "building", 10, 6, "white")
    put(state, 1, "roof", 10, 6)
    put(state, 2, "building", 8, 8, "brown")   # unclaimed: scores nothing
    scores = player_scores(state)
    assert scores[0]["fountain"] == 4 and scores[1]["fountain"] == 4 and scores[2]["fountain"] == 0


def test_tie_breaks_largest_palace_then_first_claimed():
    state = make_state(3)
    state["finished"] = True
    # seat 0: one palace of 3; seat 1: palaces of 2 and 1; equal points (3 each, no tiles)
    for x in (2, 3, 4):
        put(state, 0, "building", x, 2, "white")
    put(state, 0, "roof", 2, 2)
    for x in (8, 9):
        put(state, 1, "building", x, 2, "violet")
    put(state, 1, "roof", 8, 2)
    put(state, 1, "building", 12, 2, "brown")
    put(state, 1, "roof", 12, 2)
    outcome = RULES.outcome(state)
    assert outcome.scores[0] == outcome.scores[1] == 3 + 0   # no tiles stored yet
    assert outcome.ranks == [1, 2, 3]
    assert "larger largest palace" in outcome.notes[0]
    # now equal largest palaces: who claimed first wins
    state2 = make_state(3)
    state2["finished"] = True
    for x in (2, 3):
        put(state2, 1, "building", x, 2, "white")
    put(state2, 1, "roof", 2, 2)          # claimed first
    for x in (8, 9):
        put(state2, 0, "building", x, 2, "violet")
    put(state2, 0, "roof", 8, 2)
    outcome = RULES.outcome(state2)
    assert outcome.scores[:2] == [2, 2] and outcome.ranks == [2, 1, 3]
    assert "claimed their largest palace first" in outcome.notes[0]



def test_each_seats_largest_palace_is_the_one_claimed_first_among_the_largest():
    # SEED "Gleichstände": the largest palace, then who claimed it first; each seat keeps
    # both for that. Created white, brown, violet; claimed brown, white, violet.
    state = make_state(3)
    put(state, 1, "building", 8, 8, "orange")          # never roofed: nobody's palace
    for x in (2, 3):
        put(state, 0, "building", x, 2, "white")
    put(state, 0, "building", 8, 2, "brown")
    for x in (12, 13):
        put(state, 0, "building", x, 2, "violet")
    put(state, 0, "roof", 8, 2)
    put(state, 0, "roof", 2, 2)
    put(state, 0, "roof", 12, 2)
    white = next(p for p in state["palaces"] if p["colour"] == "white")
    assert [p["colour"] for p in state["palaces"]][0] == "orange"   # an open palace comes first
    row = player_scores(state)[0]
    assert (row["largest_palace"], row["largest_claimed_at"]) == (2, white["claimed_at"])
    assert row["parts"] == 5                            # the open palace stops nobody's count


def test_guard_tiles_add_up_and_count_in_the_total():
    # SEED: every palace tile and every guard tile is worth its 1-4 points.
    state = make_state(3)
    put(state, 0, "building", 3, 3, "white")
    put(state, 0, "roof", 3, 3)
    state["guards"] = [0, None, 0, 1]
    scores = player_scores(state)
    assert [row["guard_tiles"] for row in scores] == [GUARD_TILE_VALUE[0] + GUARD_TILE_VALUE[2],
                                                      GUARD_TILE_VALUE[3], 0]
    assert scores[0]["total"] == 1 + GUARD_TILE_VALUE[0] + GUARD_TILE_VALUE[2]
    assert set(scores[2]) == {"palaces", "parts", "walls", "merchants", "fountain", "palace_tiles",
                              "guard_tiles", "largest_palace", "largest_claimed_at", "total"}
    assert scores[2]["total"] == 0


def test_the_palace_tile_goes_to_the_largest_claimed_palace_not_an_open_one():
    # SEED: whoever owns ("besitzt") the largest palace gets the tile; an open palace has no owner.
    state = make_state(3)
    put(state, 0, "building", 2, 2, "white")
    put(state, 0, "roof", 2, 2)
    for x in (8, 9, 10):                                 # larger, but nobody has roofed it
        put(state, 1, "building", x, 8, "white")
    assert palace_tile_holders(state)["white"] == 0


# -- views, events, descriptions ---------------------------------------------------------------
def test_everything_is_public_and_views_are_json():
    table = Table(RULES, 3, {}, seed=4)
    for _ in range(30):
        seat = min(RULES.to_move(table.state))
        table.bot_move(seat, BOTS["best"])
    views = [RULES.view(table.state, seat) for seat in (0, 1, 2, None)]
    for view in views:
        assert json.loads(json.dumps(view)) == view
        assert view["supply"] == table.state["supply"]   # supplies are public information
    stripped = [{k: v for k, v in view.items() if k != "you"} for view in views]
    assert all(view == stripped[0] for view in stripped)
    for event in table.game.events:
        assert RULES.redact(event, 0) == event and RULES.redact(event, None) == event
    assert RULES.outcome(table.state) is None


def test_describe_reads_like_the_game():
    assert RULES.describe(Event("PiecePlaced", {"seat": 0, "piece": "building", "colour": "orange",
                                                "x": 3, "y": 4})) == "Player 1 placed an orange building at (3, 4)."
    assert RULES.describe(Event("GuardTileTaken", {"tower": 1, "seat": 2, "merchants": 3})) == \
        "Player 3 took the guard tile of tower 1 and its 3 merchants."
    assert RULES.describe(Event("TurnPassed", {"seat": 1})) == "Player 2 cannot place any piece and passes."
    table = Table(RULES, 2, {}, seed=1)
    line = RULES.describe(table.game.events[0])
    assert "first merchant" in line and "fountain" in line


def test_bot_always_returns_a_legal_move():
    table = Table(RULES, 2, {}, seed=9)
    for _ in range(40):
        seat = min(RULES.to_move(table.state))
        move = BOTS["best"](RULES, table.state, seat, table.rng_for(table.version + 1))
        assert move in RULES.legal_moves(table.state, seat)
        table.play(seat, move)


# -- the view is a copy; the outcome's tie notes ---------------------------------------------
def test_a_view_is_a_copy_that_cannot_change_the_game():
    table = Table(RULES, 3, {}, 1)
    before = copy.deepcopy(table.state)
    view = RULES.view(table.state, 0)
    view["supply"][0]["white"] = -1
    view["claimed_colours"][0].append("white")
    view["turn"]["seat"] = 2
    assert table.state == before


def test_without_the_fountain_the_view_shows_none():
    table = Table(RULES, 2, {"fountain": False}, 3)
    assert table.state["fountain"] is None
    assert RULES.view(table.state, None)["fountain"] is None
    assert RULES.view(Table(RULES, 2, {"fountain": True}, 3).state, None)["fountain"] is not None


def _finished_with(monkeypatch, rows):
    # The tie notes are words about the scoring's result: given it, they are pure logic.
    import games.catalog.medina.rules as medina_rules

    details = [{"total": total, "largest_palace": size, "largest_claimed_at": claimed}
               for total, size, claimed in rows]
    monkeypatch.setattr(medina_rules, "player_scores", lambda state: copy.deepcopy(details))
    return RULES.outcome({"finished": True})


def test_each_tie_gets_a_note_highest_score_first(monkeypatch):
    # Rules (SEED): the most points wins; a tie goes to the larger largest palace, then to
    # whoever claimed that palace first.
    outcome = _finished_with(monkeypatch, [(12, 5, 3), (10, 6, 9), (10, 4, 2), (3, 2, 1)])
    assert outcome.ranks == [1, 2, 3, 4]
    assert outcome.notes == ["Player 2, Player 3 tied on 10 points; the larger largest palace ranks higher."]
    outcome = _finished_with(monkeypatch, [(5, 3, 7), (10, 4, 9), (5, 3, 2), (10, 6, 1)])
    assert outcome.ranks == [4, 2, 3, 1]
    assert outcome.notes == [
        "Player 2, Player 4 tied on 10 points; the larger largest palace ranks higher.",
        "Player 1, Player 3 tied on 5 points and largest palace; whoever claimed their largest palace first "
        "ranks higher."]
    assert _finished_with(monkeypatch, [(9, 3, 1), (8, 3, 2)]).notes == []
