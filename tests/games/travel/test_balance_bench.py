"""bench/balance.py, the balance tables of docs/games: counted by turn order, reproducible."""
from bench.balance import Report, measure, table_row


def test_wins_are_counted_by_turn_order_and_a_shared_win_as_a_fraction():
    report = Report(games=3, first_seats=[1, 0, 2], winners=[[1], [1], [0, 2]])
    # game 1: seat 1 began and won (1st); game 2: seat 0 began, seat 1 won (2nd);
    # game 3: seat 2 began, seats 0 and 2 shared the win (2nd and 1st)
    assert report.wins_by_turn_order(3) == [1.5 / 3, 1.5 / 3, 0.0]


def test_a_measured_row_is_reproducible_and_counts_turns_as_runs_of_one_players_moves():
    first = measure("travel", 2, 3, seed="bench-test")
    again = measure("travel", 2, 3, seed="bench-test")
    assert first.finished == 3 and not first.errors
    assert (first.winners, first.first_seats, first.lengths) == \
        (again.winners, again.first_seats, again.lengths)
    for moves, turns in first.lengths:
        assert 0 < turns <= moves
    row = table_row(2, first)
    assert row.startswith("| 2 | 3/3 | ") and row.count("|") == 7
