"""Protocol properties over every player count and option combination."""
import pytest

from games.catalog.momiji import RULES
from games.engine.testing import check_game_properties


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("landscapes", ["assigned", "draft"])
@pytest.mark.parametrize("seed", [0, 1])
def test_random_games_keep_the_protocol(players, landscapes, seed):
    game = check_game_properties(RULES, players, {"landscapes": landscapes}, seed=seed)
    assert game.outcome is not None
    assert len(game.outcome.scores) == players
