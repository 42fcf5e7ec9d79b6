"""The frame of a turn: the injury check, the others' god advances after a roll (taken any
time until one's own next turn, never waited for), gods' top-row actions, the Titan at the
end of a round, and the end of the game with its tie-breaks."""
from games.catalog.delphi import RULES
from games.catalog.delphi import components as C
from games.catalog.delphi import queries as Q

from .helpers import Scripted, actions_now, legal, new_game, of_type, play, refused


def test_no_injuries_give_two_favour_or_a_god_step():
    state = new_game()
    assert state["step"] == "blessing" and state["turn"] == 0
    favour = state["seats"][0]["favour"]
    s, _ = play(state, 0, {"type": "bless_favour"})
    assert s["seats"][0]["favour"] == favour + 2 and s["step"] == "actions"
    s, _ = play(state, 0, {"type": "bless_god", "colour": "yellow"})
    assert s["seats"][0]["gods"]["yellow"] == C.ENTRY_ROW[2] and s["seats"][0]["favour"] == favour
    assert "no injuries" in refused(state, 0, {"type": "end"})


def test_three_alike_or_six_in_all_force_a_recovery_that_ends_the_turn_without_a_roll():
    state = new_game()
    state["seats"][0]["injuries"].update({"red": 3})
    state["step"] = None
    state = actions_now(state)
    state, _ = play(state, 0, {"type": "end"})        # seat 0's turn ends; seat 1 plays
    state["seats"][1]["injuries"].update({"red": 1, "blue": 1, "pink": 1, "green": 1, "black": 1, "yellow": 1})
    state = actions_now(state)
    state, events = play(state, 1, {"type": "end"}, Scripted(titan=[0]))
    assert state["turn"] == 0 and state["step"] == "recover"      # seat 0: three red
    moves = legal(state, 0)
    assert {m["type"] for m in moves} == {"recover"}
    dice = list(state["dice"][0])
    state, events = play(state, 0, {"type": "recover", "colours": ["red", "red", "red"]})
    assert state["seats"][0]["injuries"]["red"] == 0
    assert not of_type(events, "OracleConsulted") and state["dice"][0] == dice
    assert state["turn"] == 1 and state["step"] == "recover"      # six of any colours
    assert "do not hold" in refused(state, 1, {"type": "recover", "colours": ["red", "red", "blue"]})


def test_five_injuries_of_four_colours_are_no_recovery():
    state = new_game()
    state["seats"][1]["injuries"].update({"red": 2, "blue": 1, "pink": 1, "green": 1})
    state = actions_now(state)
    state, _ = play(state, 0, {"type": "end"})
    assert state["turn"] == 1 and state["step"] == "actions"


def test_the_equipment_endurance_raises_the_limits():
    state = new_game()
    state["seats"][1]["injuries"].update({"red": 3})
    state["seats"][1]["equipment"] = [15]
    state = actions_now(state)
    state, _ = play(state, 0, {"type": "end"})
    assert state["step"] == "actions"


def test_after_a_roll_others_may_advance_a_rolled_god_not_on_the_lowest_row():
    state = actions_now(new_game(), dice=["red", "blue", "green"])
    state["seats"][1]["gods"].update({"red": 0, "blue": 3, "green": 6, "pink": 4})
    state, events = play(state, 0, {"type": "end"}, Scripted(dice=[0, 3, 5]))   # red, blue, green
    assert state["dice"][0] == ["red", "blue", "green"]
    # Red is on the lowest row, green at the top: only blue is offered.
    assert state["offers"][1] == [{"roller": 0, "colours": ["blue"]}]
    # The offer never holds anyone up: seat 1 moves now anyway (its turn), and the
    # offer is the first thing its turn asks.
    assert RULES.to_move(state) == {1} and state["step"] == "offers"
    assert {m["type"] for m in legal(state, 1)} == {"take_offer", "decline_offers"}
    state, _ = play(state, 1, {"type": "take_offer", "roller": 0, "colour": "blue"})
    assert state["seats"][1]["gods"]["blue"] == 4 and state["offers"][1] == []


def test_an_offer_may_be_taken_unasked_until_ones_own_turn_begins():
    state = actions_now(new_game(players=3), dice=["red", "blue", "green"])
    state["seats"][2]["gods"]["blue"] = 2
    state, _ = play(state, 0, {"type": "end"}, Scripted(dice=[3, 3, 3]))     # blue, blue, blue
    assert state["turn"] == 1 and 2 in RULES.may_move(state) and RULES.to_move(state) == {1}
    assert legal(state, 2) == [{"type": "take_offer", "roller": 0, "colour": "blue"}]
    assert "not your turn" in refused(state, 2, {"type": "end"}, code="illegal_move").lower()
    taken, _ = play(state, 2, {"type": "take_offer", "roller": 0, "colour": "blue"})
    assert taken["seats"][2]["gods"]["blue"] == 3 and 2 not in RULES.may_move(taken)
    # Not taken: it is still open when seat 2's turn begins, and gone after.
    state = actions_now(state)
    state, _ = play(state, 1, {"type": "end"}, Scripted(dice=[0, 0, 0]))
    assert state["turn"] == 2 and state["step"] == "offers"
    state, _ = play(state, 2, {"type": "decline_offers"})
    assert state["offers"][2] == [] and state["step"] != "offers"


def test_the_titan_hurts_every_shield_below_its_strength_and_everybody_twice_on_a_six():
    state = actions_now(new_game(), dice=["red"])
    state["seats"][0]["shield"] = 3
    state["seats"][1]["shield"] = 2
    state, _ = play(state, 0, {"type": "end"})
    state = actions_now(state, dice=["red"])
    s, events = play(state, 1, {"type": "end"}, Scripted(titan=[2]))            # strength 3
    assert of_type(events, "TitanAttacked")[0]["roll"] == 3
    assert [e["seat"] for e in of_type(events, "InjuryDrawn")] == [1]
    s, events = play(state, 1, {"type": "end"}, Scripted(titan=[5]))            # strength 6
    assert sorted(e["seat"] for e in of_type(events, "InjuryDrawn")) == [0, 0, 1, 1]
    assert s["round"] == 2 and s["turn"] == 0


def test_a_hero_discards_injuries_of_its_colour_at_once():
    state = actions_now(new_game(), dice=["red"])
    state["seats"][1]["companions"] = [["blue", "hero"]]
    state, _ = play(state, 0, {"type": "end"})
    state = actions_now(state, dice=["red"])
    # Injury deck: 5 red, then 7 each of black, pink, blue...: draw 19 is a blue card.
    s, events = play(state, 1, {"type": "end"}, Scripted(titan=[5], injury=[0, 0, 19, 19]))
    drawn = [(e["seat"], e["colour"]) for e in of_type(events, "InjuryDrawn")]
    assert drawn == [(0, "red"), (0, "red"), (1, "blue"), (1, "blue")]
    assert s["seats"][1]["injuries"]["blue"] == 0 and s["seats"][0]["injuries"]["red"] == 2


def test_gods_on_the_top_row_act_and_go_back_down():
    state = actions_now(new_game(), dice=["red"])
    state["seats"][0]["gods"].update({"red": 6, "yellow": 6, "blue": 6})
    state["seats"][0]["injuries"].update({"pink": 2, "green": 1})
    s, _ = play(state, 0, {"type": "god_power", "colour": "red"})
    assert sum(s["seats"][0]["injuries"].values()) == 0 and s["seats"][0]["gods"]["red"] == 0
    s, _ = play(state, 0, {"type": "god_power", "colour": "yellow"})
    assert s["wild"] and len(s["seats"][0]["oracle"]) == 1
    water = sorted(state["sea"]["water"])[-1]
    s, _ = play(state, 0, {"type": "god_power", "colour": "blue", "to": water})
    assert s["seats"][0]["pos"] == water
    s, _ = play(state, 0, {"type": "god_card", "colour": "blue"})
    assert s["seats"][0]["gods"]["blue"] == 0 and len(s["seats"][0]["oracle"]) == 1
    assert "not reached the top" in refused(state, 0, {"type": "god_power", "colour": "green", "island": "0,0"})


def test_a_god_jumps_from_the_lowest_row_to_the_player_count_row_then_steps_by_one():
    for players in (2, 3, 4):
        state = actions_now(new_game(players=players), dice=["blue", "blue"])
        state, _ = play(state, 0, {"type": "advance_god", "colour": "blue", "die": "blue"})
        assert state["seats"][0]["gods"]["blue"] == C.ENTRY_ROW[players]
        state, _ = play(state, 0, {"type": "advance_god", "colour": "blue", "die": "blue"})
        assert state["seats"][0]["gods"]["blue"] == C.ENTRY_ROW[players] + 1


def finished(state, seat):
    for tile in state["seats"][seat]["tiles"]:
        tile["done"] = True
    state["seats"][seat]["pos"] = next(k for k in state["sea"]["water"] if state["sea"]["zeus"] in Q.neighbours(k))


def test_the_round_is_finished_after_a_return_and_returned_players_win():
    state = actions_now(new_game(players=3), dice=["red", "blue", "green"])
    finished(state, 1)
    finished(state, 2)
    state, _ = play(state, 0, {"type": "end"})
    state = actions_now(state, dice=["red", "blue"])
    state, _ = play(state, 1, {"type": "sail", "to": state["sea"]["zeus"], "die": "red"})
    assert state["ending"] and RULES.outcome(state) is None
    state, _ = play(state, 1, {"type": "end"})
    assert state["turn"] == 2                               # the round goes on
    state = actions_now(state, dice=["red", "blue"])
    state["seats"][2]["oracle"] = ["red"]
    state, events = play(state, 2, {"type": "sail", "to": state["sea"]["zeus"], "die": "red"})
    state, events = play(state, 2, {"type": "end"})
    outcome = RULES.outcome(state)
    assert outcome is not None and not of_type(events, "TitanAttacked")
    assert outcome.winners == [2]                           # more oracle cards
    assert outcome.ranks[1] == 2 and outcome.ranks[0] == 3


def test_tie_breaks_oracle_cards_then_favour_then_a_shared_victory():
    base = actions_now(new_game(players=2), dice=["red", "blue"])
    finished(base, 0)
    finished(base, 1)
    for favour, winners in (((5, 4), [0]), ((4, 4), [0, 1])):
        state, _ = play(base, 0, {"type": "sail", "to": base["sea"]["zeus"], "die": "red"})
        state, _ = play(state, 0, {"type": "end"})
        state = actions_now(state, dice=["red", "blue"])
        state, _ = play(state, 1, {"type": "sail", "to": state["sea"]["zeus"], "die": "red"})
        state["seats"][0]["favour"], state["seats"][1]["favour"] = favour
        state["seats"][0]["oracle"], state["seats"][1]["oracle"] = ["red"], ["blue"]
        state, _ = play(state, 1, {"type": "end"})
        assert RULES.outcome(state).winners == winners


def test_artemis_uncovers_any_tile_and_hermes_takes_any_statue_beside_a_city():
    from .helpers import islands_of, shore
    state = actions_now(new_game(), dice=["red"])
    state["seats"][0]["gods"].update({"green": 6, "pink": 6})
    far_tile = islands_of("tile")[-1]                    # no adjacency needed
    s, events = play(state, 0, {"type": "god_power", "colour": "green", "island": far_tile})
    assert s["board"]["tiles"][far_tile]["up"] and of_type(events, "TileUncovered")
    assert "beside a city" in refused(state, 0, {"type": "god_power", "colour": "pink", "statue": "black"})
    city = next(k for k in islands_of("city") if state["sea"]["islands"][k]["colour"] == "red")
    state["seats"][0]["pos"] = shore(city)[0]
    s, events = play(state, 0, {"type": "god_power", "colour": "pink", "statue": "black"})
    assert s["seats"][0]["cargo"] == [["statue", "black"]] and s["seats"][0]["gods"]["pink"] == 0


def test_apollo_makes_dice_any_colour_this_turn():
    state = actions_now(new_game(), dice=["red", "red"])
    state["seats"][0]["gods"]["yellow"] = 6
    state["seats"][0]["favour"] = 0
    steps = Q.sail_steps(state, 0)
    water = next(k for k, c in sorted(state["sea"]["water"].items()) if c == "green" and steps.get(k, 9) <= 3)
    assert "enough favour" in refused(state, 0, {"type": "sail", "to": water, "die": "red"})
    state, _ = play(state, 0, {"type": "god_power", "colour": "yellow"})
    state, _ = play(state, 0, {"type": "sail", "to": water, "die": "red"})
    assert state["seats"][0]["pos"] == water and state["seats"][0]["favour"] == 0


def test_a_god_on_the_top_row_is_not_offered_and_returned_players_get_no_offers():
    state = actions_now(new_game(players=3), dice=["red"])
    state["seats"][1]["gods"]["blue"] = 6
    state["seats"][2]["gods"]["blue"] = 3
    state["seats"][2]["returned"] = True
    state, events = play(state, 0, {"type": "end"}, Scripted(dice=[3, 3, 3]))
    assert of_type(events, "OracleConsulted")[0]["offers"] == []
