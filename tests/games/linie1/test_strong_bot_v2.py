"""Linie 1's strong bot, version 2: hidden lines guessed from the board, a look ahead
while building, the basic bot while driving, blind to what its seat cannot see."""
import collections
import copy

from games import registry
from games.catalog.linie1 import RULES
from games.catalog.linie1 import bot_strong
from games.catalog.linie1 import components as C
from games.catalog.linie1.bot_strong import choose_move_strong_v1, determinize
from games.engine.harness import Table
from games.engine.rng import rng_for_testing
from games.engine.search import Budget, strong_bot
from tests.support.strong_bot import assert_legal_reproducible_and_pure

ENTRY = registry.get("linie1")


def first_position(where, seed=0, limit=400):
    """The first position of a basic-bot game where ``where(state, seat)`` holds."""
    table = Table(RULES, 2, None, seed)
    for _ in range(limit):
        assert not table.over, "no such position in this game"
        seat = min(RULES.to_move(table.state))
        if where(table.state, seat):
            return table.state, seat
        table.bot_move(seat, ENTRY.bots["basic"])
    raise AssertionError("no such position in this game")


def driving_against_a_hidden_line(state, seat):
    return state["stage"] == "continue" and not state["revealed"][1 - seat]


def other_line_and_pile(state, seat):
    """The same position as the seat sees it: the other player holds another line, the pile another order."""
    other = copy.deepcopy(state)
    opponent = 1 - seat
    line = next(line for line in C.LINES if line not in state["lines"])
    other["lines"][opponent] = line
    other["routes"][opponent] = C.ROUTE_CARDS_3[other["route_cards"][opponent]][line - 1]
    other["pile"] = list(reversed(other["pile"]))
    return other


def test_new_moves_are_version_2_and_the_audit_still_finds_version_1():
    assert ENTRY.bot("strong").version == 2
    assert ENTRY.bot("strong", 1) is choose_move_strong_v1 and choose_move_strong_v1.version == 1


def test_a_driving_decision_is_legal_reproducible_and_blind_to_the_other_line():
    state, seat = first_position(driving_against_a_hidden_line, seed=1)
    assert_legal_reproducible_and_pure("linie1", state, seat)
    other = other_line_and_pile(state, seat)
    assert RULES.view(other, seat) == RULES.view(state, seat) and other["lines"] != state["lines"]
    strong = ENTRY.bot("strong")
    for seed in range(4):
        assert strong(RULES, state, seat, rng_for_testing(seed)) == strong(RULES, other, seat, rng_for_testing(seed))


def test_the_other_line_is_guessed_from_the_tiles_on_the_board_not_read():
    for seed in range(3):
        table = Table(RULES, 2, None, seed)
        for _ in range(20):
            table.bot_move(min(RULES.to_move(table.state)), ENTRY.bots["basic"])
        state = table.state
        seat = min(RULES.to_move(state))
        assert state["stage"] == "build" and not state["revealed"][1 - seat]
        drawn = collections.Counter(determinize(copy.deepcopy(state), seat, rng_for_testing(k))["lines"][1 - seat]
                                    for k in range(12))
        # the tiles the other player laid along its route make its line the likeliest
        assert drawn.most_common(1)[0][0] == state["lines"][1 - seat]
        # ... and the same board with any other hidden line gives the same worlds
        other = other_line_and_pile(state, seat)
        assert all(determinize(copy.deepcopy(state), seat, rng_for_testing(k))
                   == determinize(copy.deepcopy(other), seat, rng_for_testing(k)) for k in range(3))


def test_with_a_margin_no_rollout_can_reach_the_search_keeps_the_basic_move():
    basic = ENTRY.bots["basic"]
    kwargs = dict(basic=basic, determinize=bot_strong.determinize, evaluate=bot_strong.evaluate,
                  shortlist=bot_strong.shortlist_v2, budget=Budget(worlds=2, candidates=6, rollout_moves=1))
    free = strong_bot(**kwargs)
    table = Table(RULES, 2, None, 2)
    for _ in range(60):
        state, seat = table.state, min(RULES.to_move(table.state))
        move = basic(RULES, state, seat, rng_for_testing(1))
        # a building position where the basic move is certain and the search without a margin leaves it
        if (state["stage"] == "build" and move == basic(RULES, state, seat, rng_for_testing(2))
                and free(RULES, state, seat, rng_for_testing(3)) != move):
            break
        table.bot_move(seat, basic)
    else:
        raise AssertionError("the search never left the basic move")
    # a value per world lies in [0, 1], so a margin of 1 can never be beaten
    assert strong_bot(margin=1.0, **kwargs)(RULES, state, seat, rng_for_testing(3)) == move
