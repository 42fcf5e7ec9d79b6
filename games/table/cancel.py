"""Cancelling by agreement: any player still in the game proposes, the others vote.

The game ends as cancelled (void, unrated: games.table.endings) when every person
still playing has agreed (the proposer agrees by proposing), or, with the table
option ``cancel_after_hours``, when that deadline passes with no objection: a
Deadline row (kind "cancel") that the worker's sweep handles (worker/sweep.py), never
a timer in the broker. One objection closes the proposal; a new one may follow.
Proposals and votes are CancelProposed and CancelVoted events; the end a GameEnded.
"""
from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction

from games.engine import Event as RulesEvent
from games.errors import Conflict, InvalidInput
from games.hashing import timestamp
from games.models import Deadline, Game, GameStatus
from games.platform_events import CANCEL_PROPOSED, CANCEL_VOTED
from games.services import utcnow
from games.table import endings, options, writes

VOTES = ("agree", "object")


def cancel_propose(*, user, game_id, now=None) -> dict:
    now = now or utcnow()
    with transaction.atomic():
        game, seat = writes.locked_seat(game_id, user)
        writes.check_still_playing(game, seat)
        pending = dict(game.table_pending or {})
        if pending.get("cancel"):
            raise Conflict("A proposal to cancel this game is already open: vote on it.",
                           code="cancel_already_proposed")
        hours = options.of(game)["cancel_after_hours"]
        deadline = now + timedelta(hours=hours) if hours else None
        pending["cancel"] = {"by": seat, "agreed": [seat], "deadline": timestamp(deadline) if deadline else None}
        game.table_pending = pending
        event = RulesEvent(CANCEL_PROPOSED, {"seat": seat, "deadline": pending["cancel"]["deadline"]})
        rows = writes.append(game, seat=seat, kind="cancel_propose", events=[event], now=now)
        rows += settle_if_agreed(game, now=now)
        if deadline is not None and game.status == GameStatus.ACTIVE:
            Deadline.objects.create(game=game, seat=seat, kind=Deadline.Kind.CANCEL, due_at=deadline,
                                    version=game.version)
        return writes.answer(game, rows, seat)


def cancel_vote(*, user, game_id, vote: str, now=None) -> dict:
    now = now or utcnow()
    if vote not in VOTES:
        raise InvalidInput("vote must be agree or object.", code="invalid_vote")
    with transaction.atomic():
        game, seat = writes.locked_seat(game_id, user)
        writes.check_still_playing(game, seat)
        pending = dict(game.table_pending or {})
        proposal = pending.get("cancel")
        if not proposal:
            raise Conflict("Nobody has proposed to cancel this game.", code="no_cancel_proposal")
        if seat in proposal["agreed"]:
            raise Conflict("You have already agreed to cancel this game.", code="already_voted")
        event = RulesEvent(CANCEL_VOTED, {"seat": seat, "vote": vote})
        if vote == "object":
            pending.pop("cancel")
            Deadline.objects.filter(game_id=game.pk, kind=Deadline.Kind.CANCEL, done=False).update(done=True)
        else:
            proposal = {**proposal, "agreed": sorted(set(proposal["agreed"]) | {seat})}
            pending["cancel"] = proposal
        game.table_pending = pending
        rows = writes.append(game, seat=seat, kind="cancel_vote", events=[event], now=now, extra={"vote": vote})
        rows += settle_if_agreed(game, now=now)
        return writes.answer(game, rows, seat)


def settle_if_agreed(game: Game, *, now) -> list:
    """End the game as cancelled if every person still playing has agreed to the open
    proposal (call after a proposal, a vote or a resignation, under the row lock)."""
    proposal = (game.table_pending or {}).get("cancel")
    if not proposal or game.status != GameStatus.ACTIVE:
        return []
    if not set(writes.playing_humans(game)) <= set(proposal["agreed"]):
        return []
    return writes.append(game, seat=None, kind="cancel_agreed", events=[], now=now, ending=endings.CANCELLED)


def cancel_deadline_passed(game: Game, deadline: Deadline, *, now) -> str:
    """The sweep's handling of a due cancel deadline (the game row already locked):
    cancels the game if that proposal is still open and nobody objected."""
    deadline.done = True
    deadline.save(update_fields=["done"])
    proposal = (game.table_pending or {}).get("cancel")
    if game.status != GameStatus.ACTIVE or not proposal or not proposal.get("deadline"):
        return "stale"
    if datetime.fromisoformat(proposal["deadline"].replace("Z", "+00:00")) > now:
        return "stale"
    writes.append(game, seat=None, kind="cancel_deadline", events=[], now=now, extra={"proposed_by": proposal["by"]},
                  ending=endings.CANCEL_DEADLINE)
    return "cancels"
