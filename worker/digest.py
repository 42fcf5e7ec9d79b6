"""The daily digest: held notifications, gathered into one email per player per day.

Players in digest mode have their turn, timeout and result emails *held*. Once a
day, at or after their chosen local hour, the held rows become one digest delivery
(key ``email:digest:<user>:<local date>``, so at most one a day) and are marked
digested, in one transaction. A turn that is no longer theirs is left out.
Other apps add items through ``SOURCES`` (table/digest.py: the table talk a player
has not read), in the same transaction.
"""
from __future__ import annotations

from django.conf import settings
from django.db import transaction

from games import registry
from games import selectors as game_selectors
from games.models import Game, GameStatus
from worker import clock, mail, selectors
from worker.models import Channel, Delivery, DeliveryStatus

# Extra items: objects with ``users(now)`` (who has something to tell) and
# ``items(user_id, now)`` (the items, marked as told; called in the digest's transaction).
SOURCES: list = []


def make_digests(*, now=None) -> int:
    now = now or clock.now()
    users = set(Delivery.objects.filter(status=DeliveryStatus.HELD).values_list("user_id", flat=True).distinct())
    for source in SOURCES:
        users |= set(source.users(now))
    prefs = selectors.preferences_for(users)
    made = 0
    for user_id in sorted(users):
        local = prefs[user_id].local(now)
        if local.hour < prefs[user_id].digest_hour:
            continue
        key = f"email:digest:{user_id}:{local.date().isoformat()}"
        with transaction.atomic():
            if Delivery.objects.filter(key=key).exists():
                continue  # today's digest is made; what came after waits for tomorrow's
            held = list(Delivery.objects.select_for_update(skip_locked=True)
                        .filter(user_id=user_id, status=DeliveryStatus.HELD).order_by("id"))
            items = _items(held) if held else []
            for source in SOURCES:
                items += source.items(user_id, now)
            if not held and not items:
                continue
            Delivery.objects.filter(pk__in=[d.pk for d in held]).update(status=DeliveryStatus.DIGESTED, sent_at=now)
            if items:
                Delivery.objects.create(key=key, channel=Channel.EMAIL, kind="digest", user_id=user_id,
                                        payload={"items": items}, next_attempt_at=now, created_at=now)
                made += 1
    return made


def _items(held: list[Delivery]) -> list[dict]:
    games = {g.pk: g for g in Game.objects.filter(pk__in={d.game_id for d in held if d.game_id})}
    titles = {}
    for game in games.values():
        entry = registry.get(game.slug)
        titles[game.pk] = entry.rules.title if entry else game.slug
    items = []
    for delivery in held:
        game = games.get(delivery.game_id)
        if game is None:
            continue
        if delivery.kind == "turn" and (game.status != GameStatus.ACTIVE or delivery.seat not in game.to_move):
            continue  # no longer their turn: nothing to act on
        if delivery.kind == "optional" and (delivery.seat in game.to_move
                                            or not game_selectors.can_move(game, delivery.seat)):
            continue  # the offer lapsed (or their turn began, which says the rest)
        items.append({"kind": delivery.kind, "game_id": game.pk, "seat": delivery.seat,
                      "version": delivery.version, "line": mail.digest_line(delivery, titles),
                      "link": f"{settings.SITE_URL}/games/{game.pk}/"})
    return items
