"""What one seat may see of a Forest Shuffle: Smoky Mountains game (view_schema.py types it).

Public: the forests (except the faces of universal rivers), the clearing, the number of
cards in each hand, deck and cave, the winters set aside, the step of the turn and the
effects still to resolve. Private: a seat's own hand, its universal rivers and its cave.
A finished game shows everything.
"""
from __future__ import annotations

from . import components as C
from .scoring import stem_kind


def _stem_view(stem: dict, index: int, show_river: bool) -> dict:
    kind = stem_kind(stem)
    return {
        "index": index,
        "card": stem["card"],
        "kind": kind,
        "universal_river": stem.get("river") is not None,
        "river_card": stem["river"] if show_river else None,
        "slots": [{"slot": slot,
                   "side": C.SLOT_SIDE[slot],
                   "accepts": ("dry" if kind == "tree" else "water" if kind == "river"
                               else "water" if C.SLOT_SIDE[slot] == "bottom" else "any"),
                   "card": (stem["slots"].get(slot) or {}).get("card"),
                   "half": (stem["slots"].get(slot) or {}).get("half")}
                  for slot in C.SLOTS[kind]],
    }


def _step_view(state: dict, seat: int | None) -> dict:
    step = state["step"]
    data = {"kind": step["kind"]}
    if step["kind"] == "pay":
        mine = seat == state["current"] or state["phase"] == "over"
        data.update({"card": step["card"], "half": step["half"], "stem": step["stem"],
                     "slot": step["slot"], "cost": step["cost"], "paid": list(step["paid"]),
                     "universal_river": step["river"] is not None,
                     "river_card": step["river"] if mine else None})
    return data


def build_view(rules, state: dict, seat: int | None) -> dict:
    over = state["phase"] == "over"
    players = state["players"]

    def mine(other: int) -> bool:
        return over or other == seat

    data = {
        "phase": state["phase"],
        "players": players,
        "seat": seat,
        "first": state["first"],
        "current": state["current"],
        "to_move": sorted(rules.to_move(state)),
        "turns": state["turns"],
        "step": _step_view(state, seat),
        "queue": [{"effect": dict(item["effect"]), "source": item["source"], "kind": item["kind"]}
                  for item in state["queue"]],
        "extra_turn": state["extra_turn"],
        "hand": sorted(state["hands"][seat]) if seat is not None and 0 <= seat < players else None,
        "hand_counts": [len(hand) for hand in state["hands"]],
        "clearing": list(state["clearing"]),
        "deck_count": sum(len(pile) for pile in state["piles"]),
        "winters": list(state["winters"]),
        "removed_count": len(state["removed"]),
        "forests": [[_stem_view(stem, index, mine(other)) for index, stem in enumerate(forest)]
                    for other, forest in enumerate(state["forests"])],
        "cave_counts": [len(cave) for cave in state["caves"]],
        "cave": sorted(state["caves"][seat]) if seat is not None and 0 <= seat < players else None,
        "scores": rules.scores(state),
        "end": state["end"],
    }
    if over:
        data["hands"] = [sorted(hand) for hand in state["hands"]]
        data["caves"] = [sorted(cave) for cave in state["caves"]]
        data["removed"] = sorted(state["removed"])
        data["deck"] = sorted(card for pile in state["piles"] for card in pile)
    return data
