"""Players by name, never by seat number: seat labels and the log's sentences."""
from __future__ import annotations

import re
import string

_PLAYER = re.compile(r"\b[Pp]layer (\d+)\b")


def seat_rows(game) -> list:
    """The game's seats with their users, in seat order."""
    return list(game.seats.select_related("user").order_by("number"))


def seat_names(seats) -> list[str]:
    """A name per seat: the username, "Bot A" … for bots, "open seat" for a free one."""
    names, bots = [], iter(string.ascii_uppercase)
    for seat in seats:
        if seat.user_id is not None:
            names.append(seat.user.username)
        elif seat.bot_level:
            names.append(f"Bot {next(bots, '?')}")
        else:
            names.append("open seat")
    return names


def name_players(text: str, names: list[str]) -> str:
    """Replace the rules' "Player 2" with the name of the player in that seat."""
    def swap(match):
        index = int(match.group(1)) - 1
        return names[index] if 0 <= index < len(names) else match.group(0)
    return _PLAYER.sub(swap, text)
