"""gunicorn's sync worker, answering the requests it refuses itself in JSON.

gunicorn refuses some requests before Django sees them (a request line over
``limit_request_line``, too many or too large headers, a malformed request line) and
writes an HTML page. The API promises the JSON error shape for every answer, so this
worker writes that instead. It imports nothing from Django: it runs before the app.
"""
from __future__ import annotations

import json

from gunicorn import util
from gunicorn.http import errors
from gunicorn.workers.sync import SyncWorker

# Most specific first: the first class that matches decides.
_REFUSALS = [
    (errors.LimitRequestLine, 414, "URI Too Long", "uri_too_long", "The address is too long."),
    (errors.LimitRequestHeaders, 431, "Request Header Fields Too Large", "headers_too_large",
     "The request's headers are too many or too large."),
    (errors.ExpectationFailed, 417, "Expectation Failed", "expectation_failed",
     "The Expect header asks for something this server does not do."),
    (errors.UnsupportedTransferCoding, 501, "Not Implemented", "unsupported_transfer_coding",
     "The request's Transfer-Encoding is not supported."),
    ((errors.ConfigurationProblem, errors.InvalidResponseHeader, errors.InvalidResponseHeaderName),
     None, None, None, None),   # the server's own fault: gunicorn's 500
    (errors.ParseException, 400, "Bad Request", "bad_request", "The request is not valid HTTP."),
]


def refusal(exc) -> bytes | None:
    """The whole HTTP answer to a request gunicorn could not parse, or None."""
    for kind, status, reason, code, message in _REFUSALS:
        if isinstance(exc, kind):
            if status is None:
                return None
            body = json.dumps({"error": {"code": code, "message": message, "details": {}}}).encode()
            head = (f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\nContent-Type: application/json\r\n"
                    f"Content-Length: {len(body)}\r\n\r\n")
            return head.encode("latin-1") + body
    return None


class JsonErrorWorker(SyncWorker):
    def handle_error(self, req, client, addr, exc):
        answer = refusal(exc)
        if answer is None:
            return super().handle_error(req, client, addr, exc)
        self.log.debug("refused a request: %s", exc)
        try:
            util.write_nonblock(client, answer)
        except OSError:
            pass    # the client is gone; there is nobody to tell
