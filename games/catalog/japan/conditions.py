"""The small typed language of the highlight of the day.

A card's bottom half is a :class:`Condition` (at least so many icons of some kinds,
or none of one kind) and a :class:`Reward` (points, icons gained, points per icon,
per complete set of icons, per ticket, per day spent only in one city). Both are
parsed once from the compact notation of components.py and evaluated against a
:class:`Tally`: what the trip has activated from Monday to the end of the current day.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from .components import DECKS, ICON_WORDS, LETTERS, city_of, number_of

Tally = Counter   # kind -> count; kinds are icon names, "walk", "ticket", "days:tokyo", "days:kyoto"


@dataclass(frozen=True)
class Condition:
    need: tuple[tuple[str, int], ...] = ()    # (kind, at least)
    none_of: str | None = None                # this kind must not appear at all

    def met(self, tally: Tally) -> bool:
        if self.none_of is not None and tally[self.none_of] > 0:
            return False
        return all(tally[kind] >= count for kind, count in self.need)

    def words(self) -> str:
        if self.none_of is not None:
            return f"no {ICON_WORDS[self.none_of]} icon"
        return " and ".join(f"{count} {ICON_WORDS[kind]}" for kind, count in self.need) or "always"


@dataclass(frozen=True)
class PerTerm:
    points: int
    kinds: tuple[str, ...]     # one kind: per icon; several: per complete set; "days:tokyo"...

    def value(self, tally: Tally) -> int:
        return self.points * min(tally[kind] for kind in self.kinds)

    def words(self) -> str:
        if self.kinds[0].startswith("days:"):
            return f"{self.points} per day only in {self.kinds[0][5:].capitalize()}"
        if len(self.kinds) == 1:
            return f"{self.points} per {ICON_WORDS[self.kinds[0]]}"
        return f"{self.points} per set of " + "+".join(ICON_WORDS[k] for k in self.kinds)


@dataclass(frozen=True)
class Reward:
    points: int = 0
    gain: tuple[str, ...] = ()        # icons gained (experience, mood) and "wild" jokers
    per: tuple[PerTerm, ...] = ()

    def value(self, tally: Tally) -> int:
        return self.points + sum(term.value(tally) for term in self.per)

    def words(self) -> str:
        parts = [f"{self.points}"] if self.points or not (self.gain or self.per) else []
        parts += [term.words() for term in self.per]
        if self.gain:
            parts.append("gain " + ", ".join(ICON_WORDS[k] for k in self.gain))
        return "; ".join(parts)


def parse_icons(text: str) -> tuple[str, ...]:
    return tuple(LETTERS[letter] for letter in text)


def parse_condition(text: str) -> Condition:
    if text.startswith("!"):
        return Condition(none_of=LETTERS[text[1:]])
    counts = Counter(LETTERS[letter] for letter in text)
    return Condition(need=tuple(sorted(counts.items())))


def parse_reward(text: str) -> Reward:
    points, gain, per = 0, (), []
    for term in text.split():
        if term.startswith("+"):
            gain = parse_icons(term[1:])
        elif "/" in term:
            amount, what = term.split("/")
            if what in ("tokyo", "kyoto"):
                kinds = (f"days:{what}",)
            elif what.startswith("["):
                kinds = parse_icons(what[1:-1])
            else:
                kinds = parse_icons(what)
            per.append(PerTerm(int(amount), kinds))
        else:
            points = int(term)
    return Reward(points, gain, tuple(per))


@dataclass(frozen=True)
class Card:
    id: str
    city: str            # the city on its back
    name: str
    icons: tuple[str, ...]
    points: int
    condition: Condition
    reward: Reward
    yellow: bool

    def words(self) -> str:
        colour = "yellow" if self.yellow else self.city.capitalize()
        icons = ", ".join(ICON_WORDS[i] for i in self.icons) or "no icons"
        return (f"{self.id} {self.name} ({colour}; {icons}; {self.points} points; highlight: "
                f"{self.condition.words()} -> {self.reward.words()})")


@lru_cache(maxsize=None)
def card(card_id: str) -> Card:
    city = city_of(card_id)
    number = number_of(card_id)
    name, icons, points, condition, reward = DECKS[city][number]
    return Card(card_id, city, name, parse_icons(icons), points, parse_condition(condition),
                parse_reward(reward), number >= 72)
