"""The generic bot, which every game gets for free.

A bot is a function ``choose(rules, state, seat, rng) -> move``. It must be
deterministic given its RNG (the platform derives it from the game's seed and
version with the purpose "bot"), so a bot game replays and audits like any other.
"""
from __future__ import annotations


def random_bot(rules, state, seat: int, rng) -> dict:
    """Pick uniformly among the legal moves."""
    moves = rules.legal_moves(state, seat)
    if not moves:
        raise RuntimeError(f"{rules.slug}: seat {seat} is to move but has no legal move")
    return moves[rng.randbelow(len(moves), "bot")]
