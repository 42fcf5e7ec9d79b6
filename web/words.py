"""Moves in words, grouped for the move list.

A game package may hold a pure module ``notation.py`` with ``move_words(move, view)``;
otherwise a generic labelling names the move type and its fields, seats by name.
"""
from __future__ import annotations

import importlib
import json
from functools import lru_cache

from web.names import name_players

SEAT_FIELDS = {"seat", "to", "target", "player", "victim", "from_seat", "to_seat", "opponent"}


@lru_cache(maxsize=None)
def _notation(slug: str):
    try:
        module = importlib.import_module(f"games.catalog.{slug}.notation")
    except ImportError:
        return None
    return getattr(module, "move_words", None)


def humanize(name: str) -> str:
    text = str(name).replace("_", " ").replace("-", " ").strip()
    return text[:1].upper() + text[1:]


def _value(key: str, value, names: list[str]) -> str:
    if key in SEAT_FIELDS and isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(names):
        return names[value]
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(_value(key, item, names) for item in value) or "none"
    if isinstance(value, dict):
        return "; ".join(f"{humanize(k).lower()} {_value(k, v, names)}" for k, v in value.items())
    return str(value).replace("_", " ")


def generic_words(move: dict, names: list[str]) -> str:
    fields = [f"{humanize(key).lower()} {_value(key, value, names)}"
              for key, value in move.items() if key != "type"]
    head = humanize(move.get("type", "move"))
    return f"{head}: {', '.join(fields)}" if fields else head


def move_words(slug: str, move: dict, view, names: list[str]) -> str:
    words = _notation(slug)
    if words is not None:
        try:
            return name_players(str(words(move, view)), names)
        except Exception:  # a notation that cannot say this move: fall back to the generic words
            pass
    return generic_words(move, names)


def move_value(move: dict) -> str:
    """The move as posted by the page: canonical JSON, so equal moves have equal values."""
    return json.dumps(move, sort_keys=True, separators=(",", ":"))


def group_moves(slug: str, moves: list[dict], view, names: list[str], *, optional: bool = False) -> list[dict]:
    """Legal moves by type, in the rules' order, each with its words and posted value."""
    groups: dict[str, dict] = {}
    for move in moves:
        kind = move.get("type", "move")
        group = groups.setdefault(kind, {"type": kind, "title": humanize(kind), "moves": [],
                                         "optional": optional})
        group["moves"].append({"value": move_value(move), "words": move_words(slug, move, view, names)})
    for group in groups.values():
        group["as_list"] = len(group["moves"]) > 8
    return list(groups.values())
