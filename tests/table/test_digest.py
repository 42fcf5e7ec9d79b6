"""Table talk in the daily digest (worker/digest.py), run in-process at chosen moments:
the messages a player in digest mode has neither read nor been told of, once, without
those of a player they muted; a mention is held for the digest too."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from games import services
from table import services as table_services
from table.models import Mute
from tests.support.factories import user
from worker import digest, mail, relay
from worker.models import Delivery, NotificationPreference

pytestmark = pytest.mark.django_db

MORNING = datetime(2030, 1, 9, 9, 0, tzinfo=timezone.utc)


def test_unread_talk_goes_into_the_digest_once(settings):
    settings.SITE_URL = "http://ludopost.test"
    ann, bob, cy = user("dig-ann"), user("dig-bob"), user("dig-cy")
    NotificationPreference.objects.create(user=bob, mode="digest", digest_hour=8)
    game = table_services.game_create(user=ann, slug="race", players=3, options={"target": 50})
    for person in (bob, cy):
        services.game_join(user=person, game_id=game.pk)
    Mute.objects.create(user=bob, muted=cy, created_at=MORNING)
    table_services.message_post(user=ann, game_id=game.pk, text="first <i>thought</i>", now=MORNING - timedelta(hours=3))
    table_services.message_post(user=cy, game_id=game.pk, text="muted words", now=MORNING - timedelta(hours=2))
    table_services.message_post(user=ann, game_id=game.pk, text="and @dig-bob, a question",
                                now=MORNING - timedelta(hours=1))
    relay.relay_outbox(now=MORNING)       # the mention: held for bob's digest, not sent
    mention = Delivery.objects.get(kind="mention", user=bob)
    assert mention.status == "held"
    assert digest.make_digests(now=MORNING) == 1
    made = Delivery.objects.get(kind="digest", user=bob)
    lines = [item["line"] for item in made.payload["items"]]
    assert any("dig-ann mentioned you" in line for line in lines)
    talk, = [item for item in made.payload["items"] if item["kind"] == "messages"]
    assert talk["line"] == (f"2 new messages at the table of Race (test game) #{game.pk} "
                            "(dig-ann: \u201cfirst <i>thought</i>\u201d; dig-ann: \u201cand @dig-bob, a question\u201d).")
    assert talk["link"] == f"http://ludopost.test/games/{game.pk}/"
    message = mail.build(made, now=MORNING)
    html = message.alternatives[0][0]
    assert "&lt;i&gt;thought&lt;/i&gt;" in html and "<i>thought</i>" not in html
    # Told once: the next day's digest has nothing from the table, until someone speaks.
    assert digest.make_digests(now=MORNING + timedelta(days=1)) == 0
    table_services.message_post(user=ann, game_id=game.pk, text="still there?", now=MORNING + timedelta(days=1))
    assert digest.make_digests(now=MORNING + timedelta(days=1, hours=1)) == 1
    newest = Delivery.objects.filter(kind="digest", user=bob).order_by("-id").first()
    assert [i["line"] for i in newest.payload["items"]] == [
        f"1 new message at the table of Race (test game) #{game.pk} (dig-ann: \u201cstill there?\u201d)."]


def test_read_talk_and_players_not_in_digest_mode_get_no_digest():
    ann, bob = user("rd-ann"), user("rd-bob")
    NotificationPreference.objects.create(user=bob, mode="digest", digest_hour=8)
    game = table_services.game_create(user=ann, slug="race", players=2, options={"target": 50})
    services.game_join(user=bob, game_id=game.pk)
    table_services.message_post(user=bob, game_id=game.pk, text="hello", now=MORNING - timedelta(hours=1))
    table_services.message_post(user=ann, game_id=game.pk, text="hi", now=MORNING - timedelta(minutes=30))
    table_services.messages_mark_read(user=bob, game_id=game.pk)
    # bob read everything; ann (mode "every") gets no digest at all.
    assert digest.make_digests(now=MORNING) == 0
    assert not Delivery.objects.filter(kind="digest").exists()
