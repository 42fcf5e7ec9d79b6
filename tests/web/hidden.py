"""What a seat's browser must never receive: other seats' secrets, by comparison with the
seat's own view and log (from the selectors) and with the game's full state.

A token is a string in the full state, or in another seat's view, that appears
nowhere in what this seat may know (its view, its legal moves, the log as redacted
for it). Such a token standing alone in a page or fragment is a leak. Only tokens
shaped like identifiers count (a card "red-2", "passport-egypt", a route "ACL"): a
plain lowercase word such as a hidden terminal's side "right" also occurs in the
page's own wording ("turned right") and would prove nothing.
"""
from __future__ import annotations

import json
import re

from games import selectors, store
from games.models import GameStatus


def _strings(value, out: set):
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, dict):
        for item in value.values():
            _strings(item, out)
    elif isinstance(value, list):
        for item in value:
            _strings(item, out)
    return out


def secret_tokens(game_id: int, seat: int | None, version: int | None = None) -> set[str]:
    """The secrets of the game at ``version`` (the current one by default): a page drawn at
    an older version is judged by what the seat knew then, so a card that was in its own
    hand and has since been passed on is no secret in a page showing that hand."""
    game = selectors.game_get(game_id)
    if game.status != GameStatus.ACTIVE:
        return set()
    rules = selectors.rules_of(game)
    state = game.state
    if version is not None and 0 < version < game.version:
        state = store.state_at(game, rules, version)
    else:
        version = game.version
    known = [selectors.view_for(game, seat, state=state), _log_for(game, seat, version)]
    if seat is not None:
        known.append(rules.legal_moves(state, seat))
    known_text = json.dumps(known)
    candidates = _strings(state, set())
    for other in range(game.players):
        if other != seat:
            _strings(selectors.view_for(game, other, state=state), candidates)
    return {token for token in candidates if _identifier(token) and token not in known_text}


# The log as a seat saw it, per game and seat: while a game is active its redacted events
# never change, so each check reads only the events appended since the last one (a whole
# game's checks would otherwise read the log once per move). Keyed by the server seed
# too, since a flushed test database hands out the same game ids again.
_LOGS: dict[tuple, list] = {}


def _log_for(game, seat: int | None, version: int) -> list[dict]:
    log = _LOGS.setdefault((game.pk, game.server_seed, seat), [])
    if len(log) < version:
        log += selectors.events_for(game, seat, after=len(log), limit=version - len(log))
    return log[:version]


def _identifier(token: str) -> bool:
    return (len(token) >= 3 and not token.isdigit()
            and (any(ch in token for ch in "-_0123456789") or not token.islower()))


def leaks(bodies, tokens: set[str]) -> list[tuple[str, str]]:
    found = []
    for url, body in bodies:
        for token in tokens:
            if re.search(r"(?<![\w-])" + re.escape(token) + r"(?![\w-])", body):
                found.append((url, token))
    return found


def assert_no_leak(page, game_id: int, seat: int | None):
    """No page or fragment received since the last call holds a secret of the version it
    shows (its ``data-version``; the current version for a body that names none)."""
    bodies = page.received.unchecked()
    by_version: dict[int | None, list] = {}
    for url, body in bodies:
        shown = _SHOWN_VERSION.search(body)
        by_version.setdefault(int(shown.group(1)) if shown else None, []).append((url, body))
    found, count = [], 0
    for version, group in by_version.items():
        tokens = secret_tokens(game_id, seat, version)
        count = max(count, len(tokens))
        found += leaks(group, tokens)
    assert not found, f"secrets of other seats reached seat {seat}'s browser: {found[:5]}"
    return count if bodies else len(secret_tokens(game_id, seat))


_SHOWN_VERSION = re.compile(r'id="live"[^>]*data-version="(\d+)"')
