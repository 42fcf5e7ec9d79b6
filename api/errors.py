"""Every error is JSON: {"error": {"code": ..., "message": ..., "details": {...}}}."""
from __future__ import annotations

from django.db import InterfaceError, OperationalError
from django.http import Http404
from rest_framework import exceptions, status
from rest_framework.response import Response

from games.errors import ServiceError

_DRF_CODES = {
    exceptions.ParseError: ("malformed_json", "The request body is not valid JSON."),
    exceptions.NotAuthenticated: ("not_authenticated", "Log in: send 'Authorization: Token <token>'."),
    exceptions.AuthenticationFailed: ("authentication_failed", "The token or the credentials are not valid."),
    exceptions.PermissionDenied: ("forbidden", "You may not do this."),
    exceptions.NotFound: ("not_found", "Nothing is here."),
    exceptions.MethodNotAllowed: ("method_not_allowed", "This method is not allowed here."),
    exceptions.UnsupportedMediaType: ("unsupported_media_type", "Send JSON (Content-Type: application/json)."),
    exceptions.NotAcceptable: ("not_acceptable", "This endpoint answers in JSON only."),
    exceptions.Throttled: ("throttled", "Too many requests; slow down."),
}


# The database could not be reached (stopped, restarting, connection lost): worth a retry.
DATABASE_UNAVAILABLE = (OperationalError, InterfaceError)
RETRY_AFTER_SECONDS = 5


def error_body(code: str, message: str, details: dict | None = None) -> dict:
    return {"error": {"code": code, "message": message, "details": details or {}}}


def service_unavailable_body() -> tuple[dict, dict]:
    """The 503 answer's (code, message, details) keywords and its headers."""
    return ({"code": "service_unavailable",
             "message": "The database cannot be reached just now; retry in a few seconds "
                        "(with the same Idempotency-Key, a retried move is never applied twice).",
             "details": {"retry_after": RETRY_AFTER_SECONDS}},
            {"Retry-After": str(RETRY_AFTER_SECONDS)})


def validation_message(details: dict) -> str:
    """One sentence for a serializer's errors: the first field's first problem."""
    first = next(iter(details.items()), None)
    if not first:
        return "The request is not valid."
    field, problems = first
    problem = problems[0] if isinstance(problems, list) and problems else problems
    if isinstance(problem, dict):   # a nested serializer: name its first field too
        return f"{field}.{validation_message(problem)}"
    return f"{field}: {problem}" if field != "non_field_errors" else str(problem)


def exception_handler(exc, context):
    if isinstance(exc, ServiceError):
        return Response(error_body(exc.code, exc.message, exc.details), status=exc.status)
    if isinstance(exc, DATABASE_UNAVAILABLE):
        body, headers = service_unavailable_body()
        return Response(error_body(**body), status=status.HTTP_503_SERVICE_UNAVAILABLE, headers=headers)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    if isinstance(exc, exceptions.ValidationError):
        details = exc.detail if isinstance(exc.detail, dict) else {"non_field_errors": exc.detail}
        return Response(error_body("invalid_input", validation_message(details), details),
                        status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, exceptions.APIException):
        code, message = _DRF_CODES.get(type(exc), (exc.default_code, str(exc.detail)))
        if isinstance(exc, exceptions.ParseError) and exc.detail:
            message = f"The request body is not valid JSON: {exc.detail}"
        headers = {}
        if getattr(exc, "auth_header", None):
            headers["WWW-Authenticate"] = exc.auth_header
        if getattr(exc, "wait", None):
            headers["Retry-After"] = str(int(exc.wait))
        return Response(error_body(code, message), status=exc.status_code, headers=headers)
    return None
