"""Travel's strong bot, version 2: it searches the turn's action and the answer to an
offer, follows the basic bot elsewhere, and never reads what its seat cannot see."""
import copy

from games import registry
from games.catalog.travel import RULES
from games.catalog.travel.bot import hand_value
from games.catalog.travel.bot_strong import choose_move_strong_v1, shortlist
from games.engine.harness import Table
from games.engine.rng import rng_for_testing
from tests.support.strong_bot import assert_legal_reproducible_and_pure

ENTRY = registry.get("travel")


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


def an_action(state, seat):
    return (not state["discards_due"] and state["step"] == "action"
            and any(move["type"] == "recycle" for move in RULES.legal_moves(state, seat)))


def a_draft(state, seat):
    return not state["discards_due"] and state["step"] == "draft" and len(RULES.legal_moves(state, seat)) > 1


def hidden_card_swapped(state, seat):
    """The same position as the seat sees it: a card of the other hand traded with one of the pile."""
    other = copy.deepcopy(state)
    hand = other["hands"][1 - seat]
    index = next(i for i, card in enumerate(other["deck"]) if card != hand[0])
    hand[0], other["deck"][index] = other["deck"][index], hand[0]
    return other


def test_new_moves_are_version_2_and_the_audit_still_finds_version_1():
    assert ENTRY.bot("strong").version == 2
    assert ENTRY.bot("strong", 1) is choose_move_strong_v1 and choose_move_strong_v1.version == 1


def test_an_action_is_searched_legal_reproducible_and_blind():
    state, seat = first_position(an_action, seed=4)
    assert_legal_reproducible_and_pure("travel", state, seat)
    other = hidden_card_swapped(state, seat)
    assert RULES.view(other, seat) == RULES.view(state, seat) and other["hands"] != state["hands"]
    strong = ENTRY.bot("strong")
    assert strong(RULES, state, seat, rng_for_testing(9)) == strong(RULES, other, seat, rng_for_testing(9))


def test_a_step_it_does_not_search_is_blind_too():
    state, seat = first_position(a_draft, seed=2)
    assert_legal_reproducible_and_pure("travel", state, seat)
    other = hidden_card_swapped(state, seat)
    strong = ENTRY.bot("strong")
    assert strong(RULES, state, seat, rng_for_testing(3)) == strong(RULES, other, seat, rng_for_testing(3))


def test_the_shortlist_puts_the_best_recycle_before_the_other_recycles():
    state, seat = first_position(an_action, seed=4)
    hand = state["hands"][seat]
    moves = RULES.legal_moves(state, seat)
    ordered = shortlist(RULES, state, seat, moves, rng_for_testing(1))
    assert sorted(map(str, ordered)) == sorted(map(str, moves))

    def after(move):
        return hand_value(state, seat, [card for card in hand if card not in move["pay"]] + [move["take"]])

    recycles = [move for move in ordered if move["type"] == "recycle"]
    assert after(recycles[0]) == max(after(move) for move in recycles)
    assert after(recycles[0]) > after(recycles[-1])
