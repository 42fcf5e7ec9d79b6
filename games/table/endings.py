"""The outcome of a game the table ended rather than the rules: by resignation (the
seats still playing share first place, every seat that left shares last) or by
cancel (no ranks: the game is void and unrated). Pure: the verifier re-derives the
same outcome from the log."""
from __future__ import annotations

from games.engine.outcome import rank_by_keys

RESIGNATION, CANCELLED, CANCEL_DEADLINE = "resignation", "cancelled", "cancel_deadline"


def resignation_outcome(players: int, left: list[int]) -> dict:
    ranks = rank_by_keys([0 if seat in left else 1 for seat in range(players)])
    return {"scores": [], "ranks": ranks, "winners": [s for s, r in enumerate(ranks) if r == 1], "details": [],
            "notes": ["The game ended by resignation: the players still in it share first place; "
                      "those who resigned or forfeited rank last."],
            "ended_by": RESIGNATION, "rated": True}


def cancel_outcome(reason: str) -> dict:
    note = ("Cancelled by agreement." if reason == CANCELLED
            else "Cancelled: nobody objected to the proposal before its deadline.")
    return {"scores": [], "ranks": [], "winners": [], "details": [], "notes": [note + " The game is not rated."],
            "ended_by": reason, "rated": False}


def outcome_for(reason: str, players: int, left: list[int]) -> dict:
    return resignation_outcome(players, left) if reason == RESIGNATION else cancel_outcome(reason)
