"""Re-running a game's log: hashes, random outcomes, bot choices and the outcome.

Works on an export (the dict ``games.audit.export_game`` makes, or the JSON file
``manage.py verify_game --file`` reads) with no database: anyone holding an export
and the revealed seed can check the game.
"""
from __future__ import annotations

from dataclasses import dataclass

from games import registry
from games.engine import IllegalMove
from games.engine.rng import GameRng, seed_commitment
from games.hashing import GENESIS, event_hash
from games.platform_events import PLATFORM_EVENT_TYPES, fold

EXPORT_FORMAT = "ludopost-export/1"


@dataclass
class Verdict:
    ok: bool
    message: str
    checked_events: int = 0

    def __str__(self) -> str:
        return ("OK: " if self.ok else "DIVERGENCE: ") + self.message


def _event_list(rows) -> list[tuple]:
    return [(row["type"], row["payload"]) for row in rows]


def verify_export(data: dict, *, check_seed: bool = True) -> Verdict:
    game = data["game"]
    events = data["events"]
    rules = registry.rules_for(game["slug"], game["rules_version"])
    # 1. The hash chain.
    prev = GENESIS
    for index, row in enumerate(events, start=1):
        if row["seq"] != index:
            return Verdict(False, f"event {index}: sequence number is {row['seq']}, expected {index} (a gap)")
        if row["prev_hash"] != prev:
            return Verdict(False, f"event {index}: prev_hash does not match the hash of event {index - 1}")
        digest = event_hash(game_id=game["id"], seq=row["seq"], type=row["type"], payload=row["payload"],
                            actor=row["actor"], batch=row["batch"], command=row["command"],
                            rules_version=row["rules_version"], created_at=row["created_at"], prev_hash=prev)
        if digest != row["hash"]:
            return Verdict(False, f"event {index} ({row['type']}): its hash does not match its content")
        prev = digest
    if game.get("head_hash") and game["head_hash"] != prev:
        return Verdict(False, "the game's head hash is not the hash of its last event")
    # 2. The seed, and every batch re-derived from its command.
    seed = game.get("server_seed")
    if not seed:
        return Verdict(True, f"hash chain of {len(events)} events intact (seed not revealed yet)", len(events))
    if check_seed and seed_commitment(seed) != game["seed_commitment"]:
        return Verdict(False, "the revealed seed does not match the commitment published at creation")
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
            state = fold(rules, state, row["type"], row["payload"])
    # 3. The outcome.
    outcome = rules.outcome(state)
    recorded = game.get("outcome")
    if recorded is not None:
        replayed = outcome.to_json() if outcome else None
        if replayed is None or replayed["scores"] != recorded["scores"]:
            return Verdict(False, "the final outcome does not follow from the log")
    return Verdict(True, f"{len(events)} events, hash chain, random outcomes and outcome verified", len(events))


def _expected_events(rules, entry, state, command: dict, key_rng, seq: int, game: dict):
    """The rules' events a batch must hold, re-derived from its command and the seed."""
    kind = command.get("kind")
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
