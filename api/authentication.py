"""Token authentication with one raw query: every API call pays for it."""
from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication

from games import store
from games.models import Game
from games.rawsql import load_row

# What a request needs of its user; the rest (password hash, dates) loads on demand.
_USER_FIELDS = ("id", "username", "email", "is_active", "is_staff", "is_superuser")


class FastTokenAuthentication(TokenAuthentication):
    """DRF's ``Authorization: Token <key>``, looked up with one plain-cursor join.

    Same tokens, same header, same errors as DRF's TokenAuthentication; it only skips
    building an ORM query (with select_related) on every request.
    """

    def authenticate_credentials(self, key):
        user, = self._load(key)
        return user, key

    def _load(self, key, *others: tuple, join: str = "", params: tuple = ()) -> list:
        """The token's user (checked) and one instance or None per ``(model, only)`` in
        ``others``, whose tables ``join`` (SQL with ``params``) brings in."""
        User = get_user_model()
        table = User._meta.db_table
        row = load_row([(User, _USER_FIELDS), *others],
                       f"FROM {table} JOIN authtoken_token ON authtoken_token.user_id = {table}.id {join}"
                       " WHERE authtoken_token.key = %s", [*params, key])
        if row is None:
            raise exceptions.AuthenticationFailed("Invalid token.")
        if not row[0].is_active:
            raise exceptions.AuthenticationFailed("User inactive or deleted.")
        return row


@dataclass(frozen=True, slots=True)
class GameToken:
    """``request.auth`` after :class:`GameTokenAuthentication`: the token and the game
    row the URL names, as ``store.load_game`` reads it (None if there is no such game)."""

    key: str
    game: Game | None


class GameTokenAuthentication(FastTokenAuthentication):
    """For a move, the hot path: the token's user and the game the URL names in one
    query, so the move costs one round trip less. The game row is read without a
    lock; the move service writes only at the version it read (store.write_move)."""

    def authenticate(self, request):
        kwargs = (request.parser_context or {}).get("kwargs") or {}
        # SQLite reads the game again under its write lock, so it would not use the row.
        self.game_id = store.game_id_or_none(kwargs.get("pk")) if store.single_statement_moves() else None
        return super().authenticate(request)

    def authenticate_credentials(self, key):
        if self.game_id is None:
            return super().authenticate_credentials(key)
        user, game = self._load(key, (Game, store.MOVE_FIELDS), join="LEFT JOIN games_game ON games_game.id = %s",
                                params=(self.game_id,))
        return user, GameToken(key, game)
