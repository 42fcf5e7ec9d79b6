"""Requests and answers of the table's commands: resign, cancel, takebacks, next game."""
from __future__ import annotations

from rest_framework import serializers

from api.serializers import (EventSerializer, GameSummarySerializer, OutcomeSerializer, StrictBooleanField,
                             StrictSerializer,
                             TableOptionsSerializer)


class CancelProposalSerializer(serializers.Serializer):
    by = serializers.IntegerField(help_text="The seat that proposed.")
    agreed = serializers.ListField(child=serializers.IntegerField(), help_text="Seats that agreed so far.")
    deadline = serializers.CharField(allow_null=True, help_text="UTC moment the game is cancelled unless "
                                                                "someone objects; null: everyone must agree.")


class TakebackRequestStateSerializer(serializers.Serializer):
    by = serializers.IntegerField(help_text="The seat that asked.")
    to_version = serializers.IntegerField(help_text="The version the game returns to if everyone accepts.")
    asked = serializers.ListField(child=serializers.IntegerField(), help_text="Seats whose answer is needed.")
    accepted = serializers.ListField(child=serializers.IntegerField(), help_text="Seats that accepted so far.")
    version = serializers.IntegerField(help_text="The request lapses when the game moves past this version.")


class TableSerializer(serializers.Serializer):
    options = TableOptionsSerializer()
    cancel = CancelProposalSerializer(allow_null=True, help_text="The open cancel proposal, if any.")
    takeback = TakebackRequestStateSerializer(allow_null=True, help_text="The open takeback request, if any.")


class TableResultSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    status = serializers.CharField()
    to_move = serializers.ListField(child=serializers.IntegerField())
    outcome = OutcomeSerializer(allow_null=True)
    table = TableSerializer()
    events = EventSerializer(many=True, help_text="The events this command appended, players by name.")


class EmptyRequestSerializer(StrictSerializer):
    pass


class CancelVoteSerializer(StrictSerializer):
    vote = serializers.ChoiceField(["agree", "object"])


class TakebackAnswerSerializer(StrictSerializer):
    accept = StrictBooleanField(help_text="true: take the move back; false: refuse.")


class NextGameSerializer(serializers.Serializer):
    game = GameSummarySerializer()
    your_seat = serializers.IntegerField()
    waiting_since = serializers.DateTimeField(help_text="When your turn in it began.")
    waiting = serializers.IntegerField(help_text="How many of your games wait for your move.")
    url = serializers.CharField(help_text="The game in the API.")
