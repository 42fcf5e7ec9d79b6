"""Momiji's strong bot: legal, reproducible, blind to what its seat cannot see, audited."""
import copy

import pytest

from games import registry, services
from games.audit import verify_game
from games.catalog.momiji import RULES
from games.catalog.momiji.bot_strong import determinize
from games.engine.rng import rng_for_testing
from tests.support.factories import user
from tests.support.strong_bot import assert_legal_reproducible_and_pure, midgame, play_small_game


def position():
    table = midgame("momiji", 12)
    return table.state, min(RULES.to_move(table.state))


def swapped(state, seat):
    """The same position as the seat sees it: an opponent's card traded with one of the deck."""
    other = copy.deepcopy(state)
    opponent = 1 - seat
    card = other["hands"][opponent][0]
    index = next(i for i, deck_card in enumerate(other["deck"]) if deck_card != card)
    other["hands"][opponent][0], other["deck"][index] = other["deck"][index], card
    return other


def test_the_strong_move_is_legal_reproducible_and_pure():
    state, seat = position()
    assert_legal_reproducible_and_pure("momiji", state, seat)


def test_the_strong_bot_never_reads_another_seats_hand_or_the_deck():
    state, seat = position()
    other = swapped(state, seat)
    assert other["hands"] != state["hands"] and RULES.view(other, seat) == RULES.view(state, seat)
    strong = registry.get("momiji").bots["strong"]
    assert strong(RULES, state, seat, rng_for_testing(5)) == strong(RULES, other, seat, rng_for_testing(5))
    for seed in range(3):
        assert determinize(copy.deepcopy(state), seat, rng_for_testing(seed)) == \
            determinize(copy.deepcopy(other), seat, rng_for_testing(seed))


def test_a_sampled_world_keeps_the_seats_hand_and_every_size():
    state, seat = position()
    world = determinize(copy.deepcopy(state), seat, rng_for_testing(1))
    assert world["hands"][seat] == state["hands"][seat]
    assert [len(hand) for hand in world["hands"]] == [len(hand) for hand in state["hands"]]
    assert len(world["deck"]) == len(state["deck"])
    assert sorted(world["deck"] + world["hands"][1 - seat]) == sorted(state["deck"] + state["hands"][1 - seat])


def test_a_game_with_a_strong_bot_completes():
    play_small_game("momiji")


@pytest.mark.django_db
def test_a_game_with_strong_and_basic_bot_seats_verifies():
    game = services.game_create(user=user("strongaudit"), slug="momiji", players=2, creator_plays=False,
                                bot_seats=[{"seat": 0, "level": "strong"}, {"seat": 1, "level": "basic"}])
    for _ in range(400):
        game.refresh_from_db()
        if game.status == "finished":
            break
        seat = min(game.to_move)
        services.bot_move(game_id=game.pk, seat=seat, expected_version=game.version)
    assert game.status == "finished"
    levels = {row.command["level"] for row in game.events.all() if row.command and row.command["kind"] == "bot"}
    assert levels == {"strong", "basic"}
    assert verify_game(game).ok
