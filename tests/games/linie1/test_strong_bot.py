"""Linie 1's strong bot: legal, reproducible, blind to the lines, routes and pile it cannot see."""
import copy

from games import registry
from games.catalog.linie1 import RULES
from games.catalog.linie1 import components as C
from games.catalog.linie1.bot_strong import determinize, shortlist
from games.engine.rng import rng_for_testing
from tests.support.strong_bot import assert_legal_reproducible_and_pure, midgame, play_small_game


def position():
    table = midgame("linie1", 8)
    state = table.state
    seat = min(RULES.to_move(state))
    assert not state["revealed"][1 - seat]
    return state, seat


def other_line(state, seat):
    """The same position as the seat sees it: the opponent holds another line (same
    route card) and the pile lies in another order."""
    other = copy.deepcopy(state)
    opponent = 1 - seat
    cards = C.ROUTE_CARDS_3 if state["players"] <= 3 else C.ROUTE_CARDS_2
    line = next(line for line in C.LINES if line not in state["lines"])
    other["lines"][opponent] = line
    other["routes"][opponent] = cards[other["route_cards"][opponent]][line - 1]
    other["pile"] = list(reversed(other["pile"]))
    return other


def test_the_strong_move_is_legal_reproducible_and_pure():
    state, seat = position()
    assert_legal_reproducible_and_pure("linie1", state, seat)


def test_the_strong_bot_never_reads_another_seats_line_route_or_the_pile():
    state, seat = position()
    other = other_line(state, seat)
    assert other["lines"] != state["lines"] and other["pile"] != state["pile"]
    assert RULES.view(other, seat) == RULES.view(state, seat)
    strong = registry.get("linie1").bots["strong"]
    assert strong(RULES, state, seat, rng_for_testing(5)) == strong(RULES, other, seat, rng_for_testing(5))
    for seed in range(3):
        assert determinize(copy.deepcopy(state), seat, rng_for_testing(seed)) == \
            determinize(copy.deepcopy(other), seat, rng_for_testing(seed))


def test_a_sampled_world_deals_unseen_lines_and_keeps_the_seats_own():
    state, seat = position()
    for seed in range(5):
        world = determinize(copy.deepcopy(state), seat, rng_for_testing(seed))
        assert world["lines"][seat] == state["lines"][seat] and world["routes"][seat] == state["routes"][seat]
        assert world["lines"][1 - seat] != state["lines"][seat]
        assert sorted(world["pile"]) == sorted(state["pile"])


def test_the_shortlist_keeps_every_legal_move_and_puts_the_planned_track_first():
    state, seat = position()
    moves = RULES.legal_moves(state, seat)
    ordered = shortlist(RULES, state, seat, moves, rng_for_testing(1))
    assert sorted(map(str, ordered)) == sorted(map(str, moves))


def test_a_game_with_a_strong_bot_completes():
    play_small_game("linie1")
