"""Every way the offline verifier refuses a log, through its public entry point.

Each test takes a finished game from tests/corpus (an export, as ``verify_game --file``
reads it), breaks one thing a forger or a broken copy could break, and expects
``verify_export`` to say which event or which part. No database is involved.

Most breaks leave the hash chain as it is, so they mean the same whatever the hash
scheme. Breaks that must get past the chain (a rewritten command, a forged outcome of
a truncated log) re-chain the log with ``rechain``, the one helper here that knows
how an event is hashed.
"""
import copy
import json
from pathlib import Path

import pytest

from games.verify import verify_export

CORPUS = Path(__file__).resolve().parents[1] / "corpus"


def load(name: str = "momiji-v1-2p-1") -> dict:
    return json.loads((CORPUS / f"{name}.json").read_text())["export"]


@pytest.fixture(scope="module")
def momiji():
    return load()


@pytest.fixture
def export(momiji):
    return copy.deepcopy(momiji)


def rechain(data: dict) -> dict:
    """Recompute every hash and the head, as a forger who controls the whole log would."""
    from games.hashing import GENESIS, event_hash

    prev = GENESIS
    for row in data["events"]:
        row["prev_hash"] = prev
        row["hash"] = prev = event_hash(game_id=data["game"]["id"], seq=row["seq"], type=row["type"],
                                        payload=row["payload"], actor=row["actor"], batch=row["batch"],
                                        command=row["command"], rules_version=row["rules_version"],
                                        created_at=row["created_at"], prev_hash=prev)
    data["game"]["head_hash"] = prev
    data["game"]["version"] = len(data["events"])
    return data


def refused(data: dict, *words: str, **kwargs):
    verdict = verify_export(data, **kwargs)
    assert not verdict.ok, verdict
    assert str(verdict).startswith("DIVERGENCE: ")
    for word in words:
        assert word in verdict.message, (word, verdict.message)
    return verdict


def test_an_intact_export_verifies_and_counts_its_events(export):
    verdict = verify_export(export)
    assert verdict.ok, verdict
    assert verdict.checked_events == len(export["events"]) == 88
    assert str(verdict) == f"OK: {verdict.message}" and verdict.message.startswith("88 events")


def test_a_missing_event_is_a_sequence_gap(export):
    del export["events"][9]
    refused(export, "event 10:", "sequence number is 11", "expected 10", "gap")


def test_events_out_of_order_are_a_sequence_gap(export):
    export["events"][4], export["events"][5] = export["events"][5], export["events"][4]
    refused(export, "event 5:", "sequence number is 6")


def test_a_prev_hash_that_is_not_the_previous_events_hash(export):
    export["events"][6]["prev_hash"] = export["events"][4]["hash"]
    refused(export, "event 7:", "prev_hash", "event 6")


def test_the_first_event_must_start_from_the_genesis_hash(export):
    export["events"][0]["prev_hash"] = "1" * 64
    refused(export, "event 1:", "prev_hash")


@pytest.mark.parametrize("field, value", [
    ("payload", {"forged": True}), ("type", "LeavesCollected"), ("actor", 1), ("batch", 3),
    ("command", {"kind": "move", "seat": 1, "move": {"type": "pass"}}), ("rules_version", 2),
    ("created_at", "2026-01-01T00:00:00.000000Z"),
])
def test_any_changed_field_breaks_that_events_hash(export, field, value):
    export["events"][1][field] = value
    refused(export, "event 2 (", "its hash does not match its content")


def test_a_changed_hash_breaks_the_next_link(export):
    export["events"][20]["hash"] = "f" * 64
    refused(export, "event 21")


def test_a_truncated_log_is_caught_by_the_head_hash(export):
    del export["events"][-3:]
    refused(export, "head hash", "last event")


def test_a_truncated_log_with_a_forged_head_is_caught_by_the_outcome(export):
    del export["events"][-3:]
    rechain(export)
    refused(export, "final outcome")


def test_a_changed_outcome_is_caught(export):
    scores = export["game"]["outcome"]["scores"]
    export["game"]["outcome"]["scores"] = [scores[1], scores[0]]
    refused(export, "final outcome does not follow from the log")


def test_an_unfinished_game_has_no_outcome_to_check(export):
    export["game"]["outcome"] = None
    assert verify_export(export).ok


def test_a_wrong_seed_is_refused_against_the_commitment(export):
    export["game"]["server_seed"] = "00" * 32
    refused(export, "commitment")


def test_without_the_commitment_check_a_wrong_seed_still_fails_the_replay(export):
    export["game"]["server_seed"] = "00" * 32
    refused(export, "event 1:", "setup", check_seed=False)


def test_before_the_seed_is_revealed_only_the_chain_is_checked(export):
    export["game"]["server_seed"] = None
    export["game"]["outcome"]["scores"] = [0, 0]        # not checked without the seed
    verdict = verify_export(export)
    assert verdict.ok and "seed not revealed" in verdict.message and verdict.checked_events == 88


def test_a_rewritten_move_with_a_recomputed_chain_is_caught_by_the_replay(export):
    row = next(r for r in export["events"] if r["command"] and r["command"]["kind"] == "move")
    row["command"] = dict(row["command"], move={"type": "no-such-move"})
    refused(rechain(export), f"event {row['seq']}:", "illegal")


def test_an_unknown_command_kind_is_refused(export):
    row = next(r for r in export["events"] if r["command"] and r["command"]["kind"] == "move")
    row["command"] = dict(row["command"], kind="magic")
    refused(rechain(export), f"event {row['seq']}:", "unknown command kind 'magic'")


def test_a_bot_move_the_bot_would_not_have_made_is_caught():
    data = load("travel-v1-bot2-2p-0")
    row = next(r for r in data["events"] if r["command"] and r["command"]["kind"] == "bot"
               and r["command"]["move"]["type"] == "propose")
    row["command"] = dict(row["command"], move={"type": "draw"})
    refused(rechain(data), f"event {row['seq']}:", "different events")


def test_a_changed_random_outcome_with_a_recomputed_chain_is_caught(export):
    setup = export["events"][0]
    setup["payload"] = dict(setup["payload"], deck=list(reversed(setup["payload"]["deck"])))
    refused(rechain(export), "event 1:", "re-running the setup command gives different events")


def test_a_log_truncated_to_nothing_is_caught_by_the_head_hash(export):
    export["events"] = []
    export["game"]["server_seed"] = None            # a running game: only the chain can be checked
    refused(export, "head hash")


def test_a_game_with_no_events_and_no_head_verifies_as_empty(export):
    export["events"], export["game"]["head_hash"], export["game"]["server_seed"] = [], "0" * 64, None
    export["game"]["version"] = 0
    verdict = verify_export(export)
    assert verdict.ok and verdict.checked_events == 0
