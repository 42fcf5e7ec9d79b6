"""The links in a turn email open web pages a person can use: "Change what we send you"
opens a page (signed for the reader, no login) where the preferences are changed; a
forged or expired link changes nothing and says how to get there by logging in."""
from __future__ import annotations

import re
from urllib.parse import urlparse

import pytest
from django.core import signing
from django.test import Client

from tests.mail.helpers import text_of, wait_for_mail
from tests.support.factories import started_game
from worker import mail, selectors

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def _path(url: str) -> str:
    return urlparse(url).path


def test_the_preferences_link_of_a_turn_email_opens_a_page_that_changes_them(celery_worker, smtp_server):
    game, (ann, ben) = started_game("momiji", 2, names=["ann", "ben"])
    game.refresh_from_db()
    seat = min(game.to_move)
    player = (ann, ben)[seat]
    message = wait_for_mail(smtp_server, player.email, kind="turn")
    text = text_of(message)
    html = message.get_body(("html",)).get_content()
    link = re.search(r"Change what we send you: (\S+)", text).group(1)
    assert f'href="{link}"' in html, "the HTML part links to the same page"
    assert "/api/" not in link

    # Every other link of the email opens a web page for the player (the API answers JSON).
    signed_in = Client()
    signed_in.force_login(player)
    for url in set(re.findall(r"https?://\S+", text)) - {link}:
        if "/unsubscribe/" in url:
            continue
        assert "/api/" not in url, url
        opened = signed_in.get(_path(url))
        assert opened.status_code == 200 and "text/html" in opened["Content-Type"], url

    browser = Client()  # not logged in: the signed link is enough
    page = browser.get(_path(link))
    assert page.status_code == 200 and "text/html" in page["Content-Type"]
    body = page.content.decode()
    assert player.username in body and 'name="mode"' in body and 'name="time_zone"' in body
    token = browser.cookies["csrftoken"].value
    saved = browser.post(_path(link), {"mode": "digest", "time_zone": "Europe/Paris", "digest_hour": "7",
                                       "csrfmiddlewaretoken": token}, follow=True)
    assert saved.status_code == 200 and "Your preferences are saved." in saved.content.decode()
    prefs = selectors.preferences_of(player)
    assert (prefs.mode, prefs.time_zone, prefs.digest_hour) == ("digest", "Europe/Paris", 7)
    other = (ann, ben)[1 - seat]
    assert selectors.preferences_of(other).mode != "digest", "the link changes its reader's choices only"


def test_a_forged_or_expired_preferences_link_changes_nothing(make_user):
    hana, _ = make_user("hana")
    before = selectors.preferences_of(hana)
    forged = mail.preferences_token(hana.pk)[:-3] + "xyz"
    another_salt = mail.unsubscribe_token(hana.pk)   # a real token of another kind of link

    class LongAgo(signing.TimestampSigner):
        def timestamp(self):
            return signing.b62_encode(1_000_000)       # 1970: long past the link's lifetime

    expired = LongAgo(salt=mail.PREFERENCES_SALT).sign_object({"u": hana.pk}, compress=True)
    assert mail.preferences_user_id(mail.preferences_token(hana.pk)) == hana.pk
    for token in (forged, another_salt, expired):
        browser = Client(enforce_csrf_checks=False)
        page = browser.get(f"/email/{token}/")
        assert page.status_code == 404 and "Log in" in page.content.decode()
        refused = browser.post(f"/email/{token}/", {"mode": "none", "time_zone": "UTC"})
        assert refused.status_code == 404
        assert selectors.preferences_of(hana).mode == before.mode
