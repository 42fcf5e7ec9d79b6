"""A PostgreSQL restart under a live gunicorn: while the database is down, clients
get a JSON 503 ``service_unavailable`` with Retry-After, and nothing is lost or
appended; when it is back, the same requests succeed. gunicorn's own refusals (a
request line over its limit) are JSON too. The cluster is the test's own."""
import os
import subprocess
import sys

import pytest

from tests.support.servers import ROOT, Cluster, Gunicorn


@pytest.fixture(scope="module")
def served():
    cluster = Cluster()
    server = None
    try:
        env = {"DATABASE_URL": cluster.url}
        subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, check=True,
                       env={**os.environ, "LUDOPOST_TESTING": "1", **env}, capture_output=True)
        server = Gunicorn(env)
        yield cluster, server
    finally:
        if server is not None:
            server.stop()
        cluster.remove()


def assert_json_error(answer, status, code):
    got, headers, body = answer
    assert got == status, (got, body)
    assert headers["Content-Type"].startswith("application/json"), headers["Content-Type"]
    assert body["error"]["code"] == code and body["error"]["message"], body
    return headers, body


def test_a_database_restart_is_a_json_503_and_loses_nothing(served):
    cluster, server = served
    status, _, account = server.request("POST", "/api/v1/accounts/", {"username": "outage", "email": "o@example.com",
                                                                       "password": "correct-horse-1"})
    assert status == 201, account
    token = account["token"]
    status, _, game = server.request("POST", "/api/v1/games/", {"game": "soleils", "players": 1}, token)
    assert status == 201, game
    gid, version = game["id"], game["version"]
    status, _, legal = server.request("GET", f"/api/v1/games/{gid}/legal-moves/", token=token)
    move = {"expected_version": version, "move": legal["moves"][0]}

    cluster.stop()
    try:
        for method, path, body in [("GET", f"/api/v1/games/{gid}/", None), ("GET", "/api/v1/games/", None),
                                   ("POST", f"/api/v1/games/{gid}/moves/", move)]:
            headers, error = assert_json_error(server.request(method, path, body, token), 503, "service_unavailable")
            assert int(headers["Retry-After"]) > 0
            assert error["error"]["details"]["retry_after"] == int(headers["Retry-After"])
        keyed = server.request("POST", f"/api/v1/games/{gid}/moves/", move, token, {"Idempotency-Key": "outage-1"})
        assert_json_error(keyed, 503, "service_unavailable")
        assert server.request("GET", "/api/v1/ping/")[0] == 200, "the health check needs no database"
    finally:
        cluster.start()

    status, _, again = server.request("GET", f"/api/v1/games/{gid}/", token=token)
    assert status == 200 and again["version"] == version, "nothing was appended while the database was down"
    status, _, moved = server.request("POST", f"/api/v1/games/{gid}/moves/", move, token,
                                      {"Idempotency-Key": "outage-1"})
    assert status == 201, moved
    assert moved["version"] > version


def test_gunicorn_refuses_an_overlong_request_line_in_json(served):
    _, server = served
    assert_json_error(server.request("GET", "/api/v1/games/?game=" + "x" * 3000), 414, "uri_too_long")
    assert_json_error(server.request("GET", "/api/v1/games/?game=" + "x" * 9000), 414, "uri_too_long")
