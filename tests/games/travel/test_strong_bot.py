"""Travel's strong bot: legal, reproducible, blind to what its seat cannot see."""
import copy

from games import registry
from games.catalog.travel import RULES
from games.catalog.travel.bot_strong import determinize
from games.engine.rng import rng_for_testing
from tests.support.strong_bot import assert_legal_reproducible_and_pure, midgame, play_small_game


def position():
    table = midgame("travel", 14)
    return table.state, min(RULES.to_move(table.state))


def swapped(state, seat):
    """The same position as the seat sees it: an opponent's card traded with one of the deck."""
    other = copy.deepcopy(state)
    opponent = 1 - seat
    offer = other["offer"]
    seen = list(offer["give"]) if offer is not None and offer["to"] == seat else []
    hand = other["hands"][opponent]
    position = next(i for i, card in enumerate(hand) if card not in seen)
    index = next(i for i, card in enumerate(other["deck"]) if card != hand[position])
    hand[position], other["deck"][index] = other["deck"][index], hand[position]
    return other


def test_the_strong_move_is_legal_reproducible_and_pure():
    state, seat = position()
    assert_legal_reproducible_and_pure("travel", state, seat)


def test_the_strong_bot_never_reads_another_seats_hand_or_the_pile():
    state, seat = position()
    other = swapped(state, seat)
    assert other["hands"] != state["hands"] and RULES.view(other, seat) == RULES.view(state, seat)
    strong = registry.get("travel").bots["strong"]
    assert strong(RULES, state, seat, rng_for_testing(5)) == strong(RULES, other, seat, rng_for_testing(5))
    for seed in range(3):
        assert determinize(copy.deepcopy(state), seat, rng_for_testing(seed)) == \
            determinize(copy.deepcopy(other), seat, rng_for_testing(seed))


def test_a_sampled_world_keeps_what_the_seat_knows_and_every_size():
    state, seat = position()
    world = determinize(copy.deepcopy(state), seat, rng_for_testing(1))
    assert world["hands"][seat] == state["hands"][seat] and world["discard"] == state["discard"]
    assert [len(hand) for hand in world["hands"]] == [len(hand) for hand in state["hands"]]
    assert sorted(world["deck"] + world["hands"][1 - seat]) == sorted(state["deck"] + state["hands"][1 - seat])


def test_cards_an_offer_shows_stay_in_the_offerers_hand():
    state, _ = position()
    hand = state["hands"][1]
    state["offer"] = {"by": 1, "to": 0, "give": [hand[0]], "want": [], "standing": True}
    for seed in range(5):
        world = determinize(copy.deepcopy(state), 0, rng_for_testing(seed))
        assert hand[0] in world["hands"][1]


def test_a_game_with_a_strong_bot_completes():
    play_small_game("travel")
