"""The trip: the end of the game, played day by day through a finished plan.

The trip is a pure function of the plan, the tokens the planning left, and the
choices the player has made so far (a list of moves, in the order they were asked).
``run_trip`` replays those choices and either stops at the next question (a
:class:`Decision` whose options are exactly the legal moves) or returns the score.
The order follows the seed's "Spielende und Wertung": yellow cards to a city, a ticket
for each change of city, then Monday to Saturday (walks face up or down, cards top to
bottom: points, experience, mood; jokers; the highlight of the day), then the mood
tracks, the last jokers and experience, tickets and unused exploration markers.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .components import (AGENT_EXPERIENCE_START, DAY_NAMES, EXPERIENCE, GREEN, JOY_POINTS,
                         MOOD_END, RED, STRESS_POINTS, TICKET_POINTS, WALK_HIGHLIGHT_POINTS,
                         WALK_POINTS, experience_points, is_yellow)
from .conditions import card


@dataclass
class Decision:
    kind: str            # "yellow", "ticket", "face", "joker", "final_joker"
    options: list[dict]
    about: dict = field(default_factory=dict)


@dataclass
class Track:
    """Mood marker (-3 stress end .. +3 joy end), joy and stress tracks."""
    mood: int = 0
    joy: int = 0
    stress: int = 0

    def step(self, delta: int) -> None:
        self.mood += delta
        if self.mood >= MOOD_END:
            self.joy = min(self.joy + 1, len(JOY_POINTS) - 1)
            self.mood = 0
        elif self.mood <= -MOOD_END:
            self.stress = min(self.stress + 1, len(STRESS_POINTS) - 1)
            self.mood = 0

    def points(self) -> int:
        return JOY_POINTS[self.joy] + STRESS_POINTS[self.stress]


@dataclass
class TripRun:
    pending: Decision | None
    used: int                       # how many of the given moves were consumed
    score: dict | None = None       # the breakdown once the trip is over
    cities: list = field(default_factory=list)
    log: list[str] = field(default_factory=list)


class _Ask(Exception):
    def __init__(self, decision: Decision):
        self.decision = decision


def entries_of(plan: list) -> list[tuple[int, int, dict]]:
    return [(day, index, entry) for day, column in enumerate(plan) for index, entry in enumerate(column)]


def run_trip(plan: list, start: dict, moves: list, agent: bool = False) -> TripRun:
    """Replay ``moves`` through the trip of ``plan``.

    ``start``: the tokens after planning (mood, joy, stress, jokers, explore, luxury,
    start_ticket). ``agent``: the solo travel agent's trip (no questions, no tickets, every
    highlight scores, a joker moves its farthest experience marker).
    """
    position = [0]
    log: list[str] = []

    def ask(kind: str, options: list[dict], about: dict) -> dict:
        if len(options) == 1:
            return options[0]
        if position[0] < len(moves):
            move = moves[position[0]]
            if move not in options:
                raise ValueError(f"trip move {move} is not one of {options}")
            position[0] += 1
            return move
        raise _Ask(Decision(kind, options, about))

    entries = entries_of(plan)
    track = Track(start.get("mood", 0), start.get("joy", 0), start.get("stress", 0))
    jokers = start.get("jokers", 0)
    experience = {name: (AGENT_EXPERIENCE_START if agent else 0) for name in EXPERIENCE}
    tally: Counter = Counter()
    score = {"cards": 0, "highlights": 0, "mood": 0, "experience": 0, "tickets": 0, "explore": 0}
    cities: list[str] = []
    tickets_used: list[tuple[int, int, str]] = []    # (day, index of the entry it precedes, kind)

    def gain(kind: str) -> None:
        nonlocal jokers
        if kind in EXPERIENCE:
            experience[kind] += 1
            tally[kind] += 1
        elif kind in GREEN:
            tally[kind] += 1
            track.step(+1)
        elif kind in RED:
            tally[kind] += 1
            track.step(-1)
        elif kind == "wild":
            if agent:
                farthest = max(EXPERIENCE, key=lambda name: experience[name])
                gain(farthest)
            else:
                jokers += 1

    try:
        # 1. Yellow cards to Tokyo or Kyoto (walks count as the city on their back).
        for day, index, entry in entries:
            if "walk" in entry:
                cities.append(entry["city"])
            elif is_yellow(entry["card"]) and not agent:
                choice = ask("yellow", [{"type": "city", "card": entry["card"], "city": c}
                                        for c in ("tokyo", "kyoto")],
                             {"card": entry["card"], "day": day})
                cities.append(choice["city"])
            else:
                cities.append(card(entry["card"]).city)
        # 2. A ticket for each change of city, in the order of the trip.
        start_left, luxury_left = start.get("start_ticket", 1), start.get("luxury", 0)
        ticket_at: dict[tuple[int, int], str] = {}
        if not agent:
            for flat in range(1, len(entries)):
                if cities[flat] == cities[flat - 1]:
                    continue
                day, index, _ = entries[flat]
                options = []
                if start_left:
                    options.append({"type": "ticket", "kind": "start"})
                if luxury_left:
                    options.append({"type": "ticket", "kind": "luxury"})
                options.append({"type": "ticket", "kind": "standard"})
                choice = ask("ticket", options, {"day": day, "index": index, "from": cities[flat - 1],
                                                 "to": cities[flat]})
                kind = choice["kind"]
                start_left -= kind == "start"
                luxury_left -= kind == "luxury"
                ticket_at[(day, index)] = kind
                tickets_used.append((day, index, kind))
        # 3. Day by day.
        flat = 0
        for day, column in enumerate(plan):
            faces = {}
            for entry in column:
                if "walk" in entry:
                    sides = ("up", "down") if entry["walk"] else ("down",)
                    choice = ask("face", [{"type": "face", "card": entry["walk"], "face": f}
                                          for f in sides],
                                 {"card": entry["walk"], "day": day})
                    faces[entry["walk"]] = choice["face"]
            day_cities = set(cities[flat:flat + len(column)])
            flat += len(column)
            if len(day_cities) == 1:
                tally[f"days:{day_cities.pop()}"] += 1
            day_points = 0
            for index, entry in enumerate(column):
                kind = ticket_at.get((day, index))
                if kind is not None:
                    tally["ticket"] += 1
                    if kind == "luxury":
                        gain("relax")     # DESIGN: the luxury ticket's green icon is a relaxing one
                if "walk" in entry:
                    tally["walk"] += 1
                    if faces[entry["walk"]] == "down":
                        day_points += WALK_POINTS
                        gain("relax")
                        continue
                    shown = card(entry["walk"])
                else:
                    shown = card(entry["card"])
                day_points += shown.points
                for icon in shown.icons:
                    gain(icon)
            while jokers > 0 and not agent:
                choice = ask("joker", [{"type": "joker", "track": t} for t in EXPERIENCE]
                             + [{"type": "continue"}], {"day": day, "jokers": jokers})
                if choice["type"] == "continue":
                    break
                jokers -= 1
                gain(choice["track"])
            bottom = column[-1] if column else None
            highlight = 0
            if bottom is not None and "walk" in bottom and faces[bottom["walk"]] == "down":
                highlight = WALK_HIGHLIGHT_POINTS
                log.append(f"{DAY_NAMES[day]}: the face-down walk at the bottom scores {highlight}.")
            elif bottom is not None:
                shown = card(bottom.get("card") or bottom["walk"])
                if agent or shown.condition.met(tally):
                    highlight = shown.reward.value(tally)
                    for kind in shown.reward.gain:
                        gain(kind)
                    log.append(f"{DAY_NAMES[day]}: highlight {shown.name} met, {highlight} points.")
                else:
                    log.append(f"{DAY_NAMES[day]}: highlight {shown.name} not met.")
            score["cards"] += day_points
            score["highlights"] += highlight
        # 4. The mood tracks.
        score["mood"] = track.points()
        # 5. Last jokers, then experience.
        while jokers > 0 and not agent:
            choice = ask("final_joker", [{"type": "joker", "track": t} for t in EXPERIENCE]
                         + [{"type": "continue"}], {"jokers": jokers})
            if choice["type"] == "continue":
                break
            jokers -= 1
            experience[choice["track"]] += 1
        score["experience"] = sum(experience_points(value) for value in experience.values())
        # 6. Tickets, 7. unused exploration markers.
        score["tickets"] = sum(TICKET_POINTS[kind] for _, _, kind in tickets_used)
        score["explore"] = 0 if agent else start.get("explore", 0)
    except _Ask as question:
        return TripRun(pending=question.decision, used=position[0], cities=cities, log=log)
    score["total"] = sum(score.values())
    score["experience_tracks"] = dict(experience)
    score["experience_spaces"] = sum(experience.values())
    score["joy"], score["stress"], score["mood_marker"] = track.joy, track.stress, track.mood
    score["tickets_used"] = [kind for _, _, kind in tickets_used]
    return TripRun(pending=None, used=position[0], score=score, cities=cities, log=log)
