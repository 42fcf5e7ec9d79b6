"""The catalogue as the lobby shows it: every registered game, new ones included."""
from __future__ import annotations

import importlib

from games import registry


def description(entry) -> str:
    text = getattr(entry.rules, "description", None)
    if not text:
        package = importlib.import_module(type(entry.rules).__module__.rsplit(".", 1)[0])
        text = (package.__doc__ or "").strip().split("\n\n")[0]
    return " ".join(text.split())


def bot_levels(entry) -> list[str]:
    """Levels a player may seat, strongest first."""
    return sorted(entry.bots, key=lambda level: (level != "best", level))


def entries() -> list[dict]:
    return [{"slug": e.slug, "title": e.rules.title, "min_players": e.rules.min_players,
             "max_players": e.rules.max_players, "description": description(e), "bot_levels": bot_levels(e)}
            for e in registry.all_games() if is_public(e)]


def is_public(entry) -> bool:
    """Games a player may pick: those in the catalogue package (tests register their own tiny ones)."""
    return type(entry.rules).__module__.startswith("games.catalog.")
