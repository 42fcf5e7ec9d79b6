"""The fair RNG follows its documented derivation and is uniform."""
import hashlib
import hmac
import json
from collections import Counter

from games.engine.rng import GameRng, game_key, new_server_seed, seed_commitment


def canonical(value):
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def test_derivation_matches_the_documented_formula():
    seed = "11" * 32
    key = hmac.new(bytes.fromhex(seed), canonical(["ludopost/v1/game-key", "42", ["a", ""]]), hashlib.sha256).digest()
    assert game_key(seed, "42", ["a", ""]) == key
    block = hmac.new(key, canonical(["ludopost/v1/draw", "42", 7, "dice", 0]), hashlib.sha256).digest()
    expected = int.from_bytes(block, "big") % 6 + 1
    assert GameRng(key, "42", 7).randint(1, 6, "dice") == expected


def test_commitment_is_sha256_of_the_seed_bytes():
    seed = new_server_seed()
    assert len(seed) == 64
    assert seed_commitment(seed) == hashlib.sha256(bytes.fromhex(seed)).hexdigest()
    assert seed_commitment(seed) != seed_commitment(new_server_seed())


def test_same_inputs_same_draws_and_every_input_matters():
    seed = "ab" * 32
    draws = lambda rng: [rng.randbelow(1000, "x") for _ in range(5)]  # noqa: E731
    base = draws(GameRng.from_seeds(seed, "1", ["p"], 3))
    assert base == draws(GameRng.from_seeds(seed, "1", ["p"], 3))
    assert base != draws(GameRng.from_seeds(seed, "1", ["q"], 3)), "a player's seed changes the draws"
    assert base != draws(GameRng.from_seeds(seed, "2", ["p"], 3)), "the game id separates domains"
    assert base != draws(GameRng.from_seeds(seed, "1", ["p"], 4)), "the sequence number separates draws"
    assert base != draws(GameRng.from_seeds("cd" * 32, "1", ["p"], 3))
    rng = GameRng.from_seeds(seed, "1", ["p"], 3)
    assert [rng.randbelow(1000, "y") for _ in range(5)] != base, "purposes are separate streams"


def test_draws_are_uniform_enough():
    rng = GameRng.from_seeds("00" * 32, "u", [], 1)
    counts = Counter(rng.randint(1, 6) for _ in range(6000))
    chi2 = sum((counts[face] - 1000) ** 2 / 1000 for face in range(1, 7))
    assert set(counts) == set(range(1, 7))
    assert chi2 < 20.5  # p ~ 0.001 for 5 degrees of freedom


def test_shuffle_is_a_permutation_and_varies():
    rng = GameRng.from_seeds("00" * 32, "s", [], 1)
    first = rng.shuffled(range(20))
    second = rng.shuffled(range(20))
    assert sorted(first) == list(range(20))
    assert first != second
