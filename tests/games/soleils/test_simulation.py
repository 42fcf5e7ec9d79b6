"""Complete bot-vs-bot games finish and replay to the same state and outcome, under
both rules versions (1: a move per step; 2: the round's whole choice as one move)."""
import pytest

from games.catalog.soleils import BOTS, RULES_BY_VERSION
from games.engine.harness import play_game, replay
from games.engine.rng import rng_for_testing

VERSIONS = sorted(RULES_BY_VERSION)


@pytest.mark.parametrize("version", VERSIONS, ids=[f"v{v}" for v in VERSIONS])
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_bot_games_finish_and_replay(players, version):
    rules = RULES_BY_VERSION[version]
    bot = BOTS["best"]
    for index in range(20 if version == 1 else 6):
        options = {"sailboat_rule": "adjacent_different"} if index % 4 == 3 else {}
        game = play_game(rules, players, options, seed=f"sim-{players}-{index}",
                         bots=[bot] * players)
        assert game.outcome is not None
        replayed = replay(rules, game.batches)
        assert replayed == game.state
        assert rules.outcome(replayed).to_json() == game.outcome.to_json()
        assert game.state["round"] <= 20


@pytest.mark.parametrize("version", VERSIONS, ids=[f"v{v}" for v in VERSIONS])
def test_bot_always_moves_legally_in_every_phase(version):
    """The bot against itself picks only legal moves (checked move by move)."""
    rules = RULES_BY_VERSION[version]
    bot = BOTS["best"]
    checked = set()

    def check(table):
        for seat in rules.to_move(table.state):
            move = bot(rules, table.state, seat, table.rng_for(table.version + 1))
            assert move in rules.legal_moves(table.state, seat)
            steps = move["steps"] if version > 1 else [move]
            checked.update(step["type"] for step in steps)

    for seed in range(3):
        play_game(rules, 2, {}, seed=seed, bots=[bot, bot], check=check)
    assert {"write", "sun"} <= checked


def test_the_version_2_bot_plays_the_version_1_bots_steps():
    """The same greedy choice, sent at once: each step is what the step bot would pick."""
    v1, v2 = RULES_BY_VERSION[1], RULES_BY_VERSION[2]
    bot = BOTS["best"]
    game = play_game(v2, 3, {}, seed="same-steps", bots=[bot] * 3)

    state = v2.initial_state()
    compared = 0
    for batch in game.batches:
        for event in batch.events:
            if event.type == "ChoiceMade" and compared < 12:
                rng = rng_for_testing("steps")
                trial = {**state, "moves": [list(m) for m in state["moves"]]}
                seat = event.payload["seat"]
                choice = bot(v2, state, seat, rng_for_testing("steps"))
                stepwise = []
                while v1.turn_of(trial, seat).phase != "done":
                    stepwise.append(bot(v1, trial, seat, rng))
                    trial["moves"][seat].append(stepwise[-1])
                assert choice["steps"] == stepwise
                compared += 1
            state = v2.evolve(state, event)
    assert compared == 12
