"""Play and replay games in memory, with no store: for rules tests, bots and benchmarks.

The RNG derivation is the store's own (:mod:`games.engine.rng`), with a seed made
from an integer, so a game played here and the same game played through the store
with the same seeds produce the same events.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from .bots import random_bot
from .events import Event
from .outcome import Outcome
from .rng import GameRng


def test_server_seed(seed: int | str) -> str:
    return hashlib.sha256(f"ludopost-sim:{seed}".encode()).hexdigest()


@dataclass
class Batch:
    """The events one command produced: setup (seat None, move None) or a move."""

    seq: int               # sequence number of the first event of the batch
    seat: int | None
    move: dict | None
    events: list[Event]


@dataclass
class PlayedGame:
    rules: object
    players: int
    options: dict
    batches: list[Batch] = field(default_factory=list)
    state: object = None
    outcome: Outcome | None = None

    @property
    def events(self) -> list[Event]:
        return [event for batch in self.batches for event in batch.events]

    @property
    def moves(self) -> int:
        return sum(1 for batch in self.batches if batch.move is not None)


class Table:
    """A game in memory: the state, the log, and the RNG key."""

    def __init__(self, rules, players: int, options: dict | None = None, seed: int | str = 0,
                 game_id: str | None = None):
        self.rules = rules
        self.players = players
        self.options = rules.check_options(players, options or {})
        self.game_id = game_id or f"sim-{seed}"
        self._rng = GameRng.from_seeds(test_server_seed(seed), self.game_id, [""] * players, 1)
        self.game = PlayedGame(rules, players, self.options)
        self.version = 0
        self.state = rules.initial_state()
        self._append(None, None, rules.setup(players, self.options, self.rng_for(1)))

    def rng_for(self, seq: int) -> GameRng:
        return self._rng.for_seq(seq)

    def _append(self, seat, move, events):
        self.game.batches.append(Batch(self.version + 1, seat, move, list(events)))
        for event in events:
            self.state = self.rules.evolve(self.state, event)
        self.version += len(events)

    def play(self, seat: int, move: dict) -> list[Event]:
        """Decide and apply one move; raises IllegalMove like the store would."""
        events = self.rules.decide(self.state, seat, move, self.rng_for(self.version + 1))
        self._append(seat, move, events)
        return events

    def bot_move(self, seat: int, bot=random_bot) -> dict:
        # The bot's RNG is the one the worker uses: same key, the next seq, purpose "bot".
        move = bot(self.rules, self.state, seat, self.rng_for(self.version + 1))
        self.play(seat, move)
        return move

    @property
    def over(self) -> bool:
        return self.rules.outcome(self.state) is not None


def play_game(rules, players: int, options: dict | None = None, seed: int | str = 0,
              bots=None, max_moves: int = 100_000, check=None, optional_every: int = 0) -> PlayedGame:
    """Play one complete game with a bot per seat (``bots[seat]``, random by default).

    When several seats are to move at once, the lowest seat moves first; ``check``
    (if given) is called as ``check(table)`` before every move, for property tests.
    With ``optional_every`` = n, a seat that ``may_move`` unasked makes a random move
    at every n-th version where there is one (withdrawing an offer, say), so that
    property tests reach those moves too; bots are never asked for them.
    """
    table = Table(rules, players, options, seed)
    bots = bots or [random_bot] * players
    for _ in range(max_moves):
        if table.over:
            break
        seats = sorted(rules.to_move(table.state))
        if not seats:
            raise RuntimeError(f"{rules.slug}: nobody to move but the game is not over")
        if check is not None:
            check(table)
        optional = sorted(rules.may_move(table.state)) if optional_every else []
        if optional and table.version % optional_every == 0:
            table.bot_move(optional[0], random_bot)
            continue
        table.bot_move(seats[0], bots[seats[0]])
    else:
        raise RuntimeError(f"{rules.slug}: game did not finish within {max_moves} moves")
    table.game.state = table.state
    table.game.outcome = rules.outcome(table.state)
    return table.game


def replay(rules, batches: list[Batch], upto: int | None = None):
    """Fold the first ``upto`` events (all when None) of a log into a fresh state."""
    state = rules.initial_state()
    count = 0
    for batch in batches:
        for event in batch.events:
            if upto is not None and count >= upto:
                return state
            state = rules.evolve(state, event)
            count += 1
    return state
