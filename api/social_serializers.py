"""The table's API answers and request bodies."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from api.serializers import StrictBooleanField, StrictIntegerField, StrictSerializer
from table import talk
from table.models import InvitationStatus


class MessageSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    author = serializers.CharField(source="author.username", help_text="The player who wrote it.")
    text = serializers.CharField(help_text="As written (plain text: escape it when you show it as HTML).")
    mentions = serializers.ListField(child=serializers.CharField(), help_text="Players it @mentions, by name.")
    created_at = serializers.DateTimeField()


class MessagePageSerializer(serializers.Serializer):
    messages = MessageSerializer(many=True)
    next_after = serializers.IntegerField(allow_null=True, help_text="More after this id: ask with after=it.")
    last_read = serializers.IntegerField(help_text="The id of the last message you have read (0: none).")
    unread = serializers.IntegerField(allow_null=True, help_text="Messages by others after last_read "
                                                                  "(null for a spectator).")


# The text as the schema states it: at most MAX_LENGTH characters, something other than
# white space, no control characters but new lines and tabs (the service gives each
# refusal its own code: empty_message, message_too_long, invalid_message).
@extend_schema_field({"type": "string", "minLength": 1, "maxLength": talk.MAX_LENGTH,
                      "pattern": r"^[^\u0000-\u0008\u000b-\u001f\u007f]*[^\s\u0000-\u001f\u007f\u0085]"
                                 r"[^\u0000-\u0008\u000b-\u001f\u007f]*$"})
class MessageTextField(serializers.JSONField):
    pass


class MessagePostSerializer(StrictSerializer):
    text = MessageTextField(help_text=f"1 to {talk.MAX_LENGTH} characters of plain text; "
                                      "@username tells that player.")


class MarkReadSerializer(StrictSerializer):
    up_to = StrictIntegerField(required=False, min_value=0,
                               help_text="Read up to this message id (default: all of them).")


class UnreadSerializer(serializers.Serializer):
    unread = serializers.IntegerField()


class MuteSerializer(StrictSerializer):
    username = serializers.CharField(max_length=150, help_text="The player whose messages you no longer see.")


class MuteListSerializer(serializers.Serializer):
    muted = serializers.ListField(child=serializers.CharField())


class RatingSerializer(serializers.Serializer):
    rating = serializers.FloatField(help_text="The shown rating: mu - 3 sigma.")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    games = serializers.IntegerField(help_text="Rated games played.")


class LeaderboardRowSerializer(RatingSerializer):
    rank = serializers.IntegerField()
    username = serializers.CharField()


class MyRatingSerializer(RatingSerializer):
    game = serializers.CharField()


class RatingChangeSerializer(serializers.Serializer):
    username = serializers.CharField()
    seat = serializers.IntegerField()
    rank = serializers.IntegerField()
    mu_before = serializers.FloatField()
    sigma_before = serializers.FloatField()
    mu = serializers.FloatField()
    sigma = serializers.FloatField()


class GameRatingsSerializer(serializers.Serializer):
    rated = serializers.BooleanField(help_text="Chosen at creation.")
    applied = serializers.BooleanField(help_text="Whether the finished game has been folded into the ratings.")
    skipped = serializers.CharField(allow_blank=True, help_text="Why a finished game changed no rating.")
    changes = RatingChangeSerializer(many=True)


class InvitationSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.IntegerField(source="game_id")
    game_slug = serializers.CharField(source="game.slug")
    seat = serializers.IntegerField()
    inviter = serializers.CharField(source="inviter.username")
    invitee = serializers.CharField(source="invitee.username")
    status = serializers.ChoiceField(choices=InvitationStatus.choices)
    created_at = serializers.DateTimeField()
    answered_at = serializers.DateTimeField(allow_null=True)


class InvitationCreateSerializer(StrictSerializer):
    username = serializers.CharField(max_length=150, help_text="The player to invite.")
    seat = StrictIntegerField(required=False, min_value=0, max_value=11,
                              help_text="A free seat; the lowest free one if omitted.")
