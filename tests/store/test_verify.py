"""verify_game re-runs a log: hashes, random outcomes, bot choices, outcome; and finds tampering."""
import json

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from games.audit import export_game, verify_game
from games.models import Event, Game
from games.verify import verify_export
from tests.support.factories import play_moves, started_game

pytestmark = pytest.mark.django_db


def finished_game():
    game, users = started_game(options={"target": 8})
    # Rolls put random outcomes in the log for the verifier to re-derive.
    return play_moves(game, users, 100, pick=lambda moves, i: {"type": "roll"})


def test_a_finished_game_verifies(capsys):
    game = finished_game()
    assert game.status == "finished"
    verdict = verify_game(game)
    assert verdict.ok, verdict
    call_command("verify_game", str(game.pk))
    assert capsys.readouterr().out.startswith("OK")


def test_offline_verification_from_an_export_file(tmp_path, capsys):
    game = finished_game()
    path = tmp_path / "export.json"
    path.write_text(json.dumps(export_game(game)))
    call_command("verify_game", "--file", str(path))
    assert "OK" in capsys.readouterr().out


def tamper(sql, params):
    """Change an event behind the application's back, as an intruder with DB access would."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SET LOCAL session_replication_role = replica")  # triggers off (superuser)
            cursor.execute(sql, params)
            cursor.execute("SET LOCAL session_replication_role = DEFAULT")
        else:
            cursor.execute("DROP TRIGGER games_event_no_update")
            cursor.execute(sql, params)


def test_an_event_altered_in_the_database_is_found():
    game = finished_game()
    roll = Event.objects.filter(game=game, type="Rolled").order_by("seq").first()
    payload = dict(roll.payload, steps=roll.payload["steps"] % 3 + 1)
    tamper("UPDATE games_event SET payload = %s WHERE id = %s", [json.dumps(payload), roll.pk])
    verdict = verify_game(Game.objects.get(pk=game.pk))
    assert not verdict.ok
    assert f"event {roll.seq}" in verdict.message and "hash" in verdict.message
    with pytest.raises(CommandError):
        call_command("verify_game", str(game.pk))


def test_a_rewritten_chain_is_caught_by_the_random_outcomes():
    """Even a forger who recomputes every hash cannot fake a die: the seed decides it."""
    data = export_game(finished_game())
    from games import registry
    from games.hashing import GENESIS, hiding_hash

    rules = registry.rules_for(data["game"]["slug"], data["game"]["rules_version"])
    rolled = next(row for row in data["events"] if row["type"] == "Rolled")
    rolled["payload"] = dict(rolled["payload"], steps=rolled["payload"]["steps"] % 3 + 1)
    prev = GENESIS
    for row in data["events"]:
        row["prev_hash"] = prev
        row["hash"], row["sealed"] = hiding_hash(
            rules=rules, server_seed=data["game"]["server_seed"], game_id=data["game"]["id"], seq=row["seq"],
            type=row["type"], payload=row["payload"], actor=row["actor"], batch=row["batch"],
            command=row["command"], rules_version=row["rules_version"], created_at=row["created_at"],
            prev_hash=row["prev_hash"])
        prev = row["hash"]
    data["game"]["head_hash"] = prev
    verdict = verify_export(data)
    assert not verdict.ok and f"event {rolled['seq']}" in verdict.message


def test_a_wrong_seed_is_refused():
    data = export_game(finished_game())
    data["game"]["server_seed"] = "00" * 32
    verdict = verify_export(data)
    assert not verdict.ok and "commitment" in verdict.message
