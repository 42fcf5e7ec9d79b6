"""A game replays with the rules version it was played under, after the rules change."""
import pytest

from games import registry
from games.audit import verify_game
from games.engine import Event
from tests.support import race
from tests.support.factories import play_moves, started_game

pytestmark = pytest.mark.django_db


class RaceV2(race.RaceRules):
    """Version 2 changes the die to 1-4: old games must keep their 1-3 die."""

    version = 2

    def decide(self, state, seat, move, rng):
        if move.get("type") == "roll" and seat == state["turn"] and state["winner"] is None:
            return [Event("Rolled", {"seat": seat, "steps": rng.randint(1, 4, "die")})]
        return super().decide(state, seat, move, rng)


def test_an_old_game_keeps_its_rules_version_after_an_upgrade():
    old_game, users = started_game(options={"target": 12}, names=["v1a", "v1b"])
    old_game = play_moves(old_game, users, 200, pick=lambda moves, i: {"type": "roll"})
    assert old_game.rules_version == 1 and old_game.status == "finished"
    v1 = registry.get("race").rules
    try:
        registry.register(RaceV2(), bots={"best": race.greedy_bot}, versions={1: v1})
        assert verify_game(old_game).ok, "the v1 game still verifies under v1"
        new_game, new_users = started_game(options={"target": 12}, names=["v2a", "v2b"])
        assert new_game.rules_version == 2
        new_game = play_moves(new_game, new_users, 200, pick=lambda moves, i: {"type": "roll"})
        assert verify_game(new_game).ok
        # Under the wrong version the old log would not replay: the check has teeth.
        registry.register(RaceV2(), bots={"best": race.greedy_bot}, versions={1: RaceV2()})
        assert not verify_game(old_game).ok
    finally:
        registry.register(v1, bots={"best": race.greedy_bot})
