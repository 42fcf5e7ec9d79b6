"""What a seat of Delphi sees (placeholder)."""
from __future__ import annotations


def view(rules, state, seat):
    if not state:
        return {"started": False}
    return {"started": True}
