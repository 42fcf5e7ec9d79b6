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

from games import selectors
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


def secret_tokens(game_id: int, seat: int | None, since: int | None = None) -> set[str]:
    """The secrets of other seats now. With ``since``, what ``seat`` was shown at any
    version from ``since`` on counts as known: a page fetched at such a version showed
    it rightly (a draft hand the seat has since passed on, say)."""
    game = selectors.game_get(game_id)
    if game.status != GameStatus.ACTIVE:
        return set()
    rules = selectors.rules_of(game)
    known = [selectors.view_for(game, seat), selectors.events_for(game, seat, after=0, limit=100_000)]
    if since is not None:
        known += [selectors.state_at_for(game, seat, version) for version in range(max(since, 1), game.version)]
    if seat is not None:
        known.append(rules.legal_moves(game.state, seat))
    known_text = json.dumps(known)
    candidates = _strings(game.state, set())
    for other in range(game.players):
        if other != seat:
            _strings(selectors.view_for(game, other), candidates)
    return {token for token in candidates if _identifier(token) and token not in known_text}


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
    """Every body the page received since the last check, against the secrets of now,
    less what the seat was rightly shown at the versions those bodies may show."""
    checked = getattr(page, "leak_checked_version", None)
    tokens = secret_tokens(game_id, seat, since=checked)
    bodies = page.received.unchecked()
    found = leaks(bodies, tokens)
    assert not found, f"secrets of other seats reached seat {seat}'s browser: {found[:5]}"
    page.leak_checked_version = selectors.game_get(game_id).version
    return len(tokens)
