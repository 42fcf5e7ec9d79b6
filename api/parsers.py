"""The API's JSON parser: DRF's, with the limits every request body must keep.

A body is read at most ``API_MAX_BODY_BYTES`` (+1) bytes, so an oversized body is
refused before it is parsed (413); nesting deeper than ``API_MAX_JSON_DEPTH`` is
refused (400) before anything walks it, since validation, hashing and rendering
all recurse; and NUL characters are refused (400): no text column stores them.
"""
from __future__ import annotations

import json

from django.conf import settings
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

from games.errors import InvalidInput, ServiceError


class BodyTooLarge(ServiceError):
    status, code = 413, "body_too_large"


def max_body_bytes() -> int:
    return settings.API_MAX_BODY_BYTES


def too_large(size: int | None = None) -> BodyTooLarge:
    limit = max_body_bytes()
    return BodyTooLarge(f"The request body is larger than {limit} bytes.", details={"max_bytes": limit})


def depth_of(value) -> int:
    """How deeply ``value`` nests arrays and objects (a scalar: 0), without recursion."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in children)
    return deepest


def has_nul(value) -> bool:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if "\x00" in item:
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def parse_json(raw: bytes, *, encoding: str = "utf-8"):
    """Decode one JSON body under the limits; raise the API's errors."""
    limit_depth = settings.API_MAX_JSON_DEPTH
    try:
        value = json.loads(raw.decode(encoding))
    except RecursionError:
        raise _too_deep(limit_depth)
    except (ValueError, UnicodeDecodeError) as error:
        raise ParseError(f"JSON parse error - {error}")
    # Counting brackets is cheap and bounds the depth from above: most bodies stop here.
    if raw.count(b"[") + raw.count(b"{") > limit_depth and depth_of(value) > limit_depth:
        raise _too_deep(limit_depth)
    if b"\\u0000" in raw and has_nul(value):
        raise InvalidInput("Text in the request may not contain NUL characters (\\u0000).", code="invalid_input")
    return value


def _too_deep(limit: int) -> InvalidInput:
    return InvalidInput(f"The request body nests arrays and objects deeper than {limit} levels.",
                        code="too_deeply_nested", details={"max_depth": limit})


class LimitedJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        limit = max_body_bytes()
        raw = stream.read(limit + 1) if stream is not None else b""
        if len(raw) > limit:
            raise too_large()
        encoding = (parser_context or {}).get("encoding") or settings.DEFAULT_CHARSET
        return parse_json(raw, encoding=encoding)
