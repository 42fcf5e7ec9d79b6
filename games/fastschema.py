"""A JSON-schema check compiled to plain Python, for the few keywords move schemas use.

jsonschema walks a schema with full generality on every call (about a tenth of a
millisecond per move). ``compile_schema`` turns a schema that uses only the keywords
below into a predicate with the same answers; for any other keyword it returns None
and the caller keeps using jsonschema. The predicate only says yes or no: a no is
explained by jsonschema, which has the good error messages.
"""
from __future__ import annotations

import re
from typing import Callable

Predicate = Callable[[object], bool]

# Keywords that do not constrain a value.
_ANNOTATIONS = {"description", "title", "default", "examples", "$comment"}


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


# As jsonschema (Draft 2020-12) reads the types: a float with no fraction is an integer.
_TYPES: dict[str, Predicate] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
    "number": _is_number,
    "integer": lambda v: (isinstance(v, int) and not isinstance(v, bool)) or (isinstance(v, float) and v.is_integer()),
}


def _equal(a, b) -> bool:
    """JSON equality: true and 1 differ, 1 and 1.0 do not."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if _is_number(a) and _is_number(b):
        return a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_equal(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_equal(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and a == b


def compile_schema(schema) -> Predicate | None:
    """A predicate equivalent to validating against ``schema``, or None if the schema
    uses a keyword this module does not know."""
    if schema is True:
        return lambda v: True
    if schema is False:
        return lambda v: False
    if not isinstance(schema, dict):
        return None
    checks: list[Predicate] = []
    for keyword, arg in schema.items():
        if keyword in _ANNOTATIONS:
            continue
        check = _keyword(keyword, arg, schema)
        if check is None:
            return None
        checks.append(check)
    if len(checks) == 1:
        return checks[0]
    return lambda v: all(check(v) for check in checks)


def _keyword(keyword: str, arg, schema: dict) -> Predicate | None:
    if keyword == "type":
        names = arg if isinstance(arg, list) else [arg]
        if not all(name in _TYPES for name in names):
            return None
        tests = [_TYPES[name] for name in names]
        return tests[0] if len(tests) == 1 else (lambda v: any(test(v) for test in tests))
    if keyword == "const":
        return lambda v: _equal(v, arg)
    if keyword == "enum":
        return lambda v: any(_equal(v, option) for option in arg)
    if keyword in ("minimum", "maximum"):
        if not _is_number(arg):
            return None
        if keyword == "minimum":
            return lambda v: not _is_number(v) or v >= arg
        return lambda v: not _is_number(v) or v <= arg
    if keyword in ("minLength", "maxLength"):
        if keyword == "minLength":
            return lambda v: not isinstance(v, str) or len(v) >= arg
        return lambda v: not isinstance(v, str) or len(v) <= arg
    if keyword == "pattern":
        # As jsonschema: a search (not a full match) with Python's re, strings only.
        try:
            search = re.compile(arg).search
        except (re.error, TypeError):
            return None
        return lambda v: not isinstance(v, str) or search(v) is not None
    if keyword in ("minItems", "maxItems"):
        if keyword == "minItems":
            return lambda v: not isinstance(v, list) or len(v) >= arg
        return lambda v: not isinstance(v, list) or len(v) <= arg
    if keyword == "required":
        return lambda v: not isinstance(v, dict) or all(name in v for name in arg)
    if keyword == "properties":
        compiled = {name: compile_schema(sub) for name, sub in arg.items()}
        if any(check is None for check in compiled.values()):
            return None
        items = list(compiled.items())
        return lambda v: not isinstance(v, dict) or all(check(v[name]) for name, check in items if name in v)
    if keyword == "additionalProperties":
        if "patternProperties" in schema:
            return None
        known = set(schema.get("properties", {}))
        extra = compile_schema(arg)
        if extra is None:
            return None
        return lambda v: not isinstance(v, dict) or all(extra(v[name]) for name in v if name not in known)
    if keyword == "items":
        each = compile_schema(arg)
        if each is None or "prefixItems" in schema:
            return None
        return lambda v: not isinstance(v, list) or all(each(item) for item in v)
    if keyword in ("oneOf", "anyOf"):
        branches = [compile_schema(sub) for sub in arg]
        if any(branch is None for branch in branches):
            return None
        if keyword == "anyOf":
            return lambda v: any(branch(v) for branch in branches)
        return lambda v: sum(1 for branch in branches if branch(v)) == 1
    return None
