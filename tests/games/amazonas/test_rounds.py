"""Worked examples from the rule text (seed 004, lines 93-200): income, events, turn order."""
from games.catalog.amazonas import RULES
from games.catalog.amazonas.rules import card_value, turn_order

from .helpers import choose, finish_round, in_round, new_game, of_type, play, put, refused


def three_players(event="research_butterfly"):
    state = new_game(3)
    put(state, 0, "tabatinga", "carauari")          # two iguana (reptile) tiles
    put(state, 1, "manaus")                          # a fish tile
    put(state, 2, "coari", "maraa", "labrea")        # three orchid tiles
    return in_round(state, event)


def test_the_iguana_card_3_with_two_iguana_tiles_gives_5_silver():
    # SEED: "Spielt ein Spieler, der bereits 2 Leguan-Plättchen besitzt, ... die Leguan-Karte
    # mit dem Wert 3 aus, so erhält er 5 Silber (3+2)" -- 5 silver is 1 gold and 2 silver.
    state, events = choose(three_players(), [3, 1, 0])
    revealed = of_type(events, "IncomeRevealed")[0]
    assert revealed["values"] == [5, 2, 3]            # 1 + one fish; card 0: longest row of 3
    assert revealed["order"] == [0, 2, 1]
    collected = of_type(events, "IncomeCollected")[0]
    assert collected["seat"] == 0 and collected["income"] == 5
    assert state["money"][0] == 9 + 5                 # 3 gold to start, then 4 gold 2 silver


def test_card_0_counts_the_longest_row_and_card_6_the_indio_tiles():
    state = three_players()
    state["indios"][2]["orchid"] = 1
    assert card_value(state, 2, 0) == 4               # three orchids and the Indio on them
    assert card_value(state, 2, 6) == 7               # 6 + one Indio tile
    assert card_value(state, 0, 6) == 6
    assert card_value(state, 0, 4) == 4               # card 4 counts orchids: none


def test_forest_fire_halves_income_rounded_down_except_for_the_indio_card():
    state, events = choose(three_players("fire"), [3, 6, 0])
    assert of_type(events, "IncomeRevealed")[0]["order"] == [1, 0, 2]     # 6, then 5, then 3
    state, more = finish_round(state)
    collected = {p["seat"]: p for p in of_type(events + more, "IncomeCollected")}
    assert collected[1]["income"] == 6                # card 6 is not affected by the event
    assert collected[0]["income"] == 2                # half of 5, rounded down
    assert collected[2]["income"] == 1                # half of 3


def test_theft_takes_one_silver_per_tile_of_the_largest_type_after_income():
    state = three_players("theft")
    state["money"] = [0, 0, 1]
    state, events = choose(state, [1, 6, 2])
    state, more = finish_round(state)
    events += more
    collected = {p["seat"]: p for p in of_type(events, "IncomeCollected")}
    assert collected[0]["income"] == 1 and collected[0]["stolen"] == 1   # 0 + 1, minus 2 reptiles: all 1
    assert collected[1]["stolen"] == 0                                   # the Indio card protects
    assert collected[2]["income"] == 2 and collected[2]["stolen"] == 3   # 1 + 2 = 3, three orchids
    assert state["money"][2] == 0                                        # never below 0


def test_extra_research_money_pays_a_silver_per_tile_of_the_type_and_not_for_turn_order():
    state = three_players("research_orchid")
    state, events = choose(state, [1, 1, 1])
    revealed = of_type(events, "IncomeRevealed")[0]
    assert revealed["values"] == [1, 2, 1]            # the event does not change the values
    state, more = finish_round(state)
    events += more
    collected = {p["seat"]: p for p in of_type(events, "IncomeCollected")}
    assert collected[2]["research"] == 3 and collected[2]["net"] == 4
    assert collected[0]["research"] == 0


def test_ties_go_to_the_higher_copper_coin_and_the_coins_are_swapped():
    # SEED: equal values -> the player with the highest copper coin takes the lower order
    # card; then the tied players swap their copper coins.
    order, coins = turn_order([4, 7, 4], [1, 2, 3])
    assert order == [1, 2, 0]
    assert coins == [3, 2, 1]
    # A three-way tie: ordered by coin, the coins reversed among them (R10).
    order, coins = turn_order([5, 5, 5, 2], [2, 4, 3, 1])
    assert order == [1, 2, 0, 3]
    assert coins == [4, 2, 3, 1]


def test_the_reveal_applies_the_swapped_copper_coins():
    state, events = choose(three_players(), [1, 1, 0])     # values 1, 2, 3: no tie
    assert state["copper"] == [1, 2, 3]
    state = three_players()
    state["tiles"][1]["fish"] = 0
    state, events = choose(state, [1, 1, 1])               # values 1, 1, 1: everybody tied
    assert of_type(events, "IncomeRevealed")[0]["order"] == [2, 1, 0]
    assert state["copper"] == [3, 2, 1]


def test_jaguar_forbids_jungle_paths_and_crocodile_forbids_waterways():
    # tabatinga -- fonte_boa is a waterway, tabatinga -- japura a jungle path.
    for event, open_, closed in (("jaguar", "fonte_boa", "japura"), ("crocodile", "japura", "fonte_boa")):
        state = new_game(3)
        put(state, 0, "tabatinga")
        state = in_round(state, event)
        state["money"][0] = 30
        state, _ = choose(state, [5, 0, 0])
        assert RULES.current(state) == 0
        moves = RULES.legal_moves(state, 0)
        assert {"type": "build", "village": open_} in moves
        assert {"type": "build", "village": closed} not in moves
        message = refused(state, 0, {"type": "build", "village": closed})
        assert "may not be used this round" in message


def test_the_indio_card_may_use_every_link_under_jaguar():
    state = new_game(3)
    put(state, 0, "tabatinga")
    state = in_round(state, "jaguar")
    state["money"][0] = 30
    state, _ = choose(state, [6, 0, 0])
    moves = RULES.legal_moves(state, 0)
    assert {"type": "build", "village": "japura"} in moves
    assert {"type": "build", "village": "fonte_boa"} in moves


def test_building_takes_the_cheapest_free_site_one_own_hut_per_village_and_may_chain():
    state = new_game(3)
    put(state, 0, "tabatinga")
    put(state, 1, "fonte_boa")
    state = in_round(state, "research_parrot")
    state["money"][0] = 30
    state, _ = choose(state, [5, 0, 0])
    # Fonte Boa's sites cost 2 and 4 gold; the first is taken, so 4 gold = 12 silver.
    state, events = play(state, 0, {"type": "build", "village": "fonte_boa"})
    assert of_type(events, "HutBuilt")[0]["cost"] == 12
    assert "one hut per village" in refused(state, 0, {"type": "build", "village": "tabatinga"})
    assert "no free building site" in RULES.build_problem(state, 2, "fonte_boa")
    # Tefé is joined to Fonte Boa, built a moment ago: chained building is allowed (R17).
    assert {"type": "build", "village": "tefe"} in RULES.legal_moves(state, 0)
    assert "not joined" in refused(state, 0, {"type": "build", "village": "manaus"})


def test_the_hands_come_back_after_rounds_7_and_14():
    state = new_game(3)
    put(state, 0, "tabatinga")
    put(state, 1, "manaus")
    put(state, 2, "coari")
    state = in_round(state, "fire")
    for number in range(1, 15):
        assert len(state["hands"][0]) == 7 - (number - 1) % 7
        state, _ = choose(state, [state["hands"][s][0] for s in range(3)])
        state, _ = finish_round(state)
        if number == 7:
            assert state["round"] == 8
            assert state["hands"][0] == [0, 1, 2, 3, 4, 5, 6] and state["played"][0] == []
    # After round 14 the hands are full again; rounds 15-18 use four of the seven cards.
    assert state["round"] == 15 and state["hands"][1] == [0, 1, 2, 3, 4, 5, 6]
    for number in range(15, 19):
        state, _ = choose(state, [state["hands"][s][-1] for s in range(3)])
        state, _ = finish_round(state)
    assert state["phase"] == "over" and state["hands"][2] == [0, 1, 2]
