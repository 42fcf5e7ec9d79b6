"""The strong bot searches only over what its own seat may know."""
import copy

from games.catalog.amazonas import BOTS, RULES
from games.catalog.amazonas.strong import choose_strong, determinize
from games.engine.harness import Table


def waiting_for_seat_0(players, round_number, seed):
    """Seat 0 to choose its income card, the other seats having chosen theirs in secret."""
    table = Table(RULES, players, {}, seed=seed)
    while not (table.state["phase"] == "choose" and table.state["round"] == round_number):
        table.bot_move(min(RULES.to_move(table.state)), BOTS["best"])
    while RULES.to_move(table.state) - {0}:
        table.bot_move(max(RULES.to_move(table.state)), BOTS["best"])
    return table


def scramble(state):
    """The same table with other missions and other sealed cards for the other seats."""
    twin = copy.deepcopy(state)
    mine = twin["missions"][0]
    others = [card for card in range(8) if card != mine and card not in twin["missions"]]
    for seat in range(1, twin["players"]):
        twin["missions"][seat] = others.pop()
        hand = twin["hands"][seat]
        twin["chosen"][seat] = hand[-1] if twin["chosen"][seat] != hand[-1] else hand[0]
    return twin


def test_the_strong_bot_decides_the_same_whatever_the_others_hide():
    for players, round_number, seed in ((3, 4, 1), (2, 9, 2)):
        table = waiting_for_seat_0(players, round_number, seed)
        state = table.state
        twin = scramble(state)
        assert twin["missions"] != state["missions"] and twin["chosen"] != state["chosen"]
        chosen = choose_strong(RULES, state, 0, table.rng_for(table.version + 1))
        assert chosen in RULES.legal_moves(state, 0)
        assert choose_strong(RULES, twin, 0, table.rng_for(table.version + 1)) == chosen
        assert determinize(copy.deepcopy(twin), 0, table.rng_for(9)) == \
            determinize(copy.deepcopy(state), 0, table.rng_for(9))
