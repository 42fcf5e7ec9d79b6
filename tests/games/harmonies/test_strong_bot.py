"""The strong bot plans on a state rebuilt from its own seat's view, so what it does
cannot depend on anything that seat may not know."""
import copy

from games.catalog.harmonies import BOTS, RULES
from games.catalog.harmonies import components as C
from games.catalog.harmonies.strong import determinize
from games.engine.harness import Table

STRONG = BOTS["strong"]


def _position(players, steps, seed):
    table = Table(RULES, players, {"spirits": True}, seed)
    for _ in range(steps):
        table.bot_move(min(RULES.to_move(table.state)), BOTS["best"])
    return table


def _with_other_secrets(state, seat):
    """The same position with every other seat's hidden spirit cards replaced."""
    other = copy.deepcopy(state)
    seen = {card for deal in state["spirit_deal"] for card in deal}
    seen |= {s["card"] for s in state["spirit"] if s}
    unseen = [card for card in C.SPIRIT_IDS if card not in seen]
    for owner in range(state["players"]):
        if owner != seat and other["spirit_deal"][owner]:
            other["spirit_deal"][owner] = [unseen.pop(), unseen.pop()]
        if owner != seat:
            other["spirit_returned"][owner] = "not for your eyes"
    return other


def test_the_strong_bot_moves_the_same_whatever_the_others_hide():
    for steps in (0, 9):
        table = _position(3, steps, seed=steps + 1)
        seat = min(RULES.to_move(table.state))
        rng = table.rng_for(table.version + 1)
        move = STRONG(RULES, table.state, seat, rng)
        assert move in RULES.legal_moves(table.state, seat)
        changed = _with_other_secrets(table.state, seat)
        assert changed != table.state
        assert STRONG(RULES, changed, seat, table.rng_for(table.version + 1)) == move


def test_the_determinized_state_keeps_what_the_seat_sees_and_samples_the_rest():
    import random

    table = _position(2, 0, seed=4)
    seat = table.state["current"]
    view = RULES.view(table.state, seat)
    world = determinize(view, seat, random.Random(1))
    assert world["spirit_deal"][seat] == table.state["spirit_deal"][seat]
    assert RULES.view(world, seat) == view
    other = 1 - seat
    assert len(world["spirit_deal"][other]) == 2
    assert not set(world["spirit_deal"][other]) & set(world["spirit_deal"][seat])
    assert sorted(world["deck"]) == sorted(table.state["deck"])       # no card was hidden away
