"""Which finished games count for the ratings, and the OpenSkill update itself.

OpenSkill's Plackett-Luce model (the package's default) with its default parameters:
a new player starts at mu 25, sigma 25/3; the number shown is the ordinal mu - 3 sigma.
Every rated player is their own team; ranks come from the game's outcome (1 = first,
ties share a rank), so a forfeited seat, which the store ranks last
(games/forfeits.py), is rated as last.
"""
from __future__ import annotations

from openskill.models import PlackettLuce

MIN_PLAYERS, MAX_PLAYERS = 2, 6
MODEL = PlackettLuce()
DEFAULT_MU, DEFAULT_SIGMA = MODEL.mu, MODEL.sigma


def why_unrated(*, rated: bool, outcome: dict | None, humans: dict[int, int], players: int) -> str:
    """'' if the game counts, else the reason in words. ``humans``: seat -> user id of the
    seats people held (bots excluded; a forfeited seat still counts, ranked last)."""
    if not rated:
        return "the game was created unrated"
    if not outcome or not outcome.get("ranks") or outcome.get("cancelled"):
        return "the game has no result"
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        return f"ratings are for games of {MIN_PLAYERS} to {MAX_PLAYERS} players"
    if len(set(humans.values())) < 2:
        return "fewer than two people played"
    return ""


def rate(entries: list[tuple[float, float, int]]) -> list[tuple[float, float]]:
    """New (mu, sigma) for each (mu, sigma, rank) in one game; lower rank is better.

    Bots are left out by the caller: the people's ranks keep their order among
    themselves, which is what Plackett-Luce compares.
    """
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma, _ in entries]
    result = MODEL.rate(teams, ranks=[float(rank) for _, _, rank in entries])
    return [(team[0].mu, team[0].sigma) for team in result]
