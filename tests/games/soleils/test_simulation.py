"""Complete bot-vs-bot games finish and replay to the same state and outcome."""
import pytest

from games.catalog.soleils import BOTS, RULES
from games.engine.harness import play_game, replay


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_bot_games_finish_and_replay(players):
    bot = BOTS["best"]
    for index in range(20):
        options = {"sailboat_rule": "adjacent_different"} if index % 4 == 3 else {}
        game = play_game(RULES, players, options, seed=f"sim-{players}-{index}",
                         bots=[bot] * players)
        assert game.outcome is not None
        replayed = replay(RULES, game.batches)
        assert replayed == game.state
        assert RULES.outcome(replayed).to_json() == game.outcome.to_json()
        assert game.state["round"] <= 20


def test_bot_always_moves_legally_in_every_phase():
    """The bot against itself picks only legal moves (checked move by move)."""
    bot = BOTS["best"]
    checked = set()

    def check(table):
        for seat in RULES.to_move(table.state):
            move = bot(RULES, table.state, seat, table.rng_for(table.version + 1))
            assert move in RULES.legal_moves(table.state, seat)
            checked.add(move["type"])

    for seed in range(3):
        play_game(RULES, 2, {}, seed=seed, bots=[bot, bot], check=check)
    assert {"write", "sun"} <= checked
