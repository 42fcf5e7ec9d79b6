"""A seat's turn in words: the situation, what happened, the legal moves numbered.

The words come from the game's ``notation`` module (games/catalog/<slug>/notation.py:
``situation``, ``move_words``, ``notation``, ``parse``, ``SYNTAX``, ``EXAMPLES``);
everything is read through the rules' ``view`` and ``legal_moves`` for that seat, so a
turn email shows exactly what the player may see. The moves are numbered in the order
``legal_moves`` gives them at that version; a reply's number is read against the same
version's list (a reply to an older version is answered "the game moved on").
"""
from __future__ import annotations

import importlib
import re
from dataclasses import dataclass, field

from django.conf import settings

from games import registry
from games import selectors as game_selectors
from games.models import Game, GameStatus, Seat
from worker.mailplay import tokens

# Beyond this many legal moves the email gives the notation instead of a list.
MAX_LISTED = 60


def notation_module(slug: str):
    try:
        return importlib.import_module(f"games.catalog.{slug}.notation")
    except ImportError:
        return None


def names_of(game: Game) -> list[str]:
    """Each seat's name: the player's username, or "Bot 1", "Bot 2"... for bot seats."""
    seats = {s.number: s for s in Seat.objects.filter(game_id=game.pk).select_related("user")}
    names, bots = [], 0
    for number in range(max([len(game.seat_users or [])] + [n + 1 for n in seats])):
        seat = seats.get(number)
        if seat is not None and seat.user_id and not seat.bot_level:
            names.append(seat.user.username)
        else:
            bots += 1
            names.append(f"Bot {bots}")
    return names


_PLAYER = re.compile(r"\b[Pp]layer (\d+)\b('s\b)?")


def personal(line: str, names: list[str], seat: int | None) -> str:
    """A log line with names instead of "Player 2", and "you" ("your") for the reader."""
    def name(match):
        number = int(match.group(1)) - 1
        possessive = match.group(2) or ""
        if number == seat:
            word = "your" if possessive else "you"
            return word.capitalize() if match.start() == 0 else word
        return (names[number] + possessive) if 0 <= number < len(names) else match.group(0)

    text = _PLAYER.sub(name, line)
    if seat is None or f"layer {seat + 1}" not in line:
        return text
    for verb, fixed in (("is", "are"), ("has", "have"), ("was", "were")):
        text = re.sub(rf"\b([Yy]ou) {verb}\b", rf"\1 {fixed}", text)
    if text.startswith("You "):
        text = text.replace(" their ", " your ")
    return text


def web_link(game: Game) -> str:
    return f"{settings.SITE_URL}/games/{game.pk}/"


@dataclass
class Turn:
    """What one seat sees and may do at one version, in words."""

    game: Game
    seat: int
    names: list[str]
    title: str
    version: int
    can_move: bool
    situation: str = ""
    moves: list[dict] = field(default_factory=list)   # [{"n", "words", "notation"}]
    listed: bool = True
    syntax: str = ""
    examples: list[str] = field(default_factory=list)
    legal: list[dict] = field(default_factory=list)
    view: dict = field(default_factory=dict)
    reply_to: str = ""
    web_link: str = ""
    opponents: list[str] = field(default_factory=list)

    def context(self) -> dict:
        return {"situation": self.situation, "moves": self.moves, "listed": self.listed, "syntax": self.syntax,
                "examples": self.examples, "reply_to": self.reply_to, "web_link": self.web_link,
                "can_move": self.can_move, "opponents": self.opponents, "move_count": len(self.legal),
                "player_name": self.names[self.seat] if self.seat < len(self.names) else ""}


def turn_for(game: Game, seat: int, *, names: list[str] | None = None) -> Turn:
    """The seat's turn at the game's current version (``game`` with its state loaded)."""
    rules = game_selectors.rules_of(game)
    entry = registry.get(game.slug)
    names = names or names_of(game)
    module = notation_module(game.slug)
    can_move = game_selectors.can_move(game, seat)
    view = rules.view(game.state, seat) if game.status != GameStatus.OPEN else {}
    # The notation modules read whose view it is and the players' names from the view;
    # some rules' views do not say the seat, so the platform adds both to its copy.
    view = {**view, "you": seat, "player_names": names} if view else view
    legal = rules.legal_moves(game.state, seat) if can_move else []
    turn = Turn(game=game, seat=seat, names=names, title=entry.rules.title if entry else game.slug,
                version=game.version, can_move=can_move, legal=legal, view=view, web_link=web_link(game),
                opponents=[n for i, n in enumerate(names) if i != seat])
    if can_move and game.status == GameStatus.ACTIVE:
        turn.reply_to = tokens.address(game.pk, seat, game.version)
    if module is None:  # a game without a notation module: its moves as data, numbered
        turn.moves = [{"n": i + 1, "words": str(m), "notation": ""} for i, m in enumerate(legal)]
        return turn
    turn.situation = module.situation(view, names)
    turn.syntax = getattr(module, "SYNTAX", "")
    turn.listed = len(legal) <= getattr(module, "MAX_LISTED", MAX_LISTED)
    if turn.listed:
        turn.moves = [{"n": i + 1, "words": module.move_words(m, view), "notation": _written(module, m, view)}
                      for i, m in enumerate(legal)]
    turn.examples = _examples(module, legal, view)
    return turn


def _examples(module, legal: list[dict], view: dict) -> list[str]:
    """A few moves the player could make now, in the notation: one of each kind of move,
    then more of the commonest kind from across the list (different tiles, squares)."""
    picked: list[dict] = []
    for move in legal:
        if move.get("type") not in {m.get("type") for m in picked}:
            picked.append(move)
    for index in (len(legal) // 3, len(legal) // 2, 2 * len(legal) // 3, len(legal) - 1):
        if len(picked) >= 5:
            break
        if 0 <= index < len(legal) and legal[index] not in picked:
            picked.append(legal[index])
    return [f"{_written(module, m, view)}  ({module.move_words(m, view)})" if _written(module, m, view)
            else module.move_words(m, view) for m in picked[:5]]


def _written(module, move: dict, view: dict) -> str:
    """The move in the game's notation; "" for a module that only reads it (no ``notation``)."""
    write = getattr(module, "notation", None)
    return write(move, view) if write else ""
