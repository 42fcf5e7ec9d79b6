"""The compiled move check answers exactly as jsonschema does."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from games import registry
from games.fastschema import compile_schema

SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-3, 12), st.sampled_from([0.0, 1.0, 2.5, -1.0]),
                    st.sampled_from(["", "a", "x" * 70]), st.text(max_size=4))
JSON = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                     st.dictionaries(st.text(max_size=6), inner, max_size=4)),
                    max_leaves=10)


def branches():
    """(game, move type, schema of that move) for every catalogued game."""
    out = []
    for entry in registry.all_games():
        schema = entry.rules.move_schema()
        for branch in schema.get("oneOf", schema.get("anyOf", [schema])):
            kind = branch.get("properties", {}).get("type", {}).get("const", "?")
            out.append((entry.slug, kind, branch))
    return out


BRANCHES = branches()


def test_every_move_schema_of_the_catalogue_compiles():
    missing = [(slug, kind) for slug, kind, schema in BRANCHES if compile_schema(schema) is None]
    assert not missing, missing


def mutations(schema, draw):
    """A value near the schema: a valid-looking move with one field changed or added."""
    properties = schema.get("properties", {})
    move = {}
    for name, sub in properties.items():
        if "const" in sub:
            move[name] = sub["const"]
        elif "enum" in sub:
            move[name] = draw(st.sampled_from(sub["enum"]))
        else:
            move[name] = draw(JSON)
    if draw(st.booleans()) and move:
        name = draw(st.sampled_from(sorted(move)))
        if draw(st.booleans()):
            del move[name]
        else:
            move[name] = draw(JSON)
    if draw(st.integers(0, 5)) == 0:
        move[draw(st.text(max_size=5))] = draw(JSON)
    return move


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_compiled_checks_agree_with_jsonschema(data):
    slug, kind, schema = data.draw(st.sampled_from(BRANCHES))
    value = mutations(schema, data.draw) if data.draw(st.booleans()) else data.draw(JSON)
    expected = Draft202012Validator(schema).is_valid(value)
    assert compile_schema(schema)(value) == expected, (slug, kind, value)


@pytest.mark.parametrize("schema, good, bad", [
    ({"type": "integer", "minimum": 1, "maximum": 3}, [1, 3, 2.0], [0, 4, True, "2", 1.5]),
    ({"const": 1}, [1, 1.0], [True, "1"]),
    ({"enum": [False, "a"]}, [False, "a"], [0, "b"]),
    ({"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 2}, [["a"], ["a", "b"]],
     [[], ["a", "b", "c"], [1]]),
    ({"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"], "additionalProperties": False},
     [{"a": "x"}], [{}, {"a": 1}, {"a": "x", "b": 1}]),
    ({"oneOf": [{"type": "integer"}, {"type": "number"}]}, [1.5], [1]),      # 1 matches both branches
    ({"anyOf": [{"type": "string", "minLength": 2}, {"type": "null"}]}, ["ab", None], ["a", 3]),
])
def test_worked_examples(schema, good, bad):
    check = compile_schema(schema)
    for value in good:
        assert check(value) and Draft202012Validator(schema).is_valid(value), value
    for value in bad:
        assert not check(value) and not Draft202012Validator(schema).is_valid(value), value


def test_an_unknown_keyword_is_left_to_jsonschema():
    assert compile_schema({"type": "string", "format": "date"}) is None
    assert compile_schema({"type": "string", "pattern": "("}) is None     # not a regex: jsonschema says so
    assert compile_schema({"type": "object", "properties": {"a": {"format": "email"}}}) is None


def test_every_move_bots_play_passes_the_compiled_check():
    from games.engine.harness import play_game
    from games.schemas import _branch_validators

    for entry in registry.all_games():
        rules, players = entry.rules, entry.rules.min_players
        bot = entry.bots.get("best") or entry.bots["random"]
        game = play_game(rules, players, {}, seed="fast", bots=[bot] * players)
        moves = [batch.move for batch in game.batches if batch.move is not None]
        assert moves, entry.slug
        for move in moves:
            _validator, fast = _branch_validators(rules.slug, rules.version)[move["type"]]
            assert fast(move), (entry.slug, move)
