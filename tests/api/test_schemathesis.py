"""schemathesis against a live server: every operation of /api/schema/, every check
(server errors, undocumented statuses and content types, answers that break their
schema, invalid requests accepted, valid ones refused), bounded in examples and time.
Only DELETE /api/v1/auth/token/ is left out: it would revoke the token the run uses.
Refusals no schema can state are listed per operation in schemathesis.toml.

Four phases: the schema's examples; coverage (every boundary value, valid and not, of
every field of the game operations); fuzzing (random requests, a few per operation);
and the stateful phase, which follows the document's links from answer to request
(a new game to its operations, legal moves to making the first one), so requests
reach real games with real ids and moves, beyond random single calls."""
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from games import services

HERE = Path(__file__).resolve().parent
MAX_EXAMPLES = 8      # fuzzing cases per operation: fewer than before, the coverage phase makes up for them
PHASES = "examples,coverage,fuzzing,stateful"
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
               "--phases", PHASES, "--max-examples", str(MAX_EXAMPLES), "--seed", str(SEED),
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
    for phase in ("Examples", "Coverage", "Fuzzing", "Stateful"):
        assert re.search(rf"✅\s+{phase}", summary), (phase, summary)
    scenarios = re.search(r"Scenarios:\s+(\d+)", output)
    assert scenarios and int(scenarios.group(1)) >= 5, output[-3000:]
    assert re.search(r"\d+ generated", summary) and "found" not in summary.split("Test cases:")[-1].split("\n")[1], summary
