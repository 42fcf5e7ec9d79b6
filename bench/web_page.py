"""The web client's cost: the server time to render a game page, against the API's game
detail for the same game and the same player, in the same run (Django set up by then).

Both are measured in this process through Django's request handler (no network, no
browser), in alternating rounds, so a busy machine weighs on both alike. The game is a
two-player Momiji game some turns in, seen by the player to move: the page then also
lists the legal moves and draws the board.
"""
from __future__ import annotations

import statistics
import time

SLUG = "momiji"
MOVES_BEFORE = 20


def _game():
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from games import registry, services

    User = get_user_model()
    users = []
    for side in ("a", "b"):
        user, _ = User.objects.get_or_create(username=f"webbench-{side}", defaults={"email": f"wb{side}@example.com"})
        users.append((user, Token.objects.get_or_create(user=user)[0].key))
    game = services.game_create(user=users[0][0], slug=SLUG, players=2)
    game = services.game_join(user=users[1][0], game_id=game.pk)
    entry = registry.get(SLUG)
    for _ in range(MOVES_BEFORE):
        game.refresh_from_db()
        seat = min(game.to_move)
        move = entry.bot("best")(entry.rules, game.state, seat, services.game_rng(game, game.version + 1))
        services.move_submit(user=users[seat][0], game_id=game.pk, expected_version=game.version, move=move)
    game.refresh_from_db()
    return game, users[min(game.to_move)]


def _time(client, path: str, iterations: int, **headers) -> tuple[list[float], int]:
    samples, status = [], 0
    for _ in range(iterations):
        start = time.perf_counter()
        response = client.get(path, **headers)
        samples.append((time.perf_counter() - start) * 1000)
        status = response.status_code
    return samples, status


def bench(*, rounds: int = 3, iterations: int = 40) -> dict:
    from django.test import Client

    game, (user, token) = _game()
    page = Client(SERVER_NAME="localhost")
    page.force_login(user)
    api = Client(SERVER_NAME="localhost")
    paths = {"page": f"/games/{game.pk}/", "fragment": f"/games/{game.pk}/live/",
             "api_detail": f"/api/v1/games/{game.pk}/"}
    etag = page.get(paths["fragment"])["ETag"]
    for _ in range(3):  # warm up: imports, template loading, prepared statements
        page.get(paths["page"]), page.get(paths["fragment"]), api.get(paths["api_detail"], HTTP_AUTHORIZATION=f"Token {token}")
    samples: dict[str, list[float]] = {name: [] for name in ("page", "fragment", "poll_304", "api_detail")}
    statuses = {}
    for _ in range(rounds):
        for name in ("page", "fragment", "api_detail", "poll_304"):
            if name == "api_detail":
                taken, statuses[name] = _time(api, paths[name], iterations, HTTP_AUTHORIZATION=f"Token {token}")
            elif name == "poll_304":
                taken, statuses[name] = _time(page, paths["fragment"], iterations, HTTP_IF_NONE_MATCH=etag)
            else:
                taken, statuses[name] = _time(page, paths[name], iterations)
            samples[name].extend(taken)
    medians = {name: round(statistics.median(values), 2) for name, values in samples.items()}
    return {"game": SLUG, "version": game.version, "rounds": rounds, "iterations": iterations,
            "median_ms": medians, "statuses": statuses,
            "page_over_api": round(medians["page"] / medians["api_detail"], 2),
            "fragment_over_api": round(medians["fragment"] / medians["api_detail"], 2)}


def report_section(result: dict | None) -> str:
    if not result:
        return ""
    m = result["median_ms"]
    return f"""
## The web client's game page against the API's game detail

The same two-player Momiji game at version {result['version']}, seen by the player to move, in
{result['rounds']} alternating rounds of {result['iterations']} requests each, in one process through Django's
request handler (bench/web_page.py; median server time, no network). Target: the page at most
3 × the API answer.

| request | median ms | × API detail |
|---|---|---|
| `GET /api/v1/games/{{id}}/` (API game detail, with the view) | {m['api_detail']} | 1 |
| `GET /games/{{id}}/` (the whole page: board, moves in words, log, clock) | {m['page']} | {result['page_over_api']} |
| `GET /games/{{id}}/live/` (the fragment htmx swaps in when the game moved on) | {m['fragment']} | {result['fragment_over_api']} |
| `GET /games/{{id}}/live/` with `If-None-Match` (an open page's poll, nothing new) | {m['poll_304']} | {round(m['poll_304'] / m['api_detail'], 2)} |
"""


if __name__ == "__main__":
    import json
    import os

    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    print(json.dumps(bench(rounds=int(os.environ.get("BENCH_ROUNDS", "3"))), indent=2))
