"""Run as a stranger would: ``manage.py verify_game --file`` on a bare copy of the code
with no settings at all, and the embedded mode's per-installation secret key."""
import json
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from games.audit import export_game
from tests.support.factories import started_game

ROOT = Path(__file__).resolve().parents[2]
# manage.py and every Python package of the project (the apps settings name), not the tests.
SOURCE = ("manage.py", *sorted(path.name for path in ROOT.iterdir()
                               if (path / "__init__.py").exists() and path.name not in ("tests", "bench")))


@pytest.fixture(scope="module")
def bare_clone(tmp_path_factory):
    """The code as a fresh clone has it: no ./var, no database, no environment."""
    target = tmp_path_factory.mktemp("clone")
    for name in SOURCE:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, target / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(path, target / name)
    return target


def bare_env(**extra):
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.environ.get("HOME", "/tmp"),
           "LANG": "C.UTF-8"}
    env.update(extra)
    return env


def run(args, cwd, **env):
    return subprocess.run([sys.executable, *args], cwd=cwd, env=bare_env(**env), capture_output=True, text=True,
                          timeout=120)


_EXPORTS: dict = {}


@pytest.fixture
def export_file(db, tmp_path):
    """A finished Momiji game's audit answer (played once per run, then reused)."""
    if "text" not in _EXPORTS:
        game = _finished_momiji()
        _EXPORTS.update(text=json.dumps({"export": export_game(game)}), version=game.version, head=game.head_hash)
    path = tmp_path / "export.json"
    path.write_text(_EXPORTS["text"])
    return type("Played", (), {"version": _EXPORTS["version"], "head_hash": _EXPORTS["head"]}), path


def _finished_momiji():
    game, users = started_game(slug="momiji", players=2)
    # momiji needs no test registration: a stranger's catalogue has it.
    from games import registry, services

    entry = registry.get("momiji")
    for _ in range(2000):
        game.refresh_from_db()
        if game.status == "finished":
            break
        seat = min(game.to_move)
        move = entry.bots["best"](entry.rules, game.state, seat, services.game_rng(game, game.version + 1))
        services.move_submit(user=users[seat], game_id=game.pk, expected_version=game.version, move=move)
    assert game.status == "finished"
    return game


def test_verify_game_runs_offline_with_no_settings(bare_clone, export_file):
    game, path = export_file
    result = run(["manage.py", "verify_game", "--file", str(path), "--witness", f"{game.version}:{game.head_hash}"],
                 bare_clone)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("OK: ") and "agreeing with 1 witness" in result.stdout
    assert not (bare_clone / "var" / "secret_key").exists()   # an audit creates no key


@pytest.mark.parametrize("damage", ["truncated", "not json", "wrong shape", "missing file", "bad event"])
def test_a_damaged_file_gives_one_line_and_a_failing_exit(bare_clone, export_file, tmp_path, damage):
    game, path = export_file
    text = path.read_text()
    broken = tmp_path / "broken.json"
    if damage == "truncated":
        broken.write_text(text[: len(text) // 2])
    elif damage == "not json":
        broken.write_bytes(b"\xff\xfe garbage")
    elif damage == "wrong shape":
        broken.write_text(json.dumps({"game": 3, "events": "x"}))
    elif damage == "bad event":
        data = json.loads(text)
        data["export"]["events"][1]["payload"] = {"nonsense": True}
        broken.write_text(json.dumps(data))
    result = run(["manage.py", "verify_game", "--file", str(broken if damage != "missing file" else tmp_path / "no")],
                 bare_clone)
    assert result.returncode != 0
    assert "Traceback" not in result.stderr
    lines = [line for line in (result.stderr + result.stdout).splitlines() if line.strip()]
    assert len(lines) <= 2 and lines, lines   # the verdict line (if any) and the error line
    assert any(word in line for line in lines for word in ("JSON", "export", "UTF-8", "cannot read", "replayed",
                                              "verification failed")), lines


def test_a_forged_file_fails_offline(bare_clone, export_file, tmp_path):
    game, path = export_file
    data = json.loads(path.read_text())
    data["export"]["events"][2]["created_at"] = "2000-01-01T00:00:00.000000Z"
    forged = tmp_path / "forged.json"
    forged.write_text(json.dumps(data))
    result = run(["manage.py", "verify_game", "--file", str(forged)], bare_clone)
    assert result.returncode != 0 and "DIVERGENCE: event 3" in result.stdout


KEY_PROBE = "import django, os; os.environ['DJANGO_SETTINGS_MODULE'] = 'config.settings'; " \
            "from django.conf import settings; print(settings.SECRET_KEY)"


def test_the_embedded_mode_generates_one_private_key_per_installation(bare_clone, tmp_path):
    first_var, second_var = tmp_path / "one", tmp_path / "two"
    first = run(["-c", KEY_PROBE], bare_clone, LUDOPOST_EMBEDDED="1", LUDOPOST_VAR_DIR=str(first_var))
    assert first.returncode == 0, first.stderr
    key = first.stdout.strip()
    key_file = first_var / "secret_key"
    assert len(key) >= 50 and key_file.read_text().strip() == key
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    again = run(["-c", KEY_PROBE], bare_clone, LUDOPOST_EMBEDDED="1", LUDOPOST_VAR_DIR=str(first_var))
    assert again.stdout.strip() == key                       # reused on every later start
    other = run(["-c", KEY_PROBE], bare_clone, LUDOPOST_EMBEDDED="1", LUDOPOST_VAR_DIR=str(second_var))
    assert other.stdout.strip() not in ("", key)             # another installation, another key
    given = run(["-c", KEY_PROBE], bare_clone, SECRET_KEY="from-the-environment", LUDOPOST_VAR_DIR=str(second_var))
    assert given.stdout.strip() == "from-the-environment"


def test_production_without_a_key_still_refuses_to_start(bare_clone, tmp_path):
    result = run(["-c", KEY_PROBE], bare_clone, LUDOPOST_VAR_DIR=str(tmp_path / "prod"))
    assert result.returncode != 0 and "SECRET_KEY must be set" in result.stderr


def test_no_fixed_key_is_left_in_the_source():
    for folder in ("config", "games", "api", "worker"):
        for path in (ROOT / folder).rglob("*.py"):
            assert "insecure-key" not in path.read_text(), path
