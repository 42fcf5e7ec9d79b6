"""Players by name, never by seat number: the one place that names seats.

The rules' and the platform's descriptions speak of "Player N" (N = seat + 1); the
API, the pages and the emails pass them through ``name_players`` with the table's
names. A person is named by their username, a bot by its level ("Bot (strong)"; with
several bots of one level, "Bot (strong) 2"), a free seat as "open seat".
"""
from __future__ import annotations

import re
from collections import Counter

from games.registry import LEVEL_ALIASES

_PLAYER = re.compile(r"\b[Pp]layer (\d+)\b")
# How a bot level is shown: "best" is the documented level "basic".
_LEVEL_WORDS = {level: alias for alias, level in LEVEL_ALIASES.items()}


def seat_rows(game) -> list:
    """The game's seats with their users, in seat order."""
    return list(game.seats.select_related("user").order_by("number"))


def bot_name(level: str) -> str:
    return f"Bot ({_LEVEL_WORDS.get(level, level) or 'basic'})"


def seat_names(seats) -> list[str]:
    """A name per seat (``seats``: Seat rows in seat order, with their users)."""
    names = []
    for seat in seats:
        if seat.user_id is not None:
            names.append(seat.user.username)
        elif seat.bot_level:
            names.append(bot_name(seat.bot_level))
        else:
            names.append("open seat")
    repeated = {name for name, count in Counter(names).items() if count > 1 and name.startswith("Bot (")}
    counters: Counter = Counter()
    for index, name in enumerate(names):
        if name in repeated:
            counters[name] += 1
            names[index] = f"{name} {counters[name]}"
    return names


def names_of(game) -> list[str]:
    return seat_names(seat_rows(game))


def mentions_player(text: str) -> bool:
    return bool(_PLAYER.search(text or ""))


def name_players(text: str, names: list[str], reader: int | None = None) -> str:
    """``text`` with each "Player N" replaced by the name of seat N - 1; with a
    ``reader`` seat, that seat is "you" (emails to a player)."""
    if reader is None:
        def swap(match):
            index = int(match.group(1)) - 1
            return names[index] if 0 <= index < len(names) else match.group(0)
        return _PLAYER.sub(swap, text)
    return personal(text, names, reader)


def personal(line: str, names: list[str], seat: int | None) -> str:
    """A log line with names instead of "Player 2", and "you" for the reader."""
    def name(match):
        number = int(match.group(1)) - 1
        if number == seat:
            return "You" if match.start() == 0 else "you"
        return names[number] if 0 <= number < len(names) else match.group(0)

    text = _PLAYER.sub(name, line)
    if seat is None or f"layer {seat + 1}" not in line:
        return text
    for verb, fixed in (("is", "are"), ("has", "have"), ("was", "were")):
        text = re.sub(rf"\b([Yy]ou) {verb}\b", rf"\1 {fixed}", text)
    if text.startswith("You "):
        text = text.replace(" their ", " your ")
        text = re.sub(r"^You (\w+)", lambda m: "You " + _plain_verb(m.group(1)), text)
    # "you" opening a later clause is its subject too: "...began; you start", ". You pass".
    text = re.sub(r"([.!?]\s+|[;:]\s+)(you|You) (\w+)", lambda m: m.group(1) + (
        "You" if m.group(1)[0] in ".!?" else "you") + " " + _plain_verb(m.group(3)), text)
    text = text.replace("You's ", "Your ").replace("you's ", "your ")
    return text


def _plain_verb(word: str) -> str:
    """The verb after a sentence's "You" without the third person's s: "places" -> "place"."""
    if word in ("is", "has", "was", "are", "have", "were") or not word.endswith("s") or word.endswith("ss"):
        return word
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("sses", "shes", "ches", "xes", "zes", "oes")):   # "goes" -> "go"
        return word[:-2]
    return word[:-1]


def named_outcome(outcome: dict | None, names: list[str]) -> dict | None:
    """A game's outcome with its notes naming players (the stored notes say "Player N")."""
    if not outcome or not outcome.get("notes"):
        return outcome
    return {**outcome, "notes": [name_players(note, names) for note in outcome["notes"]]}
