"""Bot strength figures for the docs, played in memory (no store):

    python -m games.catalog.harmonies.benchmark basic --players 2 --games 30
    python -m games.catalog.harmonies.benchmark strong --players 2 --games 8

``basic`` plays the basic bot in one seat (rotating) against random players, and for
the solo game compares its scores with a random player's on the same seeds;
``strong`` plays the strong bot in one seat against basic bots. A shared first place
counts as a win. Slow by design: it is a measurement, never part of the test suite.
"""
from __future__ import annotations

import argparse
import statistics

from games.engine.bots import random_bot
from games.engine.harness import play_game

from . import BOTS, RULES


def match(hero, others, players: int, games: int, prefix: str) -> dict:
    wins, hero_scores, other_scores = 0, [], []
    for index in range(games):
        seat = index % players
        bots = [others] * players
        bots[seat] = hero
        options = {"side": "AB"[index % 2]}
        game = play_game(RULES, players, options, seed=f"{prefix}{players}:{index}", bots=bots)
        wins += game.outcome.ranks[seat] == 1
        hero_scores.append(game.outcome.scores[seat])
        other_scores += [s for k, s in enumerate(game.outcome.scores) if k != seat]
        if players == 1:
            alone = play_game(RULES, 1, options, seed=f"{prefix}{players}:{index}", bots=[others])
            other_scores.append(alone.outcome.scores[0])
    return {"games": games, "wins": wins, "hero_mean": statistics.mean(hero_scores),
            "others_mean": statistics.mean(other_scores)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("level", choices=["basic", "strong"])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    if args.level == "basic":
        result = match(BOTS["best"], random_bot, args.players, args.games, "bvr")
        label = "basic bot against random"
    else:
        result = match(BOTS["strong"], BOTS["best"], args.players, args.games, "svb")
        label = "strong bot against basic"
    print(f"{label}, {args.players} players: {result['wins']}/{result['games']} wins; "
          f"mean score {result['hero_mean']:.1f} against {result['others_mean']:.1f}")


if __name__ == "__main__":
    main()
