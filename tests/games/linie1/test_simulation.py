"""Complete bot-vs-bot games finish and replay to the same state and outcome.

The long runs (hundreds of games per player count, win rate against random
players) belong to the benchmark, not to this suite.
"""
import pytest

from games.catalog.linie1 import RULES, BOTS
from games.engine.harness import play_game, replay

GAMES_PER_COUNT = 6


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_bot_games_finish_and_replay(players):
    for index in range(GAMES_PER_COUNT):
        options = {"board": "bga" if index % 2 and players < 6 else "1995",
                   "dice": ["traffic_lights_bga", "traffic_lights_published", "single_die_1995"][index % 3]}
        game = play_game(RULES, players, options, seed=f"sim-{players}-{index}",
                         bots=[BOTS["best"]] * players)
        assert game.outcome is not None
        replayed = replay(RULES, game.batches)
        assert replayed == game.state
        assert RULES.outcome(replayed).to_json() == game.outcome.to_json()
        # the bots build their routes and drive: somebody arrives
        assert game.state["end"] == "arrived", (players, index, game.state["end"])
