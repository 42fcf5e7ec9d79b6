"""Citytrip Brugge: the rules.

Read next to the rule text (shared/seeds/001, "Regeln") and the rulings of
shared/games/citytour.md:

* setup (``GameStarted``): one start place for the whole table, crossed off on every
  sheet; three missions (one per back number; up to six on the red side, two per back);
  solo: the level fixes start, side, missions and target. The first card is turned
  (``CardsTurned``): the back of the card just flipped and the front of the new top card
  make the 3x2 display.
* a turn: every player at the same time chooses, routes and marks (turn.py: three
  secret ``StepTaken`` events). When every seat has finished, ``TurnResolved`` reveals
  all choices and writes them on the sheets; activated bonus boxes and first-to-reach
  missions are settled. Then the next card is turned, or the game ends
  (``GameEnded``) after the last pair: 15 turns with 16 cards, 19 with 20.
* score (score.py): the next free box of each row, gastronomy (a restaurant doubles
  the others), missions, minus the rush penalty. Tie-break: fewer rushes, then more
  missions fulfilled; still equal totals share the victory.

Cards are drawn when they are turned, each from the cards not used yet and with a
random side up: the same as a deck shuffled at the start, and nothing hidden sits in
the state but the top card's back, which no view and no redacted event shows.
"""
from __future__ import annotations

from games.engine import Event, IllegalMove, Outcome, Rules
from games.engine.outcome import rank_by_keys

from .components import (BONUS_BOXES, CARDS, CELL_NAMES, DECK_SIZES, GREEN, RED, SIDES, START_PLACES,
                         TYPE_WORDS, bonus_value, places)
from .missions import BACKS, MISSIONS, MISSIONS_BY_SIDE, SOLO_LEVELS, mission_words, reached
from .score import score_sheet
from .turn import CHOOSE, MARK, ROUTE, Turn, counts_of


def player_name(seat, names=None) -> str:
    if names and seat is not None and 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return f"Player {seat + 1}"


def new_sheet(start: str, side: str) -> dict:
    """A sheet with the start place crossed off (ruling 2); on the red side a bonus box in
    the first box of the start place's row is reached at once."""
    ptype = places(side)[start].type
    active = [f"{ptype}:1"] if side == RED and 1 in BONUS_BOXES.get(ptype, {}) else []
    return {"route": [start], "marks": {start: ptype}, "rush": 0,
            "bonus_active": active, "bonus_used": [], "reached": {}}


class CitytourRules(Rules):
    slug = "citytour"
    title = "Citytrip Brugge"
    min_players = 1
    max_players = 6
    version = 1

    # -- description -------------------------------------------------------
    def options_schema(self) -> dict:
        return {
            "type": "object",
            "properties": {
                "side": {"type": "string", "enum": list(SIDES), "default": GREEN,
                         "description": "The sheet side: 'green' (base game) or 'red' (advanced: dearer "
                                        "museums and theatres, special places, bonus boxes, up to six "
                                        "missions). Solo: the level decides the side."},
                "deck": {"type": "integer", "enum": list(DECK_SIZES), "default": 16,
                         "description": "Action cards in the deck: 16 (15 turns) or all 20 (19 turns)."},
                "two_directions": {"type": "boolean", "default": False,
                                   "description": "Variant: the route may grow from both ends; each turn "
                                                  "you pick the end to continue."},
                "missions": {"type": "integer", "minimum": 0, "maximum": 6, "default": 0,
                             "description": "Missions on the table: 3 on the green side; 3 to 6 on the "
                                            "red side (0: the side's default, 3 green, 6 red)."},
                "level": {"type": "integer", "minimum": 1, "maximum": 15, "default": 1,
                          "description": "Solo only: the level 1-15, which fixes the start place, the "
                                         "side, the missions and the target score."},
            },
            "additionalProperties": False,
        }

    def check_options(self, players: int, options: dict) -> dict:
        given = dict(options or {})
        options = super().check_options(players, given)
        unknown = set(options) - set(self.options_schema()["properties"])
        if unknown:
            raise IllegalMove(f"Unknown option(s): {', '.join(sorted(unknown))}.", code="invalid_options")
        if options["side"] not in SIDES:
            raise IllegalMove("side is 'green' or 'red'.", code="invalid_options")
        if options["deck"] not in DECK_SIZES or isinstance(options["deck"], bool):
            raise IllegalMove("deck is 16 or 20 cards.", code="invalid_options")
        if not isinstance(options["two_directions"], bool):
            raise IllegalMove("two_directions is true or false.", code="invalid_options")
        level = options["level"]
        if not isinstance(level, int) or isinstance(level, bool) or not 1 <= level <= 15:
            raise IllegalMove("level is a number from 1 to 15.", code="invalid_options")
        if players > 1 and level != 1:
            raise IllegalMove("Levels belong to the solo game.", code="invalid_options")
        if players == 1:
            # The level fixes the side (ruling 18): the game's options show the side played.
            side = SOLO_LEVELS[level]["side"]
            if given.get("missions") not in (None, 0, len(SOLO_LEVELS[level]["missions"])):
                raise IllegalMove("The solo level fixes the missions.", code="invalid_options")
            options["side"] = side
            options["missions"] = len(SOLO_LEVELS[level]["missions"])
            return options
        count = options["missions"]
        if not isinstance(count, int) or isinstance(count, bool) or count not in (0, 3, 4, 5, 6):
            raise IllegalMove("missions is 3 to 6 (0 for the side's default).", code="invalid_options")
        if count == 0:
            count = MISSIONS_BY_SIDE[options["side"]]
        if options["side"] == GREEN and count != 3:
            raise IllegalMove("The green side is played with three missions.", code="invalid_options")
        options["missions"] = count
        return options

    def view_schema(self) -> dict:
        """The JSON schema of ``view`` (view_schema.py), published as View_citytour."""
        from .view_schema import VIEW
        return VIEW

    def move_schema(self) -> dict:
        cell = {"type": "integer", "minimum": 0, "maximum": 5}
        place = {"type": "string", "pattern": "^[A-J][1-8]$"}
        return {"oneOf": [
            {"type": "object", "description": "Step 1: the symbols of this turn.",
             "properties": {
                 "type": {"const": "choose"},
                 "cells": {"type": "array", "items": cell, "minItems": 2, "maxItems": 3,
                           "description": "Positions of the chosen symbols in rising order: 0-2 the "
                                          "left card top to bottom, 3-5 the right card. Three = a rush."},
                 "bonuses": {"type": "array", "maxItems": 2, "description": "Red side: activated bonus "
                             "boxes used, by value, each added to a chosen symbol.",
                             "items": {"type": "object", "properties": {
                                 "value": {"type": "integer"}, "cell": cell},
                                 "required": ["value", "cell"], "additionalProperties": False}},
                 "end": {"enum": ["head", "tail"], "description": "Two-direction variant: the end "
                         "of the route you continue."}},
             "required": ["type", "cells"], "additionalProperties": False},
            {"type": "object", "description": "Step 2: the places the route moves through.",
             "properties": {"type": {"const": "route"},
                            "path": {"type": "array", "items": place}},
             "required": ["type", "path"], "additionalProperties": False},
            {"type": "object", "description": "Step 3: the places crossed off, in route order.",
             "properties": {"type": {"const": "mark"},
                            "marks": {"type": "array", "items": {
                                "type": "object", "properties": {"place": place, "as": {"type": "string"}},
                                "required": ["place", "as"], "additionalProperties": False}}},
             "required": ["type", "marks"], "additionalProperties": False},
        ]}

    # -- setup -------------------------------------------------------------
    def setup(self, players: int, options: dict, rng) -> list[Event]:
        options = self.check_options(players, options)
        if players == 1:
            level = SOLO_LEVELS[options["level"]]
            start, missions = level["start"], list(level["missions"])
        else:
            start = rng.choice(START_PLACES, "start")
            piles = {back: rng.shuffled([n for n, card in sorted(MISSIONS.items()) if card["back"] == back],
                                        "missions") for back in BACKS}
            missions = []
            for index in range(options["missions"]):
                missions.append(piles[BACKS[index % 3]][index // 3])
        first = self._draw([], rng)
        second = self._draw([first["card"]], rng)
        return [Event("GameStarted", {"players": players, "options": options, "start": start,
                                      "missions": missions}),
                self._turned(1, first, second, options)]

    @staticmethod
    def _draw(used: list, rng) -> dict:
        pool = [n for n in range(len(CARDS)) if n not in used]
        return {"card": rng.choice(pool, "deck"), "up": rng.randbelow(2, "deck")}

    @staticmethod
    def _turned(turn: int, flipped: dict, top: dict, options: dict) -> Event:
        """The card ``flipped`` goes beside the deck on its other side; ``top`` shows its up side."""
        back = CARDS[flipped["card"]][1 - flipped["up"]]
        front = CARDS[top["card"]][top["up"]]
        return Event("CardsTurned", {"turn": turn, "turns": options["deck"] - 1,
                                     "display": [list(s) for s in back] + [list(s) for s in front],
                                     "top": dict(top), "flipped": flipped["card"]})

    # -- the fold ----------------------------------------------------------
    def initial_state(self) -> dict:
        return {}

    def evolve(self, state: dict, event: Event) -> dict:
        payload = event.payload
        if event.type == "GameStarted":
            options = dict(payload["options"])
            state.clear()
            state.update({
                "players": payload["players"], "options": options, "side": options["side"],
                "start": payload["start"], "missions": list(payload["missions"]),
                "turn": 0, "turns": options["deck"] - 1, "display": [], "top": None, "used": [],
                "sheets": [new_sheet(payload["start"], options["side"]) for _ in range(payload["players"])],
                "pending": [[] for _ in range(payload["players"])],
                "claims": {}, "finished": False,
            })
        elif event.type == "CardsTurned":
            state["turn"] = payload["turn"]
            state["display"] = [list(s) for s in payload["display"]]
            state["top"] = dict(payload["top"])
            state["used"] = sorted(set(state["used"]) | {payload["flipped"], payload["top"]["card"]})
            state["pending"] = [[] for _ in range(state["players"])]
        elif event.type == "StepTaken":
            state["pending"][payload["seat"]].append(dict(payload["move"]))
        elif event.type == "TurnResolved":
            for seat, steps in enumerate(payload["steps"]):
                self._write(state, seat, steps)
            self._settle_races(state)
            state["pending"] = [[] for _ in range(state["players"])]
        elif event.type == "GameEnded":
            state["finished"] = True
            state["top"] = None
        return state

    def _write(self, state: dict, seat: int, steps: list) -> None:
        """Write one seat's revealed turn on its sheet."""
        sheet = state["sheets"][seat]
        choose, route, mark = steps
        if len(choose["cells"]) == 3:
            sheet["rush"] += 1
        for bonus in choose.get("bonuses", []):
            box = next(b for b in sheet["bonus_active"] if bonus_value(b) == bonus["value"])
            sheet["bonus_active"].remove(box)
            sheet["bonus_used"].append(box)
        if choose.get("end") == "tail":
            sheet["route"] = list(reversed(route["path"])) + sheet["route"]
        else:
            sheet["route"] = sheet["route"] + list(route["path"])
        for m in mark["marks"]:
            sheet["marks"][m["place"]] = m["as"]
            count = sum(1 for marked in sheet["marks"].values() if marked == m["as"])
            if state["side"] == RED and count in BONUS_BOXES.get(m["as"], {}):
                sheet["bonus_active"].append(f"{m['as']}:{count}")

    @staticmethod
    def _settle_races(state: dict) -> None:
        """Ruling 13: a race is claimed in the first turn anyone reaches it; everyone who
        reaches it in that same turn counts as first."""
        for number in state["missions"]:
            card, key = MISSIONS[number], str(number)
            if card["kind"] != "race":
                continue
            for sheet in state["sheets"]:
                if key not in sheet["reached"] and reached(card, sheet["marks"]):
                    sheet["reached"][key] = state["turn"]
                    state["claims"].setdefault(key, state["turn"])

    # -- turns -------------------------------------------------------------
    def turn_of(self, state: dict, seat: int) -> Turn:
        return Turn(state["sheets"][seat], state["display"], state["side"],
                    state["options"]["two_directions"], state["pending"][seat])

    def to_move(self, state: dict) -> set[int]:
        if not state or state["finished"]:
            return set()
        return {seat for seat in range(state["players"]) if len(state["pending"][seat]) < 3}

    def legal_moves(self, state: dict, seat: int) -> list[dict]:
        if seat not in self.to_move(state):
            return []
        return self.turn_of(state, seat).legal_moves()

    def decide(self, state: dict, seat: int, move: dict, rng) -> list[Event]:
        if not state or state["finished"]:
            raise IllegalMove("The game is over.", code="game_over")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state["players"]:
            raise IllegalMove("There is no such seat in this game.", code="not_your_turn")
        turn = self.turn_of(state, seat)
        turn.check(move)
        move = _clean(move)
        events = [Event("StepTaken", {"seat": seat, "turn": state["turn"], "step": turn.phase, "move": move})]
        if turn.phase != MARK:
            return events
        if any(len(state["pending"][other]) < 3 for other in range(state["players"]) if other != seat):
            return events
        all_steps = [list(state["pending"][other]) for other in range(state["players"])]
        all_steps[seat] = all_steps[seat] + [move]
        events.append(Event("TurnResolved", {"turn": state["turn"], "steps": all_steps}))
        if state["turn"] >= state["turns"]:
            events.append(Event("GameEnded", {"turn": state["turn"]}))
        else:
            top = state["top"]
            nxt = self._draw(state["used"], rng)
            events.append(self._turned(state["turn"] + 1, top, nxt, state["options"]))
        return events

    # -- what players see ----------------------------------------------------
    def view(self, state: dict, seat: int | None) -> dict:
        if not state:
            return {"started": False}
        to_move = self.to_move(state)
        side = state["side"]
        sheets = []
        for other, sheet in enumerate(state["sheets"]):
            sheets.append({
                "seat": other,
                "route": list(sheet["route"]),
                "marks": dict(sheet["marks"]),
                "counts": counts_of(sheet["marks"]),
                "rush": sheet["rush"],
                "bonus_active": list(sheet["bonus_active"]),
                "bonus_used": list(sheet["bonus_used"]),
                "reached": dict(sheet["reached"]),
                "score": score_sheet(state, other),
                "finished_turn": other not in to_move,
            })
        result = {
            "started": True, "side": side, "options": dict(state["options"]),
            "turn": state["turn"], "turns": state["turns"], "finished": state["finished"],
            "display": [list(s) for s in state["display"]],
            "start": state["start"],
            "missions": [{"number": n, **MISSIONS[n], "words": mission_words(MISSIONS[n], _names(side))}
                         for n in state["missions"]],
            "claims": dict(state["claims"]),
            "to_move": sorted(to_move), "you": seat, "sheets": sheets, "your_turn": None,
        }
        if state["players"] == 1:
            result["solo"] = {"level": state["options"]["level"],
                              "target": SOLO_LEVELS[state["options"]["level"]]["target"]}
        if seat is not None and 0 <= seat < state["players"] and seat in to_move:
            turn = self.turn_of(state, seat)
            mine = {"phase": turn.phase, "steps": [dict(s) for s in state["pending"][seat]],
                    "legal_moves": turn.legal_moves()}
            if turn.phase in (ROUTE, MARK):
                mine["budget"] = turn.budget()
                mine["from"] = turn.end()
            if turn.phase == MARK:
                mine["markable"] = turn.markable()
            result["your_turn"] = mine
        outcome = self.outcome(state)
        if outcome is not None:
            result["outcome"] = outcome.to_json()
        return result

    def redact(self, event: Event, seat: int | None) -> Event:
        payload = event.payload
        if event.type == "StepTaken" and payload["seat"] != seat:
            # A seat's steps stay secret until TurnResolved reveals every seat's turn.
            return Event(event.type, {"seat": payload["seat"], "turn": payload["turn"], "hidden": True})
        if event.type == "CardsTurned":
            # The top card's identity would tell its hidden back.
            return Event(event.type, {k: v for k, v in payload.items() if k != "top"})
        return event

    # -- the end ---------------------------------------------------------------
    def outcome(self, state: dict) -> Outcome | None:
        if not state or not state["finished"]:
            return None
        details = [score_sheet(state, seat) for seat in range(state["players"])]
        scores = [d["total"] for d in details]
        notes = []
        if state["players"] == 1:
            level = SOLO_LEVELS[state["options"]["level"]]
            won = scores[0] >= level["target"] and details[0]["missions_fulfilled"] == len(state["missions"])
            details[0].update({"target": level["target"], "won": won})
            notes.append(f"Solo level {state['options']['level']}: target {level['target']} with every "
                         f"mission fulfilled — {'won' if won else 'not reached'}.")
            return Outcome(scores=scores, ranks=[1], notes=notes, details=details)
        keys = [(d["total"], -d["rushes"], d["missions_fulfilled"]) for d in details]
        ranks = rank_by_keys(keys)
        top = max(scores)
        if scores.count(top) > 1:
            notes.append("Equal totals: fewer rush actions, then more missions fulfilled decide; "
                         "still equal players share the victory.")
        return Outcome(scores=scores, ranks=ranks, notes=notes, details=details)

    # -- words -------------------------------------------------------------------
    def describe(self, event: Event, seat: int | None = None) -> str:
        payload = event.payload
        if event.type == "GameStarted":
            start = payload["start"]
            name = places(payload["options"]["side"])[start].name
            n = payload["players"]
            return (f"A city tour of Bruges for {n} player{'s' if n > 1 else ''} began at {name} ({start}), "
                    f"on the {payload['options']['side']} side.")
        if event.type == "CardsTurned":
            return f"Turn {payload['turn']} of {payload['turns']}: {display_words(payload['display'])}."
        if event.type == "StepTaken":
            who = "You" if payload["seat"] == seat else player_name(payload["seat"])
            if payload.get("hidden"):
                return f"{who} took a secret step of turn {payload['turn']}."
            return f"{who}: {step_words(payload['move'], None)}."
        if event.type == "TurnResolved":
            parts = [f"{player_name(s)} {turn_words(steps)}" for s, steps in enumerate(payload["steps"])]
            return f"Turn {payload['turn']} revealed: " + "; ".join(parts) + "."
        if event.type == "GameEnded":
            return f"The tour ended after turn {payload['turn']}."
        return super().describe(event, seat)


def _names(side: str) -> dict:
    return {pid: place.name for pid, place in places(side).items()}


def _clean(move: dict) -> dict:
    kind = move["type"]
    if kind == CHOOSE:
        out = {"type": kind, "cells": list(move["cells"])}
        if move.get("bonuses"):
            out["bonuses"] = [{"value": b["value"], "cell": b["cell"]} for b in move["bonuses"]]
        if "end" in move:
            out["end"] = move["end"]
        return out
    if kind == ROUTE:
        return {"type": kind, "path": list(move["path"])}
    return {"type": kind, "marks": [{"place": m["place"], "as": m["as"]} for m in move["marks"]]}


def symbol_words(symbol) -> str:
    kind, number = symbol
    return f"{number} {kind}"


def display_words(display: list) -> str:
    left = ", ".join(symbol_words(s) for s in display[:3])
    right = ", ".join(symbol_words(s) for s in display[3:])
    return f"left card {left}; right card {right}"


def step_words(move: dict, display: list | None) -> str:
    kind = move["type"]
    if kind == CHOOSE:
        cells = move["cells"]
        what = (", ".join(symbol_words(display[c]) for c in cells) if display
                else "symbols " + ", ".join(CELL_NAMES[c] for c in cells))
        text = f"chose {what}" + (" with a rush" if len(cells) == 3 else "")
        if move.get("bonuses"):
            text += " and bonuses " + ", ".join(f"+{b['value']} on {CELL_NAMES[b['cell']]}" for b in move["bonuses"])
        if move.get("end") == "tail":
            text += ", continuing from the route's other end"
        return text
    if kind == ROUTE:
        return "walked to " + (", ".join(move["path"]) if move["path"] else "nowhere")
    if not move["marks"]:
        return "marked nothing"
    return "marked " + ", ".join(f"{m['place']} ({TYPE_WORDS[m['as']]})" for m in move["marks"])


def turn_words(steps: list) -> str:
    return ", ".join(step_words(step, None) for step in steps)


__all__ = ["CitytourRules", "player_name"]
