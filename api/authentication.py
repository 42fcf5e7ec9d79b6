"""Token authentication with one raw query: every API call pays for it."""
from __future__ import annotations

from django.contrib.auth import get_user_model
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication

from games.rawsql import load_one


# What a request needs of its user; the rest (password hash, dates) loads on demand.
_USER_FIELDS = ("id", "username", "email", "is_active", "is_staff", "is_superuser")


class FastTokenAuthentication(TokenAuthentication):
    """DRF's ``Authorization: Token <key>``, looked up with one plain-cursor join.

    Same tokens, same header, same errors as DRF's TokenAuthentication; it only skips
    building an ORM query (with select_related) on every request.
    """

    def authenticate_credentials(self, key):
        User = get_user_model()
        table = User._meta.db_table
        user = load_one(User, f"FROM {table} JOIN authtoken_token ON authtoken_token.user_id = {table}.id"
                              " WHERE authtoken_token.key = %s", [key], only=_USER_FIELDS)
        if user is None:
            raise exceptions.AuthenticationFailed("Invalid token.")
        if not user.is_active:
            raise exceptions.AuthenticationFailed("User inactive or deleted.")
        return user, key
