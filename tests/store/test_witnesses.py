"""Tampering, reordering, truncation and rewritten history are each found; the chain
can be checked from the spectator's log while the game runs; witnesses bind the log."""
import json

import pytest
from django.core.management import CommandError, call_command

from games import registry
from games.audit import export_game, verify_game
from games.hashing import GENESIS, hiding_hash
from games.verify import MalformedExport, check_shape, parse_witness, verify_export, verify_served_log
from tests.support.factories import play_moves, started_game

pytestmark = pytest.mark.django_db


def finished_export():
    game, users = started_game(options={"target": 8})
    game = play_moves(game, users, 100, pick=lambda moves, i: {"type": "roll"})
    assert game.status == "finished" and game.hash_scheme == 2
    return game, export_game(game)


def rehash(data):
    """A forger with the revealed seed recomputes every hash after changing the log."""
    rules = registry.rules_for(data["game"]["slug"], data["game"]["rules_version"])
    prev = GENESIS
    for row in data["events"]:
        row["prev_hash"] = prev
        row["hash"], row["sealed"] = hiding_hash(
            rules=rules, server_seed=data["game"]["server_seed"], game_id=data["game"]["id"], seq=row["seq"],
            type=row["type"], payload=row["payload"], actor=row["actor"], batch=row["batch"],
            command=row["command"], rules_version=row["rules_version"], created_at=row["created_at"],
            prev_hash=prev)
        prev = row["hash"]
    data["game"]["head_hash"] = prev
    return data


def test_an_honest_log_verifies_with_its_witnesses():
    game, data = finished_export()
    witnesses = [(0, GENESIS), (3, data["events"][2]["hash"]), (len(data["events"]), game.head_hash)]
    verdict = verify_export(data, witnesses=witnesses)
    assert verdict.ok and "3 witness" in verdict.message, verdict
    assert verify_game(game, witnesses=witnesses).ok


def test_a_tampered_sealed_value_is_found():
    _, data = finished_export()
    data["events"][4]["sealed"] = "ab" * 32
    verdict = verify_export(data)
    assert not verdict.ok and verdict.message.startswith("event 5")


def test_a_tampered_payload_is_found_even_without_the_seed():
    _, data = finished_export()
    data["game"]["server_seed"] = None
    rolled = next(row for row in data["events"] if row["type"] == "Rolled")
    rolled["payload"] = dict(rolled["payload"], steps=rolled["payload"]["steps"] % 3 + 1)
    verdict = verify_export(data)
    assert not verdict.ok and f"event {rolled['seq']}" in verdict.message


def test_a_reordered_log_is_found():
    _, data = finished_export()
    events = data["events"]
    events[3], events[4] = events[4], events[3]
    verdict = verify_export(data)
    assert not verdict.ok and "event 4" in verdict.message
    # Renumbered and rehashed by someone holding the seed: the replay still refuses it.
    for index, row in enumerate(events, start=1):
        row["seq"] = index
    verdict = verify_export(rehash(data))
    assert not verdict.ok, verdict


def test_a_truncated_log_is_found():
    game, data = finished_export()
    data["events"] = data["events"][:-3]
    verdict = verify_export(data)
    assert not verdict.ok
    # Truncated and made consistent (head and version) by the forger: the witness of
    # the true head a player kept from a turn email still catches it.
    data["game"]["head_hash"] = data["events"][-1]["hash"]
    data["game"]["version"] = len(data["events"])
    data["game"]["outcome"] = None
    assert verify_export(data, check_seed=True).ok
    verdict = verify_export(data, witnesses=[(game.version, game.head_hash)])
    assert not verdict.ok and "truncated or rewritten" in verdict.message


def test_a_rewritten_history_contradicts_a_witness():
    game, data = finished_export()
    held = (5, data["events"][4]["hash"])
    data["events"][2]["created_at"] = data["events"][2]["created_at"].replace(":", ";", 1)
    verdict = verify_export(rehash(data), witnesses=[held])
    assert not verdict.ok and "witness 5:" in verdict.message and "rewritten" in verdict.message


def test_verify_game_command_takes_witnesses(tmp_path, capsys):
    game, data = finished_export()
    path = tmp_path / "export.json"
    path.write_text(json.dumps(data))
    call_command("verify_game", "--file", str(path), "--witness", f"2:{data['events'][1]['hash']}",
                 "--witness", f"{game.version}:{game.head_hash}")
    assert "agreeing with 2 witness" in capsys.readouterr().out
    call_command("verify_game", str(game.pk), "--witness", f"{game.version}:{game.head_hash}")
    with pytest.raises(CommandError, match="verification failed"):
        call_command("verify_game", str(game.pk), "--witness", f"2:{'0' * 64}")
    assert "DIVERGENCE: witness 2:" in capsys.readouterr().out
    with pytest.raises(CommandError, match="VERSION:HASH"):
        call_command("verify_game", str(game.pk), "--witness", "two:abc")


def test_witness_parsing():
    assert parse_witness(f"12:{'A' * 64}") == (12, "a" * 64)
    for bad in ("12", f":{'a' * 64}", "1:xyz", f"-1:{'a' * 64}"):
        with pytest.raises(MalformedExport):
            parse_witness(bad)


@pytest.mark.parametrize("data,words", [
    ([], "not a LudoPost export"),
    ({"game": {}, "events": []}, "no 'id'"),
    ({"export": {"game": {"id": 1, "slug": "nope", "rules_version": 1, "players": 2, "options": {},
                          "seed_commitment": "", "player_seeds": []}, "events": []}}, "unknown game 'nope'"),
    ({"game": {"id": 1, "slug": "race", "rules_version": 1, "players": 2, "options": {}, "seed_commitment": "",
               "player_seeds": []}, "events": [{"seq": 1}]}, "event 1 has no type"),
])
def test_a_malformed_export_is_named_in_one_sentence(data, words):
    with pytest.raises(MalformedExport, match=words):
        check_shape(data)


def test_while_the_game_runs_anyone_checks_the_chain_from_the_spectators_log(client, player_client):
    players = [player_client() for _ in range(3)]
    created = players[0].post("/api/v1/games/", {"game": "momiji", "players": 3}, format="json").json()
    for c in players[1:]:
        c.post(f"/api/v1/games/{created['id']}/join/", {}, format="json")
    game_id = created["id"]
    entry = registry.get("momiji")
    from games import services
    from games.models import Game

    for _ in range(12):
        game = Game.objects.get(pk=game_id)
        seat = min(game.to_move)
        move = entry.bots["best"](entry.rules, game.state, seat, services.game_rng(game, game.version + 1))
        assert players[seat].post(f"/api/v1/games/{game_id}/moves/",
                                  {"expected_version": game.version, "move": move}, format="json").status_code == 201
    page = client.get(f"/api/v1/games/{game_id}/events/?limit=500").json()
    detail = client.get(f"/api/v1/games/{game_id}/").json()
    assert detail["status"] == "active" and detail["hash_scheme"] == 2
    head = (detail["version"], detail["head_hash"])
    verdict = verify_served_log(game_id, detail["rules_version"], page["events"], head=head)
    assert verdict.ok, verdict
    # A seat is shown more (its own cards); the 'public' form it also gets checks the same.
    seat_page = players[1].get(f"/api/v1/games/{game_id}/events/?limit=500").json()
    assert any("public" in event for event in seat_page["events"])
    assert verify_served_log(game_id, detail["rules_version"], seat_page["events"], head=head).ok
    # A changed public payload, or a head the log does not reach, is caught.
    forged = json.loads(json.dumps(page["events"]))
    forged[0]["payload"]["objectives"] = list(reversed(forged[0]["payload"]["objectives"])) + ["x"]
    assert not verify_served_log(game_id, detail["rules_version"], forged).ok
    assert not verify_served_log(game_id, detail["rules_version"], page["events"][:-1], head=head).ok
