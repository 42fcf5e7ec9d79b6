"""Medina's strong bot: legal, reproducible; a perfect-information game needs no sampling."""
import copy

from games.catalog.medina import RULES
from games.catalog.medina.bot_strong import determinize
from games.engine.rng import rng_for_testing
from tests.support.strong_bot import assert_legal_reproducible_and_pure, midgame, play_small_game


def position():
    table = midgame("medina", 16)
    return table.state, min(RULES.to_move(table.state))


def test_the_strong_move_is_legal_reproducible_and_pure():
    state, seat = position()
    assert_legal_reproducible_and_pure("medina", state, seat)


def test_nothing_is_hidden_so_the_sampled_world_is_the_state():
    state, seat = position()
    assert determinize(copy.deepcopy(state), seat, rng_for_testing(1)) == state


def test_a_game_with_a_strong_bot_completes():
    play_small_game("medina")
