"""Bot-vs-bot games finish and replay to the same state and outcome."""
import pytest

from games.catalog.momiji import BOTS, RULES
from games.engine.harness import play_game, replay


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_bot_games_finish_and_replay(players):
    for seed in range(20):
        options = {"landscapes": "draft" if seed % 4 == 3 else "assigned"}
        game = play_game(RULES, players, options, seed=seed, bots=[BOTS["best"]] * players)
        assert game.outcome is not None
        state = replay(RULES, game.batches)
        assert state == game.state
        assert RULES.outcome(state).to_json() == game.outcome.to_json()
        total = sum(item["total"] for item in game.outcome.details)
        assert total == sum(game.outcome.scores)


def test_bot_is_deterministic_given_the_seed():
    first = play_game(RULES, 3, {}, seed=42, bots=[BOTS["best"]] * 3)
    second = play_game(RULES, 3, {}, seed=42, bots=[BOTS["best"]] * 3)
    assert [e.to_json() for e in first.events] == [e.to_json() for e in second.events]
