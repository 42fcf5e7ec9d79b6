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
from .turn import DONE, MOVE_FIELDS, PHASE_WORDS, run_turn


def _player(seat) -> str:
    return f"Player {seat + 1}"


class SoleilsRulesV1(Rules):
    """Rules version 1, kept so that games played under it replay and verify as they
    were played: every step of a round's choice is a move of its own and a
    ``ChoiceMade`` event, so the others could count a seat's steps (version 2 below
    makes the whole choice one move)."""

    slug = "soleils"
    # Dice are random draws and sealed choices redacted events: no other secret.
    moves_reveal_hidden = False
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

    def view_schema(self) -> dict:
        """The JSON schema of ``view`` (view_schema.py), published as View_soleils."""
        from .view_schema import VIEW
        return VIEW

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
            if "steps" in payload:   # version 2: the whole choice at once
                state["moves"][payload["seat"]].extend(dict(step) for step in payload["steps"])
            else:
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
        return events + self._close_round(state, all_moves, rng)

    def _close_round(self, state: dict, all_moves: list, rng) -> list[Event]:
        """Every seat has finished: reveal and write the round, then end or roll again."""
        events = []
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
            if payload.get("hidden") or ("move" not in payload and "steps" not in payload):
                return f"{who} made a secret choice for round {payload['round']}."
            if "steps" in payload:
                return f"{who} chose: {describe_moves(payload['steps'])}."
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


# The longest complete choice: a write, a crab chain, the frog hat's sun value, a
# question mark and its own crab chain. Schema bound only; the turn decides.
MAX_STEPS = 16


class SoleilsRules(SoleilsRulesV1):
    """Rules version 2: a round's choice is one move and one event, whatever it holds.

    ``{"type": "choice", "steps": [...]}`` lists the steps of version 1 (a write or
    sun_only, then crab, frog-hat sun and question steps as the sheet asks) up to the
    end of the turn; it is checked step by step and recorded as a single hidden
    ``ChoiceMade``. So the others see, for every seat and every round, exactly one
    event of one shape, and the seat leaves ``to_move`` with that one move: nothing
    tells them whether it took one step or five (crab, frog hat or question mark).
    """

    version = 2

    def move_schema(self) -> dict:
        return {"oneOf": [{
            "type": "object",
            "properties": {
                "type": {"const": "choice"},
                "steps": {"type": "array", "minItems": 1, "maxItems": MAX_STEPS,
                          "items": super().move_schema(),
                          "description": ("The round's whole choice, step by step: write or sun_only, "
                                          "then crab / crab_skip, sun, question / question_skip as "
                                          "the sheet asks, until nothing is left to do.")},
            },
            "required": ["type", "steps"],
            "additionalProperties": False,
        }]}

    def legal_moves(self, state: dict, seat: int) -> list[dict]:
        """Every complete choice of the round (each a path through the turn's steps)."""
        if seat not in self.to_move(state):
            return []
        choices: list[dict] = []

        def walk(turn, steps):
            for step in turn.legal_moves():
                after = turn.copy().apply(step)
                if after.phase == DONE:
                    choices.append({"type": "choice", "steps": [*steps, step]})
                else:
                    walk(after, [*steps, step])

        walk(self.turn_of(state, seat), [])
        return choices

    def decide(self, state: dict, seat: int, move: dict, rng) -> list[Event]:
        if not state or state["finished"]:
            raise IllegalMove("The game is over.", code="game_over")
        if not isinstance(seat, int) or not 0 <= seat < state["players"]:
            raise IllegalMove("There is no such seat in this game.", code="not_your_turn")
        turn = self.turn_of(state, seat)
        if turn.phase == DONE:
            raise IllegalMove("You have finished this round; wait for the other players.",
                              code="not_your_turn")
        if not isinstance(move, dict) or move.get("type") != "choice":
            raise IllegalMove("A move is {\"type\": \"choice\", \"steps\": [...]}: the round's whole choice.",
                              code="invalid_move")
        steps = move.get("steps")
        if not isinstance(steps, list) or not steps:
            raise IllegalMove("A choice lists its steps, at least one.", code="invalid_move")
        clean = []
        for number, step in enumerate(steps, start=1):
            if turn.phase == DONE:
                raise IllegalMove(f"Your choice is complete after step {number - 1}; "
                                  f"leave out the steps after it.", code="too_many_steps")
            try:
                turn.check(step)
            except IllegalMove as error:
                raise IllegalMove(f"Step {number}: {error.message}", code=error.code, details=error.details)
            step = {key: step[key] for key in ("type", *MOVE_FIELDS[step["type"]])}
            turn.apply(step)
            clean.append(step)
        if turn.phase != DONE:
            raise IllegalMove(f"Your choice is not complete: after step {len(clean)} you must "
                              f"{PHASE_WORDS[turn.phase]}.", code="incomplete_choice")
        events = [Event("ChoiceMade", {"seat": seat, "round": state["round"], "steps": clean})]
        others_done = all(self.turn_of(state, other).phase == DONE
                          for other in range(state["players"]) if other != seat)
        if not others_done:
            return events
        all_moves = [list(state["moves"][other]) for other in range(state["players"])]
        all_moves[seat] = clean
        return events + self._close_round(state, all_moves, rng)

    def view(self, state: dict, seat: int | None) -> dict:
        result = super().view(state, seat)
        if result.get("your_turn"):
            # The steps possible now; a move sends them all at once (legal_moves lists
            # complete choices).
            result["your_turn"]["step_moves"] = result["your_turn"].pop("legal_moves")
        return result


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
