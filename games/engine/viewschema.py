"""Builders for a game's view schema (``Rules.view_schema``).

A view schema is JSON Schema 2020-12, which OpenAPI 3.1 embeds as it is: the API
publishes it as the ``View_<slug>`` component, and tests check every view the rules
serve against it. Objects are closed (``additionalProperties: false``) so that a new
field in ``view`` that the schema does not describe is caught by those tests, and
every field carries a description, since the schema is where a client developer
reads what a field means.
"""
from __future__ import annotations

import copy


def integer(description: str, minimum: int | None = None, maximum: int | None = None) -> dict:
    schema = {"type": "integer", "description": description}
    if minimum is not None:
        schema["minimum"] = minimum
    if maximum is not None:
        schema["maximum"] = maximum
    return schema


def number(description: str, minimum: float | None = None) -> dict:
    schema = {"type": "number", "description": description}
    if minimum is not None:
        schema["minimum"] = minimum
    return schema


def string(description: str, enum=None, pattern: str | None = None) -> dict:
    schema = {"type": "string", "description": description}
    if enum is not None:
        schema["enum"] = list(enum)
    if pattern is not None:
        schema["pattern"] = pattern
    return schema


def boolean(description: str) -> dict:
    return {"type": "boolean", "description": description}


def seat(description: str) -> dict:
    """A seat number (0 is the first player)."""
    return integer(description, minimum=0, maximum=11)


def array(items: dict, description: str, min_items: int | None = None, max_items: int | None = None) -> dict:
    schema = {"type": "array", "description": description, "items": items}
    if min_items is not None:
        schema["minItems"] = min_items
    if max_items is not None:
        schema["maxItems"] = max_items
    return schema


def per_seat(items: dict, description: str) -> dict:
    """A list with one entry per seat, index = seat number."""
    return array(items, f"{description} (one entry per seat, index = seat number)", 1, 12)


def obj(description: str, required: dict, optional: dict | None = None) -> dict:
    """A closed object: the ``required`` fields always, the ``optional`` ones sometimes."""
    properties = {**required, **(optional or {})}
    return {"type": "object", "description": description, "properties": properties,
            "required": list(required), "additionalProperties": False}


def mapping(values: dict, description: str, key_pattern: str | None = None) -> dict:
    """An object used as a dictionary: any key (matching ``key_pattern``), each value ``values``."""
    schema = {"type": "object", "description": description, "additionalProperties": values}
    if key_pattern is not None:
        schema["propertyNames"] = {"pattern": key_pattern}
    return schema


def nullable(schema: dict, why: str | None = None) -> dict:
    """``schema`` or null; ``why`` says when it is null."""
    schema = copy.deepcopy(schema)
    if "type" in schema and "enum" not in schema:
        types = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        schema["type"] = types + ["null"]
    elif "enum" in schema:
        schema["type"] = [schema["type"], "null"]
        schema["enum"] = schema["enum"] + [None]
    else:
        description = schema.pop("description", None)
        schema = {"anyOf": [schema, {"type": "null"}], **({"description": description} if description else {})}
    if why:
        schema["description"] = f"{schema.get('description', '')} Null {why}".strip()
    return schema


def move(types, description: str) -> dict:
    """A move embedded in a view (a legal move, a move made): its ``type`` and fields as
    the game's Move_<slug> schema states them."""
    return {"type": "object", "description": f"{description} (a move as Move_<slug> states it).",
            "properties": {"type": string("The kind of move.", types)}, "required": ["type"]}


def outcome(details: dict, description: str = "The result, once the game is over.") -> dict:
    """An Outcome's JSON (games.engine.outcome): scores and ranks per seat, ``details``
    the schema of one seat's score breakdown."""
    return obj(description, {
        "scores": per_seat(number("The seat's score."), "Scores"),
        "ranks": per_seat(integer("1 = first; tied seats share a rank.", 1), "Ranks"),
        "winners": array(seat("A seat ranked first."), "The seats ranked first."),
        "notes": array(string("A sentence."), "How the end came and how ties were broken, in words."),
        "details": per_seat(details, "Score breakdowns"),
    })
