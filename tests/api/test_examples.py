"""The OpenAPI document's request and response examples fit their own schemas, and the
operations a client starts with have them."""
import pytest
from drf_spectacular.generators import SchemaGenerator
from jsonschema import Draft202012Validator

EXAMPLED = {("post", "/api/v1/games/"): {"request", "201", "400", "404"},
            ("post", "/api/v1/games/{id}/join/"): {"request", "200", "409"},
            ("get", "/api/v1/games/{id}/legal-moves/"): {"200"},
            ("post", "/api/v1/games/{id}/moves/"): {"request", "201", "400", "409", "422"}}


@pytest.fixture(scope="module")
def document():
    return SchemaGenerator().get_schema(request=None, public=True)


def _examples(document):
    """(operation, where, name, schema, value) of every example in the document."""
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            media = (operation.get("requestBody") or {}).get("content", {}).get("application/json", {})
            for name, example in media.get("examples", {}).items():
                yield (method, path), "request", name, media["schema"], example["value"]
            for status, response in operation.get("responses", {}).items():
                media = response.get("content", {}).get("application/json", {})
                for name, example in media.get("examples", {}).items():
                    yield (method, path), status, name, media["schema"], example["value"]


def test_every_example_fits_its_schema(document):
    seen = {}
    for operation, where, name, schema, value in _examples(document):
        # The example's schema with the document's components, so that $refs resolve.
        validator = Draft202012Validator({**schema, "components": document["components"]})
        errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message[:150]}" for e in validator.iter_errors(value)]
        assert not errors, (operation, where, name, errors[:3])
        seen.setdefault(operation, set()).add(where)
    for operation, wanted in EXAMPLED.items():
        assert wanted <= seen.get(operation, set()), (operation, wanted - seen.get(operation, set()))


def test_a_wrong_example_would_be_caught(document):
    operation = document["paths"]["/api/v1/games/{id}/moves/"]["post"]
    media = operation["responses"]["201"]["content"]["application/json"]
    accepted = next(iter(media["examples"].values()))["value"]
    validator = Draft202012Validator({**media["schema"], "components": document["components"]})
    assert validator.is_valid(accepted)
    for broken in ({**accepted, "version": "7"}, {key: value for key, value in accepted.items() if key != "events"},
                   {**accepted, "events": [{**accepted["events"][0], "seq": None}]}):
        assert not validator.is_valid(broken)
    # The example's view is Momiji's; View_momiji refuses it changed. (MoveResult.view is
    # any game's view, and a game without a view schema, as the tests' own, is any object.)
    momiji = Draft202012Validator(document["components"]["schemas"]["View_momiji"])
    assert momiji.is_valid(accepted["view"])
    assert not momiji.is_valid({**accepted["view"], "hands": "not a list"})
