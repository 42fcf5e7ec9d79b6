"""A forfeited or resigned seat ranks last, whatever its score, below every seat that played on.

Notes speak of "Player N" (seat + 1): the API, pages and emails put the name in (games.names)."""
from __future__ import annotations

from games.engine.outcome import rank_by_keys


def rank_forfeited_last(outcome: dict, forfeited: list[int]) -> dict:
    if not forfeited:
        return outcome
    ranks = outcome["ranks"]
    # Keep the rules' order among the seats that played on; forfeited seats below.
    keys = [(0 if seat in forfeited else 1, -ranks[seat]) for seat in range(len(ranks))]
    new_ranks = rank_by_keys(keys)
    notes = list(outcome.get("notes", [])) + [
        f"Player {seat + 1} left the game (resigned or forfeited) and ranks last." for seat in sorted(forfeited)]
    return {**outcome, "ranks": new_ranks, "winners": [s for s, r in enumerate(new_ranks) if r == 1],
            "notes": notes}
