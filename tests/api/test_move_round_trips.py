"""A move's round trips to the database: each one costs the API server CPU, so their
number is part of the contract of the hot path (docs/PERFORMANCE.md)."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

pytestmark = pytest.mark.django_db


def test_a_move_reads_the_token_and_the_game_once(player_client):
    a, b = player_client(), player_client()
    gid = a.post("/api/v1/games/", {"game": "race", "players": 2}, format="json").json()["id"]
    b.post(f"/api/v1/games/{gid}/join/", {}, format="json")
    with CaptureQueriesContext(connection) as queries:
        response = a.post(f"/api/v1/games/{gid}/moves/", {"expected_version": 1, "move": {"type": "roll"}},
                          format="json")
    assert response.status_code == 201, response.content
    sql = [query["sql"] for query in queries.captured_queries]
    assert "authtoken_token" in sql[0], sql
    assert not any("authtoken_token" in statement for statement in sql[1:]), sql
    if connection.vendor == "postgresql":
        # The token's query reads the game too; then one guarded statement writes
        # everything (store.write_move).
        assert "games_game" in sql[0], sql
        assert len(sql) == 2 and sql[1].startswith("WITH projection AS (UPDATE games_game"), sql
    else:
        # SQLite keeps the locked transaction: the game is read once, under the write lock.
        assert "games_game" not in sql[0], sql
        reads = [statement for statement in sql[1:] if statement.startswith("SELECT")]
        assert len(reads) == 1 and "games_game" in reads[0], sql
