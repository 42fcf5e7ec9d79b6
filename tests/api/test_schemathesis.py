"""schemathesis against a live server: every operation of /api/schema/, every check
(server errors, undocumented statuses and content types, answers that break their
schema, invalid requests accepted, valid ones refused), bounded in examples and time.
Only DELETE /api/v1/auth/token/ is left out: it would revoke the token the run uses.
Refusals no schema can state are listed per operation in schemathesis.toml."""
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from games import services

HERE = Path(__file__).resolve().parent
MAX_EXAMPLES = 30
SEED = 20261203


@pytest.mark.django_db(transaction=True)
def test_schemathesis_finds_nothing(live_server, tmp_path):
    user, token = services.account_create(username="fuzzer", email="fuzzer@example.com", password="correct-horse-1")
    # A game to find: ids in paths then reach real rows as well as missing ones.
    services.game_create(user=user, slug="race", players=2, options={"target": 5})
    command = [str(Path(sys.executable).with_name("schemathesis")), "--config-file", str(HERE / "schemathesis.toml"),
               "run", f"{live_server.url}/api/schema/", "--checks", "all",
               "--exclude-name", "DELETE /api/v1/auth/token/",
               "--header", f"Authorization: Token {token.key}",
               "--phases", "examples,fuzzing", "--max-examples", str(MAX_EXAMPLES), "--seed", str(SEED),
               "--workers", "1", "--request-timeout", "30", "--no-color",
               "--report", "junit", "--report-dir", str(tmp_path)]
    run = subprocess.run(command, capture_output=True, text=True, timeout=600, cwd=tmp_path,
                         env={**os.environ, "NO_COLOR": "1", "SCHEMATHESIS_TELEMETRY": "false"})
    output = run.stdout + run.stderr
    (Path(os.environ.get("SCHEMATHESIS_LOG", tmp_path / "schemathesis.log"))).write_text(output)
    summary = output[output.rfind("SUMMARY"):] if "SUMMARY" in output else output[-3000:]
    print(summary)
    assert run.returncode == 0, output[-20000:]
    tested = re.search(r"Tested:\s+(\d+)", summary)
    assert tested and int(tested.group(1)) >= 30, summary
    assert re.search(r"\d+ generated", summary) and "found" not in summary.split("Test cases:")[-1].split("\n")[1], summary
