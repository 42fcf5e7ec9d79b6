"""Worked examples of the final scoring: rows, gastronomy, missions, rushes, solo.

Row values (components.ROW_VALUES, designed): shops 0, 1, 2, 4, 6, ...; statues 0, 2,
4, 7, ...; large historic buildings 0, 3, 7, ...; gastronomy: café 3, frituur 3,
brewery 4, and a restaurant doubles the others. Rush penalties 0, 1, 3, 6, 10, 15.
"""
from games.catalog.citytour.score import score_sheet

from .helpers import RULES, new_game, turn


def finished(state):
    state["finished"] = True
    return state


def test_each_row_scores_the_next_free_box():
    state = new_game(players=1, options={"level": 1}, start="E4", missions=[])
    state["missions"] = []
    sheet = state["sheets"][0]
    sheet["marks"].update({"D3": "shop", "C5": "shop", "B4": "shop", "E5": "statue"})
    score = score_sheet(state, 0)
    # three shops: the 4th box shows 4; one statue: 2; one large historic building (E4): 3.
    assert score["rows"]["shop"] == 4 and score["rows"]["statue"] == 2 and score["rows"]["monument"] == 3
    assert score["total"] == 4 + 2 + 3


def test_a_restaurant_doubles_the_other_gastronomy_but_scores_nothing_alone():
    state = new_game(players=2, missions=[])
    state["missions"] = []
    first, second = state["sheets"]
    first["marks"].update({"C6": "cafe", "D7": "frituur"})
    assert score_sheet(state, 0)["gastronomy"] == 3 + 3
    first["marks"]["E3"] = "restaurant"
    assert score_sheet(state, 0)["gastronomy"] == 2 * (3 + 3)
    second["marks"]["E3"] = "restaurant"
    assert score_sheet(state, 1)["gastronomy"] == 0


def test_rush_actions_cost_more_and_more():
    state = new_game(players=2, missions=[])
    state["missions"] = []
    for rushes, penalty in ((0, 0), (1, 1), (2, 3), (3, 6), (5, 15)):
        state["sheets"][0]["rush"] = rushes
        assert score_sheet(state, 0)["rush_penalty"] == penalty
    # After five rushes no sixth is offered.
    state["sheets"][0]["rush"] = 5
    assert all(len(move["cells"]) == 2 for move in RULES.legal_moves(state, 0))


def test_visit_missions_and_sets():
    # Mission 1: visit E4 and F4 (3 points); mission 10: each set shop + bridge (2 each).
    state = new_game(players=2, missions=[1, 10])
    sheet = state["sheets"][0]
    assert score_sheet(state, 0)["missions"]["1"] == 0
    sheet["marks"]["F4"] = "museum"
    assert score_sheet(state, 0)["missions"]["1"] == 3      # the start place counts as visited
    sheet["marks"].update({"D3": "shop", "C5": "shop", "B4": "shop", "C4": "bridge", "F5": "bridge"})
    assert score_sheet(state, 0)["missions"]["10"] == 2 * 2  # three shops, two bridges: two sets


def test_most_of_a_type_every_tied_leader_scores():
    # Mission 14: most shops, 4 points.
    state = new_game(players=3, missions=[14])
    a, b, c = state["sheets"]
    a["marks"].update({"D3": "shop", "C5": "shop"})
    b["marks"].update({"B4": "shop", "F6": "shop"})
    c["marks"].update({"I4": "shop"})
    assert [score_sheet(state, s)["missions"]["14"] for s in range(3)] == [4, 4, 0]
    for sheet in state["sheets"]:
        for pid in [p for p, t in sheet["marks"].items() if t == "shop"]:
            del sheet["marks"][pid]
    assert [score_sheet(state, s)["missions"]["14"] for s in range(3)] == [0, 0, 0]   # nobody has one


def test_a_race_goes_to_everyone_who_reaches_it_first_in_the_same_turn():
    # Mission 8: the first to visit 2 gastronomy places scores 3. The display offers
    # a 1-compass and 1-smiley on each card.
    display = "k1 s1 s1 k1 s1 s1"
    state = new_game(players=3, start="C5", missions=[8], display=display)
    for sheet in state["sheets"][:2]:
        sheet["marks"]["E2"] = "cafe"           # Anna and Ben have had a café already
    state["sheets"][2]["marks"]["D8"] = "bridge"
    # Turn 1: Anna and Ben both take the brewery D5 (their 2nd gastronomy); Cleo the
    # brewery as her first.
    for seat in range(3):
        state = turn(state, seat, (0, 1), ["D5"], [("D5", "brewery")])
    assert state["claims"] == {"8": 1}
    # Turn 2 passes; then Cleo has a second gastronomy place (written by hand) and
    # reaches the goal in turn 3, later than the others: nothing for her.
    for seat in range(3):
        state = turn(state, seat, (0, 1))
    state["sheets"][2]["marks"]["C6"] = "cafe"
    state = turn(state, 0, (0, 1))
    state = turn(state, 1, (0, 1))
    state = turn(state, 2, (0, 1))
    assert state["sheets"][2]["reached"] == {"8": 3}
    points = [score_sheet(state, seat)["missions"]["8"] for seat in range(3)]
    assert points == [3, 3, 0]


def test_the_solo_game_is_won_with_the_target_and_every_mission():
    # Level 1: start E4, missions 1 (visit E4, F4), 6 (first to 3 shops), 10 (shop +
    # bridge sets); target 28.
    state = new_game(players=1, options={"level": 1}, start="E4", missions=[1, 6, 10])
    sheet = state["sheets"][0]
    sheet["marks"].update({"F4": "museum", "D3": "shop", "C5": "shop", "B4": "shop", "C4": "bridge",
                           "F5": "bridge", "E5": "statue", "C3": "statue", "A5": "church"})
    sheet["reached"] = {"6": 4}                 # the third shop came in turn 4
    outcome = RULES.outcome(finished(state))
    details = outcome.details[0]
    # shops 4 + bridges 3 + statues 4 + church 2 + monument 3 + museum 2 = 18; missions 3 + 4 + 2 * 2 = 11
    assert details["total"] == 18 + 11 == 29
    assert details["won"] is True and outcome.ranks == [1]
    del sheet["marks"]["F4"]                    # the visit mission fails: lost whatever the score
    details = RULES.outcome(state).details[0]
    assert details["missions_fulfilled"] == 2 and details["won"] is False
