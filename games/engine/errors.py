"""Errors a rules package raises. The API turns them into JSON error bodies."""
from __future__ import annotations


class IllegalMove(Exception):
    """A move the rules refuse.

    ``message`` is a sentence a player understands ("you may not play a 2 on a
    stack whose top card is 0"); ``code`` is a stable snake_case identifier a
    client can branch on ("not_your_turn", "card_not_in_hand", ...).
    """

    def __init__(self, message: str, code: str = "illegal_move", details: dict | None = None):
        super().__init__(message)
        self.message = message
        self.code = code
        self.details = details or {}

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"IllegalMove({self.code!r}, {self.message!r})"
