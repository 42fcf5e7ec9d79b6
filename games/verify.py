"""Re-running a game's log: hashes, random outcomes, bot choices and the outcome.

Works on an export (the dict ``games.audit.export_game`` makes, or the JSON file
``manage.py verify_game --file`` reads) with no database: anyone holding an export
and the revealed seed can check the game.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass

from games import registry
from games.engine import IllegalMove
from games.engine.rng import GameRng, seed_commitment
from games.hashing import (GENESIS, HIDING_SCHEME, LEGACY_SCHEME, SCHEMES, chained_hash, event_hash,
                           event_salt, public_part, sealed_digest)
from games.platform_events import (GAME_ENDED, MOVES_TAKEN_BACK, PLATFORM_EVENT_TYPES, SEAT_FORFEITED,
                                   SEAT_RESIGNED, fold)
from games.table import endings, undo

EXPORT_FORMAT = "ludopost-export/1"
_HEX = frozenset("0123456789abcdef")


@dataclass
class Verdict:
    ok: bool
    message: str
    checked_events: int = 0

    def __str__(self) -> str:
        return ("OK: " if self.ok else "DIVERGENCE: ") + self.message


class MalformedExport(ValueError):
    """The file is not a LudoPost export (a sentence saying what is wrong)."""


def _event_list(rows) -> list[tuple]:
    return [(row["type"], row["payload"]) for row in rows]


def is_hex_digest(value) -> bool:
    return isinstance(value, str) and len(value) == 64 and set(value) <= _HEX


def parse_witness(text: str) -> tuple[int, str]:
    """``VERSION:HASH`` (as a turn email or webhook carries it) -> (version, hash)."""
    version, _, digest = str(text).strip().partition(":")
    digest = digest.strip().lower()
    if not version.strip().isdigit() or not is_hex_digest(digest):
        raise MalformedExport(f"a witness is VERSION:HASH (a number and 64 hex digits), not {text!r}")
    return int(version), digest


def check_witnesses(hashes: list[str], witnesses) -> Verdict | None:
    """None if every (version, head hash) a player holds is the log's; else the divergence.

    ``hashes[i]`` is the hash of event i + 1; version 0 is the empty log (64 zeros)."""
    for version, digest in witnesses or ():
        if version > len(hashes):
            return Verdict(False, f"witness {version}:{digest[:12]}...: the log has only {len(hashes)} events "
                                  f"(it was truncated or rewritten)")
        actual = hashes[version - 1] if version else GENESIS
        if actual != digest:
            return Verdict(False, f"witness {version}:{digest[:12]}...: the log's head at version {version} "
                                  f"is {actual[:12]}... (history was rewritten)")
    return None


def check_shape(data) -> dict:
    """The export inside ``data`` (an export, or the audit endpoint's whole answer),
    or MalformedExport saying what is missing."""
    if isinstance(data, dict) and isinstance(data.get("export"), dict):
        data = data["export"]
    if not isinstance(data, dict) or not isinstance(data.get("game"), dict) or not isinstance(
            data.get("events"), list):
        raise MalformedExport("not a LudoPost export: expected an object with 'game' and 'events'")
    game = data["game"]
    for key in ("id", "slug", "rules_version", "players", "options", "seed_commitment", "player_seeds"):
        if key not in game:
            raise MalformedExport(f"the export's game has no '{key}'")
    if registry.get(game["slug"]) is None:
        raise MalformedExport(f"unknown game '{game['slug']}' (not in this server's catalogue)")
    try:
        registry.rules_for(game["slug"], game["rules_version"])
    except (KeyError, TypeError):
        raise MalformedExport(f"{game['slug']} has no rules version {game['rules_version']!r} here")
    if game.get("hash_scheme", LEGACY_SCHEME) not in SCHEMES:
        raise MalformedExport(f"unknown hash scheme {game.get('hash_scheme')!r}")
    fields = ("seq", "type", "payload", "actor", "batch", "command", "rules_version", "created_at", "prev_hash",
              "hash")
    for index, row in enumerate(data["events"], start=1):
        if not isinstance(row, dict):
            raise MalformedExport(f"event {index} is not an object")
        missing = [key for key in fields if key not in row]
        if missing:
            raise MalformedExport(f"event {index} has no {', '.join(missing)}")
        if not isinstance(row["seq"], int) or not isinstance(row["batch"], int) or not isinstance(
                row["payload"], dict):
            raise MalformedExport(f"event {index}: seq and batch must be integers and payload an object")
    return data


def verify_export(data: dict, *, check_seed: bool = True, witnesses=()) -> Verdict:
    """Re-run an export (see check_shape); ``witnesses`` are (version, head hash) pairs
    a player kept from notifications, which the log must agree with."""
    game = data["game"]
    events = data["events"]
    rules = registry.rules_for(game["slug"], game["rules_version"])
    scheme = game.get("hash_scheme", LEGACY_SCHEME)
    seed = game.get("server_seed")
    if seed and check_seed and seed_commitment(seed) != game["seed_commitment"]:
        return Verdict(False, "the revealed seed does not match the commitment published at creation")
    # 1. The hash chain.
    prev = GENESIS
    hashes: list[str] = []
    for index, row in enumerate(events, start=1):
        if row["seq"] != index:
            return Verdict(False, f"event {index}: sequence number is {row['seq']}, expected {index} "
                                  f"(a gap or a reordering)")
        if row["prev_hash"] != prev:
            return Verdict(False, f"event {index}: prev_hash does not match the hash of event {index - 1}")
        if scheme == HIDING_SCHEME:
            sealed = row.get("sealed")
            if seed:
                expected_sealed = sealed_digest(event_salt(seed, game["id"], index), type=row["type"],
                                                payload=row["payload"], command=row["command"])
                if sealed != expected_sealed:
                    return Verdict(False, f"event {index} ({row['type']}): its hash's sealed commitment "
                                          f"does not match its content and the revealed seed")
            if not is_hex_digest(sealed):
                return Verdict(False, f"event {index}: no sealed commitment")
            digest = chained_hash(game_id=game["id"], seq=index, actor=row["actor"], batch=row["batch"],
                                  rules_version=row["rules_version"], created_at=row["created_at"],
                                  prev_hash=prev, public=public_part(rules, row["type"], row["payload"]),
                                  sealed=sealed)
        else:
            digest = event_hash(game_id=game["id"], seq=row["seq"], type=row["type"], payload=row["payload"],
                                actor=row["actor"], batch=row["batch"], command=row["command"],
                                rules_version=row["rules_version"], created_at=row["created_at"],
                                prev_hash=prev)
        if digest != row["hash"]:
            return Verdict(False, f"event {index} ({row['type']}): its hash does not match its content")
        hashes.append(digest)
        prev = digest
    if game.get("head_hash") and game["head_hash"] != prev:
        return Verdict(False, "the game's head hash is not the hash of its last event")
    if game.get("version") is not None and game["version"] != len(events):
        return Verdict(False, f"the game is at version {game['version']} but the log holds {len(events)} events "
                              f"(truncated)")
    contradiction = check_witnesses(hashes, witnesses)
    if contradiction is not None:
        return contradiction
    witnessed = f", agreeing with {len(witnesses)} witness(es)" if witnesses else ""
    # 2. The seed, and every batch re-derived from its command.
    if not seed:
        return Verdict(True, f"hash chain of {len(events)} events intact{witnessed} (seed not revealed yet)",
                       len(events))
    key_rng = GameRng.from_seeds(seed, str(game["id"]), game["player_seeds"], 1)
    entry = registry.get(game["slug"])
    state = rules.initial_state()
    batches: list[list[dict]] = []
    for row in events:
        if not batches or row["batch"] != batches[-1][0]["batch"]:
            batches.append([])
        batches[-1].append(row)
    for batch in batches:
        first = batch[0]
        command = first["command"] or {}
        seq = first["seq"]
        kind = command.get("kind")
        try:
            expected = _expected_events(rules, entry, state, command, key_rng, seq, game)
        except IllegalMove as error:
            return Verdict(False, f"event {seq}: the recorded move is illegal under the rules ({error.message})")
        if expected is None:
            return Verdict(False, f"event {seq}: unknown command kind {kind!r}")
        if _event_list(row for row in batch if row["type"] not in PLATFORM_EVENT_TYPES) != expected:
            return Verdict(False, f"event {seq}: re-running the {kind} command gives different events "
                                  f"(random outcomes or rules do not match)")
        for row in batch:
            if row["type"] == MOVES_TAKEN_BACK:
                problem = _takeback_problem(rules, events, row, batch, key_rng, game)
                if problem:
                    return Verdict(False, f"event {row['seq']} (takeback): {problem}")
            state = fold(rules, state, row["type"], row["payload"])
    # 3. The outcome.
    outcome = rules.outcome(state)
    recorded = game.get("outcome")
    if recorded is not None and recorded.get("ended_by"):
        # Ended at the table (resignation, cancel): re-derived from the platform's events.
        ended = [row for row in events if row["type"] == GAME_ENDED]
        left = sorted({row["payload"]["seat"] for row in events if row["type"] in (SEAT_RESIGNED, SEAT_FORFEITED)})
        if not ended or endings.outcome_for(ended[-1]["payload"].get("reason"), game["players"], left) != recorded:
            return Verdict(False, "the outcome of the game's end at the table does not follow from the log")
    elif recorded is not None:
        replayed = outcome.to_json() if outcome else None
        if replayed is None or replayed["scores"] != recorded["scores"]:
            return Verdict(False, "the final outcome does not follow from the log")
    return Verdict(True, f"{len(events)} events, hash chain (scheme {scheme}), random outcomes and outcome "
                         f"verified{witnessed}", len(events))


def verify_served_log(game_id, rules_version: int, events: list[dict], *, witnesses=(), head=None) -> Verdict:
    """What a viewer can check while a scheme-2 game runs, from the spectator's log
    (``GET /api/v1/games/{id}/events/`` without a token): every link of the chain over
    the public part of each event and its sealed commitment, and any witnesses.
    ``head`` is the (version, head_hash) the game's page shows."""
    prev = GENESIS
    hashes: list[str] = []
    for index, row in enumerate(events, start=1):
        if row.get("seq") != index:
            return Verdict(False, f"event {index}: sequence number is {row.get('seq')}, expected {index}")
        if row.get("prev_hash") not in (None, prev):
            return Verdict(False, f"event {index}: prev_hash does not match the hash of event {index - 1}")
        public = row.get("public") or {"type": row["type"], "payload": row["payload"]}
        digest = chained_hash(game_id=game_id, seq=index, actor=row["actor"], batch=row["batch"],
                              rules_version=rules_version, created_at=row["created_at"], prev_hash=prev,
                              public=public, sealed=row["sealed"])
        if digest != row["hash"]:
            return Verdict(False, f"event {index} ({public['type']}): its hash does not match what is shown")
        hashes.append(digest)
        prev = digest
    witnesses = list(witnesses) + ([head] if head else [])
    contradiction = check_witnesses(hashes, witnesses)
    if contradiction is not None:
        return contradiction
    return Verdict(True, f"public chain of {len(events)} events intact", len(events))


# Commands at the table (games.table): platform events only, no rules events.
TABLE_KINDS = frozenset({"resign", "cancel_propose", "cancel_vote", "cancel_agreed", "cancel_deadline", "takeback",
                         "takeback_request", "takeback_answer"})


def _takeback_problem(rules, events: list[dict], row: dict, batch: list[dict], key_rng, game: dict) -> str | None:
    """Re-derive a takeback: the state it restores is the fold of the first ``to_version``
    events, and what it undid (from the requester's move to the takeback's batch) was
    allowed to be undone (games.table.undo)."""
    payload = row["payload"]
    to_version = payload.get("to_version")
    if not isinstance(to_version, int) or not 0 < to_version < batch[0]["seq"]:
        return "it names no earlier version"
    state = rules.initial_state()
    for earlier in events[:to_version]:
        state = fold(rules, state, earlier["type"], earlier["payload"])
    if state != payload.get("state") or undo.state_digest(state) != payload.get("state_sha256"):
        return f"the state it restores is not the state at version {to_version}"
    undone: list = []
    for earlier in events[to_version:batch[0]["seq"] - 1]:
        if earlier["seq"] == earlier["batch"]:
            undone.append((earlier["command"] or {}, [], earlier["seq"]))
        undone[-1][1].append((earlier["type"], earlier["payload"]))
    first = undone[0][0] if undone else {}
    if first.get("kind") != "move" or first.get("seat") != payload.get("requested_by"):
        return "it does not start at a move of the player who asked"
    try:
        why = undo.refusal(rules, copy.deepcopy(state), undone, key_rng.for_seq, game["players"])
    except IllegalMove as error:
        return f"an undone move is illegal ({error.message})"
    return f"it undid what may not be undone: {why}" if why else None


def _expected_events(rules, entry, state, command: dict, key_rng, seq: int, game: dict):
    """The rules' events a batch must hold, re-derived from its command and the seed."""
    kind = command.get("kind")
    if kind in TABLE_KINDS:
        return []
    if kind == "setup":
        return [(e.type, e.payload) for e in rules.setup(game["players"], game["options"], key_rng.for_seq(seq))]
    if kind not in {"move", "bot", "timeout"}:
        return None
    move = command.get("move")
    if move is None:  # a timeout whose policy made no move (the seat passed its turn out)
        return []
    if kind == "bot" and entry is not None:
        bot = entry.bot(command.get("level") or "best", command.get("bot_version", 1))
        if bot is None or bot(rules, state, command["seat"], key_rng.for_seq(seq)) != move:
            return [("BotChoiceMismatch", {})]
    return [(e.type, e.payload) for e in rules.decide(state, command["seat"], move, key_rng.for_seq(seq))]
