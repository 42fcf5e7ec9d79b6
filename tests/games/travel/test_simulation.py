"""Complete bot games finish and replay to the same state and outcome."""
import itertools

from games.catalog.travel import RULES, choose_move
from games.engine.harness import play_game, replay

EXPANSIONS = ["events", "special_items", "forbidden_items", "postcards", "characters"]
COMBOS = [dict(zip(EXPANSIONS, flags)) for flags in itertools.product([False, True], repeat=5)]


def test_bot_games_finish_and_replay_for_every_player_count():
    for players in range(2, 7):
        for game_index in range(20):
            options = COMBOS[(game_index * 7 + players) % len(COMBOS)]
            game = play_game(RULES, players, options, seed=f"{players}:{game_index}",
                             bots=[choose_move] * players)
            assert game.outcome is not None and len(game.outcome.winners) == 1
            replayed = replay(RULES, game.batches)
            assert replayed == game.state
            assert RULES.outcome(replayed).to_json() == game.outcome.to_json()
