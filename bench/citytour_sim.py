"""Citytrip Brugge in bulk: many basic-bot games per player count, each replayed from
its log (state, outcome and every view must come out the same), with wins by seat and
game lengths. In memory (the rules' own harness); ``manage.py simulate citytour``
plays the same games through the event store.

    python -m bench.citytour_sim --games 300 [--players 2 ...]
"""
from __future__ import annotations

import argparse
import itertools
import json
import statistics
import time

OPTION_CYCLE = [dict(zip(("side", "deck", "two_directions"), values))
                for values in itertools.product(("green", "red"), (16, 20), (False, True))]


def run(players: int, games: int) -> dict:
    from games.catalog.citytour import BOTS, RULES
    from games.engine.harness import play_game, replay

    wins = [0.0] * players
    moves, scores, errors, started = [], [], [], time.perf_counter()
    solo_won = 0
    for index in range(games):
        if players == 1:
            options = {"level": index % 15 + 1, "two_directions": bool(index % 2)}
        else:
            options = OPTION_CYCLE[index % len(OPTION_CYCLE)]
        try:
            game = play_game(RULES, players, options, seed=f"sim-{players}:{index}",
                             bots=[BOTS["best"]] * players)
            again = replay(RULES, game.batches)
            assert again == game.state, "replay differs"
            assert RULES.outcome(again).to_json() == game.outcome.to_json(), "outcome differs"
        except Exception as error:  # report every failure, stop nothing
            errors.append(f"game {index}: {type(error).__name__}: {error}")
            continue
        winners = game.outcome.winners
        for seat in winners:
            wins[seat] += 1 / len(winners)
        moves.append(game.moves)
        scores += game.outcome.scores
        if players == 1:
            solo_won += bool(game.outcome.details[0]["won"])
    done = len(moves)
    return {"players": players, "games": games, "finished": done, "errors": errors[:10],
            "wins_by_seat": [round(w / done, 3) for w in wins] if done else [],
            "moves_median": statistics.median(moves) if moves else None, "moves_longest": max(moves, default=None),
            "turns_median": statistics.median([m // (3 * players) for m in moves]) if moves else None,
            "score_mean": round(statistics.mean(scores), 1) if scores else None,
            "solo_levels_won": solo_won if players == 1 else None,
            "seconds": round(time.perf_counter() - started, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, action="append")
    args = parser.parse_args()
    for players in args.players or range(1, 7):
        print(json.dumps(run(players, args.games)), flush=True)


if __name__ == "__main__":
    main()
