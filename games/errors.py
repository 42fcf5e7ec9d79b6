"""Errors the services raise; the API renders each as {"error": {code, message, details}}."""
from __future__ import annotations


class ServiceError(Exception):
    status = 400
    code = "bad_request"

    def __init__(self, message: str, *, code: str | None = None, details: dict | None = None,
                 status: int | None = None):
        super().__init__(message)
        self.message = message
        self.code = code or self.code
        self.details = details or {}
        if status is not None:
            self.status = status


class InvalidInput(ServiceError):
    status, code = 400, "invalid_input"


class NotFound(ServiceError):
    status, code = 404, "not_found"


class Forbidden(ServiceError):
    status, code = 403, "forbidden"


class Conflict(ServiceError):
    status, code = 409, "conflict"


class VersionConflict(Conflict):
    code = "version_conflict"


class Unprocessable(ServiceError):
    """A well-formed request the rules or the game's state refuse."""

    status, code = 422, "illegal_move"
