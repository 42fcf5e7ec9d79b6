"""Building games through the real services, for store and API tests."""
from __future__ import annotations

from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token

from games import services
from games.models import Game

User = get_user_model()


def user(name: str):
    account, _ = User.objects.get_or_create(username=name, defaults={"email": f"{name}@example.com"})
    Token.objects.get_or_create(user=account)
    return account


def started_game(slug: str = "race", players: int = 2, options: dict | None = None, names=None,
                 deal=None) -> tuple[Game, list]:
    """A game with every seat taken by a user, set up and ready for the first move.

    ``deal(rules, state)`` picks the deal: the last player to join chooses a player seed
    (as any player may) for which the set-up state satisfies it. The deal depends on the
    server's secret seed too, so a test that needs, say, a short list of first moves gets
    one every run instead of failing on a rare deal.
    """
    names = names or [f"{slug}-p{i}" for i in range(players)]
    users = [user(name) for name in names]
    game = services.game_create(user=users[0], slug=slug, players=players, options=options or {})
    for account in users[1:-1]:
        game = services.game_join(user=account, game_id=game.pk)
    if players > 1:
        game.refresh_from_db()
        seed = _seed_for(game, deal) if deal else ""
        game = services.game_join(user=users[-1], game_id=game.pk, seat=players - 1, player_seed=seed)
    game.refresh_from_db()
    if deal:  # the deal as the services made it, not as _seed_for foresaw it
        from games import registry

        assert deal(registry.rules_for(game.slug, game.rules_version), game.state), "the chosen deal did not come"
    return game, users


def _seed_for(game: Game, deal) -> str:
    from games import registry
    from games.engine.rng import GameRng

    rules = registry.rules_for(game.slug, game.rules_version)
    for attempt in range(1000):
        seeds = list(game.player_seeds)
        seeds[-1] = f"deal-{attempt}"
        rng = GameRng.from_seeds(game.server_seed, str(game.pk), seeds, 1)
        state = rules.initial_state()
        for event in rules.setup(game.players, game.options, rng):
            state = rules.evolve(state, event)
        if deal(rules, state):
            return seeds[-1]
    raise AssertionError("no player seed in 1000 gives the deal the test asks for")


def few_first_moves(limit: int):
    """A ``deal``: whoever moves first has at most ``limit`` legal moves (all listed in email)."""
    return lambda rules, state: all(len(rules.legal_moves(state, seat)) <= limit for seat in rules.to_move(state))


def play_moves(game: Game, users: list, count: int, pick=None) -> Game:
    """Make ``count`` moves (or until the end) with the seat to move's first legal move."""
    from games import registry

    rules = registry.rules_for(game.slug, game.rules_version)
    for index in range(count):
        game.refresh_from_db()
        if game.status == "finished":
            break
        seat = min(game.to_move)
        moves = rules.legal_moves(game.state, seat)
        move = pick(moves, index) if pick else moves[index % len(moves)]
        services.move_submit(user=users[seat], game_id=game.pk, expected_version=game.version, move=move)
    game.refresh_from_db()
    return game
