"""Complete bot-vs-bot games finish and replay to the same state and outcome."""
import pytest

from games.catalog.japan import BOTS, RULES
from games.engine.harness import play_game, replay


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_bot_games_finish_and_replay(players):
    bot = BOTS["best"]
    for index in range(3):
        game = play_game(RULES, players, {}, seed=f"sim-{players}-{index}", bots=[bot] * players)
        assert game.outcome is not None
        replayed = replay(RULES, game.batches)
        assert replayed == game.state
        assert RULES.outcome(replayed).to_json() == game.outcome.to_json()
        assert all(score["total"] > 0 for score in game.state["scores"])


def test_the_bot_always_moves_legally():
    bot = BOTS["best"]
    kinds = set()

    def check(table):
        for seat in RULES.to_move(table.state):
            move = bot(RULES, table.state, seat, table.rng_for(table.version + 1))
            assert move in RULES.legal_moves(table.state, seat)
            kinds.add(move["type"])

    for seed in range(2):
        play_game(RULES, 3, {}, seed=seed, bots=[bot] * 3, check=check)
    assert {"place", "bonus"} <= kinds
