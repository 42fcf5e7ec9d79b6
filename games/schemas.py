"""JSON-schema checks of options and moves, with validators compiled once per game."""
from __future__ import annotations

from functools import lru_cache

from jsonschema import Draft202012Validator

from games.errors import InvalidInput
from games.fastschema import compile_schema


@lru_cache(maxsize=None)
def _validator(slug: str, version: int, which: str) -> Draft202012Validator:
    from games import registry

    rules = registry.rules_for(slug, version)
    schema = rules.move_schema() if which == "move" else rules.options_schema()
    return Draft202012Validator(schema)


def _first_error(validator, value):
    error = next(iter(validator.iter_errors(value)), None)
    if error is None:
        return None
    best = error
    if error.context:  # oneOf: report the branch that matched the move's type best
        best = min(error.context, key=lambda e: (len(e.absolute_path) * -1, e.validator == "const"))
    where = "/".join(str(part) for part in best.absolute_path) or "(top level)"
    return f"{where}: {best.message}"


def validate_options(rules, options) -> None:
    if not isinstance(options, dict):
        raise InvalidInput("options must be a JSON object.", code="invalid_options")
    problem = _first_error(_validator(rules.slug, rules.version, "options"), options)
    if problem:
        raise InvalidInput(f"Invalid options: {problem}", code="invalid_options", details={"problem": problem})


@lru_cache(maxsize=None)
def _branch_validators(slug: str, version: int) -> dict[str, tuple[Draft202012Validator, object]]:
    """One validator per move type, so a move is checked against its own branch only
    (a oneOf over every move type costs a full pass over each branch, on the hot path),
    each with its compiled predicate (games.fastschema; None if it cannot compile)."""
    from games import registry

    schema = registry.rules_for(slug, version).move_schema()
    branches = {}
    for branch in schema.get("oneOf", schema.get("anyOf", [])):
        const = branch.get("properties", {}).get("type", {}).get("const")
        if const:
            merged = {**{k: v for k, v in schema.items() if k not in ("oneOf", "anyOf")}, **branch}
            branches[const] = (Draft202012Validator(merged), compile_schema(merged))
    return branches


def validate_move(rules, move) -> None:
    if not isinstance(move, dict) or not isinstance(move.get("type"), str):
        raise InvalidInput("A move is a JSON object with a string field 'type'.", code="invalid_move")
    branches = _branch_validators(rules.slug, rules.version)
    if branches:
        validator, fast = branches.get(move["type"], (None, None))
        if fast is not None and fast(move):
            return  # the compiled check agrees with jsonschema; only a refusal needs its message
    else:
        validator = _validator(rules.slug, rules.version, "move")
    if validator is None:
        raise InvalidInput(f"Unknown move type '{move['type']}'; this game knows {', '.join(sorted(branches))}.",
                           code="unknown_move_type", details={"known_types": sorted(branches)})
    problem = _first_error(validator, move)
    if problem:
        raise InvalidInput(f"Malformed move: {problem}", code="invalid_move", details={"problem": problem})
