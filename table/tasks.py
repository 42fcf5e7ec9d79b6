"""Celery tasks of the table: thin interfaces over its services."""
from __future__ import annotations

from celery import shared_task


@shared_task(name="table.rate_game", ignore_result=True)
def rate_game(game_id: int) -> bool:
    """Fold a finished game into the ratings (again: a second run changes nothing).

    The relay does this when it hands on the game's last outbox row; the task is for
    re-running it by hand or from another process."""
    from table import services

    return services.ratings_apply(game_id=game_id) is not None
