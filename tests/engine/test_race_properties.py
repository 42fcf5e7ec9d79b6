"""The engine's property checks, run on the test game (games run them on themselves)."""
from games.engine.harness import play_game, replay
from games.engine.testing import check_game_properties
from tests.support.race import RULES


def test_properties_hold_for_every_player_count():
    for players in range(1, 5):
        for seed in range(3):
            game = check_game_properties(RULES, players, {"target": 12}, seed=seed)
            assert game.outcome.winners


def test_replay_at_every_version_equals_the_incremental_state():
    game = play_game(RULES, 3, {"target": 20}, seed=5)
    assert replay(RULES, game.batches) == game.state
    assert replay(RULES, game.batches, upto=1)["totals"] == [0, 0, 0]
