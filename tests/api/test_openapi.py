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
