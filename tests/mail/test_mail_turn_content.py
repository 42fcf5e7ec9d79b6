"""The turn email of each of the five games, as the real worker sends it to the real SMTP
sink: plain text and HTML parts, the player's private view and the public table in text,
what happened since their last move, the deadline in their own time zone, names and
never seat numbers, and the game's version with its chain head."""
from __future__ import annotations

import re

import pytest

from games import selectors as game_selectors
from games import services
from tests.mail.helpers import text_of, wait_for_mail
from tests.support.factories import user
from worker import services as worker_services

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

# slug: what only this player may see, as the email says it (from the player's own view).
PRIVATE = {
    "momiji": lambda view: "your hand: ",
    "travel": lambda view: "your hand: ",
    "soleils": lambda view: "Your sheet",
    "medina": lambda view: "You: ",
    "linie1": lambda view: f"line {view['players'][view['you']]['line']}",
    "forestsm": lambda view: f"Your hand ({len(view['hand'])} of 10):",
}


@pytest.mark.parametrize("slug", sorted(PRIVATE))
def test_a_turn_email_holds_the_situation_the_deadline_and_the_chain_head(slug, celery_worker, smtp_server):
    person = user(f"{slug}-reader")
    worker_services.preferences_update(user=person, changes={"time_zone": "Asia/Tokyo"})
    game = services.game_create(user=person, slug=slug, players=2, bot_seats=[1],
                                time_control={"per_move": "3d"})
    message = wait_for_mail(smtp_server, person.email, kind="turn", timeout=40)
    game.refresh_from_db()
    text = text_of(message)
    html = message.get_body(("html",)).get_content()
    view = {**game_selectors.view_for(game, 0), "you": 0}

    assert "THE TABLE" in text and PRIVATE[slug](view) in text
    assert "Since your last move:" in text and "Since your last move" in html
    assert re.search(r"Your move is due \d{4}-\d\d-\d\d \d\d:\d\d UTC — .+ \(Asia/Tokyo\)", text), text[:600]
    assert "Asia/Tokyo" in html
    assert "Bot" in text.split("THE TABLE")[0], "the opponent by name"
    assert not re.search(r"\bseat \d|\bplayer \d", text.split("Game version")[0], re.IGNORECASE)
    head = re.search(r"Game version (\d+), log head ([0-9a-f]{64})", text)
    assert head, "the version and the chain head"
    assert str(message["X-LudoPost-Head-Hash"]).strip() == head.group(2)
    assert int(head.group(1)) <= game.version
    assert "The table" in html and head.group(2) in html
    # Either the moves numbered or the notation with examples, and the reply address.
    assert "YOUR MOVES" in text or "notation" in text
    assert message["Reply-To"].startswith("play+")
    assert f"/games/{game.pk}/" in text and f"/games/{game.pk}/" in html
