"""Milestones and the final score (SEED "Wertung")."""
from games.catalog.linie1 import RULES

from tests.games.linie1.helpers import driving_table


def finish(t, winner=0):
    """Let ``winner`` arrive with the dice."""
    t.state["current"] = winner
    t.state["trips"][winner]["position"] = 15
    t.state["stage"] = "choose"
    t.state["dice"] = ["1", "red", "red"]
    t.state["dice_left"] = 3
    t.play(winner, {"type": "use_die", "face": "1"})
    return RULES.outcome(t.state)


def test_the_winner_scores_the_milestones_the_opponents_have_not_reached():
    # 3 players: 3-stop routes, so 5 milestones each (tram placed, 3 stops, destination)
    t = driving_table(players=3, stops="ILG", signs={"I": (2, 5), "L": (3, 2), "G": (2, 8)})
    t.state["trips"][0]["reached"] = ["L", "I", "G"]
    t.state["routes"][1] = "ABC"
    t.state["routes"][2] = "DEF"
    # seat 1 drives and has passed one stop: 2 of 5 milestones; seat 2 still builds: 0 of 5
    t.state["status"][1] = "driving"
    t.state["trips"][1] = {"start": "left", "path": list(t.state["trips"][0]["path"]), "position": 3,
                           "reached": ["A"]}
    outcome = finish(t)
    assert RULES.milestones(t.state, 0) == (5, 5)
    assert RULES.milestones(t.state, 1) == (2, 5)
    assert RULES.milestones(t.state, 2) == (0, 5)
    assert outcome.scores == [3 + 5, 0, 0]
    assert outcome.ranks == [1, 2, 3]           # others by milestones reached
    assert outcome.winners == [0]
    assert outcome.details[1]["milestones_reached"] == 2


def test_four_players_have_four_milestones_each_and_ties_share_a_rank():
    t = driving_table(players=4)
    t.state["trips"][0]["reached"] = ["L", "I"]
    for seat in (1, 2, 3):
        t.state["routes"][seat] = "AB"
    outcome = finish(t)
    assert outcome.scores == [4 * 3, 0, 0, 0]
    assert outcome.ranks == [1, 2, 2, 2]


def test_a_player_who_gave_up_scores_nothing_and_ranks_last():
    t = driving_table(players=3)
    t.state["trips"][0]["reached"] = ["L", "I"]
    t.state["routes"][1] = "AB"
    t.state["routes"][2] = "CD"
    t.state["status"][2] = "gave_up"
    outcome = finish(t)
    assert outcome.scores == [4 + 4, 0, 0]
    assert outcome.ranks == [1, 2, 3]


def test_no_outcome_while_the_game_runs():
    assert RULES.outcome(driving_table().state) is None


COMMON_NOTE = ("Players who did not arrive score 0 points and are ranked by milestones reached "
               "(players who gave up last).")


def test_the_notes_name_the_winner_and_the_ranking_of_the_others():
    t = driving_table(players=3)
    t.state["trips"][0]["reached"] = ["L", "I"]
    outcome = finish(t)
    assert outcome.notes == ["Player 1 reached the destination first and scores 1 point for each milestone the "
                             "opponents have not reached.", COMMON_NOTE]
    assert [d["status"] for d in outcome.details] == ["arrived", "building", "building"]
    assert outcome.details[0]["stops"] == t.state["routes"][0] and outcome.details[0]["line"] == t.state["lines"][0]


def _over_without_a_winner(end, statuses):
    t = driving_table(players=3)
    t.state.update(stage="over", winner=None, end=end, status=list(statuses))
    return RULES.outcome(t.state)


def test_a_blocked_network_ends_the_game_without_a_winner():
    # docs/games/linie1.md: a blocked network (nobody can place a tile or drive) ends the
    # game; SEED: whoever gives up ends with 0 points.
    outcome = _over_without_a_winner("blocked", ["driving", "building", "gave_up"])
    assert outcome.scores == [0, 0, 0]
    assert outcome.notes == ["The network is blocked: nobody can place a tile or drive, so nobody wins.",
                             COMMON_NOTE]
    # The driver has the tram on the board (one milestone); who gave up ranks last.
    assert outcome.ranks == [1, 2, 3]


def test_when_everybody_gave_up_nobody_wins():
    outcome = _over_without_a_winner("gave_up", ["gave_up"] * 3)
    assert outcome.notes == ["Every player gave up, so nobody wins.", COMMON_NOTE]
    assert outcome.scores == [0, 0, 0]
