"""Canonical JSON: the byte form that hashes and HMAC messages are computed over.

Sorted keys, no insignificant whitespace, UTF-8 (RFC 8785 style for the JSON we
use: integers, strings, booleans, null, lists and objects; rules never put floats
into events). Any language can reproduce these bytes and so recompute a hash.
"""
from __future__ import annotations

import json


def canonical_json(value) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False).encode("utf-8")
