"""Under /api/ every answer is JSON, including the ones no API view produced.

Before the view: a body whose Content-Length is over the limit gets 413, a URL over
the limit 414, a NUL in the path or query 400 (no text column stores it). After it:
an error page from Django itself (an unknown URL's 404, a 400, a 500) is replaced
by the documented error body. An exception the views did not turn into an answer
becomes a 503 ``service_unavailable`` with Retry-After if the database could not be
reached, else a 500 ``server_error``.
"""
from __future__ import annotations

import json
import logging

from django.conf import settings
from django.http import HttpResponse

from api.errors import DATABASE_UNAVAILABLE, error_body, service_unavailable_body

log = logging.getLogger("api")

_GENERIC = {
    400: ("bad_request", "The request could not be understood."),
    403: ("forbidden", "You may not do this."),
    404: ("not_found", "There is nothing at this address."),
    405: ("method_not_allowed", "This method is not allowed here."),
    413: ("body_too_large", "The request body is too large."),
    414: ("uri_too_long", "The address is too long."),
    500: ("server_error", "Something went wrong on our side; nothing was changed by this request."),
    503: ("service_unavailable", "The service is briefly unavailable; retry shortly."),
}


def json_error(status: int, code: str, message: str, details: dict | None = None, headers: dict | None = None):
    response = HttpResponse(json.dumps(error_body(code, message, details)), status=status,
                            content_type="application/json")
    for name, value in (headers or {}).items():
        response[name] = value
    return response


def is_api(request) -> bool:
    return request.path_info.startswith("/api/")


class ApiErrorMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if not is_api(request):
            return self.get_response(request)
        refused = self._refuse(request)
        if refused is not None:
            return refused
        return self._as_json(self.get_response(request))

    def _refuse(self, request):
        limit = settings.API_MAX_URL_LENGTH
        raw_query = request.META.get("QUERY_STRING", "")
        if len(request.path) + len(raw_query) > limit:
            return json_error(414, "uri_too_long", f"The address is longer than {limit} characters.",
                              {"max_length": limit})
        if "\x00" in request.path or "%00" in raw_query or "\x00" in raw_query:
            return json_error(400, "invalid_input", "The address may not contain NUL characters.")
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            return json_error(400, "bad_request", "The Content-Length header is not a number.")
        if length > settings.API_MAX_BODY_BYTES:
            return json_error(413, "body_too_large",
                              f"The request body is larger than {settings.API_MAX_BODY_BYTES} bytes.",
                              {"max_bytes": settings.API_MAX_BODY_BYTES})
        return None

    def _as_json(self, response):
        if response.status_code < 400 or getattr(response, "data", None) is not None:
            return response     # a DRF answer: already rendered by api.errors
        if response.get("Content-Type", "").startswith("application/json"):
            return response
        code, message = _GENERIC.get(response.status_code, ("error", response.reason_phrase or "Error."))
        headers = {name: response[name] for name in ("Allow", "Retry-After", "WWW-Authenticate") if name in response}
        return json_error(response.status_code, code, message, headers=headers)

    def process_exception(self, request, exception):
        if not is_api(request):
            return None
        if isinstance(exception, DATABASE_UNAVAILABLE):
            log.warning("database unavailable: %s", exception)
            body, headers = service_unavailable_body()
            return json_error(503, body["code"], body["message"], body["details"], headers=headers)
        log.error("unhandled error on %s %s", request.method, request.path, exc_info=exception)
        return json_error(500, *_GENERIC[500])
