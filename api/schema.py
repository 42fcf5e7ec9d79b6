"""OpenAPI post-processing: the games' own schemas, and the answers every operation
can get that no single view declares.

drf-spectacular describes the endpoints from the serializers; a move's and a view's
shape, though, depend on the game. This hook adds per game ``Move_<slug>`` (one of
its titled alternatives ``Move_<slug>_<type>``), ``Options_<slug>`` and
``View_<slug>`` components from the game's own JSON schemas (OpenAPI 3.1 is JSON
Schema), and points the fields that carry moves and views at them. It then adds to
every operation the statuses the API's middleware and server may answer with
(api/middleware.py): 400, 401 where a token is read, 404 where the path names
something, 406, 413 and 415 where there is a body, 414, 500 and 503 with Retry-After.
"""
from __future__ import annotations

import copy

from games import registry

ERROR_REF = {"$ref": "#/components/schemas/Error"}
MAX_ID = 10**18 - 1
ID_PARAMETERS = {"id", "game_id", "pk"}
NO_NUL = "^[^\\u0000]*$"

_STANDARD = {
    "400": "Invalid input (invalid_input, malformed_json, too_deeply_nested, invalid_filter...).",
    "401": "The token is missing, wrong or revoked (not_authenticated, authentication_failed).",
    "404": "Nothing at this address (not_found, game_not_found...).",
    "406": "Only application/json can be answered (not_acceptable).",
    "413": "The body is larger than the limit (body_too_large, details.max_bytes).",
    "414": "The address is too long (uri_too_long).",
    "415": "The body must be JSON (unsupported_media_type).",
    "500": "An error on the server's side (server_error); nothing was changed.",
    "503": "The database cannot be reached just now (service_unavailable); retry after Retry-After seconds.",
}
_RETRY_AFTER = {"Retry-After": {"description": "Seconds to wait before retrying.",
                                "schema": {"type": "integer", "minimum": 1}}}


def add_game_schemas(result, generator, request, public):
    components = result.setdefault("components", {}).setdefault("schemas", {})
    moves, views, options = [], [], []
    for entry in registry.all_games():
        moves.append(_ref(_add_move_schemas(components, entry.rules)))
        views.append(_ref(_add_view_schema(components, entry.rules)))
        name = _name(entry.rules.slug)
        schema = dict(entry.rules.options_schema())
        schema.setdefault("description", f"Options of {entry.rules.title} at game creation.")
        components[f"Options_{name}"] = {"title": f"Options_{name}", **schema}
        options.append(_ref(f"Options_{name}"))
    # A move or a view is one game's; the same JSON may fit two games, hence anyOf.
    any_move = {"anyOf": moves}
    any_view = {"anyOf": views}
    _set_property(components, ("MoveRequestRequest", "MoveRequest"), "move", any_move)
    _set_property(components, ("LegalMoves",), "moves", {"type": "array", "items": any_move})
    # Options are one game's too (every rules version of a game takes the same ones).
    _set_property(components, ("Game", "GameCreateRequest"), "options", {"anyOf": options})
    for name in ("Game", "MoveResult", "State"):
        nullable = name == "Game"
        _set_property(components, (name,), "view", {"anyOf": views + [{"type": "null"}]} if nullable else any_view)
    for name, component in components.items():
        if name.endswith("Request") and component.get("type") == "object":
            # The API refuses fields it does not know (api.serializers.StrictSerializer).
            component["additionalProperties"] = False
            for prop in component.get("properties", {}).values():
                _no_nul(prop)
    for path, operations in result.get("paths", {}).items():
        for method, operation in operations.items():
            if isinstance(operation, dict) and "responses" in operation:
                _integer_ids(operation)
                for parameter in operation.get("parameters", []):
                    _no_nul(parameter.get("schema", {}))
                _standard_responses(path, operation)
    _add_links(result.get("paths", {}))
    return result


# OpenAPI links: how an answer leads to the next request (a client's next step, and
# schemathesis's stateful phase, which follows them with real ids and real moves).
GAME = "/api/v1/games/{id}/"
_GAME_ID = {"id": "$response.body#/id"}
_LINKS = {
    ("post", "/api/v1/games/", "201"): {
        "GetGame": ("get", GAME, _GAME_ID, None),
        "JoinGame": ("post", GAME + "join/", _GAME_ID, None),
        "LegalMoves": ("get", GAME + "legal-moves/", _GAME_ID, None),
        "Events": ("get", GAME + "events/", _GAME_ID, None),
        "State": ("get", GAME + "state/", {**_GAME_ID, "version": "$response.body#/version"}, None),
        "Audit": ("get", GAME + "audit/", _GAME_ID, None),
        "Clocks": ("get", "/api/v1/games/{game_id}/clocks/", {"game_id": "$response.body#/id"}, None),
    },
    ("post", GAME + "join/", "200"): {
        "LegalMoves": ("get", GAME + "legal-moves/", _GAME_ID, None),
        "GetGame": ("get", GAME, _GAME_ID, None),
    },
    # The first legal move, made on the version it was listed for.
    ("get", GAME + "legal-moves/", "200"): {
        "MakeFirstLegalMove": ("post", GAME + "moves/", {"id": "$request.path.id"},
                               {"expected_version": "$response.body#/version", "move": "$response.body#/moves/0"}),
    },
    ("post", GAME + "moves/", "201"): {
        "Events": ("get", GAME + "events/", {"id": "$request.path.id"}, None),
        "LegalMovesNow": ("get", GAME + "legal-moves/", {"id": "$request.path.id"}, None),
    },
}


def _add_links(paths: dict) -> None:
    operation_ids = {(method, path): operation.get("operationId")
                     for path, operations in paths.items() for method, operation in operations.items()
                     if isinstance(operation, dict)}
    for (method, path, status), links in _LINKS.items():
        response = paths.get(path, {}).get(method, {}).get("responses", {}).get(status)
        if response is None:
            continue
        for name, (target_method, target_path, parameters, body) in links.items():
            target = operation_ids.get((target_method, target_path))
            if target is None:
                continue
            link = {"operationId": target, "parameters": parameters}
            if body is not None:
                link["requestBody"] = body
            response.setdefault("links", {})[name] = link


def _no_nul(schema: dict) -> None:
    """Free text may hold any character but NUL, which no text column stores (400)."""
    if schema.get("type") == "string" and not ({"enum", "pattern", "const"} & set(schema)):
        schema["pattern"] = NO_NUL


def _name(slug: str) -> str:
    return slug.replace("-", "_")


def _ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def _add_move_schemas(components: dict, rules) -> str:
    """``Move_<slug>`` as oneOf titled ``Move_<slug>_<type>`` alternatives; returns its name."""
    name = f"Move_{_name(rules.slug)}"
    schema = dict(rules.move_schema())
    variants = schema.pop("oneOf", None)
    if variants is None:
        components[name] = {"title": name, "description": f"A move in {rules.title}.", **schema}
        return name
    refs = []
    for index, variant in enumerate(variants):
        kind = ((variant.get("properties") or {}).get("type") or {}).get("const")
        variant_name = f"{name}_{_name(str(kind))}" if kind else f"{name}_{index}"
        components[variant_name] = {"title": variant_name, **variant}
        refs.append(_ref(variant_name))
    components[name] = {"title": name, **schema, "oneOf": refs}
    components[name].setdefault("description", f"A move in {rules.title} (game '{rules.slug}'); "
                                               f"docs/games/{rules.slug}.md explains each.")
    return name


def _add_view_schema(components: dict, rules) -> str:
    name = f"View_{_name(rules.slug)}"
    # A game without a view schema (or a rules object without the hook) is documented
    # as any object, so that a new game never breaks the document.
    view_schema = getattr(rules, "view_schema", None)
    schema = view_schema() if callable(view_schema) else None
    schema = copy.deepcopy(schema) if schema else {"type": "object"}
    schema.setdefault("description", f"{rules.title} as one seat (or a spectator) may see it; "
                                     f"docs/games/{rules.slug}.md explains every field.")
    components[name] = {"title": name, **schema}
    return name


def _set_property(components: dict, names, prop: str, schema: dict) -> None:
    for name in names:
        component = components.get(name)
        if component and prop in component.get("properties", {}):
            description = component["properties"][prop].get("description")
            component["properties"][prop] = {**schema, **({"description": description} if description else {})}


def _integer_ids(operation: dict) -> None:
    for parameter in operation.get("parameters", []):
        if parameter.get("in") == "path" and parameter.get("name") in ID_PARAMETERS:
            parameter["schema"] = {"type": "integer", "minimum": 0, "maximum": MAX_ID}


def _standard_responses(path: str, operation: dict) -> None:
    responses = operation["responses"]
    wanted = ["400", "406", "414", "500", "503"]
    if any(requirement for requirement in operation.get("security", []) if "tokenAuth" in requirement):
        wanted.append("401")
    if "{" in path:
        wanted.append("404")
    if "requestBody" in operation:
        wanted += ["413", "415"]
    for status in wanted:
        if status not in responses:
            responses[status] = {"description": _STANDARD[status],
                                 "content": {"application/json": {"schema": ERROR_REF}}}
    responses["503"].setdefault("headers", {}).update(_RETRY_AFTER)
