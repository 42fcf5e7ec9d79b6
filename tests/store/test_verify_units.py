"""The verifier's parts on a game recorded under the hiding scheme (scheme 2), no database.

docs/FAIRNESS.md: while a game runs anyone can check the chain from the spectator's log
(``verify_served_log``) and the witnesses a player kept (``VERSION:HASH``); after the end,
with the revealed seed, ``verify_export`` also checks each event's sealed commitment,
every random outcome and the result. A file that is not an export is refused in one
sentence naming what is wrong (``check_shape``). Each test breaks one thing and expects
the sentence that names it.
"""
import copy
import hashlib
import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from games import registry
from games.engine.canonical import canonical_json
from games.engine.events import Event
from games.hashing import GENESIS, public_part, timestamp
from games.verify import (MalformedExport, Verdict, check_shape, check_witnesses, is_hex_digest, parse_witness,
                          verify_export, verify_served_log)

CORPUS = Path(__file__).resolve().parents[1] / "corpus"
NAME = "momiji-v2-h2-2p-1"          # 85 events, scheme 2, the seed revealed, finished


@pytest.fixture(scope="module")
def recorded():
    return json.loads((CORPUS / f"{NAME}.json").read_text())["export"]


@pytest.fixture
def export(recorded):
    return copy.deepcopy(recorded)


def hashes_of(export):
    return [row["hash"] for row in export["events"]]


def spectator_log(export):
    """The log as ``GET /events/`` serves it to a spectator: each event redacted for nobody,
    with its sealed value and hash (docs/FAIRNESS.md)."""
    rules = registry.rules_for("momiji", export["game"]["rules_version"])
    served = []
    for row in export["events"]:
        shown = rules.redact(Event(row["type"], row["payload"]), None)
        served.append({"seq": row["seq"], "type": shown.type, "payload": shown.payload, "actor": row["actor"],
                       "batch": row["batch"], "created_at": row["created_at"], "prev_hash": row["prev_hash"],
                       "sealed": row["sealed"], "hash": row["hash"]})
    return served


def refusal(verdict: Verdict) -> str:
    """The sentence of a verdict that must be a refusal."""
    assert verdict.ok is False, verdict
    return verdict.message


def served_check(export, events, **kwargs):
    return verify_served_log(export["game"]["id"], export["game"]["rules_version"], events, **kwargs)


# -- a whole export, scheme 2 --------------------------------------------------------------
def test_an_intact_scheme_2_export_verifies_everything(export):
    verdict = verify_export(export)
    assert verdict == Verdict(True, "85 events, hash chain (scheme 2), random outcomes and outcome verified", 85)
    assert str(verdict) == "OK: " + verdict.message


def test_witnesses_that_agree_are_counted_in_the_verdict(export):
    hashes = hashes_of(export)
    verdict = verify_export(export, witnesses=[(0, GENESIS), (1, hashes[0]), (85, hashes[84])])
    assert verdict.ok and verdict.message.endswith("verified, agreeing with 3 witness(es)")


def test_before_the_seed_is_revealed_the_chain_alone_is_checked(export):
    del export["game"]["server_seed"]
    assert verify_export(export) == Verdict(True, "hash chain of 85 events intact (seed not revealed yet)", 85)
    verdict = verify_export(export, witnesses=[(85, export["game"]["head_hash"])])
    assert verdict.message == "hash chain of 85 events intact, agreeing with 1 witness(es) (seed not revealed yet)"


def test_a_changed_secret_under_an_intact_chain_is_caught_by_the_sealed_commitment(export):
    row = export["events"][0]
    row["payload"]["deck"] = list(reversed(row["payload"]["deck"]))   # the deck is hidden from the public part
    verdict = verify_export(export)
    assert verdict.ok is False
    assert verdict.message == ("event 1 (GameSetUp): its hash's sealed commitment does not match its content "
                               "and the revealed seed")


def test_without_the_seed_a_changed_secret_is_not_visible_but_a_changed_public_part_is(export):
    del export["game"]["server_seed"]
    secret = copy.deepcopy(export)
    secret["events"][0]["payload"]["deck"] = list(reversed(secret["events"][0]["payload"]["deck"]))
    assert verify_export(secret).ok, "the sealed value hides the deck until the seed is revealed"
    export["events"][0]["payload"]["acorns"] = [3, 1]                  # public: everybody sees the acorns
    assert refusal(verify_export(export)) == "event 1 (GameSetUp): its hash does not match its content"


@pytest.mark.parametrize("sealed", [None, "ab" * 31, "AB" * 32, "g" * 64, 64])
def test_an_event_without_a_well_formed_sealed_value_is_refused(export, sealed):
    del export["game"]["server_seed"]
    export["events"][3]["sealed"] = sealed
    assert verify_export(export) == Verdict(False, "event 4: no sealed commitment", 0)


def test_a_missing_sealed_value_is_refused_with_the_seed_too(export):
    export["events"][3].pop("sealed")
    assert not verify_export(export).ok


def test_the_chain_is_checked_link_by_link(export):
    broken = copy.deepcopy(export)
    broken["events"][5]["seq"] = 7
    assert refusal(verify_export(broken)) == "event 6: sequence number is 7, expected 6 (a gap or a reordering)"
    broken = copy.deepcopy(export)
    broken["events"][5]["prev_hash"] = broken["events"][3]["hash"]
    assert refusal(verify_export(broken)) == "event 6: prev_hash does not match the hash of event 5"
    broken = copy.deepcopy(export)
    broken["events"][5]["hash"] = "0" * 64
    assert refusal(verify_export(broken)) == f"event 6 ({broken['events'][5]['type']}): its hash does not match " \
                                            f"its content"


@pytest.mark.parametrize("field, value", [("actor", 1), ("batch", 2), ("rules_version", 1),
                                          ("created_at", "2026-12-03T20:00:09.891135Z")])
def test_each_field_outside_the_sealed_value_is_in_the_chain(export, field, value):
    del export["game"]["server_seed"]
    row = export["events"][6]
    assert row[field] != value
    row[field] = value
    assert refusal(verify_export(export)) == f"event 7 ({row['type']}): its hash does not match its content"


def test_the_game_id_is_in_every_link(export):
    del export["game"]["server_seed"]
    export["game"]["id"] += 1
    assert refusal(verify_export(export)) == "event 1 (GameSetUp): its hash does not match its content"


def test_the_head_and_the_version_must_be_the_last_events(export):
    head = copy.deepcopy(export)
    head["game"]["head_hash"] = head["events"][83]["hash"]
    assert verify_export(head) == Verdict(False, "the game's head hash is not the hash of its last event", 0)
    version = copy.deepcopy(export)
    version["game"]["version"] = 86
    assert refusal(verify_export(version)) == "the game is at version 86 but the log holds 85 events (truncated)"
    # Neither is required: an export that names no head or version is checked on its events.
    del export["game"]["head_hash"], export["game"]["version"]
    assert verify_export(export).ok


def test_a_witness_the_log_contradicts_stops_the_verification(export):
    hashes = hashes_of(export)
    verdict = verify_export(export, witnesses=[(2, hashes[1]), (3, hashes[1])])
    assert verdict == Verdict(False, f"witness 3:{hashes[1][:12]}...: the log's head at version 3 is "
                                     f"{hashes[2][:12]}... (history was rewritten)", 0)


def test_a_changed_outcome_or_a_missing_replay_outcome_is_caught(export):
    changed = copy.deepcopy(export)
    changed["game"]["outcome"]["scores"] = [35, 30]
    assert verify_export(changed) == Verdict(False, "the final outcome does not follow from the log", 0)
    # Only the scores are compared: notes and details are words about them.
    export["game"]["outcome"]["notes"] = ["Something else."]
    assert verify_export(export).ok
    # An outcome recorded for a game whose log does not end it.
    cut = copy.deepcopy(export)
    cut["events"] = cut["events"][:40]
    cut["game"]["head_hash"], cut["game"]["version"] = cut["events"][-1]["hash"], 40
    assert refusal(verify_export(cut)) == "the final outcome does not follow from the log"
    cut["game"]["outcome"] = None
    assert verify_export(cut) == Verdict(True, "40 events, hash chain (scheme 2), random outcomes and outcome "
                                               "verified", 40)


def test_a_missing_hash_scheme_means_the_legacy_scheme(export):
    del export["game"]["hash_scheme"]
    # Read as scheme 1, the scheme-2 hashes cannot match.
    assert refusal(verify_export(export)) == "event 1 (GameSetUp): its hash does not match its content"


def test_a_scheme_1_export_may_leave_its_scheme_out():
    export = json.loads((CORPUS / "momiji-v1-2p-1.json").read_text())["export"]
    export["game"].pop("hash_scheme", None)
    assert verify_export(export) == Verdict(True, "88 events, hash chain (scheme 1), random outcomes and outcome "
                                                  "verified", 88)


def test_a_seed_that_is_not_the_committed_one_is_refused_first(export):
    export["game"]["server_seed"] = "00" * 32
    assert verify_export(export) == Verdict(False, "the revealed seed does not match the commitment published "
                                                   "at creation", 0)


# -- witnesses ------------------------------------------------------------------------------
def test_a_witness_is_parsed_from_what_an_email_carries():
    digest = "AbC" + "0" * 61
    assert parse_witness(f" 12 : {digest} ") == (12, digest.lower())
    assert parse_witness(f"0:{'f' * 64}") == (0, "f" * 64)
    with pytest.raises(MalformedExport) as refused:
        parse_witness("x:1")
    assert str(refused.value) == "a witness is VERSION:HASH (a number and 64 hex digits), not 'x:1'"
    for bad in (f"12{'a' * 64}", f"1.5:{'a' * 64}", f"3:{'a' * 63}", f"3:{'a' * 65}", f"3:{'a' * 63}z", ""):
        with pytest.raises(MalformedExport):
            parse_witness(bad)


def test_is_hex_digest_wants_64_lower_case_hex_digits():
    assert is_hex_digest("0123456789abcdef" * 4)
    for value in ("0123456789ABCDEF" * 4, "a" * 63, "a" * 65, None, 7, "z" * 64, ["a" * 64]):
        assert not is_hex_digest(value), value


def test_witnesses_are_checked_against_the_hash_at_their_version():
    hashes = [f"{n:064x}" for n in range(1, 5)]
    assert check_witnesses(hashes, []) is None
    assert check_witnesses(hashes, None) is None
    assert check_witnesses(hashes, [(0, GENESIS), (1, hashes[0]), (4, hashes[3])]) is None
    assert check_witnesses(hashes, [(0, hashes[0])]) == Verdict(
        False, f"witness 0:{hashes[0][:12]}...: the log's head at version 0 is {GENESIS[:12]}... "
               f"(history was rewritten)")
    assert check_witnesses(hashes, [(2, hashes[2])]).message.endswith(
        f"version 2 is {hashes[1][:12]}... (history was rewritten)")
    assert check_witnesses(hashes, [(5, hashes[3])]) == Verdict(
        False, f"witness 5:{hashes[3][:12]}...: the log has only 4 events (it was truncated or rewritten)")
    # The first contradiction is reported.
    assert check_witnesses(hashes, [(9, "a" * 64), (1, "b" * 64)]).message.startswith("witness 9:")


# -- the spectator's log while the game runs -----------------------------------------------
def test_the_spectators_log_verifies_link_by_link(export):
    served = spectator_log(export)
    head = (85, export["game"]["head_hash"])
    assert served_check(export, served, head=head) == Verdict(True, "public chain of 85 events intact", 85)
    assert served_check(export, served[:10]) == Verdict(True, "public chain of 10 events intact", 10)
    assert served_check(export, served[:10], witnesses=[(10, served[9]["hash"])]).ok


def test_a_served_log_without_prev_hashes_is_checked_on_its_own_hashes(export):
    served = spectator_log(export)
    for row in served:
        del row["prev_hash"]
    assert served_check(export, served).ok


def test_a_seats_log_is_checked_on_its_public_form(export):
    # A seat is shown its own cards; the "public" form beside them is what the hash binds.
    seated = []
    for row, shown in zip(export["events"], spectator_log(export)):
        seated.append({**shown, "type": row["type"], "payload": row["payload"],
                       "public": {"type": shown["type"], "payload": shown["payload"]}})
    assert served_check(export, seated).ok
    seated[0]["public"]["payload"] = {**seated[0]["public"]["payload"], "acorns": [1, 3]}
    assert served_check(export, seated) == Verdict(
        False, "event 1 (GameSetUp): its hash does not match what is shown")


def test_each_break_of_the_served_log_is_named(export):
    served = spectator_log(export)
    gap = served[:3] + served[4:]
    assert served_check(export, gap) == Verdict(False, "event 4: sequence number is 5, expected 4")
    missing = copy.deepcopy(served)
    del missing[0]["seq"]
    assert refusal(served_check(export, missing)) == "event 1: sequence number is None, expected 1"
    relinked = copy.deepcopy(served)
    relinked[4]["prev_hash"] = relinked[2]["hash"]
    assert served_check(export, relinked) == Verdict(False, "event 5: prev_hash does not match the hash of event 4")
    for field, value in (("actor", 0), ("batch", 3), ("created_at", "2026-12-03T20:00:09Z"), ("sealed", "0" * 64)):
        changed = copy.deepcopy(served)
        assert changed[7][field] != value
        changed[7][field] = value
        assert refusal(served_check(export, changed)) == f"event 8 ({changed[7]['type']}): its hash does not " \
                                                         f"match what is shown", field
    assert not verify_served_log(export["game"]["id"] + 1, 2, served).ok
    assert not verify_served_log(export["game"]["id"], 1, served).ok


def test_a_head_the_served_log_does_not_reach_is_a_truncation(export):
    served = spectator_log(export)
    verdict = served_check(export, served[:84], head=(85, export["game"]["head_hash"]))
    assert verdict == Verdict(False, f"witness 85:{export['game']['head_hash'][:12]}...: the log has only 84 "
                                     f"events (it was truncated or rewritten)")
    verdict = served_check(export, served, witnesses=[(1, served[0]["hash"])], head=(85, "e" * 64))
    assert refusal(verdict).startswith("witness 85:eeeeeeeeeeee...")


# -- the shape of an export ----------------------------------------------------------------
GAME_KEYS = ("id", "slug", "rules_version", "players", "options", "seed_commitment", "player_seeds")


def shape_error(data) -> str:
    with pytest.raises(MalformedExport) as refused:
        check_shape(data)
    return str(refused.value)


def test_an_export_or_the_audit_answer_around_it_is_accepted_as_is(export):
    assert check_shape(export) is export
    assert check_shape({"export": export, "verdict": "OK"}) is export


@pytest.mark.parametrize("data", [[], "export", {"game": {}}, {"events": []}, {"game": [], "events": []},
                                  {"game": {}, "events": {}}, {"export": [], "game": 1}])
def test_something_else_is_not_an_export(data):
    assert shape_error(data) == "not a LudoPost export: expected an object with 'game' and 'events'"


@pytest.mark.parametrize("key", GAME_KEYS)
def test_each_field_of_the_game_is_required(export, key):
    del export["game"][key]
    assert shape_error(export) == f"the export's game has no '{key}'"


def test_the_game_must_be_one_this_server_knows_under_that_rules_version(export):
    assert shape_error({**export, "game": {**export["game"], "slug": "chess"}}) == \
        "unknown game 'chess' (not in this server's catalogue)"
    assert shape_error({**export, "game": {**export["game"], "rules_version": 99}}) == \
        "momiji has no rules version 99 here"
    assert shape_error({**export, "game": {**export["game"], "rules_version": "2"}}) == \
        "momiji has no rules version '2' here"
    assert shape_error({**export, "game": {**export["game"], "rules_version": [2]}}) == \
        "momiji has no rules version [2] here"
    assert shape_error({**export, "game": {**export["game"], "hash_scheme": 3}}) == "unknown hash scheme 3"
    legacy = {**export, "game": {k: v for k, v in export["game"].items() if k != "hash_scheme"}}
    assert check_shape(legacy) is legacy


def test_each_event_must_be_a_whole_row(export):
    rows = export["events"]
    assert shape_error({**export, "events": rows[:2] + ["row"]}) == "event 3 is not an object"
    for field in ("seq", "type", "payload", "actor", "batch", "command", "rules_version", "created_at",
                  "prev_hash", "hash"):
        row = {k: v for k, v in rows[1].items() if k != field}
        assert shape_error({**export, "events": [rows[0], row]}) == f"event 2 has no {field}"
    bare = {"seq": 1}
    assert shape_error({**export, "events": [bare]}) == ("event 1 has no type, payload, actor, batch, command, "
                                                        "rules_version, created_at, prev_hash, hash")
    wrong = "event 2: seq and batch must be integers and payload an object"
    for field, value in (("seq", "2"), ("batch", 1.0), ("payload", [])):
        assert shape_error({**export, "events": [rows[0], {**rows[1], field: value}]}) == wrong
    assert check_shape({**export, "events": []})["events"] == []


# -- the hash scheme's parts -----------------------------------------------------------------
def test_a_timestamp_is_utc_with_microseconds_and_a_z(monkeypatch):
    import time

    moment = datetime(2026, 12, 3, 21, 0, 9, 891134, tzinfo=timezone(timedelta(hours=2)))
    assert timestamp(moment) == "2026-12-03T19:00:09.891134Z"
    assert timestamp(datetime(2026, 1, 2, 3, 4, 5, tzinfo=timezone.utc)) == "2026-01-02T03:04:05.000000Z"
    # Whatever the machine's own time zone.
    monkeypatch.setenv("TZ", "Asia/Tokyo")
    time.tzset()
    try:
        assert timestamp(moment) == "2026-12-03T19:00:09.891134Z"
    finally:
        monkeypatch.undo()
        time.tzset()


def test_the_public_part_is_the_spectators_event_and_platform_events_are_shown_whole(export):
    rules = registry.rules_for("momiji", 2)
    setup = export["events"][0]
    public = public_part(rules, "GameSetUp", setup["payload"])
    shown = rules.redact(Event("GameSetUp", setup["payload"]), None)
    assert public == {"type": "GameSetUp", "payload": shown.payload}
    assert public["payload"] != setup["payload"]
    timed_out = {"seat": 1, "policy": "pass"}
    assert public_part(rules, "SeatTimedOut", timed_out) == {"type": "SeatTimedOut", "payload": timed_out}
    assert public_part(rules, "SeatForfeited", {"seat": 0}) == {"type": "SeatForfeited", "payload": {"seat": 0}}


def test_the_chain_link_is_the_documented_body(export):
    # docs/FAIRNESS.md, by hand: SHA-256 of the canonical JSON of the scheme-2 body.
    from games.hashing import chained_hash

    rules = registry.rules_for("momiji", 2)
    row = export["events"][1]
    body = {"scheme": 2, "game": str(export["game"]["id"]), "seq": 2, "actor": row["actor"], "batch": row["batch"],
            "rules_version": 2, "created_at": row["created_at"], "prev_hash": row["prev_hash"],
            "public": public_part(rules, row["type"], row["payload"]), "sealed": row["sealed"]}
    by_hand = hashlib.sha256(canonical_json(body)).hexdigest()
    assert by_hand == row["hash"]
    assert chained_hash(game_id=export["game"]["id"], seq=2, actor=row["actor"], batch=row["batch"],
                        rules_version=2, created_at=row["created_at"], prev_hash=row["prev_hash"],
                        public=body["public"], sealed=row["sealed"]) == by_hand


# -- re-running the commands ------------------------------------------------------------------
def rechain(export):
    """Re-seal and re-hash every event with the revealed seed, as a forger holding the seed
    (or the server itself) could: only the replay can then tell the log is not genuine."""
    from games.hashing import hiding_hash

    game = export["game"]
    rules = registry.rules_for(game["slug"], game["rules_version"])
    prev = GENESIS
    for row in export["events"]:
        row["prev_hash"] = prev
        row["hash"], row["sealed"] = hiding_hash(
            rules=rules, server_seed=game["server_seed"], game_id=game["id"], seq=row["seq"], type=row["type"],
            payload=row["payload"], actor=row["actor"], batch=row["batch"], command=row["command"],
            rules_version=row["rules_version"], created_at=row["created_at"], prev_hash=prev)
        prev = row["hash"]
    game["head_hash"] = prev
    return export


def first_bot_batch(export):
    first = next(row for row in export["events"] if (row["command"] or {}).get("kind") == "bot")
    return [row for row in export["events"] if row["batch"] == first["batch"]]


def recommand(export, rows, **changes):
    for row in rows:
        row["command"] = {key: value for key, value in {**row["command"], **changes}.items() if value is not None}
    return rechain(export)


def test_rechaining_an_untouched_log_changes_nothing(export):
    assert rechain(copy.deepcopy(export))["events"] == export["events"]


def test_a_bot_command_without_a_level_is_the_best_bot(export):
    assert verify_export(recommand(export, first_bot_batch(export), level=None)).ok


def test_a_bot_version_this_server_lacks_cannot_be_checked(export):
    rows = first_bot_batch(export)
    verdict = verify_export(recommand(export, rows, bot_version=99))
    assert verdict == Verdict(False, f"event {rows[0]['seq']}: re-running the bot command gives different events "
                                     f"(random outcomes or rules do not match)", 0)


def test_a_bot_level_that_would_have_played_otherwise_is_caught(export):
    # The random bot, asked for a level nobody has, does not make the best bot's choice.
    rows = first_bot_batch(export)
    assert not verify_export(recommand(export, rows, level="no-such-level")).ok


def test_a_move_made_by_the_timeout_policy_replays_like_any_move(export):
    rows = next([row for row in export["events"] if row["batch"] == first["batch"]]
                for first in export["events"] if (first["command"] or {}).get("kind") == "move")
    assert verify_export(recommand(export, rows, kind="timeout", policy="move")).ok
    assert refusal(verify_export(recommand(export, rows, kind="shrug"))) == \
        f"event {rows[0]['seq']}: unknown command kind 'shrug'"


@pytest.mark.parametrize("name", ["harmonies-v1-h2-2p-3", "travel-v1-4p-1"])
def test_games_whose_moves_draw_at_random_or_whose_bots_are_older_verify(name):
    # Harmonies draws each token when it is drawn (the RNG passed to decide); Travel's
    # rules version 1 games were played by its first bot (no bot_version: version 1; this
    # game has a move the current bot would make otherwise).
    export = json.loads((CORPUS / f"{name}.json").read_text())["export"]
    verdict = verify_export(export)
    assert verdict.ok and verdict.checked_events == len(export["events"])
    assert "random outcomes and outcome verified" in verdict.message


def test_a_recorded_move_the_rules_refuse_is_named_with_the_rules_reason(export):
    rows = next([row for row in export["events"] if row["batch"] == first["batch"]]
                for first in export["events"] if (first["command"] or {}).get("kind") == "move")
    message = refusal(verify_export(recommand(export, rows, move={"type": "no-such-move"})))
    assert message.startswith(f"event {rows[0]['seq']}: the recorded move is illegal under the rules (")
