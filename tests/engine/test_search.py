"""The generic planner behind every strong bot (games/engine/search.py), on the test race."""
import json

from games.engine.rng import rng_for_testing
from games.engine.search import (Budget, SimulationRng, _candidates, margin_value, plan, redeal,
                                 strong_bot)
from tests.support import race

RULES = race.RULES


def start(players=2, target=10, seed=0):
    from games.engine.harness import Table
    return Table(RULES, players, {"target": target}, seed)


def hide_secrets(state, seat, rng):
    """The race's determinizer: another seat's secret bonus is any of 0-4."""
    state["secrets"] = [s if other == seat else rng.randbelow(5) for other, s in enumerate(state["secrets"])]
    return state


def test_redeal_keeps_every_size_and_item_and_ignores_where_items_were():
    places = [["a", "b"], ["c"], ["d", "e", "f"]]
    dealt = redeal(places, SimulationRng(5))
    assert [len(place) for place in dealt] == [2, 1, 3]
    assert sorted(item for place in dealt for item in place) == list("abcdef")
    # The same items placed elsewhere deal out exactly alike: the result cannot tell.
    moved = redeal([["f", "a"], ["e"], ["b", "d", "c"]], SimulationRng(5))
    assert moved == dealt
    assert redeal(places, SimulationRng(6)) != dealt or redeal(places, SimulationRng(7)) != dealt


def test_simulation_rng_is_reproducible_and_in_range():
    first, second = SimulationRng(11), SimulationRng(11)
    draws = [first.randbelow(6) for _ in range(50)]
    assert draws == [second.randbelow(6) for _ in range(50)]
    assert set(draws) <= set(range(6)) and len(set(draws)) > 1
    assert SimulationRng(3).shuffled(range(10)) != list(range(10))


def test_margin_value_rises_with_the_lead():
    assert margin_value(10, [10], 5) == 0.5
    assert margin_value(20, [10], 5) > 0.8 > 0.2 > margin_value(0, [10], 5)


def test_the_plan_is_legal_reproducible_and_leaves_the_state_alone():
    table = start()
    state = table.state
    before = json.dumps(state, sort_keys=True)
    bot = strong_bot(basic=race.greedy_bot, determinize=hide_secrets, budget=Budget(4, 3, 10))
    moves = [bot(RULES, state, 0, rng_for_testing(seed)) for seed in range(5)]
    assert json.dumps(state, sort_keys=True) == before
    assert all(move in RULES.legal_moves(state, 0) for move in moves)
    assert moves == [bot(RULES, state, 0, rng_for_testing(seed)) for seed in range(5)]


def test_a_single_legal_move_is_played_without_sampling_a_world():
    class OneMove(race.RaceRules):
        def legal_moves(self, state, seat):
            return [{"type": "roll"}]

    def no_world(state, seat, rng):
        raise AssertionError("no world is needed for a forced move")

    table = start()
    assert plan(OneMove(), table.state, 0, rng_for_testing(1), basic=race.greedy_bot, determinize=no_world,
                budget=Budget()) == {"type": "roll"}


def test_candidates_are_bounded_and_start_with_the_basic_move():
    table = start()
    moves = RULES.legal_moves(table.state, 0)

    def prefers_roll(rules, state, seat, rng):
        return {"type": "roll"}

    chosen = _candidates(RULES, table.state, 0, moves, prefers_roll, None, 2, SimulationRng(1))
    assert len(chosen) == 2 and chosen[0] == {"type": "roll"}
    assert all(move in moves for move in chosen)


def test_a_whole_game_completes_with_strong_bots_in_every_seat():
    from games.engine.harness import play_game
    bot = strong_bot(basic=race.greedy_bot, determinize=hide_secrets, budget=Budget(2, 3, 6))
    game = play_game(RULES, 3, {"target": 12}, seed=4, bots=[bot] * 3)
    assert game.outcome is not None and len(game.outcome.winners) == 1


def test_a_rollout_policy_plays_the_rollouts_and_the_basic_bot_the_first_candidate():
    table = start()
    asked = {"basic": 0, "rollout": 0}

    def counting(name):
        def bot(rules, state, seat, rng):
            asked[name] += 1
            return race.greedy_bot(rules, state, seat, rng)
        return bot

    bot = strong_bot(basic=counting("basic"), rollout=counting("rollout"), determinize=hide_secrets,
                     budget=Budget(3, 2, 6))
    assert bot(RULES, table.state, 0, rng_for_testing(2)) in RULES.legal_moves(table.state, 0)
    # the basic bot only proposes the first candidate; every rollout move is the policy's
    assert asked["basic"] == 1 and asked["rollout"] > 3 * 2
