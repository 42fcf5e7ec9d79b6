"""Forest Shuffle: Smoky Mountains' strong bot: legal, reproducible, blind to what its seat
cannot see (the other hands, the removed cards, the deck, the others' universal rivers
and caves), and audited like any bot."""
import copy

import pytest

from games import registry, services
from games.audit import verify_game
from games.catalog.forestsm import RULES
from games.catalog.forestsm import components as C
from games.catalog.forestsm import strong as S
from games.engine.harness import play_game
from games.engine.rng import rng_for_testing
from games.engine.search import Budget, strong_bot
from tests.support.factories import user
from tests.support.strong_bot import assert_legal_reproducible_and_pure, midgame

SMALL = Budget(worlds=2, candidates=3, rollout_moves=6)


@pytest.fixture
def small_budget(monkeypatch):
    """The strong bot's own code path with a tiny budget, so that whole games stay fast."""
    monkeypatch.setattr(S, "_search", strong_bot(basic=S.choose_move, determinize=S.determinize,
                                                 evaluate=S.evaluate, shortlist=S.shortlist, budget=SMALL))


def position(moves: int = 40):
    """A midgame position where the seat to move chooses its action."""
    table = midgame("forestsm", moves, seed=2)
    basic = registry.get("forestsm").bots["basic"]
    while table.state["step"]["kind"] != "action" or len(RULES.legal_moves(table.state, table.state["current"])) < 3:
        table.bot_move(table.state["current"], basic)
    return table.state, table.state["current"]


def _deck_card(state):
    return next(card for pile in state["piles"] for card in pile if not C.is_winter(card))


def hidden_swapped(state, seat):
    """The same position as the seat sees it: an opponent's hand card, a removed card and
    a deck card change places (the deck's piles stay sorted, as the rules keep them)."""
    other = copy.deepcopy(state)
    opponent = 1 - seat
    in_hand, removed, in_deck = other["hands"][opponent][0], other["removed"][0], _deck_card(other)
    other["hands"][opponent][0] = in_deck
    other["removed"][0] = in_hand
    for index, pile in enumerate(other["piles"]):
        if in_deck in pile:
            other["piles"][index] = sorted([card for card in pile if card != in_deck] + [removed])
    return other


def test_the_strong_move_is_legal_reproducible_and_pure():
    state, seat = position()
    assert_legal_reproducible_and_pure("forestsm", state, seat)


def test_the_strong_bot_never_reads_another_seats_hand_the_removed_cards_or_the_deck():
    state, seat = position()
    other = hidden_swapped(state, seat)
    assert other["hands"] != state["hands"] and other["removed"] != state["removed"]
    assert RULES.view(other, seat) == RULES.view(state, seat)
    strong = registry.get("forestsm").bots["strong"]
    assert strong(RULES, state, seat, rng_for_testing(5)) == strong(RULES, other, seat, rng_for_testing(5))
    for seed in range(3):
        assert S.determinize(copy.deepcopy(state), seat, rng_for_testing(seed)) == \
            S.determinize(copy.deepcopy(other), seat, rng_for_testing(seed))


def test_a_sampled_world_keeps_what_the_seat_sees_and_every_size():
    state, seat = position()
    opponent = 1 - seat
    # give the opponent a tree over a universal river and a tucked cave card, both face
    # down to the seat, with cards taken from those removed unseen at setup
    state = copy.deepcopy(state)
    tree = next(card for card in state["removed"] if C.CARDS[card]["kind"] == "tree")
    river, tucked, *rest = [card for card in state["removed"] if card != tree]
    state["removed"] = rest
    state["forests"][opponent].append({"card": tree, "river": river, "slots": {}})
    state["caves"][opponent].append(tucked)
    for seed in range(3):
        world = S.determinize(copy.deepcopy(state), seat, rng_for_testing(seed))
        assert RULES.view(world, seat) == RULES.view(state, seat)
        assert world["hands"][seat] == state["hands"][seat] and world["caves"][seat] == state["caves"][seat]
        assert [len(hand) for hand in world["hands"]] == [len(hand) for hand in state["hands"]]
        assert [len(pile) for pile in world["piles"]] == [len(pile) for pile in state["piles"]]
        # the winters stay in the piles the setup put them in
        assert [[card for card in pile if C.is_winter(card)] for pile in world["piles"]] == \
            [[card for card in pile if C.is_winter(card)] for pile in state["piles"]]
        assert sorted(_hidden(world, seat)) == sorted(_hidden(state, seat))
    worlds = [S.determinize(copy.deepcopy(state), seat, rng_for_testing(seed)) for seed in range(4)]
    assert len({str(world["hands"][opponent]) for world in worlds}) > 1, "the opponent's hand is sampled"


def _hidden(state, seat):
    opponent = 1 - seat
    rivers = [stem["river"] for stem in state["forests"][opponent] if stem.get("river") is not None]
    deck = [card for pile in state["piles"] for card in pile if not C.is_winter(card)]
    return state["hands"][opponent] + state["removed"] + deck + rivers + state["caves"][opponent]


def test_the_candidates_start_with_the_best_draw_then_the_plays_the_basic_bot_values_most():
    state, seat = position()
    moves = RULES.legal_moves(state, seat)
    ordered = S.shortlist(RULES, state, seat, moves, rng_for_testing(1))
    assert ordered[0]["type"] == "draw"
    assert all(move["type"] == "play" for move in ordered[1:]) and len(ordered) > 1
    assert all(move in moves for move in ordered)


def test_paying_and_the_other_small_steps_follow_the_basic_bot(small_budget):
    table = midgame("forestsm", 0, seed=5)
    basic = registry.get("forestsm").bots["basic"]
    checked = 0
    for _ in range(400):
        if table.over or checked >= 3:
            break
        seat = table.state["current"]
        if table.state["step"]["kind"] not in S.SEARCHED_STEPS:
            rng = table.rng_for(table.version + 1)
            assert S.choose_move_strong(RULES, table.state, seat, rng) == basic(RULES, table.state, seat, rng)
            checked += 1
        table.bot_move(seat, basic)
    assert checked == 3


def test_a_game_with_a_strong_bot_completes(small_budget):
    entry = registry.get("forestsm")
    game = play_game(RULES, 2, seed=3, bots=[entry.bots["strong"], entry.bots["basic"]])
    assert game.outcome is not None and game.state["end"] == "third_winter"


@pytest.mark.django_db
def test_a_game_with_strong_and_basic_bot_seats_verifies(small_budget):
    game = services.game_create(user=user("fsmstrongaudit"), slug="forestsm", players=2, creator_plays=False,
                                bot_seats=[{"seat": 0, "level": "strong"}, {"seat": 1, "level": "basic"}])
    for _ in range(1500):
        game.refresh_from_db()
        if game.status == "finished":
            break
        seat = min(game.to_move)
        services.bot_move(game_id=game.pk, seat=seat, expected_version=game.version)
    assert game.status == "finished"
    levels = {row.command["level"] for row in game.events.all() if row.command and row.command["kind"] == "bot"}
    assert levels == {"strong", "basic"}
    assert verify_game(game).ok
