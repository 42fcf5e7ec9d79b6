"""The strong bot plays legal moves and never peeks: another seat's sealed steps do not
change its choice."""
import copy

from games.catalog.citytour import BOTS
from games.engine.harness import Table
from games.engine.rng import rng_for_testing

from .helpers import RULES


def test_the_strong_bot_chooses_the_same_whatever_the_others_sealed_steps():
    table = Table(RULES, 2, {}, seed=9)
    for _ in range(3):                               # seat 1 makes its whole turn first
        table.bot_move(1, BOTS["best"])
    state = table.state
    legal = RULES.legal_moves(state, 0)
    move = BOTS["strong"](RULES, state, 0, rng_for_testing(3))
    assert move in legal
    other = copy.deepcopy(state)
    seat_one = RULES.turn_of(other, 1)
    other["pending"][1] = []
    steps = []
    for _ in range(3):                               # different steps, as many
        other["pending"][1] = steps
        options = RULES.turn_of(other, 1).legal_moves()
        steps = steps + [options[-1]]
    other["pending"][1] = steps
    assert steps != state["pending"][1] and seat_one.phase == "done"
    assert BOTS["strong"](RULES, other, 0, rng_for_testing(3)) == move
