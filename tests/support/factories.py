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


def started_game(slug: str = "race", players: int = 2, options: dict | None = None, names=None) -> tuple[Game, list]:
    """A game with every seat taken by a user, set up and ready for the first move."""
    names = names or [f"{slug}-p{i}" for i in range(players)]
    users = [user(name) for name in names]
    game = services.game_create(user=users[0], slug=slug, players=players, options=options or {})
    for account in users[1:]:
        game = services.game_join(user=account, game_id=game.pk)
    game.refresh_from_db()
    return game, users


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
