"""Emails: what each notification says, and the headers every one carries.

A message is rendered when it is sent, from the delivery row and the game as it is
then, so a mail held by quiet hours still shows the current deadline — and is
cancelled (``Cancel``) if it no longer applies (the player moved, unsubscribed).
Every message has a text and an HTML part, a ``List-Unsubscribe`` header with a
signed one-click link (RFC 8058), and a Message-ID derived from the delivery, so a
retried send carries the same id.
"""
from __future__ import annotations

import hashlib
from datetime import datetime, timezone
from urllib.parse import urlparse

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string

from games import registry, timecontrol
from games import selectors as game_selectors
from games.models import Game, GameStatus, Seat
from worker import selectors
from worker.mailplay import turns
from worker.models import Delivery, NotifyMode

UNSUBSCRIBE_SALT = "ludopost.worker.unsubscribe"


class Cancel(Exception):
    """The notification no longer applies; the delivery is cancelled, not retried."""


# -- unsubscribe tokens --------------------------------------------------------------------

def unsubscribe_token(user_id: int) -> str:
    return signing.dumps({"u": user_id}, salt=UNSUBSCRIBE_SALT, compress=True)


def unsubscribe_user_id(token: str) -> int | None:
    try:
        data = signing.loads(token, salt=UNSUBSCRIBE_SALT)
    except signing.BadSignature:
        return None
    user_id = data.get("u") if isinstance(data, dict) else None
    return user_id if isinstance(user_id, int) else None


def unsubscribe_url(user_id: int) -> str:
    return f"{settings.SITE_URL}/api/v1/unsubscribe/{unsubscribe_token(user_id)}/"


# -- the "change what we send you" link: a web page, no login needed ----------------------------

PREFERENCES_SALT = "ludopost.worker.email-preferences"
PREFERENCES_LINK_DAYS = 60   # an email's link works this long; after it, the page asks to log in


def preferences_token(user_id: int) -> str:
    return signing.dumps({"u": user_id}, salt=PREFERENCES_SALT, compress=True)


def preferences_user_id(token: str) -> int | None:
    """The account a preferences link is for; None if forged or older than the limit."""
    try:
        data = signing.loads(token, salt=PREFERENCES_SALT, max_age=PREFERENCES_LINK_DAYS * 86400)
    except signing.BadSignature:   # SignatureExpired is one
        return None
    user_id = data.get("u") if isinstance(data, dict) else None
    return user_id if isinstance(user_id, int) else None


def preferences_url(user_id: int) -> str:
    return f"{settings.SITE_URL}/email/{preferences_token(user_id)}/"


# -- formatting ---------------------------------------------------------------------------------

def _moment(value, prefs: selectors.Preferences) -> dict | None:
    if value is None:
        return None
    if isinstance(value, str):
        value = datetime.fromisoformat(value.replace("Z", "+00:00"))
    utc = value.astimezone(timezone.utc)
    local = prefs.local(value)
    return {"utc": utc.strftime("%Y-%m-%d %H:%M UTC"), "iso": utc.strftime("%Y-%m-%dT%H:%M:%SZ"),
            "local": local.strftime("%A %d %B %Y, %H:%M") + f" ({prefs.time_zone})", "at": utc}


def _in_words(seconds: float) -> str:
    seconds = max(0, int(seconds))
    for unit, size, from_ in (("day", 86400, 2 * 86400), ("hour", 3600, 2 * 3600), ("minute", 60, 120),
                              ("second", 1, 0)):
        if seconds >= from_:
            count = seconds // size
            return f"{count} {unit}{'' if count == 1 else 's'}"
    return "0 seconds"


def _domain() -> str:
    return urlparse(settings.SITE_URL).hostname or "ludopost.localhost"


def message_id(delivery: Delivery) -> str:
    digest = hashlib.sha256(delivery.key.encode()).hexdigest()[:16]
    return f"<ludopost.{delivery.pk}.{digest}@{_domain()}>"


# -- what each kind says ------------------------------------------------------------------------

def _game_context(game: Game, seat: Seat | None, prefs) -> dict:
    entry = registry.get(game.slug)
    title = entry.rules.title if entry else game.slug
    # Links a person follows: the game's web pages (the API's answer JSON and need a token).
    base = f"{settings.SITE_URL}/games/{game.pk}"
    return {"game": game, "title": title, "seat": seat.number if seat else None, "link": f"{base}/",
            "events_link": f"{base}/log/", "audit_link": f"{base}/audit/",
            "head_hash": game_selectors.served_head_hash(game), "version": game.version,
            "time_control": timecontrol.describe(game.time_control) if game.time_control else None}


def _load(delivery: Delivery) -> tuple[Game, Seat]:
    game = Game.objects.defer("state").get(pk=delivery.game_id)
    seat = Seat.objects.get(game=game, number=delivery.seat)
    return game, seat


def _still_to_move(game: Game, seat: Seat) -> None:
    if game.status != GameStatus.ACTIVE or seat.number not in game.to_move:
        raise Cancel("the seat is no longer to move")
    if seat.forfeited:
        raise Cancel("the seat has forfeited")


def _since_last_move(game: Game, seat: Seat, names: list[str] | None = None) -> list[str]:
    names = names or turns.names_of(game)
    # The reader is "you": each name is first the rules' "Player N", then personal.
    reader = [f"Player {n + 1}" for n in range(len(names))]
    events = game_selectors.events_for(game, seat.number, after=seat.last_move_version, limit=40, names=reader)
    return [turns.personal(e["description"], names, seat.number) for e in events if e.get("description")]


def _turn_context(game: Game, seat: Seat) -> dict:
    """The seat's situation, its numbered moves and the reply address, for a turn email."""
    full = Game.objects.get(pk=game.pk)  # with its state: the view and the legal moves need it
    names = turns.names_of(full)
    turn = turns.turn_for(full, seat.number, names=names)
    return {**turn.context(), "happened": _since_last_move(full, seat, names), "names": names}


def _playable_turn_context(game: Game, seat: Seat) -> dict:
    """As ``_turn_context``, for an email that asks for a move: cancelled if the player
    moved (on the web, say) between the check above and this read of the game."""
    context = _turn_context(game, seat)
    if not context["can_move"]:
        raise Cancel("the seat is no longer to move")
    return context


def turn(delivery, user, prefs, now):
    game, seat = _load(delivery)
    _still_to_move(game, seat)
    context = {**_game_context(game, seat, prefs), **_playable_turn_context(game, seat),
               "deadline": _moment(seat.deadline, prefs)}
    return f"Your turn in {context['title']} #{game.pk}", context


def optional(delivery, user, prefs, now):
    """Another seat's move offered this seat a move nobody waits for (``may_move``): it
    may reply with it until the offer lapses, or let it pass."""
    game, seat = _load(delivery)
    if game.status != GameStatus.ACTIVE or seat.forfeited:
        raise Cancel("the game is over or the seat has forfeited")
    if seat.number in game.to_move:
        raise Cancel("the seat's turn began: its turn email says the rest")
    context = {**_game_context(game, seat, prefs), **_playable_turn_context(game, seat)}
    return f"You may move in {context['title']} #{game.pk} (optional)", context


def reminder(delivery, user, prefs, now):
    game, seat = _load(delivery)
    _still_to_move(game, seat)
    if seat.deadline is None or seat.deadline <= now:
        raise Cancel("the deadline has passed")
    if delivery.payload.get("deadline") and _moment(delivery.payload["deadline"], prefs)["at"] != \
            _moment(seat.deadline, prefs)["at"]:
        raise Cancel("the deadline has changed since this reminder was due")
    context = {**_game_context(game, seat, prefs), **_playable_turn_context(game, seat),
               "deadline": _moment(seat.deadline, prefs), "left": _in_words((seat.deadline - now).total_seconds())}
    return f"Reminder: your move in {context['title']} #{game.pk} is due in {context['left']}", context


POLICY_WORDS = {"bot": "a bot made a move for you", "skip": "you passed",
                "forfeit": "you forfeited the game: a bot plays your seat from now on, and you rank last"}


def timeout(delivery, user, prefs, now):
    game, seat = _load(delivery)
    policy = delivery.payload.get("policy", "bot")
    context = {**_game_context(game, seat, prefs), "policy": policy, "what": POLICY_WORDS.get(policy, policy),
               "fallback": delivery.payload.get("requested") not in (None, policy)}
    return f"You ran out of time in {context['title']} #{game.pk}", context


def finished(delivery, user, prefs, now):
    game, seat = _load(delivery)
    outcome = game.outcome or {}
    ranks, scores = outcome.get("ranks") or [], outcome.get("scores") or []
    names = dict(enumerate(turns.names_of(game)))
    table = [{"seat": n, "name": names.get(n) or "a bot", "rank": ranks[n] if n < len(ranks) else None,
              "score": scores[n] if n < len(scores) else None, "you": n == seat.number}
             for n in sorted(range(len(ranks)), key=lambda n: (ranks[n], n))]
    rank = ranks[seat.number] if seat.number < len(ranks) else None
    context = {**_game_context(game, seat, prefs), "table": table, "rank": rank,
               "notes": [turns.personal(note, list(names.values()), seat.number)
                         for note in outcome.get("notes") or []],
               "won": rank == 1}
    verdict = "you won" if rank == 1 else (f"you placed {rank}" if rank else "the results")
    return f"{context['title']} #{game.pk} is over: {verdict}", context


def vacation(delivery, user, prefs, now):
    game, seat = _load(delivery)
    context = {**_game_context(game, seat, prefs), "deadline": _moment(seat.deadline, prefs),
               "days_left": delivery.payload.get("days_left")}
    return f"A vacation day was used in {context['title']} #{game.pk}", context


def digest(delivery, user, prefs, now):
    items = delivery.payload.get("items") or []
    if not items:
        raise Cancel("nothing to report")
    context = {"items": items, "count": len(items), "games": len({i["game_id"] for i in items}),
               "site": settings.SITE_URL}
    return f"Your LudoPost digest: {context['count']} update{'s' if context['count'] != 1 else ''}", context


REPLY_SUBJECTS = {
    "accepted": "Move recorded", "moved_on": "The game moved on", "illegal": "Move not accepted",
    "unreadable": "Move not understood", "help": "How to play by email", "table": "Done at the table",
    "table_refused": "Not done at the table",
    "not_your_turn": "Not your turn", "over": "The game is over", "wrong_sender": "Not accepted",
}


def reply(delivery, user, prefs, now):
    """The answer to a reply: the verdict, then (to the seat's player) the game as it is now."""
    payload = delivery.payload
    result = payload.get("result", "")
    context = {"result": result, "detail": payload.get("detail", ""), "move_words": payload.get("move_words", ""),
               "their_subject": payload.get("subject", "")}
    if user is None or delivery.game_id is None:
        return REPLY_SUBJECTS.get(result, "Your message"), {**context, "title": "", "anonymous": True}
    game = Game.objects.defer("state").get(pk=delivery.game_id)
    seat = Seat.objects.get(game=game, number=delivery.seat)
    context = {**_game_context(game, seat, prefs), **context, "deadline": _moment(seat.deadline, prefs),
               "finished": game.status == GameStatus.FINISHED}
    if game.status == GameStatus.ACTIVE:
        context.update(_turn_context(game, seat))
        context["to_move_names"] = [context["names"][n] for n in game.to_move if n != seat.number]
    return f"{REPLY_SUBJECTS.get(result, 'Your message')}: {context['title']} #{game.pk}", context


BUILDERS = {"reply": reply, "turn": turn, "optional": optional, "reminder": reminder, "timeout": timeout, "finished": finished, "vacation": vacation,
            "digest": digest}


def build(delivery: Delivery, *, now) -> EmailMultiAlternatives:
    """The message a delivery sends now; raises Cancel if it should not go out."""
    user = delivery.user
    answer = delivery.kind == "reply"  # an answer to someone who wrote: sent whatever their mode
    if answer and user is None:
        to = delivery.payload.get("to")
        if not to:
            raise Cancel("nobody to answer")
        prefs = selectors.Preferences()
    else:
        if user is None or not user.email:
            raise Cancel("the player has no email address")
        to = user.email
        prefs = selectors.preferences_of(user)
        if prefs.mode == NotifyMode.NONE and not answer:
            raise Cancel("the player turned email off")
    subject, context = BUILDERS[delivery.kind](delivery, user, prefs, now)
    headers = {"Message-ID": message_id(delivery), "X-LudoPost-Kind": delivery.kind,
               **({"X-LudoPost-Game": str(delivery.game_id)} if delivery.game_id else {}),
               **({"X-LudoPost-Head-Hash": context["head_hash"]} if context.get("head_hash") else {})}
    if user is not None:
        unsubscribe = unsubscribe_url(user.pk)
        context = {**context, "unsubscribe_url": unsubscribe,
                   "preferences_url": preferences_url(user.pk)}
        headers.update({"List-Unsubscribe": f"<{unsubscribe}>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"})
    if answer:
        # Answers are automatic: RFC 3834, so that well-behaved responders do not answer them.
        headers["Auto-Submitted"] = "auto-replied"
        their_id = delivery.payload.get("in_reply_to")
        if their_id:
            headers.update({"In-Reply-To": their_id, "References": their_id})
    context = {**context, "user": user, "site": settings.SITE_URL}
    text = render_to_string(f"worker/email/{delivery.kind}.txt", context)
    html = render_to_string(f"worker/email/{delivery.kind}.html", context)
    message = EmailMultiAlternatives(
        subject=f"[LudoPost] {subject}", body=text, from_email=settings.DEFAULT_FROM_EMAIL, to=[to],
        reply_to=[context["reply_to"]] if context.get("reply_to") else None, headers=headers)
    message.attach_alternative(html, "text/html")
    return message


def digest_line(delivery: Delivery, titles: dict[int, str]) -> str:
    title = f"{titles.get(delivery.game_id, 'a game')} #{delivery.game_id}"
    return {"turn": f"It became your turn in {title}.",
            "optional": f"You were offered a move you may make in {title} (nobody waits for it).",
            "finished": f"{title} is over; see the results.",
            "timeout": f"You ran out of time in {title} ({delivery.payload.get('policy', 'bot')}).",
            "vacation": f"A vacation day was used in {title}.",
            "mention": f"{delivery.payload.get('author', 'A player')} mentioned you in {title}: "
                       f"{delivery.payload.get('text', '')[:120]}"}.get(delivery.kind, f"News in {title}.")
