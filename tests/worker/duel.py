"""A tiny simultaneous game for the worker's tests: everyone picks at once.

Each round every seat picks 1-3 (or passes, picking 0) at the same time, ``steps``
times (a turn of several steps); when the last pick is in, the round is scored.
After ``rounds`` rounds the highest total wins. Small, but it has what the clocks
care about: several seats to move at once (a deadline each), turns of several
steps, and a legal ``{"type": "pass"}`` (the ``skip`` timeout policy).
"""
from __future__ import annotations

from games.engine import Event, IllegalMove, Outcome, Rules
from games.engine.outcome import rank_by_keys


class DuelRules(Rules):
    slug = "duel"
    title = "Duel (test game)"
    min_players = 2
    max_players = 4
    version = 1

    def options_schema(self):
        return {"type": "object", "additionalProperties": False,
                "properties": {"rounds": {"type": "integer", "minimum": 1, "maximum": 50, "default": 3,
                                          "description": "Rounds to play."},
                               "steps": {"type": "integer", "minimum": 1, "maximum": 5, "default": 1,
                                         "description": "Picks per seat per round."}}}

    def move_schema(self):
        return {"oneOf": [
            {"type": "object", "additionalProperties": False, "required": ["type", "n"],
             "properties": {"type": {"const": "pick"}, "n": {"type": "integer", "enum": [1, 2, 3]}}},
            {"type": "object", "additionalProperties": False, "required": ["type"],
             "properties": {"type": {"const": "pass"}}},
        ]}

    def setup(self, players, options, rng):
        return [Event("DuelStarted", {"players": players, "rounds": options["rounds"],
                                      "steps": options.get("steps", 1)})]

    def evolve(self, state, event):
        p = event.payload
        if event.type == "DuelStarted":
            return {"players": p["players"], "rounds": p["rounds"], "steps": p.get("steps", 1), "round": 1,
                    "picks": [[] for _ in range(p["players"])], "totals": [0] * p["players"], "over": False}
        if event.type == "Picked":
            state["picks"][p["seat"]].append(p["n"])
        elif event.type == "RoundScored":
            state["totals"] = [t + n for t, n in zip(state["totals"], p["picks"])]
            state["picks"] = [[] for _ in range(state["players"])]
            state["round"] += 1
            state["over"] = state["round"] > state["rounds"]
        return state

    def _done(self, state, seat):
        return len(state["picks"][seat]) >= state["steps"]

    def decide(self, state, seat, move, rng):
        if state["over"] or self._done(state, seat):
            raise IllegalMove("You have picked this round.", code="not_your_turn")
        n = 0 if move.get("type") == "pass" else move.get("n")
        if n not in (0, 1, 2, 3):
            raise IllegalMove("Pick 1, 2 or 3, or pass.", code="bad_pick")
        events = [Event("Picked", {"seat": seat, "n": n})]
        picks = [list(p) for p in state["picks"]]
        picks[seat].append(n)
        if all(len(p) >= state["steps"] for p in picks):
            events.append(Event("RoundScored", {"round": state["round"], "picks": [sum(p) for p in picks]}))
        return events

    def legal_moves(self, state, seat):
        if state["over"] or self._done(state, seat):
            return []
        return [{"type": "pick", "n": 1}, {"type": "pick", "n": 2}, {"type": "pick", "n": 3}, {"type": "pass"}]

    def to_move(self, state):
        if state["over"]:
            return set()
        return {seat for seat in range(state["players"]) if not self._done(state, seat)}

    def view(self, state, seat):
        picks = [pick if state["over"] or index == seat else len(pick)
                 for index, pick in enumerate(state["picks"])]
        return {"round": state["round"], "rounds": state["rounds"], "totals": state["totals"], "picks": picks}

    def redact(self, event, seat):
        if event.type == "Picked" and event.payload["seat"] != seat:  # what was picked stays secret
            return Event("Picked", {"seat": event.payload["seat"], "n": None})
        return event

    def outcome(self, state):
        if not state["over"]:
            return None
        return Outcome(scores=list(state["totals"]), ranks=rank_by_keys(list(state["totals"])))

    def describe(self, event, seat=None):
        p = event.payload
        if event.type == "Picked":
            return f"Seat {p['seat']} picked."
        if event.type == "RoundScored":
            return f"Round {p['round']} was scored: {p['picks']}."
        return "The duel started."


RULES = DuelRules()


def greedy_bot(rules, state, seat, rng):
    return {"type": "pick", "n": 3}
