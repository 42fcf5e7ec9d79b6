"""The measurements behind bench/run.py (Django is set up by then)."""
from __future__ import annotations

import json
import random
import statistics
import time

from bench import cpu, http_load

SLUG = "momiji"


def wait_for(port: int, timeout: float = 30.0) -> None:
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            if http_load.send(port, http_load.build_request("GET", "/api/v1/ping/")) == 200:
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("the server did not start")


def make_fixtures(*, clients: int, games_per_client: int, name: str = "bench") -> list[list[bytes]]:
    """Per client, the requests of whole Momiji games, in order, built in advance.

    The benchmark knows the seeds (a benchmark may), so it plays each game through
    the rules in memory with the server's own derivation and writes down every move
    request the two players will send; the server must accept each with 201.
    """
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from games import registry, services
    from games.engine.rng import GameRng

    rules = registry.rules_for(SLUG)
    User = get_user_model()
    streams = []
    for index in range(clients):
        users = []
        for side in ("a", "b"):
            user = User.objects.create_user(username=f"{name}{index}{side}", email=f"{name}{index}{side}@example.com")
            users.append((user, Token.objects.create(user=user).key))
        requests = []
        chooser = random.Random(index)
        for _ in range(games_per_client):
            game = services.game_create(user=users[0][0], slug=SLUG, players=2)
            game = services.game_join(user=users[1][0], game_id=game.pk)
            key = GameRng.from_seeds(game.server_seed, str(game.pk), game.player_seeds, 1)
            state, version = game.state, game.version
            while rules.outcome(state) is None:
                seat = min(rules.to_move(state))
                move = chooser.choice(rules.legal_moves(state, seat))
                body = json.dumps({"expected_version": version, "move": move}).encode()
                requests.append(http_load.build_request("POST", f"/api/v1/games/{game.pk}/moves/", body,
                                                        users[seat][1]))
                for event in rules.decide(state, seat, move, key.for_seq(version + 1)):
                    state = rules.evolve(state, event)
                    version += 1
        streams.append(requests)
    return streams


def bench_empty(port: int, clients: int, seconds: float) -> http_load.Run:
    ping = http_load.build_request("GET", "/api/v1/ping/")
    return http_load.run(port, [[ping] * 200_000 for _ in range(clients)], seconds, expect=200)


def bench_moves(port: int, fixtures, seconds: float) -> http_load.Run:
    """Each client sends its games' moves in order, as fast as the server answers."""
    return http_load.run(port, fixtures, seconds, expect=201)


def bench_http(port: int, fixtures, *, clients: int, seconds: float, rounds: int, server_pid: int) -> dict:
    """The empty request and the move, in ``rounds`` alternating rounds that add up to
    ``seconds`` of each. A shared machine speeds up and slows down over a run; taking
    turns makes both kinds of request meet the same machine, so their ratio is fair.
    Each round of moves goes on where the last one stopped in every client's games."""
    per_round = seconds / rounds
    offsets = [0] * len(fixtures)
    runs: dict[str, list[http_load.Run]] = {"empty_request": [], "moves": []}
    spent: dict[str, list] = {"empty_request": [], "moves": []}
    for _ in range(rounds):
        for kind in ("empty_request", "moves"):
            before = cpu.reading(server_pid)
            if kind == "empty_request":
                run = bench_empty(port, clients, per_round)
            else:
                run = bench_moves(port, [stream[offset:] for stream, offset in zip(fixtures, offsets)], per_round)
                offsets = [offset + sent for offset, sent in zip(offsets, run.sent)]
            spent[kind].append(cpu.difference(before, cpu.reading(server_pid)))
            runs[kind].append(run)
    results = {}
    for kind, kind_runs in runs.items():
        summary = http_load.summarize([value for run in kind_runs for value in run.latencies],
                                      sum(run.errors for run in kind_runs), sum(run.seconds for run in kind_runs))
        summary["cpu_ms"] = cpu.per_request(cpu.total(spent[kind]), summary["requests"])
        results[kind] = summary
    results["moves"]["moves_prepared"] = sum(len(stream) for stream in fixtures)
    results["by_round"] = [{"empty_per_second": empty.summary()["per_second"],
                          "move_per_second": move.summary()["per_second"],
                          "ratio": round((len(move.latencies) / move.seconds)
                                         / (len(empty.latencies) / empty.seconds), 3)}
                         for empty, move in zip(runs["empty_request"], runs["moves"])]
    return results


def bench_bare_transaction(database_url: str, clients: int, seconds: float) -> dict:
    """The floor under a move: the same statements with no framework around them.

    Its outbox rows are written as already done (kind "bench.bare"), so the worker,
    benchmarked later in the same database, has nothing of them to relay.
    """
    from django.utils import timezone

    from games.models import Game

    game_ids = [Game.objects.create(slug="bare", rules_version=1, players=1, creator_id=1, created_at=timezone.now(),
                                    server_seed="0" * 64, seed_commitment="0" * 64).pk for _ in range(clients)]
    postgres = database_url.startswith("postgres")

    def worker(index, deadline, recorder):
        game_id = game_ids[index]
        if postgres:
            import psycopg
            conn = psycopg.connect(database_url)
            lock_sql = "SELECT version FROM games_game WHERE id = %s FOR NO KEY UPDATE"
        else:
            import sqlite3
            conn = sqlite3.connect(database_url.removeprefix("sqlite:///"), timeout=30, isolation_level=None)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")
            lock_sql = "SELECT version FROM games_game WHERE id = ?"
        mark = "%s" if postgres else "?"
        insert_event = (f"INSERT INTO games_event (game_id, seq, type, payload, actor, batch, command, rules_version,"
                        f" created_at, prev_hash, hash) VALUES ({', '.join([mark] * 11)})")
        bump = f"UPDATE games_game SET version = {mark}, head_hash = {mark} WHERE id = {mark}"
        outbox = (f"INSERT INTO games_outbox (game_id, kind, payload, status, created_at, available_at, attempts,"
                  f" last_error) VALUES ({', '.join([mark] * 8)})")
        payload = json.dumps({"seat": 0, "cards": ["red-1", "red-2"]})
        while time.perf_counter() < deadline:
            started = time.perf_counter()
            now = timezone.now().isoformat()
            if postgres:
                with conn.transaction():
                    version = conn.execute(lock_sql, (game_id,)).fetchone()[0] + 1
                    conn.execute(insert_event, (game_id, version, "LeavesPlayed", payload, 0, version, None, 1, now,
                                                "0" * 64, "1" * 64))
                    conn.execute(bump, (version, "1" * 64, game_id))
                    conn.execute(outbox, (game_id, "bench.bare", payload, "done", now, now, 0, ""))
            else:
                conn.execute("BEGIN IMMEDIATE")
                version = conn.execute(lock_sql, (game_id,)).fetchone()[0] + 1
                conn.execute(insert_event, (game_id, version, "LeavesPlayed", payload, 0, version, None, 1, now,
                                            "0" * 64, "1" * 64))
                conn.execute(bump, (version, "1" * 64, game_id))
                conn.execute(outbox, (game_id, "bench.bare", payload, "done", now, now, 0, ""))
                conn.execute("COMMIT")
            recorder.add(time.perf_counter() - started, True)
        conn.close()
    return http_load.run_threads(worker, clients, seconds)


def bench_load() -> dict:
    """Cost of the state at an old version, in a 50- and a 5,000-event game."""
    from django.conf import settings

    from games import registry, services, store
    from tests.support import race
    from tests.support.factories import user

    registry.register(race.RULES, bots={"best": race.greedy_bot})
    rules = registry.rules_for("race")
    figures = {"snapshot_every": settings.SNAPSHOT_EVERY}
    for length in (50, 5000):
        players = [user(f"load{length}a"), user(f"load{length}b")]
        # Single steps towards a far target: 5,000 events and still running.
        game = services.game_create(user=players[0], slug="race", players=2, options={"target": 10000})
        game = services.game_join(user=players[1], game_id=game.pk)
        for index in range(length - 1):
            seat = game.to_move[0]
            services.move_submit(user=players[seat], game_id=game.pk, expected_version=game.version,
                                 move={"type": "step", "steps": 1})
            game.refresh_from_db()
        # Versions just before the end: the worst case between two snapshots.
        versions = [game.version - offset for offset in range(1, settings.SNAPSHOT_EVERY)]
        timings = []
        for _ in range(5):
            for version in versions:
                started = time.perf_counter()
                store.state_at(game, rules, version)
                timings.append(time.perf_counter() - started)
        figures[f"events_{length}"] = {"events": game.version, "median_ms": round(statistics.median(timings) * 1000, 3),
                                       "max_ms": round(max(timings) * 1000, 3)}
    figures["ratio"] = round(figures["events_5000"]["median_ms"] / figures["events_50"]["median_ms"], 2)
    return figures


def bench_bots(games: int) -> list[dict]:
    """Each game's best bot against random players, at every player count it allows."""
    from games import registry
    from games.engine.botmatch import bot_vs_random

    rows = []
    for entry in registry.all_games():
        if entry.slug == "race" or "best" not in entry.bots:
            continue
        rules = entry.rules
        for players in range(max(2, rules.min_players), rules.max_players + 1):
            started = time.perf_counter()
            try:
                row = bot_vs_random(rules, entry.bots["best"], players, games, seed=1)
            except Exception as error:  # report, do not hide
                row = {"players": players, "error": f"{type(error).__name__}: {error}"}
            row.update(game=entry.slug, seconds=round(time.perf_counter() - started, 1))
            rows.append(row)
    return rows


def bench_worker() -> dict | None:
    try:
        from worker import bench as worker_bench
    except ImportError:
        return None
    return worker_bench.run()


def _mean_latency_ms(clients: int, per_second: float) -> str:
    return f"{clients / per_second * 1000:.0f}" if per_second else "—"


def _p99_needs(clients: int, empty: dict, moves: dict) -> list[str]:
    """What a p99 under 25 ms asks of this machine, at the p99/mean spread this run had."""
    if not moves["per_second"] or not empty["per_second"] or not moves["p99_ms"]:
        return []
    spread = moves["p99_ms"] / (clients / moves["per_second"] * 1000)
    needed = clients * spread / 0.025
    return [f"- The p99 was {spread:.2f} × the mean latency. At that spread a p99 under 25 ms needs "
            f"{needed:.0f} moves/s, {needed / empty['per_second']:.2f} × the empty-request rate of this run: "
            f"a move costing at most {empty['per_second'] / needed:.1f} × an empty request (the ratio target "
            "allows 3 ×)."]


def cpu_table(empty: dict, moves: dict, bare: dict) -> list[str]:
    """Where the CPU went, per request (bench/cpu.py), when it could be read."""
    if not empty.get("cpu_ms") or not moves.get("cpu_ms"):
        return []
    parts = [("server", "gunicorn workers"), ("postgres", "PostgreSQL"), ("client", "load client"),
             ("other", "rest of the machine (kernel, other processes)")]
    lines = ["CPU per request, in milliseconds, over each run (both cores together):", "",
             "| part | empty request | move |", "|---|---|---|"]
    for key, label in parts:
        lines.append(f"| {label} | {empty['cpu_ms'][key]} | {moves['cpu_ms'][key]} |")
    total = lambda figures: round(sum(v for k, v in figures.items() if k != "steal"), 2)  # noqa: E731
    lines += [f"| total | {total(empty['cpu_ms'])} | {total(moves['cpu_ms'])} |", ""]
    steal = (empty["cpu_ms"].get("steal"), moves["cpu_ms"].get("steal"))
    if None not in steal:
        bare_steal = f", {bare['steal_ms']} ms per bare transaction" if "steal_ms" in bare else ""
        lines += [f"Taken by the hypervisor for other guests (steal), per request: {steal[0]} ms during the "
                  f"empty requests, {steal[1]} ms during the moves{bare_steal}. Above a few hundredths of a "
                  "millisecond the machine was shared while it was measured, and every figure of the run is slower.",
                  ""]
    return lines


def report(results: dict) -> str:
    empty, moves, bare, load = results["empty_request"], results["moves"], results["bare_transaction"], results["load"]
    ratio_empty = moves["per_second"] / empty["per_second"] if empty["per_second"] else 0
    ratio_bare = moves["per_second"] / bare["per_second"] if bare["per_second"] else 0
    by_round = ", ".join(f"{row['ratio']:.2f}" for row in results.get("by_round", []))
    lines = [
        "# Performance", "",
        f"Measured by `make bench` on {results['date']}.", "",
        f"- Machine: {results['machine']}",
        f"- Database: {results['database']}; gunicorn with {results['gunicorn_workers']} sync workers; "
        f"{results['clients']} concurrent clients for {results['seconds']:.0f} s per HTTP figure, "
        f"in {results['rounds']} rounds that alternate empty requests and moves, after 3 s of "
        "each kind of request to warm the workers up (not counted); "
        "the load generator runs on the same machine and shares its cores.", "",
        "## A move through the full HTTP stack, and its ceilings", "",
        "| measurement | per second | p50 ms | p99 ms | requests | errors |",
        "|---|---|---|---|---|---|",
        f"| empty DRF request (GET /api/v1/ping/) | {empty['per_second']} | {empty['p50_ms']} | {empty['p99_ms']} | {empty['requests']} | {empty['errors']} |",
        f"| Momiji move (POST /api/v1/games/{{id}}/moves/) | {moves['per_second']} | {moves['p50_ms']} | {moves['p99_ms']} | {moves['requests']} | {moves['errors']} |",
        f"| bare move transaction (driver only, no HTTP) | {bare['per_second']} | {bare['p50_ms']} | {bare['p99_ms']} | {bare['requests']} | {bare['errors']} |",
        "",
        f"- Move rate / empty-request rate: **{ratio_empty:.2f}** (target ≥ 0.33); round by round: {by_round}.",
        f"- Move rate / bare-transaction rate: {ratio_bare:.2f}.",
        f"- Move p99: **{moves['p99_ms']} ms** (target < 25 ms); moves prepared for the run: {moves.get('moves_prepared', 0)}.",
        f"- Each of the {results['clients']} clients sends its next move when the last is answered, so the mean "
        f"latency is clients / rate ({_mean_latency_ms(results['clients'], moves['per_second'])} ms at this rate): "
        f"a p99 under 25 ms needs more than {results['clients'] / 0.025:.0f} moves/s.",
        *_p99_needs(results["clients"], empty, moves),
        "",
        *cpu_table(empty, moves, bare),
        "## Loading an old version", "",
        f"State at a version just before the log's end (the worst case between two snapshots; "
        f"a snapshot every {load['snapshot_every']} events).", "",
        "| log length | median ms | max ms |", "|---|---|---|",
        f"| {load['events_50']['events']} events | {load['events_50']['median_ms']} | {load['events_50']['max_ms']} |",
        f"| {load['events_5000']['events']} events | {load['events_5000']['median_ms']} | {load['events_5000']['max_ms']} |",
        "", f"- 5,000-event / 50-event ratio: **{load['ratio']}** (target ≤ 2).", "",
        "## Bots against random players", "",
        "One seat played by the game's best bot (rotating through the seats), the others by the random bot. "
        "A shared first place counts as a win.", "",
        "| game | players | games | bot win rate | a random seat's share | seconds |", "|---|---|---|---|---|---|",
    ]
    for row in results["bots"]:
        if "error" in row:
            lines.append(f"| {row['game']} | {row['players']} | — | error: {row['error']} | | {row['seconds']} |")
        else:
            lines.append(f"| {row['game']} | {row['players']} | {row['games']} | {row['win_rate']:.0%} | "
                         f"{row['random_expectation']:.0%} | {row['seconds']} |")
    if results.get("strong_bots"):
        from bench.strong_bots import report_lines
        lines += ["", *report_lines(results["strong_bots"])]
    worker = results.get("worker")
    if worker:
        lines += ["", "## Worker", "", "```json", json.dumps(worker, indent=2, default=str), "```"]
    lines.append("")
    return "\n".join(lines)
