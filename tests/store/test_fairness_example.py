"""The worked example of docs/FAIRNESS.md, recomputed with nothing but hashlib and hmac,
and by the service's own code with Momiji's real redaction."""
import hashlib
import hmac
import json
import re
from pathlib import Path

from games.catalog.momiji import RULES as MOMIJI
from games.hashing import event_salt, hiding_hash

DOC = (Path(__file__).resolve().parents[2] / "docs" / "FAIRNESS.md").read_text()


def documented(name: str) -> str:
    match = re.search(rf"^{name}\s+= ([0-9a-f]{{64}})$", DOC, re.MULTILINE)
    assert match, f"{name} is not in docs/FAIRNESS.md"
    return match.group(1)


def cj(value) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


SEED = documented("server_seed")
PAYLOAD = {"seat": 0, "cards": ["red-1", "green-2"], "count": 2, "for_acorn": True}
COMMAND = {"kind": "move", "seat": 0, "move": {"type": "discard", "cards": ["red-1", "green-2"]}}
PUBLIC = {"type": "CardsDiscarded", "payload": {"seat": 0, "count": 2, "for_acorn": True}}
HEADER = {"actor": 0, "batch": 7, "rules_version": 1, "created_at": "2026-12-03T19:00:00.000000Z",
          "prev_hash": "11" * 32}


def test_the_worked_example_recomputes_by_hand():
    assert hashlib.sha256(bytes.fromhex(SEED)).hexdigest() == documented("commitment")
    salt = hmac.new(bytes.fromhex(SEED), cj(["ludopost/v2/salt", "42", 7]), hashlib.sha256).digest()
    assert salt.hex() == documented(r"salt\(7\)")
    sealed = hmac.new(salt, cj({"type": "CardsDiscarded", "payload": PAYLOAD, "command": COMMAND}),
                      hashlib.sha256).hexdigest()
    assert sealed == documented("sealed")
    link = hashlib.sha256(cj({"scheme": 2, "game": "42", "seq": 7, **HEADER, "public": PUBLIC,
                              "sealed": sealed})).hexdigest()
    assert link == documented("hash")


def test_the_service_computes_the_same_and_the_public_part_is_momijis_spectator_view():
    assert event_salt(SEED, 42, 7).hex() == documented(r"salt\(7\)")
    digest, sealed = hiding_hash(rules=MOMIJI, server_seed=SEED, game_id=42, seq=7, type="CardsDiscarded",
                                 payload=PAYLOAD, command=COMMAND, **HEADER)
    assert (digest, sealed) == (documented("hash"), documented("sealed"))
    # One card different: another sealed value and link (the commitment binds).
    other, other_sealed = hiding_hash(rules=MOMIJI, server_seed=SEED, game_id=42, seq=7, type="CardsDiscarded",
                                      payload=dict(PAYLOAD, cards=["red-1", "green-3"]), command=COMMAND, **HEADER)
    assert other != digest and other_sealed != sealed
