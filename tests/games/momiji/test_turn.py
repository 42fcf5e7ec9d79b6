"""Collecting, revealing, activating, the once-per-turn extras, turn order and the end."""
from games.catalog.momiji import RULES, RULES_BY_VERSION
from games.engine.harness import Table

from tests.games.momiji.helpers import refused, table, types

DECK = ["green-0", "green-1", "yellow-2", "red-3", "orange-0", "orange-1", "green-3"]


def base(**fields):
    defaults = dict(display=["red-0", "red-2", "orange-1", "yellow-3"], deck=list(DECK),
                    hands=[["yellow-1"], ["green-2"]])
    defaults.update(fields)
    return table(2, **defaults)


# -- collect and reveal -------------------------------------------------------------

def test_collect_takes_every_leaf_of_the_type_and_refills_to_four():
    t = base()
    events = t.play(0, {"type": "collect", "leaf": "red"})
    assert types(events) == ["LeavesCollected", "DisplayRefilled"]
    assert t.state["hands"][0] == ["red-0", "red-2", "yellow-1"]
    assert t.state["display"] == ["orange-1", "yellow-3", "green-0", "green-1"]
    assert t.state["deck"] == DECK[2:]


def test_collect_needs_the_type_in_the_display():
    assert "no green" in refused(base(), 0, {"type": "collect", "leaf": "green"},
                                 "leaf_not_in_display")


def test_reveal_costs_an_acorn_adds_four_and_forces_a_collect():
    t = base()
    t.play(0, {"type": "reveal"})
    assert t.state["acorns"][0] == 1
    assert sorted(t.state["display"]) == sorted(["red-0", "red-2", "orange-1", "yellow-3",
                                                 "green-0", "green-1", "yellow-2", "red-3"])
    assert t.state["deck"] == DECK[4:]
    refused(t, 0, {"type": "reveal"}, "already_revealed")
    refused(t, 0, {"type": "play", "cards": ["yellow-1"]}, "must_collect")
    kinds = {m["type"] for m in RULES.legal_moves(t.state, 0)}
    assert "collect" in kinds and not kinds & {"play", "activate", "reveal", "pass"}
    t.play(0, {"type": "collect", "leaf": "red"})
    # Eight cards minus three reds leave five: no refill.
    assert len(t.state["display"]) == 5
    assert t.state["hands"][0] == ["red-0", "red-2", "red-3", "yellow-1"]


def test_reveal_needs_an_acorn():
    refused(base(acorns=[0, 2]), 0, {"type": "reveal"}, "not_enough_acorns")


# -- activate -----------------------------------------------------------------------

def test_activate_costs_three_acorns_and_is_the_action():
    t = base(acorns=[4, 0], objectives=["most_0", "top_sum"])
    t.play(0, {"type": "activate", "objective": "most_0"})
    assert t.state["acorns"][0] == 1
    assert t.state["objectives"] == ["top_sum"]
    assert t.state["active_objectives"] == [{"objective": "most_0", "holder": 0}]
    refused(t, 0, {"type": "activate", "objective": "top_sum"}, "action_taken")


def test_activate_refusals():
    t = base(acorns=[2, 0], objectives=["most_0"])
    refused(t, 0, {"type": "activate", "objective": "most_0"}, "not_enough_acorns")
    refused(base(acorns=[3, 0], objectives=["most_0"]), 0,
            {"type": "activate", "objective": "most_1"}, "objective_unavailable")


# -- once-per-turn extras -----------------------------------------------------------

def test_discard_two_for_an_acorn_once_per_turn_before_or_after_the_action():
    t = base(hands=[["red-1", "red-1", "green-3", "yellow-0"], []])
    t.play(0, {"type": "discard", "cards": ["red-1", "green-3"]})
    assert t.state["hands"][0] == ["red-1", "yellow-0"]
    assert t.state["acorns"][0] == 3 and t.state["discarded"] == 2
    refused(t, 0, {"type": "discard", "cards": ["red-1", "yellow-0"]}, "already_discarded")
    t.play(0, {"type": "collect", "leaf": "orange"})
    t.play(0, {"type": "pass"})
    # A new turn for seat 1, then seat 0 may discard again.
    assert t.state["current"] == 1 and t.state["turn"]["discarded"] is False


def test_discard_refusals():
    t = base(hands=[["red-1", "green-3"], []])
    refused(t, 0, {"type": "discard", "cards": ["red-1"]}, "malformed_move")
    refused(t, 0, {"type": "discard", "cards": ["green-3", "red-1"]}, "malformed_move")
    refused(t, 0, {"type": "discard", "cards": ["red-1", "red-1"]}, "card_not_in_hand")


def test_one_power_per_turn_each_once_per_game():
    t = base(powers=[["hot_spring", "pilgrim_road", "river"], ["river", "koi_pond", "cedar_gate"]],
             rows=[["red:0", "orange:0"], []])
    t.play(0, {"type": "power", "power": "hot_spring"})
    assert t.state["acorns"][0] == 2 - 1 + 2
    refused(t, 0, {"type": "power", "power": "pilgrim_road"}, "already_used_power")
    t.play(0, {"type": "collect", "leaf": "red"})
    t.play(0, {"type": "pass"})
    t.play(1, {"type": "collect", "leaf": "orange"})
    t.play(1, {"type": "pass"})
    refused(t, 0, {"type": "power", "power": "hot_spring"}, "landscape_used")
    refused(t, 0, {"type": "power", "power": "koi_pond", "card": "red-0", "take": "green-0"},
            "not_your_landscape")
    t.play(0, {"type": "power", "power": "pilgrim_road"})
    assert t.state["acorns"][0] == 3 - 1 + 1


def test_a_power_costs_an_acorn():
    t = base(acorns=[0, 0], powers=[["hot_spring", "river", "koi_pond"], ["river"]])
    refused(t, 0, {"type": "power", "power": "hot_spring"}, "not_enough_acorns")


# -- turn order and passing ----------------------------------------------------------

def test_pass_only_after_the_action_then_the_next_seat_moves():
    t = base()
    assert {"type": "pass"} not in RULES.legal_moves(t.state, 0)
    refused(t, 0, {"type": "pass"}, "action_required")
    t.play(0, {"type": "collect", "leaf": "yellow"})
    refused(t, 0, {"type": "collect", "leaf": "red"}, "action_taken")
    assert {"type": "pass"} in RULES.legal_moves(t.state, 0)
    events = t.play(0, {"type": "pass"})
    assert types(events) == ["TurnEnded"]
    assert RULES.to_move(t.state) == {1}
    refused(t, 0, {"type": "collect", "leaf": "red"}, "not_your_turn")
    assert RULES.legal_moves(t.state, 0) == []


def test_pass_is_allowed_when_no_action_is_possible():
    t = base(display=[], deck=["red-0"], acorns=[0, 0], hands=[["red-2"], []])
    assert RULES.legal_moves(t.state, 0) == [{"type": "pass"}]
    t.play(0, {"type": "pass"})
    assert t.state["current"] == 1


# -- end of the game -------------------------------------------------------------------

def test_the_round_is_finished_after_the_turn_that_emptied_the_deck():
    """The deck runs out in the first seat's turn of a 2-player game: the second seat
    still has its turn, so both have had the same number of turns."""
    t = base(deck=["green-0"])
    t.play(0, {"type": "collect", "leaf": "red"})
    assert t.state["deck"] == [] and RULES.outcome(t.state) is None
    # The turn goes on until the player passes.
    t.play(0, {"type": "discard", "cards": ["red-0", "red-2"]})
    events = t.play(0, {"type": "pass"})
    assert types(events) == ["TurnEnded", "FinalRoundBegan"]
    assert events[-1].payload == {"reason": "deck_empty", "last": 1}
    assert "Player 2 takes the last turn" in RULES.describe(events[-1])
    assert RULES.to_move(t.state) == {1} and RULES.outcome(t.state) is None
    assert RULES.view(t.state, 1)["final_round"] == "deck_empty"
    assert {"type": "reveal"} not in RULES.legal_moves(t.state, 1)   # nothing left to reveal
    assert t.state["display"] == ["orange-1", "yellow-3", "green-0"]   # the last card came out
    collected = t.play(1, {"type": "collect", "leaf": "orange"})
    assert types(collected) == ["LeavesCollected"]                     # no refill: the deck is empty
    assert types(t.play(1, {"type": "pass"})) == ["TurnEnded", "GameEnded"]
    assert t.state["end_reason"] == "deck_empty" and t.state["turns"] == 2
    assert RULES.to_move(t.state) == set() and RULES.outcome(t.state) is not None
    refused(t, 1, {"type": "pass"}, "game_over")


def test_the_last_seat_of_the_round_ends_the_game_at_once():
    """When the seat before the first player triggers the end, the round is complete."""
    t = base(deck=["green-0"], current=1, first=0, hands=[["red-3"], ["red-0", "red-2"]])
    t.play(1, {"type": "collect", "leaf": "red"})
    assert types(t.play(1, {"type": "pass"})) == ["TurnEnded", "GameEnded"]


def test_the_round_ends_before_the_first_player_again_whoever_began():
    """Three players, seat 2 began: the end triggered in seat 0's turn lets seat 1
    play, and the game ends before seat 2 would start a new round."""
    t = table(3, torii=4, first=2, current=0, rows=[["red:0,1,2"], [], []], hands=[["red-3"], [], []],
              display=[], acorns=[0, 0, 0])   # seat 1 has nothing to do but pass
    t.play(0, {"type": "play", "cards": ["red-3"]})
    events = t.play(0, {"type": "pass"})
    assert types(events) == ["TurnEnded", "FinalRoundBegan"] and events[-1].payload["last"] == 1
    assert t.state["final_round"] == "torii_limit"
    events = t.play(1, {"type": "pass"})
    assert types(events) == ["TurnEnded", "GameEnded"]
    assert t.state["end_reason"] == "torii_limit"


def test_the_game_ends_when_the_torii_limit_is_reached_across_players():
    t = base(torii=3, rows=[["red:0,1,2"], ["orange:0,1,2,3"]], hands=[["red-3"], []], display=[],
             acorns=[0, 0])
    t.play(0, {"type": "play", "cards": ["red-3"]})
    assert t.state["torii"] == 4 and RULES.outcome(t.state) is None
    assert types(t.play(0, {"type": "pass"}))[-1] == "FinalRoundBegan"
    assert types(t.play(1, {"type": "pass"}))[-1] == "GameEnded"
    assert t.state["end_reason"] == "torii_limit"


def test_three_players_need_five_torii():
    t = table(3, torii=4, rows=[["red:0,1,2"], [], []], hands=[["red-3"], [], []])
    t.play(0, {"type": "play", "cards": ["red-3"]})
    assert types(t.play(0, {"type": "pass"})) == ["TurnEnded", "FinalRoundBegan"]
    t2 = table(4, torii=4, rows=[["red:0,1,2"], [], [], []], hands=[["red-3"], [], [], []])
    t2.play(0, {"type": "play", "cards": ["red-3"]})
    assert types(t2.play(0, {"type": "pass"})) == ["TurnEnded"]


def test_the_first_player_is_drawn_at_random():
    firsts = {Table(RULES, 3, {}, seed).state["current"] for seed in range(40)}
    assert firsts == {0, 1, 2}
    t = Table(RULES, 3, {"landscapes": "draft"}, 5)
    first = t.game.batches[0].events[0].payload["first"]
    assert t.state["draft"]["order"][:3] == [first, (first + 1) % 3, (first + 2) % 3]


def test_rules_version_1_ends_mid_round_and_seat_one_begins():
    v1 = RULES_BY_VERSION[1]
    assert {Table(v1, 3, {}, seed).state["current"] for seed in range(10)} == {0}
    t = Table(v1, 2, {}, 0)
    t.state.update(deck=["green-0"], display=["red-0", "red-2"], hands=[["red-3"], []], acorns=[2, 2])
    t.play(0, {"type": "collect", "leaf": "red"})
    assert types(t.play(0, {"type": "pass"})) == ["TurnEnded", "GameEnded"]


# -- solo: the autumn wind ------------------------------------------------------------

def test_solo_wind_blows_away_the_largest_type_and_refills():
    t = table(1, display=["red-0", "orange-0", "orange-2", "yellow-1"],
              deck=["green-0", "green-1", "red-1"], hands=[["red-0"]], rows=[[]])
    t.play(0, {"type": "play", "cards": ["red-0"], "side": "right"})
    events = t.play(0, {"type": "pass"})
    assert types(events) == ["WindBlew", "DisplayRefilled", "TurnEnded"]
    assert events[0].payload["cards"] == ["orange-0", "orange-2"]
    assert t.state["display"] == ["red-0", "yellow-1", "green-0", "green-1"]
    assert t.state["current"] == 0


def test_solo_wind_tie_takes_the_first_type():
    t = table(1, display=["orange-0", "yellow-1"], deck=["green-0", "green-1", "red-1", "red-2"],
              hands=[["red-0"]], rows=[[]])
    t.play(0, {"type": "play", "cards": ["red-0"], "side": "right"})
    events = t.play(0, {"type": "pass"})
    assert events[0].payload == {"leaf": "orange", "cards": ["orange-0"]}


def test_solo_game_ends_when_the_wind_empties_the_deck():
    t = table(1, display=["orange-0", "yellow-1"], deck=["green-0", "green-1"],
              hands=[["red-0"]], rows=[[]])
    t.play(0, {"type": "play", "cards": ["red-0"], "side": "right"})
    assert types(t.play(0, {"type": "pass"}))[-1] == "GameEnded"
