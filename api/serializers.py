"""Input serializers parse requests; output serializers document the answers."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games.table import options as table_options


# -- strict input -----------------------------------------------------------------------
class StrictBooleanField(serializers.BooleanField):
    """true or false, nothing else: DRF's own also takes "yes", 1, "on"..., which the
    schema's boolean does not allow."""

    def to_internal_value(self, data):
        if isinstance(data, bool):
            return data
        self.fail("invalid", input=data)


class StrictIntegerField(serializers.IntegerField):
    """A JSON number that is whole (2 or 2.0), not "2" nor true, as the schema's integer."""

    def to_internal_value(self, data):
        if isinstance(data, float) and data.is_integer():
            data = int(data)
        if not isinstance(data, int) or isinstance(data, bool):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictFloatField(serializers.FloatField):
    """A JSON number, not "1.5" nor true, as the schema's number."""

    def to_internal_value(self, data):
        if not isinstance(data, (int, float)) or isinstance(data, bool):
            self.fail("invalid")
        return super().to_internal_value(data)


# What the API accepts as an email address or a webhook URL, stated once so the
# schema (a pattern) and the check are the same rule.
EMAIL_PATTERN = r"^[A-Za-z0-9._%+-]{1,64}@([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.){1,8}[A-Za-z]{2,63}$"
_HOST_LABEL = r"[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
_URI_CHAR = r"([A-Za-z0-9._~!$&'()*+,;=:@-]|%[0-9A-Fa-f]{2})"    # RFC 3986 pchar
URL_PATTERN = (rf"^https?://({_HOST_LABEL}\.){{0,8}}{_HOST_LABEL}(:[0-9]{{1,5}})?"
               rf"(/{_URI_CHAR}*)*(\?({_URI_CHAR}|[/?])*)?(#({_URI_CHAR}|[/?])*)?$")


# An input serializer that refuses fields it does not know, as the schema says
# (additionalProperties: false), instead of silently dropping them. (A comment, not
# a docstring: the OpenAPI document would show it on every request body.)
class StrictSerializer(serializers.Serializer):

    def to_internal_value(self, data):
        if isinstance(data, dict):
            unknown = sorted(set(data) - set(self.fields))
            if unknown:
                raise serializers.ValidationError({name: ["Unknown field."] for name in unknown})
        return super().to_internal_value(data)


# -- errors -----------------------------------------------------------------------------
class ErrorDetailSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="Machine-readable snake_case code, e.g. illegal_move.")
    message = serializers.CharField(help_text="A sentence a person understands.")
    details = serializers.DictField(help_text="Extra facts, e.g. current_version on a version_conflict.")


class ErrorSerializer(serializers.Serializer):
    error = ErrorDetailSerializer()


# -- service ------------------------------------------------------------------------------
class PingSerializer(serializers.Serializer):
    ok = serializers.BooleanField(help_text="True when the worker and beat are both ok (side effects are "
                                            "carried out); the API answers either way.")
    worker = serializers.ChoiceField(["ok", "down"], help_text="Whether a worker has beaten recently.")
    beat = serializers.ChoiceField(["ok", "down"], help_text="Whether the scheduler has beaten recently.")
    worker_heartbeat = serializers.CharField(allow_null=True, help_text="UTC moment of the worker's last heartbeat.")
    beat_heartbeat = serializers.CharField(allow_null=True, help_text="UTC moment of beat's last heartbeat.")


# -- accounts ---------------------------------------------------------------------------
class AccountCreateSerializer(StrictSerializer):
    username = serializers.RegexField(r"^[A-Za-z0-9_.@+-]{3,150}$", help_text="3-150 letters, digits or @.+-_")
    email = serializers.RegexField(EMAIL_PATTERN, max_length=254, help_text="name@example.com")
    password = serializers.CharField(min_length=8, write_only=True, style={"input_type": "password"})


class TokenRequestSerializer(StrictSerializer):
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
    options_schema = serializers.DictField(help_text="JSON schema of the options object (Options_<slug>).")
    move_schema = serializers.DictField(help_text="JSON schema of a move (Move_<slug>).")


def catalog_entry_data(entry) -> dict:
    rules = entry.rules
    return {"slug": rules.slug, "title": rules.title, "min_players": rules.min_players,
            "max_players": rules.max_players, "rules_version": rules.version,
            "bot_levels": sorted(entry.bots), "options_schema": rules.options_schema(),
            "move_schema": rules.move_schema()}


# -- games --------------------------------------------------------------------------------
@extend_schema_field({"oneOf": [
    {"type": "integer", "minimum": 0, "maximum": 11, "title": "BotSeatNumber",
     "description": "A seat number; the game's best bot plays it."},
    {"type": "object", "title": "BotSeat", "required": ["seat"],
     "properties": {"seat": {"type": "integer", "minimum": 0, "maximum": 11},
                    "level": {"type": "string", "enum": ["random", "basic", "best", "strong"],
                              "description": "A bot level of the game (the catalogue's bot_levels)."}}},
]})
class BotSeatField(serializers.JSONField):
    """A seat number, or {seat, level}: checked by the service (games.services._parse_bot_seats)."""


class TableOptionsSerializer(StrictSerializer):
    takebacks = serializers.ChoiceField(table_options.TAKEBACK_MODES, required=False, default="off", help_text=(
        "off: none; ask: the other players accept or refuse; automatic (friendly games): granted at once "
        "when no other player has moved since, else asked."))
    on_resign = serializers.ChoiceField(table_options.ON_RESIGN, required=False, default="bot", help_text=(
        "bot: a basic bot plays a resigned seat on; end: a resignation ends the game. Either way the game "
        "ends when fewer than two seats or no person would play on."))
    cancel_after_hours = StrictIntegerField(required=False, allow_null=True, default=None, min_value=1,
                                                  max_value=table_options.MAX_CANCEL_HOURS, help_text=(
        "A cancel proposal nobody objects to within this many hours cancels the game; null: all must agree."))


class GameCreateSerializer(StrictSerializer):
    creator_plays = StrictBooleanField(required=False, default=True,
                                             help_text="False: you only watch; seat 0 is free or a bot.")
    game = serializers.CharField(help_text="The game's slug from the catalogue.")
    players = StrictIntegerField(min_value=1, max_value=12)
    options = serializers.DictField(required=False, default=dict,
                                    help_text="Options by the game's options_schema.")
    bot_seats = serializers.ListField(child=BotSeatField(), required=False, default=list, max_length=11,
                                      help_text="Seat numbers, or {seat, level} objects, played by bots.")
    time_control = serializers.DictField(required=False, allow_null=True, default=None,
                                         help_text="e.g. {per_move_seconds: 86400, timeout_policy: bot}.")
    player_seed = serializers.CharField(required=False, allow_blank=True, default="", max_length=128,
                                        help_text="Your own contribution to the game's randomness.")
    # At the table (table/): chosen at creation.
    rated = StrictBooleanField(required=False, allow_null=True, default=None, help_text=(
        "Whether the result changes ratings; default: rated when at least two seats are for people."))
    spectators_read = StrictBooleanField(required=False, default=False,
                                         help_text="Let people without a seat read the table talk.")
    table = TableOptionsSerializer(required=False, help_text=(
        "The platform's options beside the game's own: takebacks, on_resign, cancel_after_hours."))


class GameJoinSerializer(StrictSerializer):
    seat = StrictIntegerField(required=False, min_value=0, help_text="A free seat; any if omitted.")
    player_seed = serializers.CharField(required=False, allow_blank=True, default="", max_length=128)


class OutcomeSerializer(serializers.Serializer):
    scores = serializers.ListField(child=serializers.FloatField(), help_text="Per seat (index = seat number).")
    ranks = serializers.ListField(child=serializers.IntegerField(min_value=1),
                                  help_text="Per seat, 1 = first; tied seats share a rank (1, 1, 3).")
    winners = serializers.ListField(child=serializers.IntegerField(min_value=0), help_text="The seats ranked 1.")
    notes = serializers.ListField(child=serializers.CharField(), help_text="How ties were broken, in words.")
    details = serializers.ListField(child=serializers.DictField(), help_text=(
        "Per seat, the score's breakdown as the game's page describes it."))
    ended_by = serializers.CharField(required=False, help_text=(
        "Only for a game ended at the table: resignation, cancelled or cancel_deadline (scores empty; a "
        "cancelled game has no ranks)."))
    rated = serializers.BooleanField(required=False, help_text="Only for a game ended at the table: false when "
                                                               "cancelled.")


class SeatSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    username = serializers.CharField(allow_null=True)
    name = serializers.CharField(help_text="How descriptions name this seat: the username, or a bot by its level "
                                           "(\"Bot (strong)\"); \"open seat\" while free.")
    bot_level = serializers.CharField(allow_blank=True)
    forfeited = serializers.BooleanField(help_text="The seat resigned or forfeited: a bot plays it; it ranks last.")
    deadline = serializers.DateTimeField(allow_null=True, help_text="UTC moment this seat's move is due.")
    bank_seconds = serializers.FloatField(allow_null=True, help_text="Remaining time bank, if any.")


@extend_schema_field({"type": "array", "items": {
    "type": ["object", "null"], "required": ["rating", "mu", "sigma", "games"],
    "properties": {"rating": {"type": "number", "description": "The shown rating: mu - 3 sigma."},
                   "mu": {"type": "number"}, "sigma": {"type": "number"},
                   "games": {"type": "integer", "description": "Rated games played."}}}})
class SeatRatingsField(serializers.JSONField):
    """Per seat, a rating or null (table.selectors.seat_ratings)."""


class TableFieldsSerializer(serializers.Serializer):
    """What the table (table/) adds to a game, in the list and in the game itself."""

    rated = serializers.BooleanField(help_text="Whether the result changes ratings (chosen at creation).")
    spectators_read = serializers.BooleanField(help_text="Whether people without a seat may read the table talk.")
    unread_messages = serializers.IntegerField(allow_null=True, help_text=(
        "Table talk by others you have not read (null when you have no seat)."))
    ratings = SeatRatingsField(help_text=(
        "Per seat, the player's current rating in this game (null: a bot, an open seat, not rated yet)."))


class GameSerializer(TableFieldsSerializer):
    id = serializers.IntegerField()
    game = serializers.CharField(source="slug")
    rules_version = serializers.IntegerField()
    status = serializers.CharField()
    players = serializers.IntegerField()
    options = serializers.DictField(help_text="The game's options, complete (defaults filled in).")
    time_control = serializers.DictField(allow_null=True, help_text="The clock, complete; null: no clock.")
    version = serializers.IntegerField(min_value=0, help_text="How many events the log holds.")
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
    outcome = OutcomeSerializer(allow_null=True, help_text="Scores and ranks once the game is over.")
    view = serializers.DictField(allow_null=True, help_text=(
        "The game as you may see it (View_<slug>); null while the game waits for players."))
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    table = serializers.SerializerMethodField(help_text=(
        "Table options and what is pending (an open cancel proposal, a takeback request): Table."))

    @extend_schema_field({"$ref": "#/components/schemas/Table"})
    def get_table(self, data):
        return data.get("table")


class GameSummarySerializer(TableFieldsSerializer):
    id = serializers.IntegerField()
    game = serializers.CharField(source="slug")
    status = serializers.CharField()
    players = serializers.IntegerField()
    version = serializers.IntegerField()
    to_move = serializers.ListField(child=serializers.IntegerField())
    created_at = serializers.DateTimeField()


class MoveRequestSerializer(StrictSerializer):
    expected_version = StrictIntegerField(min_value=0, help_text=(
        "The game's version your move was decided on (docs/API.md: simultaneous and out-of-turn moves)."))
    move = serializers.JSONField(help_text="A move by the game's move_schema, e.g. {\"type\": \"pass\"}.")


class EventSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    type = serializers.CharField()
    payload = serializers.DictField(help_text="The event's facts, as you may see them.")
    actor = serializers.IntegerField(allow_null=True, help_text="The seat whose move it was; null: the platform.")
    created_at = serializers.DateTimeField()
    hash = serializers.CharField(allow_null=True)
    description = serializers.CharField(help_text="The event in words.")
    batch = serializers.IntegerField(help_text="Seq of the first event of the move that made this one.")
    prev_hash = serializers.CharField(allow_null=True)
    sealed = serializers.CharField(allow_null=True, help_text=(
        "Hash scheme 2: the salted commitment to the full event (docs/FAIRNESS.md); null under scheme 1."))
    public = serializers.DictField(required=False, help_text=(
        "Hash scheme 2, when you are shown more than a spectator: the spectator's {type, payload}, "
        "which the hash covers."))


class MoveResultSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    events = EventSerializer(many=True)
    view = serializers.DictField(help_text="The game as you may see it now (View_<slug>).")
    to_move = serializers.ListField(child=serializers.IntegerField())
    may_move = serializers.ListField(child=serializers.IntegerField(), help_text=(
        "Seats that may move now although nobody waits for them (withdrawing an offer that is not answered yet)."))
    status = serializers.CharField()
    outcome = OutcomeSerializer(allow_null=True)


class EventPageSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    after = serializers.IntegerField()
    next_after = serializers.IntegerField(allow_null=True)
    events = EventSerializer(many=True)


class LegalMovesSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    seat = serializers.IntegerField()
    moves = serializers.ListField(child=serializers.DictField(), help_text="Moves by the game's Move_<slug>.")


class StateSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    view = serializers.DictField(help_text="The game as you may see it at that version (View_<slug>).")


class AuditSerializer(serializers.Serializer):
    game = serializers.IntegerField()
    seed_commitment = serializers.CharField()
    player_seeds = serializers.ListField(child=serializers.CharField())
    server_seed = serializers.CharField(allow_null=True, help_text="Revealed when the game is over.")
    head_hash = serializers.CharField(allow_null=True, help_text=(
        "The hash of the last event; null while a game from before the hiding hash scheme runs."))
    verification = serializers.CharField(allow_null=True)
    verified = serializers.BooleanField(allow_null=True)
    export = serializers.DictField(allow_null=True, help_text="The full unredacted log, once finished.")
