"""Protocol properties over player counts and options; legal moves vs decide."""
import itertools

import pytest

from games.catalog.linie1 import RULES, BOTS
from games.engine import IllegalMove
from games.engine.harness import Table
from games.engine.testing import check_game_properties

COMBOS = [
    (2, {}),
    (3, {"board": "bga", "dice": "single_die_1995"}),
    (4, {"dice": "traffic_lights_published"}),
    (5, {"board": "bga"}),
    (6, {"dice": "single_die_1995"}),
]


@pytest.mark.parametrize("players,options", COMBOS)
def test_random_games_keep_the_protocol(players, options):
    check_game_properties(RULES, players, options, seed=players)


@pytest.mark.parametrize("players,options", [(2, {"board": "bga", "dice": "traffic_lights_published"}),
                                             (4, {"board": "bga", "dice": "single_die_1995"})])
def test_bot_games_keep_the_protocol(players, options):
    check_game_properties(RULES, players, options, seed=11, bots=[BOTS["best"]] * players)


def test_every_option_combination_sets_up():
    for players, board, dice in itertools.product(range(2, 7), ["1995", "bga"],
                                                  ["traffic_lights_bga", "traffic_lights_published",
                                                   "single_die_1995"]):
        options = {"board": board, "dice": dice}
        if board == "bga" and players == 6:
            with pytest.raises(IllegalMove) as error:
                RULES.check_options(players, options)
            assert error.value.code == "invalid_options"
            continue
        t = Table(RULES, players, options, seed=players)
        state = t.state
        assert len(state["hands"]) == players and all(len(h) == 5 for h in state["hands"])
        stops = 3 if players <= 3 else 2
        assert all(len(route) == stops for route in state["routes"])
        assert len(set(state["lines"])) == players
        in_play = len(state["pile"]) + 5 * players
        # 1995: 101 drawing tiles plus the start tiles handed out (a sixth start
        # hand comes from the drawing tiles); BGA: a stack of 125 plus start hands
        assert in_play == (101 + 5 * min(players, 5) if board == "1995" else 125 + 5 * players)


def test_bad_options_are_refused():
    for options in ({"board": "1996"}, {"dice": "d6"}, {"speed": 1}):
        with pytest.raises(IllegalMove):
            RULES.check_options(3, options)
    with pytest.raises(IllegalMove):
        RULES.check_options(7, {})


MALFORMED = [
    None, {}, {"type": 3}, {"type": "fly"}, {"type": "place"},
    {"type": "place", "tile": 12, "rotation": 0, "row": 0, "col": 0},
    {"type": "place", "tile": 0, "rotation": 4, "row": 0, "col": 0},
    {"type": "place", "tile": 0, "rotation": 0, "row": 12, "col": 0},
    {"type": "place", "tile": True, "rotation": 0, "row": 5, "col": 5},
    {"type": "place", "tile": 0, "rotation": 0, "row": 5, "col": 5, "extra": 1},
    {"type": "place", "tile": 0, "rotation": 0, "row": 5, "col": 5, "from_seat": 9},
    {"type": "start_trip"}, {"type": "start_trip", "start": "middle"},
    {"type": "use_die"}, {"type": "use_die", "face": "6"}, {"type": "roll", "dice": 3},
]


def test_malformed_and_illegal_moves_are_refused_with_a_reason():
    t = Table(RULES, 3, {}, seed=3)
    for move in MALFORMED:
        with pytest.raises(IllegalMove) as error:
            RULES.decide(t.state, 0, move, t.rng_for(1))
        assert error.value.message
    legal = RULES.legal_moves(t.state, 0)
    for move in legal:
        RULES.decide(t.state, 0, move, t.rng_for(1))


def test_legal_moves_match_decide_both_ways_along_a_bot_game():
    t = Table(RULES, 2, {}, seed=8)
    probes = [{"type": kind} for kind in ("roll", "pass", "give_up")] + \
        [{"type": "use_die", "face": f} for f in ("red", "1", "2", "H", "tool")] + \
        [{"type": "start_trip", "start": s, "route": r} for s in ("top", "right", "bottom", "left")
         for r in range(RULES.ROUTE_CHOICES)]
    steps = 0
    while not t.over and steps < 400:
        seat = min(RULES.to_move(t.state))
        legal = RULES.legal_moves(t.state, seat)
        for probe in probes:
            try:
                RULES.decide(t.state, seat, probe, t.rng_for(t.version + 1))
            except IllegalMove:
                assert probe not in legal
            else:
                assert probe in legal, probe
        t.bot_move(seat, BOTS["best"])
        steps += 1
    assert t.over


def test_moves_match_the_move_schema_and_events_read_as_sentences():
    import jsonschema

    from games.engine.harness import play_game

    schema = RULES.move_schema()
    game = play_game(RULES, 3, {"dice": "traffic_lights_bga"}, seed=21, bots=[BOTS["best"]] * 3)
    for batch in game.batches:
        if batch.move is not None:
            jsonschema.validate(batch.move, schema)
        for event in batch.events:
            for seat in (0, None):
                line = RULES.describe(RULES.redact(event, seat), seat)
                assert isinstance(line, str) and line.endswith(".")
    for options in ({}, {"board": "bga"}):
        t = Table(RULES, 2, options, seed=1)
        for move in RULES.legal_moves(t.state, 0)[::20]:
            jsonschema.validate(move, schema)
