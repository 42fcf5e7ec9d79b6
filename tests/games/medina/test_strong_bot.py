"""Medina's strong bot: legal, reproducible; a perfect-information game needs no sampling;
games played by the version-1 bot still verify."""
import copy

import pytest

from games import registry, services
from games.audit import verify_game
from games.catalog.medina import RULES
from games.catalog.medina.bot import _Look, _value
from games.catalog.medina.bot_strong import choose_move_strong_v1, determinize, shortlist
from games.engine.rng import rng_for_testing
from tests.support.factories import user
from tests.support.strong_bot import assert_legal_reproducible_and_pure, midgame, play_small_game


def position():
    table = midgame("medina", 16)
    return table.state, min(RULES.to_move(table.state))


def test_the_strong_move_is_legal_reproducible_and_pure():
    state, seat = position()
    assert_legal_reproducible_and_pure("medina", state, seat)


def test_nothing_is_hidden_so_the_sampled_world_is_the_state():
    state, seat = position()
    assert determinize(copy.deepcopy(state), seat, rng_for_testing(1)) == state


def test_the_candidates_are_the_moves_the_basic_bot_values_most():
    state, seat = position()
    moves = RULES.legal_moves(state, seat)
    ordered = shortlist(RULES, state, seat, moves, rng_for_testing(1))
    look = _Look(state, seat)
    values = [_value(look, move) for move in ordered]
    assert sorted(map(str, ordered)) == sorted(map(str, moves))
    assert values == sorted(values, reverse=True) and values[0] > values[-1]


def test_a_game_with_a_strong_bot_completes():
    play_small_game("medina")


def test_the_version_1_strong_bot_is_kept_for_old_games():
    entry = registry.get("medina")
    assert entry.bot("strong").version == 2
    assert entry.bot("strong", 1) is choose_move_strong_v1


@pytest.mark.django_db
def test_a_game_with_moves_of_both_strong_versions_verifies(monkeypatch):
    entry = registry.get("medina")
    game = services.game_create(user=user("strongversions"), slug="medina", players=2, creator_plays=False,
                                bot_seats=[{"seat": 0, "level": "strong"}, {"seat": 1, "level": "basic"}])

    def play(moves):
        for _ in range(moves):
            game.refresh_from_db()
            services.bot_move(game_id=game.pk, seat=min(game.to_move), expected_version=game.version)

    with monkeypatch.context() as patch:
        patch.setitem(entry.bots, "strong", choose_move_strong_v1)   # as the server played before
        play(4)
    play(4)
    game.refresh_from_db()
    commands = [row.command for row in game.events.all() if row.command and row.command["kind"] == "bot"]
    assert {command.get("bot_version", 1) for command in commands if command["level"] == "strong"} == {1, 2}
    assert verify_game(game).ok
