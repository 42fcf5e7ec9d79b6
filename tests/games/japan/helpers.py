"""Hand-built states for the Let's Go to Japan tests."""
from __future__ import annotations

from games.catalog.japan import RULES
from games.engine import Event
from games.engine.rng import rng_for_testing

SYMBOLS = ["temple", "food", "nature", "shopping", "unique", "happiness"]


def new_game(players=2, symbols=SYMBOLS, hands=None, options=None):
    """A game in round 1 with the day symbols and round-1 hands we choose."""
    options = RULES.check_options(players, options or {})
    state = RULES.evolve({}, Event("GameStarted", {"players": players, "options": options,
                                                   "symbols": list(symbols)}))
    hands = hands or [["T1", "K1"], ["T2", "K2"], ["T3", "K3"], ["T4", "K4"], ["T5", "K5"]][:players]
    ops = [["draw", "tokyo" if c[0] == "T" else "kyoto", c] for hand in hands for c in hand]
    return RULES.evolve(state, Event("RoundStarted", {"round": 1, "hands": hands, "ops": ops}))


def play(state, seat, move, seed=0):
    events = RULES.decide(state, seat, move, rng_for_testing(seed))
    for event in events:
        state = RULES.evolve(state, event)
    return state, events


def give(state, seat, plan=None, hand=None, **tokens):
    """Set a seat's plan (lists of card ids or {"walk": ...} entries per day) and tokens."""
    data = state["seats"][seat]
    if plan is not None:
        data["plan"] = [[({"card": e} if isinstance(e, str) else e) for e in column] for column in plan]
    if hand is not None:
        data["hand"] = list(hand)
    data.update(tokens)
    return state
