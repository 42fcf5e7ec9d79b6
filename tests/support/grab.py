"""A tiny simultaneous game for the API's tests: every seat claims one item from a
shared pool, all at once; claims are public and an item goes to the first claim.
So another seat's claim changes what a seat may still choose — the opposite of a
sealed choice, for testing that such a stale move is refused."""
from __future__ import annotations

from games.engine import Event, IllegalMove, Outcome, Rules
from games.engine.outcome import rank_by_keys


class GrabRules(Rules):
    slug = "grab"
    title = "Grab (test game)"
    min_players = 2
    max_players = 4
    version = 1

    def options_schema(self):
        return {"type": "object", "additionalProperties": False, "properties": {}}

    def move_schema(self):
        return {"oneOf": [{"type": "object", "additionalProperties": False, "required": ["type", "item"],
                           "properties": {"type": {"const": "claim"},
                                          "item": {"type": "integer", "minimum": 1, "maximum": 6}}}]}

    def setup(self, players, options, rng):
        return [Event("GrabStarted", {"players": players})]

    def evolve(self, state, event):
        if event.type == "GrabStarted":
            return {"players": event.payload["players"], "claims": [None] * event.payload["players"]}
        state["claims"][event.payload["seat"]] = event.payload["item"]
        return state

    def decide(self, state, seat, move, rng):
        if state["claims"][seat] is not None:
            raise IllegalMove("You have claimed already.", code="not_your_turn")
        if move["item"] in state["claims"]:
            raise IllegalMove("That item is taken.", code="item_taken")
        return [Event("Claimed", {"seat": seat, "item": move["item"]})]

    def legal_moves(self, state, seat):
        if state["claims"][seat] is not None:
            return []
        return [{"type": "claim", "item": item} for item in range(1, 7) if item not in state["claims"]]

    def to_move(self, state):
        return {seat for seat, claim in enumerate(state["claims"]) if claim is None}

    def view(self, state, seat):
        return {"claims": state["claims"]}

    def redact(self, event, seat):
        return event

    def outcome(self, state):
        if None in state["claims"]:
            return None
        return Outcome(scores=list(state["claims"]), ranks=rank_by_keys(state["claims"]), notes=[])

    def describe(self, event, seat=None):
        if event.type == "Claimed":
            return f"Seat {event.payload['seat']} claimed item {event.payload['item']}."
        return "The grab began."


RULES = GrabRules()
