"""62 Soleils d'Été: the rules.

Read next to the rule text (German BGA help, "Spielablauf" to "Spielende und Wertung"):

* setup: every player gets an empty sheet (components.py); round 1's dice are rolled.
* a round: three dice are rolled for everybody (``DiceRolled``); every player then acts
  at the same time (turn.py: write a die into a cell chosen by another die's pearl and
  feed the sun track with the third, or only feed the sun track; then crab copies, the
  frog hat's sun choice and question marks). Each step is a ``ChoiceMade`` event that
  only its player sees; the round closes when every player has finished, with one
  ``RoundResolved`` event that reveals and writes every player's choices.
* the end: after round 20, or after the round in which a sun total reached 62 or more
  (``GameEnded``). Score: starfish from the zones, flags and sun track, 1 per filled
  pearl, 5 for the most shells (ties all score). Equal totals share the victory.
"""
from __future__ import annotations

from games.engine import Event, IllegalMove, Outcome, Rules
from games.engine.outcome import rank_by_keys

from .components import (CELL_IDS, CELLS, DICE, MAX_ROUNDS, SHELL_MAJORITY_POINTS, SUN_GOAL,
                         layout_json)
from .sheet import ADJACENT_DIFFERENT, ROW_ALL_DIFFERENT, empty_sheet, tally
from .turn import DONE, MOVE_FIELDS, run_turn


def _player(seat) -> str:
    return f"Player {seat + 1}"


class SoleilsRules(Rules):
    slug = "soleils"
    title = "62 Soleils d'Été"
    min_players = 1
    max_players = 6
    version = 1

    # -- description -------------------------------------------------------
    def options_schema(self) -> dict:
        return {
            "type": "object",
            "properties": {
                "sailboat_rule": {
                    "type": "string",
                    "enum": [ROW_ALL_DIFFERENT, ADJACENT_DIFFERENT],
                    "default": ROW_ALL_DIFFERENT,
                    "description": ("How the sailing boats of one row must differ: "
                                    "'row_all_different' (the German rule text: the three boats "
                                    "of a row hold three different numbers) or "
                                    "'adjacent_different' (the English BGA help: only "
                                    "neighbouring boats must differ)."),
                },
            },
            "additionalProperties": False,
        }

    def check_options(self, players: int, options: dict) -> dict:
        options = super().check_options(players, options)
        unknown = set(options) - set(self.options_schema()["properties"])
        if unknown:
            raise IllegalMove(f"Unknown option(s): {', '.join(sorted(unknown))}.",
                              code="invalid_options")
        if options["sailboat_rule"] not in (ROW_ALL_DIFFERENT, ADJACENT_DIFFERENT):
            raise IllegalMove("sailboat_rule is 'row_all_different' or 'adjacent_different'.",
                              code="invalid_options")
        return options

    def move_schema(self) -> dict:
        field_schemas = {
            "cell": {"type": "string", "enum": list(CELL_IDS), "description": "a cell of your sheet"},
            "value": {"type": "integer", "minimum": 1, "maximum": 6, "description": "a die value"},
        }
        variants = []
        for kind, fields in MOVE_FIELDS.items():
            variants.append({
                "type": "object",
                "properties": {"type": {"const": kind}, **{name: field_schemas[name] for name in fields}},
                "required": ["type", *fields],
                "additionalProperties": False,
            })
        return {"oneOf": variants}

    # -- the fold ----------------------------------------------------------
    def initial_state(self) -> dict:
        return {}

    def setup(self, players: int, options: dict, rng) -> list[Event]:
        options = self.check_options(players, options)
        return [Event("GameStarted", {"players": players, "options": options}),
                self._roll(1, rng)]

    @staticmethod
    def _roll(round_number: int, rng) -> Event:
        dice = [rng.randint(1, 6, "dice") for _ in range(DICE)]
        return Event("DiceRolled", {"round": round_number, "dice": dice})

    def evolve(self, state: dict, event: Event) -> dict:
        payload = event.payload
        if event.type == "GameStarted":
            players = payload["players"]
            state.clear()
            state.update({
                "players": players,
                "options": dict(payload["options"]),
                "round": 0,
                "dice": [],
                "sheets": [empty_sheet() for _ in range(players)],
                "moves": [[] for _ in range(players)],   # this round's hidden choices
                "finished": False,
                "end_reason": None,
            })
        elif event.type == "DiceRolled":
            state["round"] = payload["round"]
            state["dice"] = list(payload["dice"])
            state["moves"] = [[] for _ in range(state["players"])]
        elif event.type == "ChoiceMade":
            state["moves"][payload["seat"]].append(dict(payload["move"]))
        elif event.type == "RoundResolved":
            rule = state["options"]["sailboat_rule"]
            for seat, moves in enumerate(payload["moves"]):
                turn = run_turn(state["sheets"][seat], payload["dice"], moves, rule)
                state["sheets"][seat] = {"cells": turn.cells, "sun": turn.sun}
            state["moves"] = [[] for _ in range(state["players"])]
        elif event.type == "GameEnded":
            state["finished"] = True
            state["end_reason"] = payload["reason"]
        return state

    # -- turns ---------------------------------------------------------------
    def turn_of(self, state: dict, seat: int):
        """The seat's turn this round: its sheet with its pending moves applied."""
        return run_turn(state["sheets"][seat], state["dice"], state["moves"][seat],
                        state["options"]["sailboat_rule"])

    def to_move(self, state: dict) -> set[int]:
        if not state or state["finished"]:
            return set()
        return {seat for seat in range(state["players"]) if self.turn_of(state, seat).phase != DONE}

    def legal_moves(self, state: dict, seat: int) -> list[dict]:
        if seat not in self.to_move(state):
            return []
        return self.turn_of(state, seat).legal_moves()

    def decide(self, state: dict, seat: int, move: dict, rng) -> list[Event]:
        if not state or state["finished"]:
            raise IllegalMove("The game is over.", code="game_over")
        if not isinstance(seat, int) or not 0 <= seat < state["players"]:
            raise IllegalMove("There is no such seat in this game.", code="not_your_turn")
        turn = self.turn_of(state, seat)
        if turn.phase == DONE:
            raise IllegalMove("You have finished this round; wait for the other players.",
                              code="not_your_turn")
        turn.check(move)
        move = {key: move[key] for key in ("type", *MOVE_FIELDS[move["type"]])}
        events = [Event("ChoiceMade", {"seat": seat, "round": state["round"], "move": move})]
        if turn.copy().apply(move).phase != DONE:
            return events
        others_done = all(self.turn_of(state, other).phase == DONE
                          for other in range(state["players"]) if other != seat)
        if not others_done:
            return events
        all_moves = [list(state["moves"][other]) for other in range(state["players"])]
        all_moves[seat].append(move)
        rule = state["options"]["sailboat_rule"]
        suns = [run_turn(state["sheets"][other], state["dice"], all_moves[other], rule).sun_total
                for other in range(state["players"])]
        events.append(Event("RoundResolved", {"round": state["round"], "dice": list(state["dice"]),
                                              "moves": all_moves, "sun_totals": suns}))
        if max(suns) >= SUN_GOAL:
            events.append(Event("GameEnded", {"reason": "sun", "round": state["round"]}))
        elif state["round"] >= MAX_ROUNDS:
            events.append(Event("GameEnded", {"reason": "rounds", "round": state["round"]}))
        else:
            events.append(self._roll(state["round"] + 1, rng))
        return events

    # -- what players see ------------------------------------------------------
    def view(self, state: dict, seat: int | None) -> dict:
        if not state:
            return {"started": False}
        to_move = self.to_move(state)
        players = []
        for other in range(state["players"]):
            sheet = state["sheets"][other]
            players.append({
                "seat": other,
                "cells": dict(sheet["cells"]),
                "sun": list(sheet["sun"]),
                "tally": tally(sheet),
                "finished_round": other not in to_move,
            })
        result = {
            "started": True,
            "round": state["round"],
            "max_rounds": MAX_ROUNDS,
            "dice": list(state["dice"]),
            "options": dict(state["options"]),
            "finished": state["finished"],
            "end_reason": state["end_reason"],
            "to_move": sorted(to_move),
            "players": players,
            "layout": layout_json(),
            "you": seat,
            "your_turn": None,
        }
        if seat is not None and 0 <= seat < state["players"] and not state["finished"]:
            turn = self.turn_of(state, seat)
            result["your_turn"] = {**turn.to_json(), "moves": list(state["moves"][seat]),
                                   "legal_moves": turn.legal_moves()}
        outcome = self.outcome(state)
        if outcome is not None:
            result["outcome"] = outcome.to_json()
        return result

    def redact(self, event: Event, seat: int | None) -> Event:
        # A player's choices for the round stay secret until RoundResolved reveals them all.
        if event.type == "ChoiceMade" and event.payload["seat"] != seat:
            return Event("ChoiceMade", {"seat": event.payload["seat"],
                                        "round": event.payload["round"], "hidden": True})
        return event

    # -- the end ---------------------------------------------------------------
    def outcome(self, state: dict) -> Outcome | None:
        if not state or not state["finished"]:
            return None
        tallies = [tally(sheet) for sheet in state["sheets"]]
        most_shells = max(t["shells"] for t in tallies)
        scores, details, notes = [], [], []
        for seat, t in enumerate(tallies):
            # DESIGN: a majority needs at least one shell (nobody "has the most" of none).
            majority = SHELL_MAJORITY_POINTS if most_shells > 0 and t["shells"] == most_shells else 0
            scores.append(t["points"] + majority)
            details.append({
                "pearls": t["pearls"],
                "zone_starfish": t["group_starfish"],
                "flag_starfish": t["flag_starfish"],
                "sun_starfish": t["sun_starfish"],
                "shells": t["shells"],
                "shell_majority": majority,
                "sun_total": t["sun_total"],
                "completed_zones": t["completed_zones"],
                "total": t["points"] + majority,
            })
        if most_shells > 0:
            holders = [_player(seat) for seat, t in enumerate(tallies) if t["shells"] == most_shells]
            notes.append(f"Most shells ({most_shells}): {', '.join(holders)} scored "
                         f"{SHELL_MAJORITY_POINTS} each.")
        ranks = rank_by_keys(scores)
        winners = [seat for seat, rank in enumerate(ranks) if rank == 1]
        if len(winners) > 1:
            notes.append("Tied for the most starfish: " + ", ".join(_player(s) for s in winners)
                         + " share the victory.")
        return Outcome(scores=scores, ranks=ranks, notes=notes, details=details)

    # -- words -----------------------------------------------------------------
    def describe(self, event: Event, seat: int | None = None) -> str:
        payload = event.payload
        if event.type == "GameStarted":
            players = payload["players"]
            return f"A game of {self.title} for {players} player{'s' if players > 1 else ''} began."
        if event.type == "DiceRolled":
            dice = ", ".join(str(value) for value in payload["dice"])
            return f"Round {payload['round']}: the dice show {dice}."
        if event.type == "ChoiceMade":
            who = "You" if payload["seat"] == seat else _player(payload["seat"])
            if payload.get("hidden") or "move" not in payload:
                return f"{who} made a secret choice for round {payload['round']}."
            return f"{who} chose: {describe_move(payload['move'])}."
        if event.type == "RoundResolved":
            parts = [f"{_player(s)} {describe_moves(moves)} (sun {total})"
                     for s, (moves, total) in enumerate(zip(payload["moves"], payload["sun_totals"]))]
            return f"Round {payload['round']} revealed: " + "; ".join(parts) + "."
        if event.type == "GameEnded":
            why = ("a sun track reached 62" if payload["reason"] == "sun"
                   else f"round {MAX_ROUNDS} was played")
            return f"The game ended after round {payload['round']}: {why}."
        return super().describe(event, seat)


def describe_move(move: dict) -> str:
    kind = move["type"]
    if kind == "write":
        return f"wrote a {move['value']} into {move['cell']} (pearl {CELLS[move['cell']].pearl})"
    if kind == "sun_only":
        return f"wrote nothing and gave the sun a {move['value']}"
    if kind == "crab":
        return f"copied the number with the crab into {move['cell']}"
    if kind == "crab_skip":
        return "left the crab unused"
    if kind == "sun":
        return f"gave the sun a {move['value']} with the frog hat"
    if kind == "question":
        return f"wrote a {move['value']} into {move['cell']} with the question mark"
    return "left the question mark unused"


def describe_moves(moves: list) -> str:
    return ", ".join(describe_move(move) for move in moves) or "did nothing"
