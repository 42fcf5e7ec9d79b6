"""Every catalogued game plays to the end through the real store, then replays and verifies.

The same path as `manage.py simulate`: bots choose, services apply (lock, decide,
append, project, outbox), and afterwards the log is folded from scratch, every
version is loadable and the audit re-derives every random outcome.
"""
import pytest
from django.core.management import call_command

from games import registry
from games.simulation import SimulationReport, check_replay, option_combinations, play_one

CASES = [(entry.slug, players) for entry in registry.all_games() if entry.slug != "race"
         for players in sorted({entry.rules.min_players, entry.rules.max_players})]


@pytest.mark.django_db
@pytest.mark.parametrize("slug, players", CASES, ids=[f"{slug}-{players}p" for slug, players in CASES])
def test_a_bot_game_through_the_store_replays_and_verifies(slug, players):
    game, moves = play_one(slug, players, bots="best", player_seed=f"store-{slug}-{players}")
    assert game.status == "finished" and moves > 0
    assert game.outcome["winners"], "someone wins (or shares the win)"
    assert check_replay(game) is None


@pytest.mark.django_db
def test_simulate_command_reports_finished_games(capsys):
    call_command("simulate", "momiji", "--players", "2", "--games", "2", "--seed", "4", "--bots", "random")
    out = capsys.readouterr().out
    assert "games finished: 2/2" in out and "errors: 0" in out
    assert "wins by turn order (first player first): " in out and "game length: moves median " in out


def test_turn_order_shares_and_lengths_of_a_report():
    report = SimulationReport(winners=[[1], [0, 2], [2]], first_seats=[1, 2, 0])
    # game 1: seat 1 began and won (1st); game 2: seat 2 began, 0 and 2 shared (2nd and 1st);
    # game 3: seat 0 began, seat 2 won (3rd)
    assert report.wins_by_turn_order(3) == [1.5 / 3, 0.5 / 3, 1 / 3]


def test_option_combinations_cover_every_on_off_and_choice_option():
    combos = option_combinations("travel")
    assert len(combos) == 2 ** 5 * 2                 # five expansions, two ways to pick the first player
    assert len({tuple(sorted(c.items())) for c in combos}) == len(combos)
    assert {c["first_player"] for c in combos} == {"closest", "random"}


@pytest.mark.django_db
def test_simulate_cycles_through_option_combinations(capsys):
    call_command("simulate", "travel", "--players", "2", "--games", "3", "--seed", "2",
                 "--all-option-combinations")
    out = capsys.readouterr().out
    assert "3 option combination(s)" in out and "games finished: 3/3" in out and "errors: 0" in out
