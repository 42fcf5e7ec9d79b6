"""Exporting a game's full log for audit, and verifying a stored game."""
from __future__ import annotations

from games.hashing import timestamp
from games.models import Event, Game, GameStatus
from games.verify import EXPORT_FORMAT, Verdict, verify_export


def export_game(game: Game, *, reveal: bool | None = None) -> dict:
    """Everything needed to re-run the game offline. The seed only once it is over."""
    if reveal is None:
        reveal = game.status == GameStatus.FINISHED
    rows = Event.objects.filter(game_id=game.pk).order_by("seq").values(
        "seq", "type", "payload", "actor", "batch", "command", "rules_version", "created_at", "prev_hash", "hash",
        "sealed")
    events = []
    for row in rows:
        row["created_at"] = timestamp(row["created_at"])
        if row["sealed"] is None:   # scheme 1: the export keeps its old shape
            del row["sealed"]
        events.append(row)
    return {
        "format": EXPORT_FORMAT,
        "game": {
            "id": game.pk, "slug": game.slug, "rules_version": game.rules_version, "players": game.players,
            "options": game.options, "status": game.status, "version": game.version,
            "head_hash": game.head_hash, "seed_commitment": game.seed_commitment,
            "server_seed": game.server_seed if reveal else None, "player_seeds": game.player_seeds,
            "outcome": game.outcome, "hash_scheme": game.hash_scheme,
        },
        "events": events,
    }


def verify_game(game: Game, *, witnesses=()) -> Verdict:
    return verify_export(export_game(game, reveal=True), witnesses=witnesses)
