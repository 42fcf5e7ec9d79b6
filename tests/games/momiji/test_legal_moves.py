"""legal_moves lists exactly the moves decide accepts, checked both ways."""
import random

import pytest

from games.catalog.momiji import BOTS, RULES
from games.catalog.momiji import components as C
from games.engine import IllegalMove
from games.engine.bots import random_bot
from games.engine.harness import Table

LEAVES = C.LEAF_TYPES + ["blue"]


def _random_move(rnd: random.Random, legal: list[dict]) -> object:
    roll = rnd.random()
    if legal and roll < 0.35:
        move = dict(rnd.choice(legal))
        tweak = rnd.randrange(5)
        if tweak == 0 and "side" in move:
            del move["side"]
        elif tweak == 1:
            move["side"] = rnd.choice(["left", "right", "up"])
        elif tweak == 2 and "cards" in move:
            move["cards"] = [rnd.choice(C.ALL_CARDS)] + move["cards"][1:]
        elif tweak == 3:
            move["extra"] = 1
        elif tweak == 4 and "cards" in move:
            move["cards"] = list(reversed(move["cards"]))
        return move
    kind = rnd.choice(["play", "collect", "reveal", "activate", "discard", "power", "pass",
                       "choose_landscape", "dance", None])
    if kind is None:
        return rnd.choice([None, [], "pass", {"type": 3}, {}])
    move = {"type": kind}
    if kind in ("play", "discard"):
        move["cards"] = C.sort_cards(rnd.sample(C.ALL_CARDS, rnd.randint(1, 3)))
        if kind == "play" and rnd.random() < 0.6:
            move["side"] = rnd.choice(["left", "right"])
    elif kind == "collect":
        move["leaf"] = rnd.choice(LEAVES)
    elif kind == "activate":
        move["objective"] = rnd.choice(list(C.OBJECTIVES) + ["most_4"])
    elif kind == "choose_landscape":
        move["power"] = rnd.choice(C.POWER_NAMES)
    elif kind == "power":
        move["power"] = rnd.choice(C.POWER_NAMES + ["volcano"])
        for name in ("leaf", "card", "take", "position", "cards"):
            if rnd.random() < 0.3:
                move[name] = {"leaf": rnd.choice(LEAVES), "card": rnd.choice(C.ALL_CARDS),
                              "take": rnd.choice(C.ALL_CARDS), "position": rnd.randint(-1, 5),
                              "cards": C.sort_cards(rnd.sample(C.ALL_CARDS, rnd.randint(1, 2)))}[name]
    return move


@pytest.mark.parametrize("players,landscapes", [(1, "assigned"), (2, "draft"), (3, "assigned"),
                                                (4, "assigned"), (4, "draft")])
def test_legal_moves_match_decide_both_ways(players, landscapes):
    rnd = random.Random(players * 7 + len(landscapes))
    table = Table(RULES, players, {"landscapes": landscapes}, seed=players)
    bots = [BOTS["best"], random_bot]
    steps = 0
    while not table.over and steps < 400:
        steps += 1
        state = table.state
        for seat in range(players):
            legal = RULES.legal_moves(state, seat)
            rng = table.rng_for(table.version + 1)
            for move in legal:                       # every legal move is accepted
                RULES.decide(state, seat, move, rng)
            for _ in range(12):                      # every accepted move is legal
                move = _random_move(rnd, legal)
                try:
                    RULES.decide(state, seat, move, rng)
                except IllegalMove as error:
                    assert error.message and error.code
                else:
                    assert move in legal, move
        seat = min(RULES.to_move(state))
        table.bot_move(seat, bots[steps % 2])
    assert table.over


def test_legal_moves_have_no_duplicates():
    table = Table(RULES, 4, {}, seed=11)
    while not table.over:
        seat = min(RULES.to_move(table.state))
        legal = RULES.legal_moves(table.state, seat)
        keys = [repr(sorted(move.items())) for move in legal]
        assert len(keys) == len(set(keys))
        table.bot_move(seat, random_bot)


def test_play_moves_for_a_known_hand():
    table = Table(RULES, 2, {}, seed=0)
    table.state["hands"][0] = ["red-0", "red-1", "orange-2"]
    table.state["rows"][0] = [{"leaf": "orange", "values": [0, 1]}]
    plays = [m for m in RULES.legal_moves(table.state, 0) if m["type"] == "play"]
    expected = [
        {"type": "play", "cards": ["red-0"], "side": "left"},
        {"type": "play", "cards": ["red-0"], "side": "right"},
        {"type": "play", "cards": ["red-0", "red-1"], "side": "left"},
        {"type": "play", "cards": ["red-0", "red-1"], "side": "right"},
        {"type": "play", "cards": ["orange-2"]},
        {"type": "play", "cards": ["red-0", "orange-2"], "side": "left"},
        {"type": "play", "cards": ["red-0", "orange-2"], "side": "right"},
    ]
    assert sorted(map(repr, plays)) == sorted(map(repr, expected))
