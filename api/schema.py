"""OpenAPI post-processing: every catalogued game's move and options schemas.

drf-spectacular describes the endpoints from the serializers; a move's shape,
though, depends on the game. This hook adds ``Move_<slug>`` and ``Options_<slug>``
components from each game's own JSON schemas (OpenAPI 3.1 is JSON Schema) and makes
the move request's ``move`` field one of them.
"""
from __future__ import annotations

from games import registry


def add_game_schemas(result, generator, request, public):
    components = result.setdefault("components", {}).setdefault("schemas", {})
    move_refs = []
    for entry in registry.all_games():
        rules = entry.rules
        name = rules.slug.replace("-", "_")
        move = dict(rules.move_schema())
        move.setdefault("description", f"A move in {rules.title} (game '{rules.slug}').")
        components[f"Move_{name}"] = move
        options = dict(rules.options_schema())
        options.setdefault("description", f"Options of {rules.title} at game creation.")
        components[f"Options_{name}"] = options
        move_refs.append({"$ref": f"#/components/schemas/Move_{name}"})
    request_schema = components.get("MoveRequestRequest") or components.get("MoveRequest")
    if request_schema and move_refs:
        description = request_schema["properties"]["move"].get("description", "")
        request_schema["properties"]["move"] = {"oneOf": move_refs, "description": description}
    return result
