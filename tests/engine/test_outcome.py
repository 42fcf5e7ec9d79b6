from games.engine.outcome import Outcome, rank_by_keys
from games.forfeits import rank_forfeited_last


def test_competition_ranking_shares_ties():
    assert rank_by_keys([10, 30, 30, 5]) == [3, 1, 1, 4]
    assert rank_by_keys([(3, 1), (3, 2), (1, 9)]) == [2, 1, 3]


def test_winners_are_all_first_ranks():
    assert Outcome(scores=[5, 5, 1], ranks=[1, 1, 3]).winners == [0, 1]


def test_forfeited_seat_ranks_last_even_with_the_best_score():
    outcome = Outcome(scores=[50, 20, 30], ranks=[1, 3, 2]).to_json()
    adjusted = rank_forfeited_last(outcome, [0])
    assert adjusted["ranks"] == [3, 2, 1]
    assert adjusted["winners"] == [2]
    assert any("forfeited" in note for note in adjusted["notes"])
