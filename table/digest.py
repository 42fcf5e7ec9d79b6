"""Table talk in the daily digest (worker/digest.py): for a player in digest mode, the
messages of each of their games that they have neither read nor been told about in an
earlier digest. Told is recorded on their ReadMark in the digest's own transaction."""
from __future__ import annotations

from django.db.models import Max

from games import registry
from games.models import Game, Seat
from table import selectors
from table.models import Message, ReadMark
from table.notify import game_link
from worker.models import NotificationPreference, NotifyMode

QUOTED = 3          # messages quoted per game
QUOTE_LENGTH = 80


def _news(user_id: int) -> dict[int, list[Message]]:
    """Game id -> the messages this player has not read nor been told of."""
    game_ids = list(Seat.objects.filter(user_id=user_id).values_list("game_id", flat=True))
    if not game_ids:
        return {}
    marks = {m.game_id: max(m.last_read_id, m.last_digested_id)
             for m in ReadMark.objects.filter(user_id=user_id, game_id__in=game_ids)}
    latest = dict(Message.objects.filter(game_id__in=game_ids).values("game_id").annotate(top=Max("id"))
                  .values_list("game_id", "top"))
    muted = selectors.muted_ids(user_id)
    news = {}
    for game_id, top in latest.items():
        if top <= marks.get(game_id, 0):
            continue
        rows = list(Message.objects.filter(game_id=game_id, pk__gt=marks.get(game_id, 0)).exclude(author_id=user_id)
                    .exclude(author_id__in=muted).select_related("author").order_by("id"))
        if rows:
            news[game_id] = rows
    return news


class TableTalk:
    """The digest source (worker.digest.SOURCES)."""

    def users(self, now) -> list[int]:
        digest_users = list(NotificationPreference.objects.filter(mode=NotifyMode.DIGEST)
                            .values_list("user_id", flat=True))
        return [user_id for user_id in digest_users if _news(user_id)]

    def items(self, user_id: int, now) -> list[dict]:
        from table.services import mark

        news = _news(user_id)
        games = {g.pk: g for g in Game.objects.defer("state").filter(pk__in=news)}
        items = []
        for game_id, rows in sorted(news.items()):
            game = games[game_id]
            entry = registry.get(game.slug)
            title = f"{entry.rules.title if entry else game.slug} #{game.pk}"
            quotes = "; ".join(f"{m.author.username}: \u201c{_short(m.text)}\u201d" for m in rows[-QUOTED:])
            count = len(rows)
            items.append({"kind": "messages", "game_id": game_id, "seat": None, "version": game.version,
                          "line": f"{count} new message{'s' if count != 1 else ''} at the table of {title} "
                                  f"({quotes}).", "link": game_link(game_id)})
            mark(user_id, game_id, digested_up_to=rows[-1].pk)
        return items


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= QUOTE_LENGTH else text[:QUOTE_LENGTH - 1] + "\u2026"
