"""The hash chain over a game's events.

    hash = SHA-256(canonical_json({
        "game": <game id as string>, "seq": n, "type": ..., "payload": {...},
        "actor": seat or null, "batch": first seq of the command's events,
        "command": {...} or null, "rules_version": v,
        "created_at": "YYYY-MM-DDTHH:MM:SS.ffffffZ", "prev_hash": <hex>}))

The first event's prev_hash is 64 zeros. Anyone holding the log can recompute the
chain; the head travels in every notification so players keep copies of it.
"""
from __future__ import annotations

import hashlib
from datetime import datetime, timezone

from games.engine.canonical import canonical_json

GENESIS = "0" * 64


def timestamp(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def event_hash(*, game_id, seq: int, type: str, payload: dict, actor, batch: int, command,
               rules_version: int, created_at: str, prev_hash: str) -> str:
    body = {"game": str(game_id), "seq": seq, "type": type, "payload": payload, "actor": actor,
            "batch": batch, "command": command, "rules_version": rules_version,
            "created_at": created_at, "prev_hash": prev_hash}
    return hashlib.sha256(canonical_json(body)).hexdigest()
