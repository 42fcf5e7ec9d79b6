"""The hidden-information oracle every game's tests share.

A game declares, for a seat (None: a spectator), where its secrets lie: paths into
the state (each card of another hand, each card of the deck, so also its position)
and into an event's payload (a draw, a dealt hand). The oracle then marks every
single secret item with a canary, a value found nowhere else, runs the rules'
``view`` or ``redact`` (and ``describe``) on the marked copy, and looks for each
canary in everything that comes out, in any shape: an item of a list, a key of a
dict (a card -> count map), a value, a single field, or inside a text. Canaries
make repeated cards harmless: a red 2 in another hand and a red 2 on the table are
different canaries.

Secrets a view must compute on (a sealed choice decides whether its seat has
finished the round) cannot be replaced by canaries; for those a game names
``alternatives``: states that differ only in the secret, so every seat other than
its owner must get the same view from each (non-interference).
"""
from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from typing import Callable, Iterable

Path = tuple


@dataclass
class GameSecrets:
    """What one game keeps from a seat, from its rules text (see tests/support/secrets.py)."""

    slug: str
    state: Callable[[dict, int | None], Iterable[Path]]
    event: Callable[[object, int | None], Iterable[Path]]
    alternatives: Callable[[object, dict, int | None], Iterable[dict]] | None = None
    notes: str = ""


@dataclass
class Leak:
    where: str
    path: Path
    shape: str
    found_at: str

    def __str__(self) -> str:
        return f"{self.where}: the secret at {'/'.join(map(str, self.path))} shows as {self.shape} at {self.found_at}"


@dataclass
class _Marks:
    by_text: dict = field(default_factory=dict)     # canary string -> path
    by_number: dict = field(default_factory=dict)   # canary int -> path


_STRING = "§{:05d}§"
_NUMBER = 7_300_000_000


def _get(value, path: Path):
    for key in path:
        value = value[key]
    return value


LETTERS = "each letter"   # ends a path to a string whose every letter is a secret (a route of stops)


def _mark(value, path: Path, marks: _Marks, letters: bool = False):
    """``value`` with every leaf replaced by a canary of the same type."""
    if isinstance(value, dict):
        return {key: _mark(item, path + (key,), marks) for key, item in value.items()}
    if isinstance(value, list):
        return [_mark(item, path + (index,), marks) for index, item in enumerate(value)]
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        canary = _NUMBER + len(marks.by_number) + len(marks.by_text)
        marks.by_number[canary] = path
        return canary
    if isinstance(value, str):
        if letters:
            # One canary letter per secret letter, so the string's length still counts right.
            chars = []
            for index, _letter in enumerate(value):
                canary = chr(0x4E00 + len(marks.by_text) + len(marks.by_number))
                marks.by_text[canary] = path + (index,)
                chars.append(canary)
            return "".join(chars)
        canary = _STRING.format(len(marks.by_text) + len(marks.by_number))
        marks.by_text[canary] = path
        return canary
    raise TypeError(f"cannot mark a {type(value).__name__} at {path}")


def mark(data: dict, paths: Iterable[Path]) -> tuple[dict, _Marks]:
    """A deep copy of ``data`` whose secret items at ``paths`` are canaries."""
    marked, marks = copy.deepcopy(data), _Marks()
    for path in paths:
        letters = path[-1] == LETTERS
        path = tuple(path[:-1]) if letters else tuple(path)
        *parent, last = path
        holder = _get(marked, tuple(parent))
        holder[last] = _mark(holder[last], path, marks, letters)
    return marked, marks


def find(received, marks: _Marks, where: str) -> list[Leak]:
    """Every canary of ``marks`` in ``received``, wherever and however it shows."""
    leaks: list[Leak] = []

    def text(value: str, at: str, shape: str):
        for canary, path in marks.by_text.items():
            if canary in value:
                leaks.append(Leak(where, path, shape, at))
        for canary, path in marks.by_number.items():
            if str(canary) in value:
                leaks.append(Leak(where, path, shape, at))

    def walk(value, at: str):
        if isinstance(value, dict):
            for key, item in value.items():
                if isinstance(key, str):
                    text(key, f"{at}/{key}", "a key of a map")
                elif key in marks.by_number:
                    leaks.append(Leak(where, marks.by_number[key], "a key of a map", at))
                walk(item, f"{at}/{key}")
        elif isinstance(value, (list, tuple, set, frozenset)):
            for index, item in enumerate(value):
                walk(item, f"{at}[{index}]")
        elif isinstance(value, str):
            text(value, at, "a text" if " " in value else "a value")
        elif isinstance(value, bool) or value is None:
            return
        elif isinstance(value, int) and value in marks.by_number:
            leaks.append(Leak(where, marks.by_number[value], "a value", at))

    walk(received, "")
    return leaks


def _found(render, marks: _Marks, where: str) -> list[Leak]:
    """The leaks in what ``render`` returns. Rendering that fails on the canaries read
    a secret it should not have needed (a description naming a hidden card): a leak."""
    try:
        received = render()
    except Exception as error:  # noqa: BLE001 - any failure here is the finding
        return [Leak(where, ("?",), f"an error once the secrets were marked ({error!r})", "rendering")]
    return find(received, marks, where)


def _render_event(rules, event, seat):
    redacted = rules.redact(event, seat)
    return {"type": redacted.type, "payload": redacted.payload, "text": rules.describe(redacted, seat)}


def state_leaks(rules, secrets: GameSecrets, state: dict, seat: int | None) -> list[Leak]:
    where = f"{rules.slug} view for seat {seat}"
    paths = list(secrets.state(state, seat))
    leaks: list[Leak] = []
    if paths:
        marked, marks = mark(state, paths)
        leaks += _found(lambda: rules.view(marked, seat), marks, where)
    if secrets.alternatives is not None:
        seen = json.dumps(rules.view(state, seat), sort_keys=True)
        for other in secrets.alternatives(rules, state, seat):
            if json.dumps(rules.view(other, seat), sort_keys=True) != seen:
                leaks.append(Leak(where, ("alternative",), "a different view for a different secret", "view"))
    return leaks


def event_leaks(rules, secrets: GameSecrets, event, seat: int | None) -> list[Leak]:
    from games.engine.events import Event

    paths = list(secrets.event(event, seat))
    if not paths:
        return []
    marked, marks = mark({"payload": event.payload}, [("payload",) + tuple(p) for p in paths])
    return _found(lambda: _render_event(rules, Event(event.type, marked["payload"]), seat), marks,
                  f"{rules.slug} {event.type} for seat {seat}")


def seats_and_spectator(state_players: int) -> list[int | None]:
    return list(range(state_players)) + [None]


def assert_hidden(rules, secrets: GameSecrets, state: dict, events: Iterable, players: int) -> int:
    """Check the view of ``state`` and every event of ``events`` for every seat and a
    spectator; fail with every leak found. Returns how many secret items (and
    alternative states) were looked at, so a caller can tell it checked something."""
    leaks: list[Leak] = []
    looked = 0
    events = list(events)
    for seat in seats_and_spectator(players):
        looked += len(list(secrets.state(state, seat)))
        looked += sum(len(list(secrets.event(event, seat))) for event in events)
        if secrets.alternatives is not None:
            looked += sum(1 for _ in secrets.alternatives(rules, state, seat))
        leaks += state_leaks(rules, secrets, state, seat)
        for event in events:
            leaks += event_leaks(rules, secrets, event, seat)
    assert not leaks, "hidden information leaks:\n" + "\n".join(str(leak) for leak in leaks[:20])
    return looked
