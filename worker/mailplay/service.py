"""Judging one reply and, when it holds a move, appending it: the one path behind the
SMTP gateway and the providers' webhooks.

Order of the checks, each refusal appending nothing:
machine-sent mail (dropped, never answered) → the same message again (its row
exists) → the sender's rate → the reply address's token → the sender against the
seat's account → the game still running → the command (help; a command at the table:
resign, cancel, agree/object to cancel, ask for/accept/refuse a takeback, whatever the version;
a number, the game's notation) → the version the email was written for → the move through
``games.services.move_submit`` with that version as the expected one.

The row naming the message and the move are written in one transaction, so a
message delivered twice, even at the same moment, appends once. Answers are
``Delivery`` rows (kind "reply") in that same transaction: the worker sends them
with the usual retries, and renders them when it sends.
"""
from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from datetime import timedelta
from email.message import EmailMessage

from django.conf import settings
from django.db import IntegrityError, transaction

from games.errors import ServiceError, VersionConflict
from games.models import Game, GameStatus, Seat
from games.services import move_submit, utcnow
from worker.mailplay import reading, tokens, turns
from worker.mailplay.models import InboundMail
from worker.models import Channel, Delivery

log = logging.getLogger(__name__)

_NUMBER = re.compile(r"^(?:(?:move|play|number|no\.?|nr\.?)\s*)?#?\s*(\d{1,4})\s*[.)!]?$", re.IGNORECASE)
_HELP = {"help", "?", "hilfe", "aide", "ayuda"}
_RESIGN = {"resign", "i resign", "concede", "give up", "aufgeben"}
# Commands at the table (games.table), whatever the version or whose turn it is.
_TABLE = {"propose cancel": "cancel", "cancel game": "cancel", "cancel the game": "cancel",
          "agree to cancel": "cancel_agree", "agree cancel": "cancel_agree",
          "object to cancel": "cancel_object", "object": "cancel_object",
          "take back": "takeback", "takeback": "takeback", "request takeback": "takeback",
          "ask for a takeback": "takeback", "undo": "takeback",
          "accept takeback": "takeback_accept", "accept the takeback": "takeback_accept",
          "refuse takeback": "takeback_refuse", "refuse the takeback": "takeback_refuse"}
LINES_READ = 6


@dataclass
class Received:
    """What became of one message: ``result`` in a word, ``detail`` in words."""

    result: str
    detail: str = ""
    answered: bool = False


def rate_per_hour() -> int:
    return int(getattr(settings, "MAIL_PLAY_RATE_PER_HOUR", 60))


def receive(message: EmailMessage, *, raw: bytes | None = None, envelope_sender: str | None = None,
            envelope_recipients=(), via: str = "smtp", now=None) -> Received:
    now = now or utcnow()
    key = reading.message_key(message, raw)
    sender = reading.sender(message)
    why = reading.automatic(message, envelope_sender)
    if why:
        _record_once(key, sender, "ignored", why, via, now)
        return Received("ignored", why)
    if InboundMail.objects.filter(message_id=key).exists():
        return Received("duplicate", "this message was read before")
    since = now - timedelta(hours=1)
    if sender and InboundMail.objects.filter(sender=sender, received_at__gte=since).count() >= rate_per_hour():
        _record_once(key, sender, "rate_limited", f"more than {rate_per_hour()} messages in an hour", via, now)
        return Received("rate_limited", "too many messages from this sender")

    token = None
    for addr in [*envelope_recipients, *reading.recipients(message)]:
        text = tokens.token_of_address(addr)
        if text is not None:
            token = tokens.read(text)
            if token is not None:
                break
    game = Game.objects.filter(pk=token.game_id).first() if token else None
    seat = Seat.objects.select_related("user").filter(game_id=game.pk, number=token.seat).first() if game else None
    if token is None or game is None or seat is None:
        # No answer: a made-up address is spam or a probe, and nothing here is the sender's.
        _record_once(key, sender, "bad_token", "no valid reply token among the recipients", via, now)
        return Received("bad_token", "no valid reply token")
    user = seat.user
    base = {"message_id": key, "sender": sender, "game_id": game.pk, "seat": seat.number,
            "version": token.version, "via": via, "received_at": now}
    reply = {"in_reply_to": str(message.get("Message-ID", "") or ""), "subject": str(message.get("Subject", "")),
             "to": sender}
    if user is None or not sender or (user.email or "").strip().lower() != sender:
        # Answered without any word about the game: the sender is not the seat's player.
        return _finish(base, "wrong_sender", "the sender is not the seat's player", reply, user=None)
    if game.status != GameStatus.ACTIVE:
        return _finish(base, "over", "the game is over", reply, user=user, game=game)

    text = reading.new_text(message)
    command, argument = _command(text or reading.subject_text(message))
    if command == "help":
        return _finish(base, "help", "", reply, user=user, game=game)
    if command in ("resign", "table"):
        return _at_table(base, reply, user=user, game=game, action=argument if command == "table" else "resign",
                         now=now)
    if token.version != game.version:
        return _finish(base, "moved_on", f"written for version {token.version}, the game is at {game.version}",
                       reply, user=user, game=game)
    turn = turns.turn_for(game, seat.number)
    if not turn.can_move:
        return _finish(base, "not_your_turn", "it is not this seat's turn", reply, user=user, game=game)
    move, problem = _move(command, argument, turn)
    if move is None:
        return _finish(base, problem[0], problem[1], reply, user=user, game=game)
    reply["move_words"] = turns.notation_module(game.slug).move_words(move, turn.view) \
        if turns.notation_module(game.slug) else str(move)
    return _append(base, reply, user=user, game=game, move=move, now=now)


def _command(text: str) -> tuple[str, str]:
    """("help" | "resign" | "table" | "number" | "notation" | "empty", the words; for
    "table", the table's action)."""
    lines = [line.strip() for line in (text or "").splitlines() if line.strip()][:LINES_READ]
    if not lines:
        return "empty", ""
    for line in lines:
        plain = line.strip().strip(".!").lower()
        if plain in _HELP:
            return "help", line
        if plain in _RESIGN:
            return "resign", line
        if plain in _TABLE:
            return "table", _TABLE[plain]
        if _NUMBER.match(line.strip()):
            return "number", _NUMBER.match(line.strip()).group(1)
    return "notation", "\n".join(lines)


def _move(command: str, argument: str, turn: turns.Turn) -> tuple[dict | None, tuple[str, str] | None]:
    count = len(turn.legal)
    if command == "empty":
        return None, ("unreadable", "Your reply had no text I could read (quoted text and signatures are left out).")
    if command == "number":
        number = int(argument)
        if turn.listed and 1 <= number <= count:
            return turn.legal[number - 1], None
        if not turn.listed:
            return None, ("illegal", f"There are {count} legal moves, too many to number: write the move "
                                     f"in the notation below.")
        return None, ("illegal", f"There is no move number {number}: your moves are numbered 1 to {count}.")
    module = turns.notation_module(turn.game.slug)
    if module is not None:
        for line in argument.splitlines():
            move = module.parse(line, turn.legal, turn.view)
            if move is not None:
                return move, None
    first = argument.splitlines()[0][:80]
    return None, ("unreadable", f"\u201c{first}\u201d is neither the number of a move nor one of your legal "
                                f"moves in {turn.title}'s notation.")


def _record_once(key, sender, result, detail, via, now) -> None:
    InboundMail.objects.bulk_create([InboundMail(message_id=key, sender=sender, result=result, detail=detail,
                                                 via=via, received_at=now)], ignore_conflicts=True)


def _answer(inbound: InboundMail, reply: dict, *, user, game: Game | None, now) -> None:
    Delivery.objects.bulk_create([Delivery(
        key=f"email:reply:{inbound.pk}", channel=Channel.EMAIL, kind="reply", game=game,
        seat=inbound.seat if user is not None else None, version=inbound.version, user=user,
        payload={**reply, "result": inbound.result, "detail": inbound.detail, "inbound": inbound.pk},
        next_attempt_at=now, created_at=now)], ignore_conflicts=True)


def _finish(base: dict, result: str, detail: str, reply: dict, *, user, game: Game | None = None) -> Received:
    """Record a refusal (or help) and queue its answer; nothing is appended."""
    try:
        with transaction.atomic():
            inbound = InboundMail.objects.create(**base, result=result, detail=detail)
            _answer(inbound, reply, user=user, game=game, now=base["received_at"])
    except IntegrityError:
        return Received("duplicate", "this message was read before")
    return Received(result, detail, answered=True)


# What a reply at the table did, in the answer's words.
TABLE_DONE = {
    "resign": "You resigned: you rank last.",
    "cancel": "You proposed to cancel the game; the other players are asked.",
    "cancel_agree": "You agreed to cancel the game.",
    "cancel_object": "You objected to cancelling the game: it goes on.",
    "takeback": "You asked to take back your last move; the other players are asked.",
    "takeback_accept": "You accepted the takeback.",
    "takeback_refuse": "You refused the takeback.",
}


def _at_table(base: dict, reply: dict, *, user, game: Game, action: str, now) -> Received:
    """A command at the table (resign, cancel, takeback answers) through games.table,
    recorded with the message in one transaction; a refusal appends nothing."""
    from games.table import cancel, resign, takebacks

    commands = {
        "resign": lambda: resign.seat_resign(user=user, game_id=game.pk, now=now),
        "cancel": lambda: cancel.cancel_propose(user=user, game_id=game.pk, now=now),
        "cancel_agree": lambda: cancel.cancel_vote(user=user, game_id=game.pk, vote="agree", now=now),
        "cancel_object": lambda: cancel.cancel_vote(user=user, game_id=game.pk, vote="object", now=now),
        "takeback": lambda: takebacks.takeback_request(user=user, game_id=game.pk, now=now),
        "takeback_accept": lambda: takebacks.takeback_answer(user=user, game_id=game.pk, accept=True, now=now),
        "takeback_refuse": lambda: takebacks.takeback_answer(user=user, game_id=game.pk, accept=False, now=now),
    }
    try:
        with transaction.atomic():
            inbound = InboundMail.objects.create(**base, result="table", detail=TABLE_DONE[action])
            try:
                with transaction.atomic():
                    result = commands[action]()
            except ServiceError as error:
                inbound.result, inbound.detail = "table_refused", error.message
            else:
                if action == "resign":
                    inbound.detail += (" The game is over." if result["status"] == GameStatus.FINISHED
                                       else " A bot plays your seat from now on.")
                elif action == "takeback" and any(e["type"] == "MovesTakenBack" for e in result.get("events", [])):
                    # Granted at once (automatic takebacks, or nobody else to ask).
                    inbound.detail = "Your last move was taken back."
                elif result["status"] == GameStatus.FINISHED:
                    inbound.detail += " The game is over."
            if inbound.result != "table" or action in ("resign", "takeback"):
                inbound.save(update_fields=["result", "detail"])
            _answer(inbound, reply, user=user, game=game, now=now)
    except IntegrityError:
        return Received("duplicate", "this message was read before")
    return Received(inbound.result, inbound.detail, answered=True)


def _append(base: dict, reply: dict, *, user, game: Game, move: dict, now) -> Received:
    try:
        with transaction.atomic():
            inbound = InboundMail.objects.create(**base, result="accepted", detail="")
            try:
                with transaction.atomic():
                    move_submit(user=user, game_id=game.pk, expected_version=base["version"], move=move, now=now)
            except VersionConflict as error:
                inbound.result, inbound.detail = "moved_on", error.message
            except ServiceError as error:
                inbound.result, inbound.detail = "illegal", error.message
            if inbound.result != "accepted":
                inbound.save(update_fields=["result", "detail"])
            _answer(inbound, reply, user=user, game=game, now=now)
    except IntegrityError:
        return Received("duplicate", "this message was read before")
    return Received(inbound.result, inbound.detail, answered=True)
