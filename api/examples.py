"""Request and response examples of the OpenAPI document (drf-spectacular's OpenApiExample).

The game parts of the examples are real: a two-player Momiji game is set up in memory
with a fixed seed and its first move made, so the views, events and moves shown are
what the rules produce, and tests/api/test_examples.py checks every example against
the schema it illustrates.
"""
from __future__ import annotations

from functools import lru_cache

from drf_spectacular.utils import OpenApiExample

from games import registry
from games.table import options as table_options
from games.engine.harness import Table

GAME_ID = 42
CREATED = "2026-12-01T09:00:00Z"
SEED_COMMITMENT = "5f2b" * 16
HASHES = ["9c41" * 16, "0d7e" * 16, "a3f0" * 16]
SLUG = "momiji"


@lru_cache(maxsize=1)
def _momiji() -> dict:
    """The example game: Momiji for two, set up, then seat 0's first listed move."""
    rules = registry.get(SLUG).rules
    table = Table(rules, 2, {}, seed="example")
    setup_version = table.version
    seat = min(rules.to_move(table.state))
    legal = rules.legal_moves(table.state, seat)
    before = {"version": setup_version, "seat": seat, "moves": legal[:3],
              "view": rules.view(table.state, seat)}
    # A main action rather than a side step (revealing cards, discarding for an acorn).
    move = next((candidate for candidate in legal if candidate["type"] not in ("reveal", "discard", "pass")),
                legal[0])
    events = table.play(seat, move)
    return {"rules": rules, "before": before, "move": move, "seat": seat, "events": events,
            "after_version": table.version, "after_view": rules.view(table.state, seat),
            "to_move": sorted(rules.to_move(table.state)), "options": table.options}


def _seat(number: int, username: str | None) -> dict:
    return {"number": number, "username": username, "name": username or "open seat", "bot_level": "", "forfeited": False,
            "deadline": None, "bank_seconds": None}


def _game(*, status: str, version: int, seats: list, to_move: list, view, your_seat=0) -> dict:
    game = _momiji()
    return {"id": GAME_ID, "game": SLUG, "rules_version": game["rules"].version, "status": status,
            "players": 2, "options": game["options"], "time_control": None, "version": version,
            "head_hash": HASHES[0], "seed_commitment": SEED_COMMITMENT, "hash_scheme": 2, "seats": seats,
            "to_move": to_move, "may_move": [], "your_seat": your_seat, "deadline": None, "outcome": None,
            "view": view, "created_at": CREATED, "started_at": CREATED if status == "active" else None,
            "finished_at": None,
            # At the table (table app): rated by default with two people; nobody rated yet.
            "rated": True, "spectators_read": False, "unread_messages": 0,
            "ratings": [None for _ in seats],
            # At the table (games/table): the default options, nothing pending.
            "table": {"options": table_options.DEFAULTS, "cancel": None, "takeback": None}}


def _error(code: str, message: str, details: dict | None = None) -> dict:
    return {"error": {"code": code, "message": message, "details": details or {}}}


def game_create() -> list:
    return [
        OpenApiExample("Momiji for two", request_only=True, value={
            "game": SLUG, "players": 2, "options": {"landscapes": "draft"}, "player_seed": "my own dice"}),
        OpenApiExample("Against a bot", request_only=True, value={
            "game": "travel", "players": 3, "bot_seats": [1, {"seat": 2, "level": "strong"}],
            "time_control": {"per_move_seconds": 86400, "timeout_policy": "bot"}}),
        OpenApiExample("Created, waiting for a second player", response_only=True, status_codes=["201"],
                       value=_game(status="open", version=0, seats=[_seat(0, "anna"), _seat(1, None)],
                                   to_move=[], view=None)),
        OpenApiExample("Unknown game", response_only=True, status_codes=["404"],
                       value=_error("unknown_game", "There is no game called 'chess' in the catalogue.")),
        OpenApiExample("Options the game refuses", response_only=True, status_codes=["400"],
                       value=_error("invalid_options", "Invalid options: landscapes: 'random' is not one of "
                                                       "['assigned', 'draft']",
                                    {"problem": "landscapes: 'random' is not one of ['assigned', 'draft']"})),
    ]


def game_join() -> list:
    game = _momiji()
    return [
        OpenApiExample("Any free seat", request_only=True, value={}),
        OpenApiExample("A given seat", request_only=True, value={"seat": 1, "player_seed": "lucky"}),
        OpenApiExample("Joined: the game starts", response_only=True, status_codes=["200"],
                       value=_game(status="active", version=game["before"]["version"],
                                   seats=[_seat(0, "anna"), _seat(1, "ben")], to_move=[game["seat"]],
                                   view=game["before"]["view"], your_seat=game["seat"])),
        OpenApiExample("Seat taken", response_only=True, status_codes=["409"],
                       value=_error("seat_taken", "Seat 1 is not free.")),
    ]


def legal_moves() -> list:
    return [OpenApiExample("Momiji, the first moves listed", response_only=True, status_codes=["200"],
                           value={k: v for k, v in _momiji()["before"].items() if k != "view"})]


def move_submit() -> list:
    game = _momiji()
    rules, seat = game["rules"], game["seat"]
    version = game["before"]["version"]
    events = []
    for offset, event in enumerate(game["events"], start=1):
        shown = rules.redact(event, seat)
        events.append({"seq": version + offset, "type": shown.type, "payload": shown.payload, "actor": seat,
                       "created_at": CREATED, "hash": HASHES[1 + offset % 2],
                       "description": rules.describe(shown, seat), "batch": version + 1,
                       "prev_hash": HASHES[offset % 2], "sealed": HASHES[2]})
    return [
        OpenApiExample("A Momiji move", request_only=True,
                       value={"expected_version": version, "move": game["move"]}),
        OpenApiExample("A Travel offer begun", request_only=True, value={
            "expected_version": 17, "move": {"type": "propose", "to": 2}}),
        OpenApiExample("Accepted", response_only=True, status_codes=["201"], value={
            "version": game["after_version"], "events": events, "view": game["after_view"],
            "to_move": game["to_move"], "may_move": [], "status": "active", "outcome": None}),
        OpenApiExample("Stale version", response_only=True, status_codes=["409"], value=_error(
            "version_conflict", f"The game has moved on: you expected version {version}, it is at {version + 3}.",
            {"current_version": version + 3})),
        OpenApiExample("Illegal move (the rule's own code)", response_only=True, status_codes=["422"], value=_error(
            "leaf_not_in_display", "There are no purple leaves in the display.", {"rule": "leaf_not_in_display"})),
        OpenApiExample("Not your turn", response_only=True, status_codes=["422"], value=_error(
            "not_your_turn", "It is not your turn.")),
        OpenApiExample("Malformed move", response_only=True, status_codes=["400"], value=_error(
            "invalid_move", "A move is a JSON object with a string field 'type'.")),
    ]
