"""A short run of ``manage.py simulate forestsm`` per player count, through the real
store: games finish, replay to the same state and outcome, and verify."""
import pytest
from django.core.management import call_command


@pytest.mark.django_db
@pytest.mark.parametrize("players", [2, 5])
def test_simulate_finishes_and_replays(players, capsys):
    call_command("simulate", "forestsm", "--players", str(players), "--games", "1", "--seed", str(players))
    out = capsys.readouterr().out
    assert "games finished: 1/1" in out and "errors: 0" in out
