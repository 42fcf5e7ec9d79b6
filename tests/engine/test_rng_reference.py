"""Every GameRng method against an independent re-implementation of docs/FAIRNESS.md.

The reference below is written from the document, not from games/engine/rng.py: a
block is HMAC-SHA256 over ["ludopost/v1/draw", game id, seq, purpose, i] read as a
big-endian integer; a number in [0, n) skips blocks at or above the largest multiple
of n below 2**256; a shuffle is Fisher-Yates from the last position down.
"""
import hashlib
import hmac
import json

import pytest

from games.engine.rng import GameRng, game_key, new_server_seed, rng_for_testing

SEED = "5e" * 32


def canonical(value) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


class Reference:
    def __init__(self, seed_hex, game_id, player_seeds, seq):
        self.key = hmac.new(bytes.fromhex(seed_hex), canonical(["ludopost/v1/game-key", str(game_id),
                                                                  list(player_seeds)]), hashlib.sha256).digest()
        self.game_id, self.seq, self.used = str(game_id), seq, {}

    def block(self, purpose):
        i = self.used.get(purpose, 0)
        self.used[purpose] = i + 1
        message = canonical(["ludopost/v1/draw", self.game_id, self.seq, purpose, i])
        return int.from_bytes(hmac.new(self.key, message, hashlib.sha256).digest(), "big")

    def below(self, n, purpose):
        limit = (2 ** 256 // n) * n
        while True:
            value = self.block(purpose)
            if value < limit:
                return value % n

    def shuffled(self, items, purpose):
        items = list(items)
        for k in range(len(items) - 1, 0, -1):
            j = self.below(k + 1, purpose)
            items[k], items[j] = items[j], items[k]
        return items


def pair(seq=4, game_id="77", player_seeds=("ann", "")):
    return GameRng.from_seeds(SEED, game_id, list(player_seeds), seq), Reference(SEED, game_id, player_seeds, seq)


def test_the_game_key_is_the_documented_hmac():
    assert game_key(SEED, 77, ["ann", ""]) == Reference(SEED, "77", ["ann", ""], 1).key
    assert GameRng.from_seeds(SEED, "77", ["ann", ""], 1)._key == Reference(SEED, "77", ["ann", ""], 1).key


def test_successive_blocks_of_a_purpose_count_from_zero_and_purposes_count_apart():
    rng, ref = pair()
    got = [rng.randbelow(10 ** 9, "a"), rng.randbelow(10 ** 9, "b"), rng.randbelow(10 ** 9, "a"),
           rng.randbelow(10 ** 9, "a"), rng.randbelow(10 ** 9, "b")]
    want = [ref.below(10 ** 9, "a"), ref.below(10 ** 9, "b"), ref.below(10 ** 9, "a"),
            ref.below(10 ** 9, "a"), ref.below(10 ** 9, "b")]
    assert got == want


def test_the_whole_block_is_read_big_endian():
    rng, ref = pair()
    assert rng.randbelow(2 ** 256, "wide") == ref.block("wide")


def test_rejection_sampling_skips_blocks_above_the_last_whole_multiple():
    # n just above 2**255: about half of all blocks are at or above the limit and must be skipped.
    n = 2 ** 255 + 1
    rng, ref = pair(seq=9)
    draws = [rng.randbelow(n, "r") for _ in range(12)]
    assert draws == [ref.below(n, "r") for _ in range(12)]
    assert ref.used["r"] > 12, "the reference skipped some blocks, so the check meant something"
    assert all(0 <= value < n for value in draws)


def test_randbelow_of_one_is_zero_and_below_one_is_refused():
    rng, _ = pair()
    assert rng.randbelow(1) == 0
    for bad in (0, -3):
        with pytest.raises(ValueError, match=r"^randbelow needs n >= 1$"):
            rng.randbelow(bad)


def test_default_purposes_are_documented_names():
    rng, ref = pair()
    assert rng.randbelow(1000) == ref.below(1000, "draw")
    assert rng.randint(1, 6) == 1 + ref.below(6, "draw")
    items = [f"item{i}" for i in range(10 ** 4)]          # large, so a wrong stream cannot agree by chance
    assert rng.choice(items) == items[ref.below(10 ** 4, "draw")]
    assert rng.shuffled(range(9)) == ref.shuffled(range(9), "shuffle")
    assert rng.sample(range(30), 4) == ref.shuffled(range(30), "sample")[:4]
    in_place = list(range(30))
    rng.shuffle(in_place)
    assert in_place == ref.shuffled(range(30), "shuffle")


def test_randint_choice_shuffle_and_sample_use_the_purpose_they_are_given():
    rng, ref = pair(seq=12)
    assert [rng.randint(3, 8, "dice") for _ in range(6)] == [3 + ref.below(6, "dice") for _ in range(6)]
    assert rng.randint(5, 5, "dice") == 5 and ref.below(1, "dice") == 0
    items = [f"card{i}" for i in range(13)]
    assert [rng.choice(items, "pick") for _ in range(5)] == [items[ref.below(13, "pick")] for _ in range(5)]
    assert rng.shuffled(items, "deck") == ref.shuffled(items, "deck")
    assert rng.sample(items, 5, "deal") == ref.shuffled(items, "deal")[:5]
    in_place = list(items)
    rng.shuffle(in_place, "deck")
    assert in_place == ref.shuffled(items, "deck")


def test_shuffled_leaves_its_input_alone_and_keeps_every_item():
    rng, _ = pair()
    items = list(range(52))
    out = rng.shuffled(items)
    assert items == list(range(52)) and sorted(out) == items and out != items


def test_for_seq_is_a_fresh_rng_of_the_same_game_at_another_seq():
    rng, _ = pair(seq=4)
    rng.randbelow(100, "x")
    other = rng.for_seq(11)
    _, ref = pair(seq=11)
    assert [other.randbelow(100, "x") for _ in range(3)] == [ref.below(100, "x") for _ in range(3)]


def test_rng_for_testing_follows_its_documented_seed():
    server_seed = hashlib.sha256(b"test-seed:0").hexdigest()
    ref = Reference(server_seed, "test", [], 1)
    assert rng_for_testing().randbelow(10 ** 6, "t") == ref.below(10 ** 6, "t")
    server_seed = hashlib.sha256(b"test-seed:abc").hexdigest()
    ref = Reference(server_seed, "g9", [], 5)
    assert rng_for_testing("abc", "g9", 5).randbelow(10 ** 6, "t") == ref.below(10 ** 6, "t")


def test_a_new_server_seed_is_32_fresh_bytes():
    seeds = {new_server_seed() for _ in range(5)}
    assert len(seeds) == 5 and all(len(bytes.fromhex(seed)) == 32 for seed in seeds)
