"""62 Soleils' strong bot: legal, reproducible, blind to the other players' sealed choices;
games played by the earlier versions still verify."""
import copy

import pytest

from games import registry, services
from games.audit import verify_game
from games.catalog.soleils import RULES
from games.catalog.soleils.bot import evaluate as estimate
from games.catalog.soleils.bot import choose_move as basic_choice_of_the_basic_bot
from games.catalog.soleils.bot_strong import (choose_move_strong_v1, choose_move_strong_v2, determinize,
                                              final_share, shortlist)
from games.catalog.soleils.playout import basic_choice
from games.catalog.soleils.sheet import tally
from games.catalog.soleils.turn import run_turn
from games.engine.rng import rng_for_testing
from tests.support.factories import user
from tests.support.strong_bot import assert_legal_reproducible_and_pure, midgame, play_small_game


def position():
    """A round in which seat 1 has made a sealed choice and seat 0 has yet to choose."""
    table = midgame("soleils", 6)
    basic = registry.get("soleils").bots["basic"]
    while RULES.to_move(table.state) != {0, 1} or table.state["moves"][0] or table.state["moves"][1]:
        table.bot_move(min(RULES.to_move(table.state)), basic)
    table.bot_move(1, basic)
    return table.state


def another_choice(state):
    """The same position as seat 0 sees it, with seat 1 having chosen otherwise."""
    fresh = copy.deepcopy(state)
    fresh["moves"][1] = []
    for move in RULES.legal_moves(fresh, 1):
        steps = list(move["steps"]) if move["type"] == "choice" else [move]   # version 2: the whole choice
        other = copy.deepcopy(state)
        other["moves"][1] = steps
        if steps != state["moves"][1] and RULES.view(other, 0) == RULES.view(state, 0):
            return other
    raise AssertionError("no other first choice looks the same to seat 0")


def test_the_strong_move_is_legal_reproducible_and_pure():
    assert_legal_reproducible_and_pure("soleils", position(), 0)


@pytest.mark.parametrize("version", [2, 3])
def test_the_strong_bot_never_reads_another_seats_sealed_choice(version):
    state = position()
    other = another_choice(state)
    assert other["moves"][1] != state["moves"][1]
    strong = registry.get("soleils").bot("strong", version)
    assert strong.version == version
    assert strong(RULES, state, 0, rng_for_testing(5)) == strong(RULES, other, 0, rng_for_testing(5))
    for seed in range(3):
        assert determinize(copy.deepcopy(state), 0, rng_for_testing(seed)) == \
            determinize(copy.deepcopy(other), 0, rng_for_testing(seed))


def test_a_sampled_world_keeps_the_seats_own_choices_and_who_has_finished():
    state = position()
    for seed in range(3):
        world = determinize(copy.deepcopy(state), 0, rng_for_testing(seed))
        assert world["moves"][0] == state["moves"][0] and world["sheets"] == state["sheets"]
        # seat 1 has sealed a whole choice: in every sampled world it has finished too
        assert world["moves"][1] and RULES.to_move(world) == RULES.to_move(state) == {0}


def test_a_game_with_a_strong_bot_completes():
    play_small_game("soleils")


def test_the_candidates_are_the_choices_the_basic_estimate_values_most():
    state = position()
    moves = RULES.legal_moves(state, 0)
    ordered = shortlist(RULES, state, 0, moves, rng_for_testing(1))
    shells, rule = [tally(state["sheets"][1])["shells"]], state["options"]["sailboat_rule"]
    values = [estimate(run_turn(state["sheets"][0], state["dice"], move["steps"], rule), shells) for move in ordered]
    assert sorted(map(str, ordered)) == sorted(map(str, moves))
    assert values == sorted(values, reverse=True) and values[0] > values[-1]


def test_the_shortlist_reads_no_sealed_choice():
    state = position()
    other = another_choice(state)
    moves = RULES.legal_moves(state, 0)
    assert shortlist(RULES, state, 0, moves, rng_for_testing(1)) == shortlist(RULES, other, 0, moves,
                                                                                  rng_for_testing(1))


def test_the_earlier_strong_bots_are_kept_for_old_games():
    entry = registry.get("soleils")
    assert entry.bot("strong").version == 3
    assert entry.bot("strong", 1) is choose_move_strong_v1
    assert entry.bot("strong", 2) is choose_move_strong_v2


@pytest.mark.django_db
def test_a_game_with_moves_of_every_strong_version_verifies(monkeypatch):
    entry = registry.get("soleils")
    game = services.game_create(user=user("strongversions"), slug="soleils", players=2, creator_plays=False,
                                bot_seats=[{"seat": 0, "level": "strong"}, {"seat": 1, "level": "basic"}])

    def play_round():
        for _ in range(2):
            game.refresh_from_db()
            services.bot_move(game_id=game.pk, seat=min(game.to_move), expected_version=game.version)

    for earlier in (choose_move_strong_v1, choose_move_strong_v2):
        with monkeypatch.context() as patch:
            patch.setitem(entry.bots, "strong", earlier)   # as the server played before
            play_round()
    play_round()
    game.refresh_from_db()
    commands = [row.command for row in game.events.all() if row.command and row.command["kind"] == "bot"]
    assert {command.get("bot_version", 1) for command in commands if command["level"] == "strong"} == {1, 2, 3}
    assert verify_game(game).ok


def test_every_candidate_meets_the_same_dice_in_a_world():
    """The rules roll from a stream apart from the bots' draws: two different choices
    in the same world see the same dice in every later round."""
    from games.engine.search import _rollout, clone

    state = position()
    seen = {}

    def recording(label):
        def basic(rules, world, seat, rng):
            seen.setdefault(label, {})[world["round"]] = list(world["dice"])
            return registry.get("soleils").bots["basic"](rules, world, seat, rng)
        return basic

    first, second = RULES.legal_moves(state, 0)[:2]
    world = determinize(copy.deepcopy(state), 0, rng_for_testing(2))
    for label, move in (("first", first), ("second", second)):
        _rollout(RULES, clone(world), 0, move, recording(label), None, 12, 99, None, True)
    assert len(seen["first"]) >= 4 and seen["first"] == seen["second"]


def test_a_noisy_lead_leaves_the_basic_choice_standing():
    from games.engine.search import _confident_best

    basic = [0.5, 0.5, 0.5, 0.5]
    assert _confident_best([basic, [0.6, 0.6, 0.6, 0.6]], 1.0) == 1          # ahead in every world
    assert _confident_best([basic, [1.0, 0.0, 1.0, 0.4]], 1.0) == 0          # ahead on average, by luck
    assert _confident_best([basic, [0.4, 0.4, 0.4, 0.4], [0.7, 0.6, 0.7, 0.6]], 1.0) == 2


def test_the_rollout_policy_chooses_as_the_basic_bot():
    """playout.basic_choice caches the basic bot's best steps; it must answer the same
    choice for the same state and RNG, ties broken alike, cached or not."""
    from games.engine.harness import Table

    compared = 0
    for seed in range(3):
        table = Table(RULES, 2, None, f"playout-{seed}")
        while not table.over:
            seat = min(RULES.to_move(table.state))
            for draw in range(2):
                for _ in range(2):   # the second call answers from the cache
                    assert basic_choice(RULES, table.state, seat, rng_for_testing(draw)) == \
                        basic_choice_of_the_basic_bot(RULES, table.state, seat, rng_for_testing(draw))
                    compared += 1
            table.bot_move(seat, registry.get("soleils").bots["basic"])
    assert compared > 100


def test_a_rollout_counts_a_shared_victory_as_half():
    from games.engine import Outcome

    def outcome(scores):
        ranks = [1 + sum(other > score for other in scores) for score in scores]
        return Outcome(scores=scores, ranks=ranks)

    shared, alone, behind = final_share(outcome([30, 30]), 0), final_share(outcome([31, 30]), 0), \
        final_share(outcome([29, 30]), 0)
    assert shared == pytest.approx(0.5)
    assert alone > 0.9 > 0.5 > 0.1 > behind
    # the margin only orders results of the same kind
    assert final_share(outcome([40, 30]), 0) > alone and final_share(outcome([20, 30]), 0) < behind
