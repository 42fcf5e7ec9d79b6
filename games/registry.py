"""The catalogue of games: every package under ``games.catalog`` that exports RULES.

A game package's ``__init__`` exports

* ``RULES``: the current :class:`games.engine.Rules` instance;
* ``BOTS``: ``{"random": ..., "best": ..., "strong": ...}`` bot functions (random is added
  if absent). The documented levels are ``basic`` and ``strong``: ``basic`` names the
  ``best`` bot, which keeps its old name for the games and clients that use it;
* optionally ``RULES_BY_VERSION``: ``{1: OldRules(), 2: RULES}`` so that a game keeps
  replaying with the rules version it was played under;
* optionally ``BOTS_BY_VERSION``: ``{"best": {1: old_best}}``. A bot function may carry
  a ``version`` attribute (1 when absent); a bot's move records the version it was
  made by (when above 1), and the audit re-runs that version, so improving a bot
  never makes an old game fail its verification.

This module is plain Python; tests may ``register`` a tiny game of their own.
"""
from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field

from games.engine.bots import random_bot


# Another name for a level: "basic" is the documented name of the "best" bot.
LEVEL_ALIASES = {"basic": "best"}


@dataclass
class CatalogEntry:
    rules: object
    bots: dict = field(default_factory=dict)
    versions: dict = field(default_factory=dict)
    bot_versions: dict = field(default_factory=dict)

    @property
    def slug(self) -> str:
        return self.rules.slug

    def bot(self, level: str, version: int | None = None):
        """The bot playing ``level`` (random when unknown); ``version``, as recorded in a
        bot move's command, pins an older one. None for a version this server lacks."""
        current = self.bots.get(level) or self.bots["random"]
        if version is None or version == bot_version(current):
            return current
        return self.bot_versions.get(LEVEL_ALIASES.get(level, level), {}).get(version)


def bot_version(bot) -> int:
    return getattr(bot, "version", 1)


def bot_command(level: str, bot) -> dict:
    """What a bot's move records about the bot: its level, and its version when above 1
    (moves of version-1 bots were recorded before bots had versions)."""
    version = bot_version(bot)
    return {"level": level} if version == 1 else {"level": level, "bot_version": version}


_entries: dict[str, CatalogEntry] = {}
_discovered = False


def register(rules, bots: dict | None = None, versions: dict | None = None,
             bot_versions: dict | None = None) -> CatalogEntry:
    bots = {"random": random_bot, **(bots or {})}
    for alias, level in LEVEL_ALIASES.items():
        if level in bots:
            bots.setdefault(alias, bots[level])
    entry = CatalogEntry(rules=rules, bots=bots,
                         versions={rules.version: rules, **(versions or {})}, bot_versions=bot_versions or {})
    _entries[rules.slug] = entry
    return entry


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    import games.catalog as catalog

    for module in pkgutil.iter_modules(catalog.__path__):
        package = importlib.import_module(f"games.catalog.{module.name}")
        rules = getattr(package, "RULES", None)
        if rules is not None and rules.slug not in _entries:
            register(rules, getattr(package, "BOTS", None), getattr(package, "RULES_BY_VERSION", None),
                     getattr(package, "BOTS_BY_VERSION", None))
    _discovered = True


def all_games() -> list[CatalogEntry]:
    _discover()
    return sorted(_entries.values(), key=lambda entry: entry.slug)


def get(slug: str) -> CatalogEntry | None:
    _discover()
    return _entries.get(slug)


def rules_for(slug: str, version: int | None = None):
    """The rules a game is played under; ``version`` pins an older game's rules."""
    entry = get(slug)
    if entry is None:
        raise KeyError(slug)
    if version is None:
        return entry.rules
    return entry.versions[version]
