"""Worked examples of the final scoring and the tie-breaks (seed lines 193-199)."""
from games.catalog.amazonas import RULES
from games.catalog.amazonas.components import MISSIONS
from games.engine import Event

from .helpers import new_game, put


def ended(state):
    from games.catalog.amazonas.scoring import breakdown

    return RULES.evolve(state, Event("GameEnded", {"scores": breakdown(state)}))


def test_tiles_score_only_in_types_of_three_plus_chips_and_mission_huts():
    # Seat 0's mission card 0: São Gabriel, Coari, Maués, Lábrea.
    state = new_game(2, missions=[0, 1])
    assert MISSIONS[0] == ("sao_gabriel", "coari", "maues", "labrea")
    put(state, 0, "sao_gabriel", "coari", "labrea", "maraa")   # four orchids, three on the mission
    put(state, 0, "manaus", "fonte_boa")                       # two fish: no points
    state["indios"][0]["fish"] = 1                             # ... the Indio makes them three
    state["five_chips"][0] = 4
    put(state, 1, "santa_isabel")
    score = ended(state)["scores"][0]
    assert score["tiles"] == 4 + 3
    assert score["majority_chips"] == 2                        # orchids 4 and fish 3, alone
    assert score["missions"] == 3 * 3
    assert score["total"] == 7 + 4 + 2 + 9
    assert RULES.outcome(ended(state)).scores[0] == 22


def test_the_original_mission_rule_loses_three_per_missing_village():
    state = new_game(2, missions=[0, 1], options={"missions": "penalty"})
    put(state, 0, "sao_gabriel", "coari")
    score = ended(state)["scores"][0]
    assert score["missions"] == -3 * 2
    assert ended(new_game(2, missions=[0, 1], options={"missions": "penalty"}))["scores"][1]["missions"] == -12


def test_ties_go_to_more_tiles_then_more_money_then_the_higher_copper_coin():
    state = new_game(3, missions=[5, 6, 7])        # missions far from the huts below
    put(state, 0, "coari")
    put(state, 1, "manaus")
    put(state, 2, "carauari")
    state["indios"][2]["reptile"] = 1              # seat 2: 2 tiles, no points either
    state["money"] = [5, 5, 4]
    outcome = RULES.outcome(ended(state))
    assert outcome.scores == [0, 0, 0]
    assert outcome.ranks[2] == 1                   # more research tiles
    # Seats 0 and 1: tiles and money equal; the copper coins 1 and 2 decide.
    assert state["copper"] == [1, 2, 3]
    assert outcome.ranks[1] == 2 and outcome.ranks[0] == 3
    assert "more research tiles" in outcome.notes[0]
    state["indios"][2]["reptile"] = 0
    state["money"] = [5, 6, 4]
    outcome = RULES.outcome(ended(state))
    assert outcome.ranks == [2, 1, 3]
    assert "more money" in outcome.notes[0]
    state["money"] = [5, 5, 5]
    outcome = RULES.outcome(ended(state))
    assert outcome.ranks == [3, 2, 1]
    assert "copper coin" in outcome.notes[0]
