"""A bot's move is audited by re-running the bot that made it, even after the bot improves."""
import pytest

from games import registry, services
from games.audit import verify_game
from tests.support import race
from tests.support.factories import user

pytestmark = pytest.mark.django_db


def cautious_bot(rules, state, seat, rng):
    """Version 2 of the race's best bot: one step at a time (version 1 takes two)."""
    return {"type": "step", "steps": 1}


cautious_bot.version = 2


def bot_game(name: str):
    """A race between a user and a best bot, played to the end."""
    player = user(name)
    game = services.game_create(user=player, slug="race", players=2, options={"target": 6},
                                bot_seats=[{"seat": 1, "level": "best"}])
    while True:
        game.refresh_from_db()
        if game.status == "finished":
            return game
        seat = min(game.to_move)
        if seat == 1:
            services.bot_move(game_id=game.pk, seat=1, expected_version=game.version)
        else:
            services.move_submit(user=player, game_id=game.pk, expected_version=game.version,
                                 move={"type": "step", "steps": 1})


def bot_commands(game):
    return [row.command for row in game.events.order_by("seq") if row.command and row.command["kind"] == "bot"]


def test_old_bot_moves_verify_against_the_old_bot_after_an_upgrade():
    rules = registry.get("race").rules
    old_game = bot_game("botv1")
    assert bot_commands(old_game) and all("bot_version" not in c for c in bot_commands(old_game))
    try:
        registry.register(rules, bots={"best": cautious_bot}, bot_versions={"best": {1: race.greedy_bot}})
        assert verify_game(old_game).ok, "a version-1 bot's moves are checked against version 1"
        new_game = bot_game("botv2")
        commands = bot_commands(new_game)
        assert commands and all(c["bot_version"] == 2 and c["move"]["steps"] == 1 for c in commands)
        assert verify_game(new_game).ok
        # Without the old bot the old game's bot moves cannot be re-derived: the check has teeth.
        registry.register(rules, bots={"best": cautious_bot})
        verdict = verify_game(old_game)
        assert not verdict.ok and "bot" in verdict.message
    finally:
        registry.register(rules, bots={"best": race.greedy_bot})


def test_an_unknown_level_plays_random_and_an_unknown_version_is_none():
    entry = registry.get("race")
    assert entry.bot("nonesuch") is entry.bots["random"]
    assert entry.bot("best", 1) is entry.bots["best"]
    assert entry.bot("best", 7) is None
    assert registry.bot_command("best", race.greedy_bot) == {"level": "best"}
    assert registry.bot_command("best", cautious_bot) == {"level": "best", "bot_version": 2}
