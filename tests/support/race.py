"""A tiny game for the store's and the API's tests: a race to a target.

Each turn the seat to move either steps 1 or 2, or rolls a die (1-3, random, written
into the event). Every seat also gets a secret bonus (0-4) at setup that only it
sees until the end. First to reach the target wins; ties are impossible because
play stops at once. Small enough to read in a minute, yet it has randomness,
hidden information, illegal moves and an end.
"""
from __future__ import annotations

from games.engine import Event, IllegalMove, Outcome, Rules
from games.engine.outcome import rank_by_keys


class RaceRules(Rules):
    slug = "race"
    # The secret bonuses come out only at the end; a roll is a random draw.
    moves_reveal_hidden = False
    title = "Race (test game)"
    min_players = 1
    max_players = 4
    version = 1

    def options_schema(self):
        return {"type": "object", "additionalProperties": False,
                "properties": {"target": {"type": "integer", "minimum": 3, "maximum": 100000, "default": 10,
                                          "description": "The total to reach."}}}

    def move_schema(self):
        return {"oneOf": [
            {"type": "object", "additionalProperties": False, "required": ["type", "steps"],
             "properties": {"type": {"const": "step"}, "steps": {"type": "integer", "enum": [1, 2]}}},
            {"type": "object", "additionalProperties": False, "required": ["type"],
             "properties": {"type": {"const": "roll"}}},
        ]}

    def setup(self, players, options, rng):
        secrets = [rng.randint(0, 4, "secret") for _ in range(players)]
        return [Event("RaceStarted", {"players": players, "target": options["target"], "secrets": secrets})]

    def evolve(self, state, event):
        p = event.payload
        if event.type == "RaceStarted":
            return {"players": p["players"], "target": p["target"], "secrets": p["secrets"],
                    "totals": [0] * p["players"], "turn": 0, "winner": None}
        if event.type in ("Stepped", "Rolled"):
            seat = p["seat"]
            state["totals"][seat] += p["steps"]
            if state["totals"][seat] >= state["target"]:
                state["winner"] = seat
            else:
                state["turn"] = (seat + 1) % state["players"]
        return state

    def decide(self, state, seat, move, rng):
        if state["winner"] is not None:
            raise IllegalMove("The race is over.", code="game_over")
        if seat != state["turn"]:
            raise IllegalMove("It is not your turn.", code="not_your_turn")
        if move.get("type") == "step":
            if move.get("steps") not in (1, 2):
                raise IllegalMove("You may step 1 or 2.", code="bad_steps")
            return [Event("Stepped", {"seat": seat, "steps": move["steps"]})]
        if move.get("type") == "roll":
            return [Event("Rolled", {"seat": seat, "steps": rng.randint(1, 3, "die")})]
        raise IllegalMove("Unknown move.", code="unknown_move")

    def legal_moves(self, state, seat):
        if state["winner"] is not None or seat != state["turn"]:
            return []
        return [{"type": "step", "steps": 1}, {"type": "step", "steps": 2}, {"type": "roll"}]

    def to_move(self, state):
        return set() if state["winner"] is not None else {state["turn"]}

    def view(self, state, seat):
        over = state["winner"] is not None
        secrets = [s if over or i == seat else None for i, s in enumerate(state["secrets"])]
        return {"target": state["target"], "totals": state["totals"], "turn": state["turn"],
                "winner": state["winner"], "secrets": secrets}

    def redact(self, event, seat):
        if event.type == "RaceStarted":
            payload = dict(event.payload)
            payload["secrets"] = [s if i == seat else None for i, s in enumerate(payload["secrets"])]
            return Event(event.type, payload)
        return event

    def outcome(self, state):
        if state["winner"] is None:
            return None
        scores = [t + s for t, s in zip(state["totals"], state["secrets"])]
        keys = [(1 if seat == state["winner"] else 0, scores[seat]) for seat in range(state["players"])]
        return Outcome(scores=scores, ranks=rank_by_keys(keys), notes=["First to the target wins."])

    def describe(self, event, seat=None):
        p = event.payload
        if event.type == "Stepped":
            return f"Seat {p['seat']} stepped {p['steps']}."
        if event.type == "Rolled":
            return f"Seat {p['seat']} rolled a {p['steps']}."
        return "The race started."


RULES = RaceRules()


def greedy_bot(rules, state, seat, rng):
    return {"type": "step", "steps": 2}
