"""Delphi's log lines (placeholder, completed below)."""
from __future__ import annotations


def describe(event, seat=None) -> str:
    return event.type


def outcome_notes(state) -> list[str]:
    return []
