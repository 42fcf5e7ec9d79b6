"""A short run of ``manage.py simulate harmonies`` per player count, through the real
store: games finish, replay to the same state and outcome, and verify."""
import json

import pytest
from django.core.management import call_command

CASES = [(1, {}), (2, {"side": "B", "spirits": True}), (3, {"spirits": True}), (4, {"side": "B"})]


@pytest.mark.django_db
@pytest.mark.parametrize("players,options", CASES)
def test_simulate_finishes_and_replays(players, options, capsys):
    call_command("simulate", "harmonies", "--players", str(players), "--games", "2",
                 "--seed", str(players), "--options", json.dumps(options))
    out = capsys.readouterr().out
    assert "games finished: 2/2" in out and "errors: 0" in out
