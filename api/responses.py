"""The error answers each operation documents: the shape is api.errors', the texts say which codes."""
from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse

from api.errors import validation_message
from api.serializers import ErrorSerializer
from games.errors import InvalidInput

# Texts for the endpoints of a player's own things (notifications, webhooks, vacations, clocks).
ME_ERRORS = {400: "Invalid input (invalid_input and the field's own code).", 401: "Not authenticated.",
             403: "Not your game or seat (not_a_player, not_your_seat).", 404: "No such thing.",
             409: "Conflicts with what exists (vacation_overlaps, too_many_webhooks...).",
             422: "Refused by the game's state (no_vacation_days, not_enough_vacation_days...)."}


def me_errors(*codes):
    return {code: OpenApiResponse(ErrorSerializer, description=ME_ERRORS[code]) for code in codes}


def parse_object(serializer_class, request, *, partial=False):
    """The request's JSON object, validated by ``serializer_class``. A field named in
    the serializer's ``error_codes`` is refused with that code, others with invalid_input."""
    if not isinstance(request.data, dict):
        raise InvalidInput("The body must be a JSON object.", code="invalid_input")
    data = serializer_class(data=request.data, partial=partial)
    if not data.is_valid():
        errors = dict(data.errors)
        field = next(iter(errors), None)
        code = getattr(serializer_class, "error_codes", {}).get(field, "invalid_input")
        raise InvalidInput(validation_message(errors), code=code, details=errors)
    return data.validated_data
