"""Input serializers parse the worker API's requests; output serializers document its answers."""
from __future__ import annotations

from rest_framework import serializers

from worker.models import NotifyMode

HHMM = r"^([01]\d|2[0-3]):[0-5]\d$"


class QuietHoursSerializer(serializers.Serializer):
    start = serializers.RegexField(HHMM, help_text="Local time \"HH:MM\" when mail stops.")
    end = serializers.RegexField(HHMM, help_text="Local time \"HH:MM\" when held mail goes out.")


class PreferencesSerializer(serializers.Serializer):
    mode = serializers.ChoiceField(NotifyMode.values, required=False,
                                   help_text="every: an email per event; digest: one a day; none: no email.")
    time_zone = serializers.CharField(max_length=64, required=False,
                                      help_text="IANA name (\"Europe/Paris\"): your weekends, playing hours, "
                                                "quiet hours and digest hour are in it.")
    quiet_hours = QuietHoursSerializer(required=False, allow_null=True,
                                       help_text="Mail is held during these local hours (may wrap midnight).")
    reminder_hours = serializers.FloatField(required=False, allow_null=True, min_value=0, max_value=720,
                                            help_text="Remind me this many hours before a deadline "
                                                      "(0: never; null: as each game's time control says).")
    digest_hour = serializers.IntegerField(required=False, min_value=0, max_value=23,
                                           help_text="Local hour the daily digest goes out.")
    email = serializers.EmailField(read_only=True)
    unsubscribe_url = serializers.URLField(read_only=True)

    def validate_quiet_hours(self, value):
        # A partial update is partial about the preferences, not about a pair of times.
        if value is not None and not {"start", "end"} <= set(value):
            raise serializers.ValidationError("Give both start and end (\"HH:MM\"), or null for none.")
        return value


class WebhookCreateSerializer(serializers.Serializer):
    url = serializers.URLField(max_length=500, help_text="http(s) URL that receives the POSTs.")
    secret = serializers.CharField(required=False, min_length=16, max_length=200,
                                   help_text="HMAC-SHA256 key (16-200 characters); left out, one is made for you.")
    game = serializers.IntegerField(required=False, help_text="Only this game (one of your seats in it).")
    seat = serializers.IntegerField(required=False, min_value=0, help_text="With game: only this seat.")
    events = serializers.ListField(child=serializers.CharField(), required=False,
                                   help_text="turn, game.finished, seat.timed_out (empty or left out: all).")


class WebhookUpdateSerializer(serializers.Serializer):
    url = serializers.URLField(max_length=500, required=False)
    secret = serializers.CharField(required=False, min_length=16, max_length=200)
    rotate_secret = serializers.BooleanField(required=False, help_text="Make a new secret (returned once).")
    events = serializers.ListField(child=serializers.CharField(), required=False)
    active = serializers.BooleanField(required=False)


class WebhookSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    url = serializers.URLField()
    game = serializers.IntegerField(source="game_id", allow_null=True)
    seat = serializers.IntegerField(allow_null=True)
    events = serializers.ListField(child=serializers.CharField())
    active = serializers.BooleanField()
    created_at = serializers.DateTimeField()
    secret = serializers.CharField(required=False, help_text="Shown when created or rotated only.")
    secret_hint = serializers.CharField(help_text="The secret's last four characters.")


class DeliverySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    event_id = serializers.CharField(allow_null=True)
    type = serializers.CharField(allow_null=True)
    status = serializers.CharField()
    attempts = serializers.IntegerField()
    last_error = serializers.CharField(allow_blank=True)
    created_at = serializers.DateTimeField()
    next_attempt_at = serializers.DateTimeField()
    sent_at = serializers.DateTimeField(allow_null=True)


class VacationRequestSerializer(serializers.Serializer):
    days = serializers.IntegerField(min_value=1, max_value=365, help_text="Whole days (24 hours each).")
    game = serializers.IntegerField(required=False,
                                    help_text="One game; left out: every active game of yours that allows it.")
    start = serializers.DateTimeField(required=False, help_text="When the vacation begins (default: now).")


class VacationSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.IntegerField(source="game_id")
    seat = serializers.IntegerField()
    starts_at = serializers.DateTimeField()
    ends_at = serializers.DateTimeField()
    days = serializers.IntegerField()
    year = serializers.IntegerField()
    reason = serializers.CharField()


class SkippedSerializer(serializers.Serializer):
    game = serializers.IntegerField()
    code = serializers.CharField()
    message = serializers.CharField()


class VacationBookedSerializer(serializers.Serializer):
    booked = VacationSerializer(many=True)
    skipped = SkippedSerializer(many=True)


class VacationListSerializer(serializers.Serializer):
    vacations = VacationSerializer(many=True)
    games = serializers.ListField(child=serializers.DictField(),
                                  help_text="Per active game with vacation days: {game, seat, days_left, year}.")


class SeatClockSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    to_move = serializers.BooleanField()
    bot = serializers.BooleanField()
    deadline = serializers.DateTimeField(allow_null=True, help_text="Absolute UTC moment the move is due.")
    turn_started_at = serializers.DateTimeField(allow_null=True)
    bank_seconds = serializers.FloatField(allow_null=True, help_text="The bank when this turn began.")
    remaining_seconds = serializers.FloatField(allow_null=True,
                                               help_text="Counting seconds left now (weekends, off-hours and "
                                                         "vacations do not count).")
    clock_running = serializers.BooleanField()
    on_vacation = serializers.BooleanField()
    vacation_days_left = serializers.IntegerField()
    vacations = serializers.ListField(child=serializers.DictField())


class ClocksSerializer(serializers.Serializer):
    game = serializers.IntegerField()
    version = serializers.IntegerField()
    status = serializers.CharField()
    now = serializers.DateTimeField()
    time_control = serializers.JSONField(allow_null=True)
    description = serializers.CharField()
    seats = SeatClockSerializer(many=True)


class UnsubscribeSerializer(serializers.Serializer):
    mode = serializers.CharField()
    message = serializers.CharField()
