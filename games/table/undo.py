"""Whether moves may be taken back, and the restored state's digest: pure (no Django),
so the store and the offline verifier decide alike (games.table.takebacks, games.verify)."""
from __future__ import annotations

import hashlib

from games.engine import Event as RulesEvent
from games.engine.canonical import canonical_json
from games.engine.rng import GameRng

# Batches of these kinds may lie between the move taken back and now: the first are
# undone, the second (requests, answers, cancel votes) change nothing in the rules' state.
UNDOABLE = ("move", "bot")
KEPT = ("takeback_request", "takeback_answer", "cancel_propose", "cancel_vote")


class TracingRng(GameRng):
    """The game's RNG, noting whether anything was drawn from it."""

    __slots__ = ("drew",)

    def __init__(self, rng: GameRng):
        super().__init__(rng._key, rng._game_id, rng._seq)
        self.drew = False

    def _block(self, purpose: str) -> int:
        self.drew = True
        return super()._block(purpose)


def state_digest(state) -> str:
    return hashlib.sha256(canonical_json(state)).hexdigest()


def refusal(rules, state, batches: list[tuple[dict, list]], rng_for, players: int) -> str | None:
    """Why the batches (each (command, [(type, payload)]), oldest first, ``state`` the
    state before the first) may not be taken back, or None. Pure: the verifier calls it too.
    ``rng_for(seq)`` is the game's RNG for a batch starting at ``seq``."""
    for command, events, seq in batches:
        kind = command.get("kind")
        if kind in KEPT:
            continue
        if kind not in UNDOABLE:
            return "something other than a move happened since (a timeout, a resignation or a takeback)."
        rng = TracingRng(rng_for(seq))
        rules.decide(state, command["seat"], command["move"], rng)
        who = f"Player {command['seat'] + 1}"
        if rng.drew:
            return f"{who}'s move drew a random outcome (a die, a card or a tile from the bag)."
        for type_, payload in events:
            event = RulesEvent(type_, payload)
            if any(rules.redact(event, viewer) != event for viewer in [*range(players), None]):
                return f"{who}'s move showed something that not everyone may see."
        if getattr(rules, "moves_reveal_hidden", True):
            return (f"in {rules.title} a move can show what was hidden (a card from a hand or a face-down "
                    f"pile), so moves are never taken back.")
        for type_, payload in events:
            state = rules.evolve(state, RulesEvent(type_, payload))
    return None
