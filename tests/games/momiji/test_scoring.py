"""Scoring (SEED "Für jeden Blattstapel ..."), worked examples built by hand."""
import pytest

from games.catalog.momiji import RULES
from games.catalog.momiji.scoring import (acorn_pair_gain, acorn_pairs, final_scores, measure,
                                          objective_points, stack_points)

from tests.games.momiji.helpers import stack, table


def rows(*seats):
    return [[stack(text) for text in seat] for seat in seats]


@pytest.mark.parametrize("text,points", [
    ("red:0", 0), ("red:0,0,0", 0), ("red:0,1", 2), ("red:0,0,1,1,2", 10),
    ("red:0,1,2,3", 12), ("red:0,0,0,1,1,1,2,2,2,3,3,3", 36)])
def test_stack_scores_top_times_cards(text, points):
    assert stack_points(stack(text)) == points


@pytest.mark.parametrize("objective,expected", [
    ("most_0", 4), ("most_1", 2), ("most_2", 1), ("most_3", 1),
    ("most_red", 4), ("most_orange", 3), ("most_yellow", 1), ("most_green", 0),
    ("top_sum", 2 + 0),          # red shows 2, yellow 0; orange is under a torii
    ("most_torii", 1), ("longest_stack", 4), ("most_stacks", 3)])
def test_objective_measures(objective, expected):
    row = rows(["red:0,1,1,2", "orange:0,0,3", "yellow:0"])[0]
    assert measure(row, objective) == expected


def test_holder_who_is_best_scores_ten_tied_other_scores_three():
    r = rows(["red:0,0,1"], ["orange:0,0"], ["yellow:0"])
    assert objective_points(r, "most_0", holder=0) == [10, 3, 0]


def test_holder_who_is_not_best_scores_nothing_the_best_score_three():
    r = rows(["red:0,0,1"], ["orange:0,0"], ["yellow:0"])
    assert objective_points(r, "most_0", holder=2) == [3, 3, 0]


def test_single_best_non_holder():
    r = rows(["red:0,1,2"], ["orange:0"])
    assert objective_points(r, "longest_stack", holder=1) == [3, 0]


def test_nobody_meets_an_objective_with_nothing():
    r = rows(["red:0,1"], ["orange:0"])
    assert objective_points(r, "most_3", holder=0) == [0, 0]


def test_solo_objective_needs_its_target():
    assert objective_points(rows(["red:0,0", "orange:0,0"]), "most_0", 0) == [10]
    assert objective_points(rows(["red:0,0", "orange:0"]), "most_0", 0) == [0]


def test_final_scores_add_stacks_acorns_and_objectives():
    r = rows(["red:0,1,1,2", "orange:0,1,2,3"],        # 8 + 12 = 20
             ["yellow:0,0,1", "green:0,1,1,1,2,2"])     # 3 + 12 = 15
    active = [{"objective": "most_torii", "holder": 0},    # seat 0 best: 10
              {"objective": "most_0", "holder": 0},        # 2 vs 3: seat 1 gets 3
              {"objective": "longest_stack", "holder": 1}]  # 4 vs 6: seat 1 gets 10
    result = final_scores(r, [3, 1], active)
    assert [item["stacks"] for item in result] == [20, 15]
    assert [item["objectives"] for item in result] == [10, 13]
    assert [item["total"] for item in result] == [33, 29]
    assert result[1]["objective_detail"] == {"most_0": 3, "longest_stack": 10}



def test_the_breakdown_counts_each_seats_torii():
    # SEED: a 3 closes its stack with a torii; the count decides the game's end.
    r = rows(["red:0,1,2,3", "orange:0,3", "yellow:0,1"], ["green:0"])
    assert [item["torii"] for item in final_scores(r, [0, 0], [])] == [2, 0]


def test_nothing_is_the_longest_stack_of_empty_rows():
    # DESIGN: a measure of 0 meets no objective; an empty row has no stack at all.
    assert measure([], "longest_stack") == 0
    assert objective_points([[], []], "longest_stack", holder=0) == [0, 0]
    assert objective_points([[stack("red:0")], []], "longest_stack", holder=1) == [3, 0]


# -- acorns for neighbouring top cards (SEED: "jedes Paar von benachbarten obersten Karten
# ...; wenn beide Karten in den angrenzenden Ecken eine Eichel zeigen, nehmen Sie zwei
# Eichelmarken"). Corners from the card list: red-0 shows a right acorn, orange-0 a left
# one and no right one, yellow-0 both, green-0 none, red-2 both, green-3 a right one.

@pytest.mark.parametrize("texts,pairs", [
    ([], 0),
    (["red:0"], 0),                                    # a single stack has no neighbour
    (["red:0", "orange:0"], 1),                        # right acorn meets left acorn
    (["orange:0", "red:0"], 0),                        # orange-0's right corner is bare
    (["yellow:0", "red:0,1,2", "orange:0"], 2),        # two pairs, red-2 in both
    (["red:0", "orange:0", "yellow:0", "green:0"], 1),  # only red|orange; green-0 has no left
    (["yellow:0", "orange:0,1,2,3"], 0),               # the right stack is under a torii
    (["green:0,1,2,3", "orange:0"], 0),                # the left stack is under a torii
    (["green:0,1,2,3", "red:0", "orange:0"], 1),       # past a torii the row goes on
])
def test_acorn_pairs_of_neighbouring_top_cards(texts, pairs):
    row = [stack(text) for text in texts]
    assert acorn_pairs(row) == pairs
    assert acorn_pair_gain(row) == 2 * pairs           # two acorn tokens per pair


def over_table(players, row_texts, acorns, active=()):
    t = table(players, rows=[list(r) for r in row_texts], acorns=list(acorns),
              active_objectives=list(active), phase="over", end_reason="deck_empty")
    return t


def test_outcome_ranks_and_shares_ties():
    t = over_table(3, [["red:0,1"], ["orange:0,1"], ["yellow:0"]], [3, 3, 1])
    outcome = RULES.outcome(t.state)
    assert outcome.scores == [5, 5, 1]
    assert outcome.ranks == [1, 1, 3]
    assert outcome.winners == [0, 1]
    assert any("no tie-break" in note for note in outcome.notes)
    assert outcome.details[2]["acorns"] == 1


def test_outcome_for_four_players_with_an_objective():
    t = over_table(4, [["red:0,0"], ["orange:0"], ["yellow:0,1"], []], [0, 0, 0, 0],
                   [{"objective": "most_0", "holder": 3}])
    outcome = RULES.outcome(t.state)
    # Seat 0 alone has most 0s (2): 3 points; the holder (seat 3) has none.
    assert outcome.scores == [3, 0, 2, 0]
    assert outcome.ranks == [1, 3, 2, 3]


def test_solo_outcome():
    t = over_table(1, [["red:0,0,1,2,2"]], [4], [{"objective": "longest_stack", "holder": 0}])
    outcome = RULES.outcome(t.state)
    assert outcome.scores == [10 + 4]        # 5 cards, short of the 7 the solo target needs
    assert outcome.ranks == [1]


def test_no_outcome_while_playing():
    assert RULES.outcome(table(2).state) is None


# -- the outcome's words (a recorded game's end, from tests/corpus) ---------------------------
def _recorded_end():
    import json
    from pathlib import Path

    from games import registry
    from games.platform_events import fold

    export = json.loads((Path(__file__).resolve().parents[2] / "corpus" / "momiji-v2-h2-2p-1.json").read_text())
    rules = registry.rules_for("momiji", 2)
    state = rules.initial_state()
    for row in export["export"]["events"]:
        state = fold(rules, state, row["type"], row["payload"])
    return rules, state


def test_the_outcome_says_why_the_game_ended_and_that_ties_share_the_rank():
    rules, state = _recorded_end()
    assert state["end_reason"] == "deck_empty"
    outcome = rules.outcome(state)
    assert (outcome.scores, outcome.ranks, outcome.notes) == ([30, 35], [2, 1], ["The leaf deck ran out."])
    # One acorn is one point (SEED): five more acorns tie the game; the rules name no tie-break.
    state["acorns"] = [8, 4]
    outcome = rules.outcome(state)
    assert (outcome.scores, outcome.ranks) == ([35, 35], [1, 1])
    assert outcome.notes == ["The leaf deck ran out.", "Ties share the rank: the rules name no tie-break."]
    state["end_reason"], state["torii"] = "torii_limit", 6
    assert rules.outcome(state).notes == ["6 stacks were closed with a torii.",
                                          "Ties share the rank: the rules name no tie-break."]
    state["phase"] = "play"
    assert rules.outcome(state) is None
