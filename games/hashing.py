"""The hash chain over a game's events, in two versioned schemes.

Scheme 1 (games created before the hiding scheme; they keep it forever)::

    hash = SHA-256(canonical_json({
        "game": <game id as string>, "seq": n, "type": ..., "payload": {...},
        "actor": seat or null, "batch": first seq of the command's events,
        "command": {...} or null, "rules_version": v,
        "created_at": "YYYY-MM-DDTHH:MM:SS.ffffffZ", "prev_hash": <hex>}))

It commits to the unredacted event with no secret input, so while a game runs anyone
holding the served hashes can test guesses about hidden content. Scheme 2 (every new
game) hides it::

    salt   = HMAC-SHA256(key = server_seed bytes,
                         msg = canonical_json(["ludopost/v2/salt", "<game id>", seq]))
    sealed = HMAC-SHA256(key = salt,
                         msg = canonical_json({"type": ..., "payload": {...}, "command": {...} or null}))
    hash   = SHA-256(canonical_json({
        "scheme": 2, "game": "<game id>", "seq": n, "actor": seat or null, "batch": b,
        "rules_version": v, "created_at": "...Z", "prev_hash": <hex>,
        "public": {"type": ..., "payload": {...}},   # the event as a spectator sees it
        "sealed": <hex of sealed>}))

The salt is secret until the server seed is revealed at the end, so ``sealed`` (and
with it every hash) is no function of the secret content and public data alone;
``public`` binds what everyone sees. docs/FAIRNESS.md states what can be checked
during the game and what only after the end, with a worked example.

The first event's prev_hash is 64 zeros in both schemes.
"""
from __future__ import annotations

import hashlib
import hmac
from datetime import datetime, timezone

from games.engine import Event as RulesEvent
from games.engine.canonical import canonical_json
from games.platform_events import PLATFORM_EVENT_TYPES, public_payload

GENESIS = "0" * 64
LEGACY_SCHEME = 1
HIDING_SCHEME = 2
CURRENT_SCHEME = HIDING_SCHEME
SCHEMES = (LEGACY_SCHEME, HIDING_SCHEME)
SALT_LABEL = "ludopost/v2/salt"


def timestamp(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def event_hash(*, game_id, seq: int, type: str, payload: dict, actor, batch: int, command,
               rules_version: int, created_at: str, prev_hash: str) -> str:
    """Scheme 1: the hash of the unredacted event (old games only)."""
    body = {"game": str(game_id), "seq": seq, "type": type, "payload": payload, "actor": actor,
            "batch": batch, "command": command, "rules_version": rules_version,
            "created_at": created_at, "prev_hash": prev_hash}
    return hashlib.sha256(canonical_json(body)).hexdigest()


# -- scheme 2 -----------------------------------------------------------------------------------

def event_salt(server_seed_hex: str, game_id, seq: int) -> bytes:
    """The secret randomness of event ``seq``: revealed with the seed, never before."""
    message = canonical_json([SALT_LABEL, str(game_id), seq])
    return hmac.new(bytes.fromhex(server_seed_hex), message, hashlib.sha256).digest()


def sealed_digest(salt: bytes, *, type: str, payload: dict, command) -> str:
    """The hiding commitment to an event's full content (type, payload, command)."""
    message = canonical_json({"type": type, "payload": payload, "command": command})
    return hmac.new(salt, message, hashlib.sha256).hexdigest()


def public_part(rules, type: str, payload: dict) -> dict:
    """The event as a spectator sees it while the game runs: what the hash shows openly."""
    if type in PLATFORM_EVENT_TYPES:
        return {"type": type, "payload": public_payload(type, payload)}
    shown = rules.redact(RulesEvent(type, payload), None)
    return {"type": shown.type, "payload": shown.payload}


def chained_hash(*, game_id, seq: int, actor, batch: int, rules_version: int, created_at: str,
                 prev_hash: str, public: dict, sealed: str) -> str:
    """Scheme 2: the chain link, computable by anyone from what a spectator is served."""
    body = {"scheme": HIDING_SCHEME, "game": str(game_id), "seq": seq, "actor": actor, "batch": batch,
            "rules_version": rules_version, "created_at": created_at, "prev_hash": prev_hash,
            "public": public, "sealed": sealed}
    return hashlib.sha256(canonical_json(body)).hexdigest()


def hiding_hash(*, rules, server_seed: str, game_id, seq: int, type: str, payload: dict, actor, batch: int,
                command, rules_version: int, created_at: str, prev_hash: str) -> tuple[str, str]:
    """Scheme 2 from the full event and the seed: (hash, sealed)."""
    sealed = sealed_digest(event_salt(server_seed, game_id, seq), type=type, payload=payload, command=command)
    digest = chained_hash(game_id=game_id, seq=seq, actor=actor, batch=batch, rules_version=rules_version,
                          created_at=created_at, prev_hash=prev_hash, public=public_part(rules, type, payload),
                          sealed=sealed)
    return digest, sealed
