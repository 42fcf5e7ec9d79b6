"""The OpenAPI document describes every endpoint, error and game's moves."""
import pytest
from drf_spectacular.generators import SchemaGenerator

from games import registry


@pytest.fixture(scope="module")
def schema():
    return SchemaGenerator().get_schema(request=None, public=True)


def test_every_endpoint_is_described(schema):
    paths = schema["paths"]
    for path in ["/api/v1/accounts/", "/api/v1/auth/token/", "/api/v1/catalog/", "/api/v1/catalog/{slug}/",
                 "/api/v1/games/", "/api/v1/games/{id}/", "/api/v1/games/{id}/join/",
                 "/api/v1/games/{id}/legal-moves/", "/api/v1/games/{id}/moves/", "/api/v1/games/{id}/events/",
                 "/api/v1/games/{id}/state/", "/api/v1/games/{id}/audit/"]:
        assert path in paths, path
    moves = paths["/api/v1/games/{id}/moves/"]["post"]
    for status in ("201", "400", "401", "403", "404", "409", "422"):
        assert status in moves["responses"], status
    assert moves["responses"]["422"]["content"]["application/json"]["schema"]["$ref"].endswith("/Error")
    token = paths["/api/v1/auth/token/"]
    assert token["post"]["security"] == [{}] and token["delete"]["security"] == [{"tokenAuth": []}]


def test_each_games_move_schema_is_in_the_document(schema):
    components = schema["components"]["schemas"]
    refs = {ref["$ref"] for ref in components["MoveRequestRequest"]["properties"]["move"]["anyOf"]}
    for entry in registry.all_games():
        name = entry.slug.replace("-", "_")
        move = components[f"Move_{name}"]
        assert f"#/components/schemas/Move_{name}" in refs
        assert f"#/components/schemas/View_{name}" in {
            ref["$ref"] for ref in components["Game"]["properties"]["view"]["anyOf"] if "$ref" in ref}
        # Each alternative is its own titled component, exactly as the game states it.
        alternatives = [components[ref["$ref"].rsplit("/", 1)[1]] for ref in move["oneOf"]]
        assert [{k: v for k, v in alt.items() if k != "title"} for alt in alternatives] == \
            entry.rules.move_schema()["oneOf"]
        for alternative in alternatives:
            kind = alternative["properties"]["type"]["const"]
            assert alternative["title"] == f"Move_{name}_{kind}"


@pytest.mark.django_db
def test_schema_and_docs_are_served(client):
    assert client.get("/api/schema/").status_code == 200
    docs = client.get("/api/docs/")
    assert docs.status_code == 200 and b"swagger" in docs.content.lower()
    page = docs.content.decode()
    assert "cdn" not in page.lower() and "://" not in page.split("<body", 1)[-1].replace("http://testserver", "")
    for asset in ("swagger-ui-bundle.js", "swagger-ui-standalone-preset.js", "swagger-ui.css"):
        url = f"/api/docs/assets/swagger-ui-dist/{asset}"
        assert url in page, asset
        served = client.get(url)
        assert served.status_code == 200 and len(b"".join(served.streaming_content)) > 1000, asset
    assert client.get("/api/docs/assets/swagger-ui-dist/../../__init__.py").status_code == 404


def _operations(schema):
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            yield path, method, operation


def test_every_operation_documents_the_statuses_the_server_may_give(schema):
    for path, method, operation in _operations(schema):
        responses = operation["responses"]
        for status in ("400", "406", "414", "500", "503"):
            assert status in responses, (method, path, status)
        assert "Retry-After" in responses["503"]["headers"], (method, path)
        if "requestBody" in operation:
            assert {"413", "415"} <= set(responses), (method, path)
        if any("tokenAuth" in requirement for requirement in operation.get("security", [])):
            assert "401" in responses, (method, path)
        for parameter in operation.get("parameters", []):
            if parameter["in"] == "path" and parameter["name"] in ("id", "game_id"):
                assert parameter["schema"]["type"] == "integer", (method, path)


def test_no_nullable_field_matches_null_twice(schema):
    import json

    assert '[{}, {"type": "null"}]' not in json.dumps(schema)
    game = schema["components"]["schemas"]["Game"]["properties"]
    assert {"type": "null"} in game["view"]["anyOf"]
    assert game["outcome"]["oneOf"][1] == {"type": "null"}
    assert {"ok", "worker", "beat"} <= set(schema["components"]["schemas"]["Ping"]["required"])


def test_limits_are_schema_constraints(schema):
    events = {p["name"]: p["schema"] for p in schema["paths"]["/api/v1/games/{id}/events/"]["get"]["parameters"]}
    assert (events["limit"]["minimum"], events["limit"]["maximum"]) == (1, 500)
    moves = schema["paths"]["/api/v1/games/{id}/moves/"]["post"]
    key = next(p for p in moves["parameters"] if p["name"] == "Idempotency-Key")["schema"]
    assert (key["minLength"], key["maxLength"]) == (1, 200)
    retrieve = schema["paths"]["/api/v1/games/{id}/"]["get"]
    assert "If-None-Match" in [p["name"] for p in retrieve["parameters"]]
    assert "ETag" in retrieve["responses"]["200"]["headers"]
    assert "Link" in schema["paths"]["/api/v1/games/"]["get"]["responses"]["200"]["headers"]
    assert schema["components"]["schemas"]["MoveRequestRequest"]["additionalProperties"] is False


@pytest.mark.django_db
def test_a_revoked_token_on_a_public_read_is_a_documented_401(player_client, schema):
    c = player_client()
    assert c.delete("/api/v1/auth/token/").status_code == 204
    response = c.get("/api/v1/catalog/")
    assert response.status_code == 401 and response.json()["error"]["code"] == "authentication_failed"
    assert "401" in schema["paths"]["/api/v1/catalog/"]["get"]["responses"]


def test_options_are_typed_per_game(schema):
    components = schema["components"]["schemas"]
    for component in ("Game", "GameCreateRequest"):
        refs = {ref["$ref"] for ref in components[component]["properties"]["options"]["anyOf"]}
        for entry in registry.all_games():
            assert f"#/components/schemas/Options_{entry.slug.replace('-', '_')}" in refs, (component, entry.slug)


def test_links_lead_from_a_new_game_to_its_operations_and_from_legal_moves_to_a_move(schema):
    paths = schema["paths"]
    operation_ids = {operation["operationId"] for operations in paths.values() for operation in operations.values()}
    created = paths["/api/v1/games/"]["post"]["responses"]["201"]["links"]
    assert {"GetGame", "JoinGame", "LegalMoves", "Events", "State", "Audit", "Clocks"} <= set(created)
    for link in created.values():
        assert link["operationId"] in operation_ids
    move = paths["/api/v1/games/{id}/legal-moves/"]["get"]["responses"]["200"]["links"]["MakeFirstLegalMove"]
    assert move["operationId"] == paths["/api/v1/games/{id}/moves/"]["post"]["operationId"]
    assert move["requestBody"] == {"expected_version": "$response.body#/version", "move": "$response.body#/moves/0"}
