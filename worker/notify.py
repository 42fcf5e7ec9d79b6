"""Turning what happened into what is owed: outbox rows and deadlines -> Delivery rows.

Everything here runs inside the caller's transaction (the relay's claim of an outbox
row, the sweep's hold on a game), so a side effect is recorded exactly when the
thing that caused it is marked handled. Every Delivery has a ``key`` naming the side
effect ("email:turn:12:1:40"); inserting an existing key is ignored, a second guard
behind the row claims.
"""
from __future__ import annotations

import logging
from datetime import timedelta

from games import deadlines
from games.hashing import timestamp
from games.models import Game, GameStatus, Outbox, Seat
from worker import selectors
from worker.models import Channel, Delivery, DeliveryStatus, GameWatch, NotifyMode

log = logging.getLogger(__name__)

# Webhook event types per notification kind (reminders and vacations are email only).
WEBHOOK_TYPES = {"turn": "turn", "finished": "game.finished", "timeout": "seat.timed_out"}


def event_id(kind: str, game_id: int, version: int, seat: int | None) -> str:
    """The id a webhook receiver deduplicates on: one per (game, version, kind, seat)."""
    return f"g{game_id}-v{version}-{kind}" + (f"-s{seat}" if seat is not None else "")


def _save(rows: list[Delivery]) -> int:
    if rows:
        Delivery.objects.bulk_create(rows, ignore_conflicts=True)
    return len(rows)


def game_summary(game: Game) -> dict:
    from django.conf import settings

    from games import registry
    from games.selectors import served_head_hash

    entry = registry.get(game.slug)
    return {"id": game.pk, "slug": game.slug, "title": entry.rules.title if entry else game.slug,
            "version": game.version, "head_hash": served_head_hash(game), "status": game.status,
            "to_move": game.to_move, "url": f"{settings.SITE_URL}/api/v1/games/{game.pk}/"}


class Notifier:
    """Collects the deliveries one happening causes, then writes them in one insert."""

    def __init__(self, game: Game, *, now):
        self.game = game
        self.now = now
        self.rows: list[Delivery] = []
        self._summary = None

    @property
    def summary(self) -> dict:
        if self._summary is None:
            self._summary = game_summary(self.game)
        return self._summary

    def email(self, *, kind: str, seat: int | None, user_id: int, version: int, key: str, payload: dict,
              prefs: selectors.Preferences) -> None:
        if prefs.mode == NotifyMode.NONE:
            return
        status = DeliveryStatus.PENDING
        due = self.now
        if prefs.mode == NotifyMode.DIGEST and kind in ("turn", "optional", "finished", "timeout", "vacation",
                                                        "mention"):
            status = DeliveryStatus.HELD
        else:
            due = prefs.quiet_until(self.now) or self.now
        self.rows.append(Delivery(key=key, channel=Channel.EMAIL, kind=kind, game_id=self.game.pk, seat=seat,
                                  version=version, user_id=user_id, payload=payload, status=status,
                                  next_attempt_at=due, created_at=self.now))

    def webhooks(self, *, kind: str, version: int, seats: dict[int, int], extra: dict | None = None) -> None:
        """POSTs to every webhook wanting ``kind`` for these seats ({seat: user_id})."""
        type_ = WEBHOOK_TYPES[kind]
        for seat, hooks in selectors.hooks_for_event(game_id=self.game.pk, seat_users=seats, kind=type_).items():
            ident = event_id(type_, self.game.pk, version, seat)
            body = {"id": ident, "type": type_, "created_at": timestamp(self.now), "game": self.summary,
                    "seat": seat, **(extra or {}).get(seat, {})}
            for hook in hooks:
                self.rows.append(Delivery(key=f"webhook:{hook.pk}:{ident}", channel=Channel.WEBHOOK, kind=kind,
                                          game_id=self.game.pk, seat=seat, version=version, user_id=hook.user_id,
                                          webhook=hook, payload={"body": body}, next_attempt_at=self.now,
                                          created_at=self.now))

    def bot(self, *, seat: int, version: int) -> None:
        self.rows.append(Delivery(key=f"bot:{self.game.pk}:{seat}:{version}", channel=Channel.BOT, kind="bot",
                                  game_id=self.game.pk, seat=seat, version=version, next_attempt_at=self.now,
                                  created_at=self.now))

    def save(self) -> int:
        return _save(self.rows)


def _iso(moment):
    return timestamp(moment) if moment else None


def _humans(game: Game, seats: list[Seat]) -> dict[int, int]:
    """Seat -> user id of the seats people play (not bots, not forfeited)."""
    return {s.number: s.user_id for s in seats if s.user_id and not deadlines.is_bot_seat(game, s)}


# -- outbox rows --------------------------------------------------------------------------------

def fan_out(row: Outbox, *, now) -> int:
    """Record the deliveries one outbox row causes (and run its listeners). Returns how many."""
    handler = HANDLERS.get(row.kind)
    listeners = LISTENERS.get(row.kind, [])
    if handler is None and not listeners:
        log.warning("outbox row %s has unknown kind %r; nothing to do", row.pk, row.kind)
        return 0
    done = handler(row, now=now) if handler else 0
    for listener in listeners:
        done += listener(row, now=now) or 0
    return done


def _watch(game_id: int) -> GameWatch:
    watch = GameWatch.objects.select_for_update().filter(game_id=game_id).first()
    if watch is None:
        GameWatch.objects.bulk_create([GameWatch(game_id=game_id)], ignore_conflicts=True)
        watch = GameWatch.objects.select_for_update().get(game_id=game_id)
    return watch


def on_game_advanced(row: Outbox, *, now) -> int:
    payload = row.payload
    version, to_move = payload["version"], set(payload.get("to_move") or [])
    game = Game.objects.defer("state").get(pk=row.game_id)
    seats = list(Seat.objects.filter(game_id=game.pk))
    humans = _humans(game, seats)
    watch = _watch(game.pk)
    newly: set[int] = set()
    offered: set[int] = set()
    if version > watch.version:
        newly = to_move - set(watch.to_move)
        mover = payload.get("mover")
        if newly and mover in to_move:
            newly.add(mover)  # a new round: the mover's next turn began with the others'
        # An optional move another seat's move offers (a Delphi god advance after a roll):
        # told once, as it comes up. A seat's own move that leaves it one (withdrawing the
        # offer it just sent) is no news to it.
        may_move = set(payload.get("may_move") or [])
        offered = may_move - set(watch.may_move) - to_move - {mover}
        watch.version, watch.to_move, watch.may_move = version, sorted(to_move), sorted(may_move)
        watch.save(update_fields=["version", "to_move", "may_move"])
    notifier = Notifier(game, now=now)
    by_number = {s.number: s for s in seats}
    turn_seats = {n: humans[n] for n in sorted(newly) if n in humans}
    prefs = selectors.preferences_for(humans.values())
    for number, user_id in turn_seats.items():
        notifier.email(kind="turn", seat=number, user_id=user_id, version=version, prefs=prefs[user_id],
                       key=f"email:turn:{game.pk}:{number}:{version}",
                       payload={"deadline": _iso(by_number[number].deadline)})
    for number in sorted(offered):
        if number in humans and game.status == GameStatus.ACTIVE:
            notifier.email(kind="optional", seat=number, user_id=humans[number], version=version,
                           prefs=prefs[humans[number]], key=f"email:optional:{game.pk}:{number}:{version}",
                           payload={})
    notifier.webhooks(kind="turn", version=version, seats=turn_seats,
                      extra={n: {"deadline": _iso(by_number[n].deadline)} for n in turn_seats})
    # Bots move for the version the game is at; an older row's bots would find it moved on.
    if game.status == GameStatus.ACTIVE and version == game.version:
        for number in sorted(to_move):
            seat = by_number.get(number)
            if seat is not None and deadlines.is_bot_seat(game, seat):
                notifier.bot(seat=number, version=version)
    if payload.get("finished"):
        players = {s.number: s.user_id for s in seats if s.user_id}
        prefs = selectors.preferences_for(players.values())
        for number, user_id in players.items():
            notifier.email(kind="finished", seat=number, user_id=user_id, version=version, prefs=prefs[user_id],
                           key=f"email:finished:{game.pk}:{number}", payload={})
        notifier.webhooks(kind="finished", version=version, seats=players,
                          extra={n: {"outcome": game.outcome} for n in players})
    return notifier.save()


def on_seat_timed_out(row: Outbox, *, now) -> int:
    payload = row.payload
    version, number = payload["version"], payload["seat"]
    game = Game.objects.defer("state").get(pk=row.game_id)
    seats = list(Seat.objects.filter(game_id=game.pk))
    notifier = Notifier(game, now=now)
    timed_out = next((s for s in seats if s.number == number), None)
    if timed_out is not None and timed_out.user_id:
        prefs = selectors.preferences_for([timed_out.user_id])[timed_out.user_id]
        notifier.email(kind="timeout", seat=number, user_id=timed_out.user_id, version=version, prefs=prefs,
                       key=f"email:timeout:{game.pk}:{number}:{version}",
                       payload={"policy": payload.get("policy"), "requested": payload.get("requested")})
    players = {s.number: s.user_id for s in seats if s.user_id}
    notifier.webhooks(kind="timeout", version=version, seats=players,
                      extra={n: {"timed_out_seat": number, "policy": payload.get("policy")} for n in players})
    return notifier.save()


HANDLERS = {"game.advanced": on_game_advanced, "seat.timed_out": on_seat_timed_out}
# Other apps' work on the same rows, in the relay's transaction (table/notify.py: the
# ratings when a game ends); they register here when they start.
LISTENERS: dict[str, list] = {}


# -- deadlines ------------------------------------------------------------------------------------

def reminder(game: Game, seat: Seat, *, deadline_row, now) -> int:
    """The reminder for one deadline (its id and due moment name it: at most one each)."""
    if not seat.user_id:
        return 0
    prefs = selectors.preferences_for([seat.user_id])[seat.user_id]
    notifier = Notifier(game, now=now)
    notifier.email(kind="reminder", seat=seat.number, user_id=seat.user_id, version=game.version, prefs=prefs,
                   key=f"email:reminder:{deadline_row.pk}:{int(deadline_row.due_at.timestamp())}",
                   payload={"deadline": _iso(seat.deadline)})
    return notifier.save()


def vacation_used(game: Game, seat: Seat, *, days_left: int, now) -> int:
    if not seat.user_id:
        return 0
    prefs = selectors.preferences_for([seat.user_id])[seat.user_id]
    notifier = Notifier(game, now=now)
    notifier.email(kind="vacation", seat=seat.number, user_id=seat.user_id, version=game.version, prefs=prefs,
                   key=f"email:vacation:{game.pk}:{seat.number}:{int(now.timestamp())}",
                   payload={"deadline": _iso(seat.deadline), "days_left": days_left})
    return notifier.save()


def ping(webhook, *, now) -> Delivery:
    ident = f"ping-{webhook.pk}-{int(now.timestamp() * 1000)}"
    body = {"id": ident, "type": "ping", "created_at": timestamp(now), "game": None, "seat": None}
    delivery = Delivery(key=f"webhook:{webhook.pk}:{ident}", channel=Channel.WEBHOOK, kind="ping",
                        user_id=webhook.user_id, webhook=webhook, payload={"body": body}, next_attempt_at=now,
                        created_at=now)
    delivery.save()
    return delivery


def retry_delay(attempts: int, schedule: list[float]) -> timedelta:
    return timedelta(seconds=schedule[min(max(attempts, 1), len(schedule)) - 1])
