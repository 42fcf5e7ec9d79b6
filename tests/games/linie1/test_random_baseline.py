"""The random baseline keeps playing: it never gives up while it has another move."""
from games import registry
from games.catalog.linie1 import BOTS, RULES
from games.engine.bots import random_bot
from games.engine.harness import play_game
from games.engine.rng import rng_for_testing

from tests.games.linie1.helpers import table


def test_random_player_never_picks_give_up_while_it_can_play():
    t = table(2)
    moves = RULES.legal_moves(t.state, 0)
    assert {"type": "give_up"} in moves and len(moves) > 1
    picks = {BOTS["random"](RULES, t.state, 0, rng_for_testing(seed))["type"] for seed in range(200)}
    assert picks == {"place"}
    # the generic random bot did pick it now and then
    assert any(random_bot(RULES, t.state, 0, rng_for_testing(seed))["type"] == "give_up" for seed in range(2000))


def test_random_player_gives_up_only_when_nothing_else_is_legal():
    t = table(2)
    t.state["hands"][0] = []
    t.state["pile"] = []
    assert [m["type"] for m in RULES.legal_moves(t.state, 0)] == ["pass", "give_up"]
    assert BOTS["random"](RULES, t.state, 0, rng_for_testing(1)) == {"type": "pass"}


def test_random_games_end_with_players_still_in():
    for seed in range(3):
        game = play_game(RULES, 3, {}, seed=seed, bots=[BOTS["random"]] * 3, max_moves=20_000)
        assert "gave_up" not in game.state["status"], seed


def test_the_audit_finds_the_generic_random_bot_for_old_games():
    entry = registry.get("linie1")
    assert entry.bot("random") is BOTS["random"]
    assert entry.bot("random", 1) is random_bot
