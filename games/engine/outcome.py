"""The result of a finished game."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field


@dataclass(slots=True)
class Outcome:
    """Scores and ranks per seat (index = seat number, ranks start at 1).

    Tied seats share a rank (1, 1, 3). ``winners`` lists the seats ranked 1 —
    several on a shared victory. ``notes`` say in words how ties were broken;
    ``details`` hold a per-seat score breakdown for the result screen.
    """

    scores: list
    ranks: list[int]
    notes: list[str] = field(default_factory=list)
    details: list[dict] = field(default_factory=list)

    @property
    def winners(self) -> list[int]:
        return [seat for seat, rank in enumerate(self.ranks) if rank == 1]

    def to_json(self) -> dict:
        data = asdict(self)
        data["winners"] = self.winners
        return data

    @classmethod
    def from_json(cls, data: dict) -> "Outcome":
        return cls(scores=data["scores"], ranks=data["ranks"], notes=data.get("notes", []),
                   details=data.get("details", []))


def rank_by_keys(keys: list) -> list[int]:
    """Competition ranking (1, 1, 3) of seats by a sortable key, higher is better.

    Pass tuples to express tie-breaks: ``(score, most_acorns)``. Seats whose keys
    are equal share a rank, which is how a shared victory is expressed.
    """
    order = sorted(range(len(keys)), key=lambda seat: keys[seat], reverse=True)
    ranks = [0] * len(keys)
    for position, seat in enumerate(order):
        if position and keys[seat] == keys[order[position - 1]]:
            ranks[seat] = ranks[order[position - 1]]
        else:
            ranks[seat] = position + 1
    return ranks
