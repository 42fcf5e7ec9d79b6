"""Complete games played by bots through the real event store, then checked.

``simulate`` (the management command) and the benchmarks use this. Every move goes
through the same service as a player's move (lock, decide, append, project, outbox),
and afterwards the game is rebuilt from its log and verified like an audit would.
"""
from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model

from games import registry, services, store
from games.audit import verify_game
from games.models import Game, GameStatus
from games.platform_events import fold


@dataclass
class SimulationReport:
    games: int = 0
    finished: int = 0
    moves: int = 0
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0
    scores: list[list] = field(default_factory=list)
    winners: list[list[int]] = field(default_factory=list)
    combinations: set = field(default_factory=set)
    # Per finished game: the seat that moved first, the number of moves, and the number
    # of turns (runs of consecutive moves by the same seat).
    first_seats: list[int] = field(default_factory=list)
    lengths: list[tuple[int, int]] = field(default_factory=list)

    def wins_by_turn_order(self, players: int) -> list[float]:
        """Share of games won by the first, second, ... player in turn order (a shared
        win counts as a fraction)."""
        wins = [0.0] * players
        for first, winners in zip(self.first_seats, self.winners):
            for seat in winners:
                wins[(seat - first) % players] += 1 / len(winners)
        return [count / len(self.winners) for count in wins] if self.winners else wins

    @property
    def moves_per_second(self) -> float:
        return self.moves / self.seconds if self.seconds else 0.0


def start_seat(game: Game, movers: list[int]) -> int:
    """The start player: the rules say so where moves before the first turn (a draft, a
    start choice) are made by other seats (``Rules.start_seat``); else the first mover."""
    rules = registry.rules_for(game.slug, game.rules_version)
    if hasattr(rules, "start_seat"):
        return rules.start_seat(game.state)
    return movers[0] if movers else 0


def simulation_user():
    user, _ = get_user_model().objects.get_or_create(username="simulator",
                                                     defaults={"email": "simulator@example.com"})
    return user


def play_one(slug: str, players: int, *, bots: str = "best", options: dict | None = None,
             player_seed: str = "", max_moves: int = 20_000, movers: list | None = None) -> tuple[Game, int]:
    """Play one game to the end: seat 0 as a user (moves chosen by a bot), the rest bots.
    ``movers``, when given, receives the seat of every move in order."""
    entry = registry.get(slug)
    bot = entry.bots.get(bots) or entry.bots["random"]
    user = simulation_user()
    bot_seats = [{"seat": seat, "level": bots if bots in entry.bots else "random"} for seat in range(1, players)]
    game = services.game_create(user=user, slug=slug, players=players, options=options or {},
                                bot_seats=bot_seats, player_seed=player_seed)
    moves = 0
    while moves < max_moves:
        if game.status == GameStatus.FINISHED:
            game.refresh_from_db()
            return game, moves
        seat = min(game.to_move)
        if movers is not None:
            movers.append(seat)
        if seat == 0:
            rules = registry.rules_for(slug, game.rules_version)
            move = bot(rules, game.state, 0, services.game_rng(game, seq=game.version + 1))
            result = services.move_submit(user=user, game_id=game.pk, expected_version=game.version, move=move)
        else:
            result = services.bot_move(game_id=game.pk, seat=seat, expected_version=game.version)
        # The service hands back the game row it locked and projected: no reload needed.
        game = result["game"]
        moves += 1
    raise RuntimeError(f"{slug}: game {game.pk} did not finish within {max_moves} moves")


def check_replay(game: Game) -> str | None:
    """Rebuild the game from its log and verify it; None when everything matches."""
    rules = registry.rules_for(game.slug, game.rules_version)
    # Fold from event 1 with no snapshot: the projection must equal the log's fold.
    rebuilt = rules.initial_state()
    for event_type, payload in game.events.order_by("seq").values_list("type", "payload"):
        rebuilt = fold(rules, rebuilt, event_type, payload)
    if rebuilt != game.state:
        return f"game {game.pk}: the state rebuilt from the log differs from the stored state"
    outcome = rules.outcome(rebuilt)
    if outcome is None or outcome.scores != game.outcome["scores"]:
        return f"game {game.pk}: the outcome rebuilt from the log differs"
    if store.state_at(game, rules, game.version - 1) is None:
        return f"game {game.pk}: loading an earlier version failed"
    verdict = verify_game(game)
    if not verdict.ok:
        return f"game {game.pk}: {verdict}"
    return None


def option_combinations(slug: str) -> list[dict]:
    """Every combination of the game's boolean and enumerated options, in a fixed order.

    Options of other types keep their defaults; a game without such options has one
    combination, the empty one.
    """
    properties = registry.get(slug).rules.options_schema().get("properties", {})
    names, choices = [], []
    for name, spec in properties.items():
        if spec.get("type") == "boolean":
            names.append(name)
            choices.append([False, True])
        elif "enum" in spec:
            names.append(name)
            choices.append(list(spec["enum"]))
    return [dict(zip(names, values)) for values in itertools.product(*choices)]


def simulate(slug: str, *, players: int, games: int, seed: int = 0, bots: str = "best",
             options: dict | None = None, all_combinations: bool = False) -> SimulationReport:
    """Play ``games`` games; with ``all_combinations`` game i takes the i-th option
    combination (cycling), each merged over ``options``, so a long run covers them all."""
    report = SimulationReport()
    combinations = option_combinations(slug) if all_combinations else [{}]
    started = time.perf_counter()
    for index in range(games):
        report.games += 1
        game_options = {**(options or {}), **combinations[index % len(combinations)]}
        report.combinations.add(tuple(sorted(game_options.items())))
        movers: list[int] = []
        try:
            game, moves = play_one(slug, players, bots=bots, options=game_options,
                                   player_seed=f"sim:{seed}:{index}", movers=movers)
        except Exception as error:  # a simulation reports every failure and goes on
            report.errors.append(f"game {index} {game_options}: {type(error).__name__}: {error}")
            continue
        report.moves += moves
        report.finished += 1
        report.scores.append(game.outcome["scores"])
        report.winners.append(game.outcome["winners"])
        report.first_seats.append(start_seat(game, movers))
        turns = sum(1 for before, after in zip([None] + movers, movers) if before != after)
        report.lengths.append((moves, turns))
        problem = check_replay(game)
        if problem:
            report.errors.append(problem)
    report.seconds = time.perf_counter() - started
    return report
