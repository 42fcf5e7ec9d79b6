"""Input serializers parse requests; output serializers document the answers."""
from __future__ import annotations

from rest_framework import serializers


# -- errors -----------------------------------------------------------------------------
class ErrorDetailSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="Machine-readable snake_case code, e.g. illegal_move.")
    message = serializers.CharField(help_text="A sentence a person understands.")
    details = serializers.DictField(help_text="Extra facts, e.g. current_version on a version_conflict.")


class ErrorSerializer(serializers.Serializer):
    error = ErrorDetailSerializer()


# -- accounts ---------------------------------------------------------------------------
class AccountCreateSerializer(serializers.Serializer):
    username = serializers.RegexField(r"^[\w.@+-]{3,150}$", help_text="3-150 letters, digits or @.+-_")
    email = serializers.EmailField()
    password = serializers.CharField(min_length=8, write_only=True, style={"input_type": "password"})


class TokenRequestSerializer(serializers.Serializer):
    username = serializers.CharField()
    password = serializers.CharField(write_only=True, style={"input_type": "password"})


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField(help_text="Send as 'Authorization: Token <token>'.")
    username = serializers.CharField()
    user_id = serializers.IntegerField()


# -- catalogue ----------------------------------------------------------------------------
class CatalogEntrySerializer(serializers.Serializer):
    slug = serializers.CharField()
    title = serializers.CharField()
    min_players = serializers.IntegerField()
    max_players = serializers.IntegerField()
    rules_version = serializers.IntegerField()
    bot_levels = serializers.ListField(child=serializers.CharField())
    options_schema = serializers.JSONField(help_text="JSON schema of the options object.")
    move_schema = serializers.JSONField(help_text="JSON schema of a move.")


def catalog_entry_data(entry) -> dict:
    rules = entry.rules
    return {"slug": rules.slug, "title": rules.title, "min_players": rules.min_players,
            "max_players": rules.max_players, "rules_version": rules.version,
            "bot_levels": sorted(entry.bots), "options_schema": rules.options_schema(),
            "move_schema": rules.move_schema()}


# -- games --------------------------------------------------------------------------------
class BotSeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField(min_value=0)
    level = serializers.CharField(required=False, help_text="A bot level of the game (random, best).")


class GameCreateSerializer(serializers.Serializer):
    creator_plays = serializers.BooleanField(required=False, default=True,
                                             help_text="False: you only watch; seat 0 is free or a bot.")
    game = serializers.CharField(help_text="The game's slug from the catalogue.")
    players = serializers.IntegerField(min_value=1, max_value=12)
    options = serializers.DictField(required=False, default=dict,
                                    help_text="Options by the game's options_schema.")
    bot_seats = serializers.ListField(child=serializers.JSONField(), required=False, default=list,
                                      help_text="Seat numbers, or {seat, level} objects, played by bots.")
    time_control = serializers.DictField(required=False, allow_null=True, default=None,
                                         help_text="e.g. {per_move_seconds: 86400, timeout_policy: bot}.")
    player_seed = serializers.CharField(required=False, allow_blank=True, default="", max_length=128,
                                        help_text="Your own contribution to the game's randomness.")


class GameJoinSerializer(serializers.Serializer):
    seat = serializers.IntegerField(required=False, min_value=0, help_text="A free seat; any if omitted.")
    player_seed = serializers.CharField(required=False, allow_blank=True, default="", max_length=128)


class SeatSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    username = serializers.CharField(allow_null=True)
    bot_level = serializers.CharField(allow_blank=True)
    forfeited = serializers.BooleanField()
    deadline = serializers.DateTimeField(allow_null=True, help_text="UTC moment this seat's move is due.")
    bank_seconds = serializers.FloatField(allow_null=True, help_text="Remaining time bank, if any.")


class GameSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField(source="slug")
    rules_version = serializers.IntegerField()
    status = serializers.CharField()
    players = serializers.IntegerField()
    options = serializers.JSONField()
    time_control = serializers.JSONField()
    version = serializers.IntegerField()
    head_hash = serializers.CharField(allow_null=True, help_text=(
        "The hash of the last event; null while a game from before the hiding hash scheme runs."))
    seed_commitment = serializers.CharField()
    hash_scheme = serializers.IntegerField(help_text="How event hashes are made (docs/FAIRNESS.md): 2 hides secrets.")
    seats = SeatSerializer(many=True)
    to_move = serializers.ListField(child=serializers.IntegerField())
    may_move = serializers.ListField(child=serializers.IntegerField(), help_text=(
        "Seats that may move now although nobody waits for them (withdrawing an offer that is not answered yet)."))
    your_seat = serializers.IntegerField(allow_null=True)
    deadline = serializers.DateTimeField(allow_null=True, help_text="The earliest deadline of a seat to move.")
    outcome = serializers.JSONField(allow_null=True)
    view = serializers.JSONField(allow_null=True, help_text="The game as you may see it.")
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)


class GameSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField(source="slug")
    status = serializers.CharField()
    players = serializers.IntegerField()
    version = serializers.IntegerField()
    to_move = serializers.ListField(child=serializers.IntegerField())
    created_at = serializers.DateTimeField()


class MoveRequestSerializer(serializers.Serializer):
    expected_version = serializers.IntegerField(min_value=0, help_text="The version your move is based on.")
    move = serializers.JSONField(help_text="A move by the game's move_schema, e.g. {\"type\": \"pass\"}.")


class EventSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    type = serializers.CharField()
    payload = serializers.JSONField()
    actor = serializers.IntegerField(allow_null=True)
    created_at = serializers.DateTimeField()
    hash = serializers.CharField(allow_null=True)
    description = serializers.CharField(help_text="The event in words.")
    batch = serializers.IntegerField(help_text="Seq of the first event of the move that made this one.")
    prev_hash = serializers.CharField(allow_null=True)
    sealed = serializers.CharField(allow_null=True, help_text=(
        "Hash scheme 2: the salted commitment to the full event (docs/FAIRNESS.md); null under scheme 1."))
    public = serializers.JSONField(required=False, help_text=(
        "Hash scheme 2, when you are shown more than a spectator: the spectator's {type, payload}, "
        "which the hash covers."))


class MoveResultSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    events = EventSerializer(many=True)
    view = serializers.JSONField()
    to_move = serializers.ListField(child=serializers.IntegerField())
    may_move = serializers.ListField(child=serializers.IntegerField(), help_text=(
        "Seats that may move now although nobody waits for them (withdrawing an offer that is not answered yet)."))
    status = serializers.CharField()
    outcome = serializers.JSONField(allow_null=True)


class EventPageSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    after = serializers.IntegerField()
    next_after = serializers.IntegerField(allow_null=True)
    events = EventSerializer(many=True)


class LegalMovesSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    seat = serializers.IntegerField()
    moves = serializers.ListField(child=serializers.JSONField())


class StateSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    view = serializers.JSONField()


class AuditSerializer(serializers.Serializer):
    game = serializers.IntegerField()
    seed_commitment = serializers.CharField()
    player_seeds = serializers.ListField(child=serializers.CharField())
    server_seed = serializers.CharField(allow_null=True, help_text="Revealed when the game is over.")
    head_hash = serializers.CharField(allow_null=True, help_text=(
        "The hash of the last event; null while a game from before the hiding hash scheme runs."))
    verification = serializers.CharField(allow_null=True)
    verified = serializers.BooleanField(allow_null=True)
    export = serializers.JSONField(allow_null=True, help_text="The full unredacted log, once finished.")
