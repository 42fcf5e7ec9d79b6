"""The event a rules package emits: a name a person can read and a JSON payload."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Event:
    """One fact in a game's log.

    ``type`` is a CamelCase past-tense name ("LeavesCollected"); ``payload`` is
    plain JSON (dicts, lists, str, int, bool, None) holding every random outcome
    the event depends on, so that replay never re-rolls.
    """

    type: str
    payload: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"type": self.type, "payload": self.payload}

    @classmethod
    def from_json(cls, data: dict) -> "Event":
        return cls(type=data["type"], payload=data.get("payload") or {})
