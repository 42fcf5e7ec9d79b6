"""Provably fair randomness.

Every random outcome of a game is derived, never drawn from the OS:

    game_key = HMAC-SHA256(key=server_seed,
                           msg=canonical_json(["ludopost/v1/game-key", game_id, player_seeds]))
    block(i) = HMAC-SHA256(key=game_key,
                           msg=canonical_json(["ludopost/v1/draw", game_id, seq, purpose, i]))

``server_seed`` is 32 secret bytes whose SHA-256 (the *commitment*) is published
when the game is created, before anyone joins; ``player_seeds`` is the list, in
seat order, of the strings each player chose when joining ("" for none). Neither
the server, which committed first, nor any player, who cannot know the server seed,
can steer the result alone. ``seq`` is the sequence number of the first event the
move produces and ``purpose`` names the draw ("deck", "dice", "bot"...); ``i``
counts blocks within that purpose. A block is read as a 256-bit big-endian integer
and mapped to [0, n) by rejection sampling (blocks >= the largest multiple of n
are skipped), so there is no modulo bias. docs/FAIRNESS.md spells this out with a
worked example.

Rules receive a :class:`GameRng` in ``setup`` and ``decide`` and write every
outcome into the events they return; ``evolve`` never sees an RNG, so replay
never re-rolls.
"""
from __future__ import annotations

import functools
import hashlib
import hmac
import secrets
from typing import MutableSequence, Sequence, TypeVar

from .canonical import canonical_json

T = TypeVar("T")
_SPACE = 1 << 256


def new_server_seed() -> str:
    """A fresh secret seed as 64 hex characters."""
    return secrets.token_hex(32)


def seed_commitment(server_seed_hex: str) -> str:
    """The published commitment: SHA-256 of the seed's 32 raw bytes, in hex."""
    return hashlib.sha256(bytes.fromhex(server_seed_hex)).hexdigest()


def game_key(server_seed_hex: str, game_id: str, player_seeds: Sequence[str]) -> bytes:
    return _game_key(server_seed_hex, str(game_id), tuple(player_seeds))


@functools.lru_cache(maxsize=4096)
def _game_key(server_seed_hex: str, game_id: str, player_seeds: tuple[str, ...]) -> bytes:
    # A pure function of a game's seeds, the same for every move of the game: a
    # process that serves its moves derives it once.
    message = canonical_json(["ludopost/v1/game-key", game_id, list(player_seeds)])
    return hmac.new(bytes.fromhex(server_seed_hex), message, hashlib.sha256).digest()


class GameRng:
    """Deterministic random source for one move (or the setup) of one game."""

    __slots__ = ("_key", "_game_id", "_seq", "_counters")

    def __init__(self, key: bytes, game_id: str, seq: int):
        self._key = key
        self._game_id = str(game_id)
        self._seq = int(seq)
        self._counters: dict[str, int] = {}

    @classmethod
    def from_seeds(cls, server_seed_hex: str, game_id: str, player_seeds: Sequence[str], seq: int) -> "GameRng":
        return cls(game_key(server_seed_hex, game_id, player_seeds), game_id, seq)

    def for_seq(self, seq: int) -> "GameRng":
        """A fresh RNG for another sequence number of the same game."""
        return GameRng(self._key, self._game_id, seq)

    def _block(self, purpose: str) -> int:
        index = self._counters.get(purpose, 0)
        self._counters[purpose] = index + 1
        message = canonical_json(["ludopost/v1/draw", self._game_id, self._seq, purpose, index])
        return int.from_bytes(hmac.new(self._key, message, hashlib.sha256).digest(), "big")

    def randbelow(self, n: int, purpose: str = "draw") -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("randbelow needs n >= 1")
        limit = _SPACE - (_SPACE % n)
        while True:
            value = self._block(purpose)
            if value < limit:
                return value % n

    def randint(self, low: int, high: int, purpose: str = "draw") -> int:
        """A uniform integer in [low, high], both included (a die: randint(1, 6))."""
        return low + self.randbelow(high - low + 1, purpose)

    def choice(self, items: Sequence[T], purpose: str = "draw") -> T:
        return items[self.randbelow(len(items), purpose)]

    def shuffle(self, items: MutableSequence, purpose: str = "shuffle") -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1, purpose)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: Sequence[T], purpose: str = "shuffle") -> list[T]:
        result = list(items)
        self.shuffle(result, purpose)
        return result

    def sample(self, items: Sequence[T], k: int, purpose: str = "sample") -> list[T]:
        return self.shuffled(items, purpose)[:k]


def rng_for_testing(seed: int | str = 0, game_id: str = "test", seq: int = 1) -> GameRng:
    """A reproducible RNG for unit tests and offline simulations."""
    server_seed = hashlib.sha256(f"test-seed:{seed}".encode()).hexdigest()
    return GameRng.from_seeds(server_seed, game_id, [], seq)
