"""Each scoring rule on hand-built boards (seed table lines 58-86, rulings 3-6, 10, 15)."""
from games.catalog.harmonies import RULES
from games.catalog.harmonies.scoring import (card_points, landscape_scores, seat_score,
                                             solo_suns, spirit_points)
from tests.games.harmonies.helpers import hold, set_board, stacks, table


def score(side, spec):
    return landscape_scores(side, stacks(side, spec))


def test_trees_score_one_three_seven_by_height():
    result = score("A", {"a1": "G", "a3": "TG", "a5": "TTG", "c3": "T", "e1": "TT"})
    assert result["trees"] == 1 + 3 + 7          # bare trunks score nothing


def test_mountains_score_only_next_to_another_mountain():
    result = score("A", {"c2": "M", "c3": "MM", "e1": "MMM"})
    assert result["mountains"] == 1 + 3          # e1 stands alone
    # a building on grey is no mountain, so e1 stays alone next to it
    assert score("A", {"e1": "MMM", "d1": "MR"})["mountains"] == 0
    assert score("A", {"e1": "MMM", "d1": "M"})["mountains"] == 7 + 1


def test_each_field_group_of_two_or_more_scores_five_whatever_its_size():
    result = score("A", {"a1": "F", "a2": "F", "b3": "F", "c4": "F", "c3": "F", "e5": "F"})
    assert result["fields"] == 5 + 5                # the lone e5 scores nothing


def test_buildings_need_three_different_neighbouring_top_colours():
    side = "A"
    surrounded = {"c3": "MR", "d3": "W", "d2": "F", "c2": "TG"}
    assert score(side, surrounded)["buildings"] == 5
    # two colours only, and empty neighbours count for nothing
    assert score(side, {"e1": "TR", "d1": "W", "e2": "F"})["buildings"] == 0
    # red counts as a colour; only the top colour of a stack counts (grey twice = one)
    assert score(side, {"a3": "RR", "b3": "R", "b2": "M", "a2": "MM", "a4": "F"})["buildings"] == 5
    assert score(side, {"a3": "RR", "b3": "MR", "b2": "M", "a2": "MM"})["buildings"] == 0
    # a lone red is no building
    assert score(side, {"c3": "R", "d3": "W", "d2": "F", "c2": "TG"})["buildings"] == 0
    # each building scores its own 5: the two above on one board
    both = {"c3": "MR", "d3": "W", "d2": "F", "c2": "TG", "a3": "RR", "b3": "R", "b2": "M", "a2": "MM", "a4": "F"}
    assert score(side, both)["buildings"] == 5 + 5


def test_river_is_the_longest_shortest_path_of_the_best_blue_group():
    side = "A"
    assert score(side, {"a1": "W"})["water"] == 0
    assert score(side, {"a1": "W", "a2": "W"})["water"] == 2
    assert score(side, {n: "W" for n in ("a1", "a2", "a3")})["water"] == 5
    assert score(side, {n: "W" for n in ("a1", "a2", "a3", "a4")})["water"] == 8
    # two rivers: only the longer one scores
    assert score(side, {**{n: "W" for n in ("a1", "a2", "a3", "a4", "a5")},
                        "e1": "W", "e2": "W"})["water"] == 11
    # a ring of six around c3: the farthest two are 4 tokens apart by the shortest way
    ring = {n: "W" for n in ("d3", "d2", "c2", "b2", "b3", "c4")}
    assert score(side, ring)["water"] == 8
    # seven tokens in a path without shortcuts: 15 + 4
    path = {n: "W" for n in ("a1", "b1", "c2", "d2", "e3", "e4", "e5")}
    assert score(side, path)["water"] == 19
    # a side branch adds tokens but no length
    assert score(side, {**path, "d1": "W", "c1": "W"})["water"] == 19
    assert score(side, {n: "W" for n in ("a1", "b1", "c2", "d2", "e3", "e4")})["water"] == 15


def test_islands_on_side_b_are_groups_of_non_blue_spaces_empty_ones_included():
    side = "B"
    assert score(side, {})["water"] == 5                       # the whole board is one island
    assert score(side, {"a1": "W"})["water"] == 5
    wall = {n: "W" for n in ("d1", "d2", "d3", "d4")}
    assert score(side, wall)["water"] == 10
    # a ring of water cuts out c3, which counts although it holds no token
    ring = {n: "W" for n in ("d3", "d2", "c2", "b2", "b3", "c4")}
    assert score(side, ring)["water"] == 10
    assert score(side, {**ring, **wall})["water"] == 15


def test_side_a_has_no_islands_and_side_b_no_river():
    wall = {n: "W" for n in ("c1", "c2", "c3", "c4", "c5")}
    assert score("A", wall)["water"] == 11                     # a river of five, no islands


def test_an_animal_card_scores_the_space_under_its_last_removed_cube():
    # frog: 2, 4, 6, 10, 15
    assert card_points(5, 0) == 0
    assert card_points(5, 1) == 2
    assert card_points(5, 3) == 6
    assert card_points(5, 5) == 15
    # bee: 8, 18
    assert card_points(13, 2) == 18


SPIRIT_BOARD = {
    "a1": "F", "a3": "F", "a4": "F", "g1": "F", "g2": "F", "g3": "F",     # fields of 1, 2, 3
    "c1": "G", "c3": "TG", "e1": "TTG",                                     # trees 1, 2, 3
    "d3": "MR", "d4": "TR", "f4": "RR",                                     # buildings: 2 + 1
    "b1": "M", "b2": "MM", "e3": "MMM",                                     # mountains 1, 2, 3
    "f1": "W", "f2": "W", "c4": "W", "b4": "W", "b3": "W", "g4": "W",       # water 2 + 3 + 1
}


def test_each_nature_spirit_formula():
    board = stacks("B", SPIRIT_BOARD)
    expected = {33: 2 + 2 + 10, 34: 15, 35: 8, 36: 3 + 3 + 4, 37: 8, 38: 6,
                39: 8, 40: 3 + 3 + 1, 41: 14, 42: 12}
    assert {card: spirit_points(card, "B", board) for card in expected} == expected


def test_building_spirits_count_each_group():
    # Two more buildings side by side (c2, d1), apart from the others: three groups, two
    # of them of two or more buildings.
    board = stacks("B", {**SPIRIT_BOARD, "c2": "MR", "d1": "MR"})
    assert spirit_points(37, "B", board) == 4 * 3
    assert spirit_points(38, "B", board) == 6 * 2


def test_a_spirit_card_scores_only_once_its_cube_is_placed():
    board = stacks("B", SPIRIT_BOARD)
    assert seat_score("B", board, [], {"card": 42, "placed": 0})["spirit"] == 0
    placed = seat_score("B", board, [], {"card": 42, "placed": 1})
    assert placed["spirit"] == 12
    assert placed["animal_cubes"] == 0


def test_seat_score_adds_every_part():
    board = stacks("A", {"a1": "G", "a2": "F", "a3": "F"})
    result = seat_score("A", board, [{"card": 5, "placed": 2}, {"card": 13, "placed": 0}], None)
    assert result == {"trees": 1, "mountains": 0, "fields": 5, "buildings": 0, "water": 0,
                      "animals": 4, "spirit": 0, "total": 10, "animal_cubes": 2}


def _finish(t):
    t.state["phase"] = "over"
    t.state["end_trigger"] = {"reasons": ["pouch_empty"], "seat": 0}
    return RULES.outcome(t.state)


def test_ties_go_to_the_most_animal_cubes_and_the_spirit_cube_does_not_count():
    t = table(2, spirits=True)
    set_board(t, 0, {"a1": "TG"}, cubes={"b3": 42})
    t.state["spirit"][0] = {"card": 42, "placed": 1}             # no water: 0 points
    set_board(t, 1, {"a1": "G"})
    t.state["done"][1] = [{"card": 6, "placed": 1}]              # duck, one cube: 2 points
    outcome = _finish(t)
    assert outcome.scores == [3, 3]
    assert outcome.ranks == [2, 1]
    assert any("animal cubes" in note for note in outcome.notes)


def test_players_still_tied_share_the_victory():
    t = table(3)
    set_board(t, 0, {"a1": "G"})
    set_board(t, 1, {"c3": "G"})
    set_board(t, 2, {})
    hold(t, 0, 5, placed=1)
    hold(t, 1, 31, placed=1)
    outcome = _finish(t)
    assert outcome.scores == [3, 3, 0]
    assert outcome.ranks == [1, 1, 3]
    assert outcome.winners == [0, 1]


def test_unfinished_cards_on_places_score_what_their_cubes_uncovered():
    t = table(2)
    set_board(t, 0, {})
    hold(t, 0, 1, placed=2)          # crocodile: 4, 9, 15
    t.state["done"][0] = [{"card": 25, "placed": 2}]    # eagle completed: 11
    assert RULES.scores(t.state)[0]["animals"] == 9 + 11


def test_solo_suns():
    assert solo_suns(95, "A", None) == 3 + 1 + 2
    assert solo_suns(95, "B", 33) == 3 + 1              # a spirit that counts groups
    assert solo_suns(95, "B", 35) == 3                  # a spirit that counts landscapes
    assert solo_suns(165, "B", None) == 8 + 2
    assert solo_suns(30, "A", None) == 0
    t = table(1)
    set_board(t, 0, {"a1": "TTG"})
    outcome = _finish(t)
    assert outcome.scores == [7] and outcome.details[0]["suns"] == 0
