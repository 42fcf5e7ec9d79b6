"""Linie 1's strong bot, version 2: a race-scored look ahead while building, the basic
bot while driving, blind to what its seat cannot see in both."""
import copy

from games import registry
from games.catalog.linie1 import RULES
from games.catalog.linie1 import bot_strong
from games.catalog.linie1 import components as C
from games.catalog.linie1.bot_strong import choose_move_strong_v1, evaluate_race
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


def test_the_race_value_grows_as_the_trip_nears_its_end():
    state, seat = first_position(driving_against_a_hidden_line, seed=1)
    trip = state["trips"][seat]
    near, far = copy.deepcopy(state), copy.deepcopy(state)
    near["trips"][seat]["position"] = len(trip["path"]) - 2
    far["trips"][seat]["position"] = 1
    assert 0.0 < evaluate_race(RULES, far, seat) < evaluate_race(RULES, near, seat) < 1.0
    # only the seat's own race counts: the other player's progress leaves it alone
    assert evaluate_race(RULES, other_line_and_pile(state, seat), seat) == evaluate_race(RULES, state, seat)


def test_with_a_margin_no_rollout_can_reach_the_search_keeps_the_basic_move():
    state, seat = first_position(lambda state, seat: state["stage"] == "build"
                                 and sum(tile is not None for tile in state["tiles"]) >= 6, seed=2)
    basic = ENTRY.bots["basic"]
    move = basic(RULES, state, seat, rng_for_testing(1))
    assert move == basic(RULES, state, seat, rng_for_testing(2)), "a position where the basic move is certain"
    kwargs = dict(basic=basic, determinize=bot_strong.determinize, evaluate=bot_strong.evaluate,
                  shortlist=bot_strong.shortlist, budget=Budget(worlds=2, candidates=4, rollout_moves=2))
    # a value per world lies in [0, 1], so a margin of 1 can never be beaten
    assert strong_bot(margin=1.0, **kwargs)(RULES, state, seat, rng_for_testing(3)) == move
    # without it the same search leaves the basic move at some seed: the margin made the difference
    assert any(strong_bot(**kwargs)(RULES, state, seat, rng_for_testing(seed)) != move for seed in range(4))
