"""Taking back a move: a player asks to undo their last move (and whatever followed
it), the other people still playing accept or refuse, as the table option
``takebacks`` says (off; ask; automatic: granted at once when no other person has
moved since, else asked).

A takeback never deletes: it appends MovesTakenBack, whose payload carries the state
the game returns to (the state after ``to_version`` events) and its digest. The fold
of that event is that state (games.platform_events.fold), so the state at every
version is still the fold of the events before it, snapshots stay caches, and the
verifier re-derives the restored state from the first ``to_version`` events
(games.verify). The restored state is served as its digest only until the game
ends (games.platform_events.public_payload), since it may hold hidden content.

Allowed only when what is undone revealed nothing hidden and drew nothing random
(``refusal``): every undone batch is a move (a person's or a bot's), re-deciding it
draws nothing from the game's RNG, none of its events is shown differently to
different seats, and the game's rules do not say a move may show hidden things
without a random draw (``Rules.moves_reveal_hidden``: a face-down deck dealt at
setup, a card played from a hidden hand). A refusal says why in words and appends
nothing.
"""
from __future__ import annotations

from django.db import transaction

from games import registry, services, store
from games.engine import Event as RulesEvent
from games.errors import Conflict, Forbidden, Unprocessable
from games.models import Event
from games.names import name_players, names_of
from games.platform_events import MOVES_TAKEN_BACK, TAKEBACK_ACCEPTED, TAKEBACK_REFUSED, TAKEBACK_REQUESTED
from games.services import utcnow
from games.table import options, writes
from games.table.undo import KEPT, UNDOABLE, refusal, state_digest

# How far back a takeback may reach, in batches.
MAX_BATCHES = 64


def _undo_plan(game, rules, seat: int):
    """(to_version, batches since, whether another person moved) for ``seat``'s last move."""
    firsts = list(Event.objects.filter(game_id=game.pk, command__isnull=False).order_by("-seq")
                  .values_list("seq", "command")[:MAX_BATCHES])
    start = None
    for seq, command in firsts:
        if command.get("kind") == "move" and command.get("seat") == seat:
            start = seq
            break
        if command.get("kind") not in UNDOABLE + KEPT:
            break
    if start is None:
        raise Unprocessable("You have no move that can be taken back (none since the last takeback, timeout "
                            "or resignation).", code="nothing_to_take_back")
    rows = Event.objects.filter(game_id=game.pk, seq__gte=start).order_by("seq").values_list(
        "seq", "batch", "type", "payload", "command")
    batches: list = []
    for seq, batch, type_, payload, command in rows:
        if seq == batch:
            batches.append((command or {}, [], seq))
        batches[-1][1].append((type_, payload))
    others_moved = any(c.get("kind") == "move" and c.get("seat") != seat for c, _, _ in batches)
    return start - 1, batches, others_moved


def check(game, seat: int):
    """(to_version, state then, others_moved) or Unprocessable saying in words why not."""
    rules = registry.rules_for(game.slug, game.rules_version)
    to_version, batches, others_moved = _undo_plan(game, rules, seat)
    before = store.state_at(game, rules, to_version)
    why = refusal(rules, before, batches, lambda seq: services.game_rng(game, seq), game.players)
    if why is not None:
        why = name_players(why, names_of(game))
        raise Unprocessable(f"This move cannot be taken back: {why}", code="takeback_not_allowed")
    return to_version, store.state_at(game, rules, to_version), others_moved


def _taken_back(game, *, requested_by: int, to_version: int, state, accepted_by: list[int]) -> RulesEvent:
    return RulesEvent(MOVES_TAKEN_BACK, {
        "requested_by": requested_by, "to_version": to_version, "undone": game.version - to_version,
        "accepted_by": accepted_by, "state": state, "state_sha256": state_digest(state)})


def takeback_request(*, user, game_id, now=None) -> dict:
    now = now or utcnow()
    with transaction.atomic():
        game, seat = writes.locked_seat(game_id, user)
        writes.check_still_playing(game, seat)
        mode = options.of(game)["takebacks"]
        if mode == "off":
            raise Unprocessable("Takebacks are off in this game.", code="takebacks_off")
        open_request = writes.table_json(game)["takeback"]
        if open_request:
            raise Conflict("A takeback request is already waiting for answers.", code="takeback_pending")
        to_version, state, others_moved = check(game, seat)
        others = [s for s in writes.playing_humans(game) if s != seat]
        pending = dict(game.table_pending or {})
        pending.pop("takeback", None)
        if not others or (mode == "automatic" and not others_moved):
            game.table_pending = pending
            event = _taken_back(game, requested_by=seat, to_version=to_version, state=state, accepted_by=[])
            rows = writes.append(game, seat=seat, kind="takeback", events=[event], now=now,
                                 extra={"to_version": to_version, "granted": "automatic" if others else "alone"})
            return writes.answer(game, rows, seat)
        event = RulesEvent(TAKEBACK_REQUESTED, {"seat": seat, "to_version": to_version})
        game.table_pending = pending
        rows = writes.append(game, seat=seat, kind="takeback_request", events=[event], now=now,
                             extra={"to_version": to_version})
        game.table_pending = {**pending, "takeback": {"by": seat, "to_version": to_version, "accepted": [],
                                                      "asked": others, "version": game.version}}
        game.save(update_fields=["table_pending"])
        return writes.answer(game, rows, seat)


def takeback_answer(*, user, game_id, accept: bool, now=None) -> dict:
    now = now or utcnow()
    with transaction.atomic():
        game, seat = writes.locked_seat(game_id, user)
        writes.check_still_playing(game, seat)
        request = writes.table_json(game)["takeback"]
        if not request:
            raise Conflict("There is no takeback request to answer (a move since has made any earlier one lapse).",
                           code="no_takeback_request")
        if seat == request["by"]:
            raise Forbidden("You cannot answer your own takeback request.", code="own_request")
        if seat not in request["asked"] or seat in request["accepted"]:
            raise Conflict("You have already answered this takeback request.", code="already_answered")
        pending = dict(game.table_pending or {})
        pending.pop("takeback", None)
        game.table_pending = pending
        if not accept:
            rows = writes.append(game, seat=seat, kind="takeback_answer", events=[
                RulesEvent(TAKEBACK_REFUSED, {"seat": seat})], now=now, extra={"accept": False})
            return writes.answer(game, rows, seat)
        accepted = sorted(set(request["accepted"]) | {seat})
        events = [RulesEvent(TAKEBACK_ACCEPTED, {"seat": seat})]
        everyone = set(request["asked"]) & set(writes.playing_humans(game)) <= set(accepted)
        if everyone:
            to_version = request["to_version"]
            state = store.state_at(game, registry.rules_for(game.slug, game.rules_version), to_version)
            game.version += 1   # the acceptance comes first in the batch: "undone" counts it
            events.append(_taken_back(game, requested_by=request["by"], to_version=to_version, state=state,
                                      accepted_by=accepted))
            game.version -= 1
        rows = writes.append(game, seat=seat, kind="takeback_answer", events=events, now=now,
                             extra={"accept": True, "to_version": request["to_version"]} if everyone
                             else {"accept": True})
        if not everyone:
            game.table_pending = {**pending, "takeback": {**request, "accepted": accepted,
                                                          "version": game.version}}
            game.save(update_fields=["table_pending"])
        return writes.answer(game, rows, seat)
