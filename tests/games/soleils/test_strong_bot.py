"""62 Soleils' strong bot: legal, reproducible, blind to the other players' sealed choices."""
import copy

from games import registry
from games.catalog.soleils import RULES
from games.catalog.soleils.bot_strong import determinize
from games.engine.rng import rng_for_testing
from tests.support.strong_bot import assert_legal_reproducible_and_pure, midgame, play_small_game


def position():
    """A round in which seat 1 has made a sealed choice and seat 0 has yet to choose."""
    table = midgame("soleils", 6)
    basic = registry.get("soleils").bots["basic"]
    while RULES.to_move(table.state) != {0, 1} or table.state["moves"][0] or table.state["moves"][1]:
        table.bot_move(min(RULES.to_move(table.state)), basic)
    table.bot_move(1, basic)
    return table.state


def another_choice(state):
    """The same position as seat 0 sees it, with seat 1 having chosen otherwise."""
    fresh = copy.deepcopy(state)
    fresh["moves"][1] = []
    for move in RULES.legal_moves(fresh, 1):
        steps = list(move["steps"]) if move["type"] == "choice" else [move]   # version 2: the whole choice
        other = copy.deepcopy(state)
        other["moves"][1] = steps
        if steps != state["moves"][1] and RULES.view(other, 0) == RULES.view(state, 0):
            return other
    raise AssertionError("no other first choice looks the same to seat 0")


def test_the_strong_move_is_legal_reproducible_and_pure():
    assert_legal_reproducible_and_pure("soleils", position(), 0)


def test_the_strong_bot_never_reads_another_seats_sealed_choice():
    state = position()
    other = another_choice(state)
    assert other["moves"][1] != state["moves"][1]
    strong = registry.get("soleils").bots["strong"]
    assert strong(RULES, state, 0, rng_for_testing(5)) == strong(RULES, other, 0, rng_for_testing(5))
    for seed in range(3):
        assert determinize(copy.deepcopy(state), 0, rng_for_testing(seed)) == \
            determinize(copy.deepcopy(other), 0, rng_for_testing(seed))


def test_a_sampled_world_keeps_the_seats_own_choices_and_who_has_finished():
    state = position()
    for seed in range(3):
        world = determinize(copy.deepcopy(state), 0, rng_for_testing(seed))
        assert world["moves"][0] == state["moves"][0] and world["sheets"] == state["sheets"]
        # seat 1 has sealed a whole choice: in every sampled world it has finished too
        assert world["moves"][1] and RULES.to_move(world) == RULES.to_move(state) == {0}


def test_a_game_with_a_strong_bot_completes():
    play_small_game("soleils")
