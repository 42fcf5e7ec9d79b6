"""Whole games played by email only: every move a reply through the SMTP gateway, every
list read from the emails the real worker sent to the real SMTP sink."""
from __future__ import annotations

import pytest

from games import registry, services
from games.models import Event
from tests.mail.helpers import keep_sample, mail_to, play_by_mail, text_of
from tests.support.factories import started_game, user
from tests.support.waiting import wait_for

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def best_move(game):
    def choose(rules, state, seat, legal):
        bot = registry.get(game.slug).bot("best")
        return bot(rules, state, seat, services.game_rng(game, game.version + 1))
    return choose


def test_a_whole_two_player_momiji_game_by_email(celery_worker, smtp_server, mail_gateway):
    game, (ann, ben) = started_game("momiji", 2, names=["ann", "ben"])
    result = play_by_mail(smtp_server, mail_gateway, game, {0: ann, 1: ben}, best_move(game), max_moves=200,
                          budget_seconds=400)
    game.refresh_from_db()
    assert game.status == "finished", result
    commands = [e.command for e in Event.objects.filter(game=game).exclude(command=None).order_by("seq")
                if e.command]
    moves = [c for c in commands if c.get("kind") != "setup"]
    assert {c["kind"] for c in moves} == {"move"}  # every move a player's, none a bot's or a timeout's
    assert len(moves) == sum(result["types"].values())
    assert sum(result["types"].values()) >= 20 and result["by"]["number"] > 0
    for player in (ann, ben):
        wait_for(lambda: mail_to(smtp_server, player.email, kind="finished"), timeout=30,
                 message="the results email")
        assert "is over" in str(mail_to(smtp_server, player.email, kind="finished")[0]["Subject"])


GAMES = {
    # slug: (options, players, the most email moves to make, move types that must come up)
    "medina": ({"tea_tiles": True, "fountain": True, "tower_merchants": True}, 2, 40,
               {"building", "roof", "stable", "wall", "merchant"}),
    "soleils": ({}, 2, 60, {"write", "sun_only", "crab", "crab_skip", "sun"}),
    "travel": ({"events": True, "special_items": True, "forbidden_items": True, "characters": True}, 2, 80, {"draw", "recycle", "propose", "offer_give", "offer_want", "offer_send"}),
    "linie1": ({}, 2, 70, {"place"}),
    # Three secret steps a turn: the symbol choice (numbered), the route and the marks.
    "citytour": ({"side": "red", "two_directions": True}, 2, 12, {"choose", "route", "mark"}),
}


def _sun_on_a_question_mark(rules, state, seat, legal):
    """62 Soleils: a sun move that lands the track exactly on a question mark (22 or 52)."""
    total = getattr(rules.turn_of(state, seat), "sun_total", None) if hasattr(rules, "turn_of") else None
    if not isinstance(total, int):
        return None
    return next((m for m in legal if m["type"] in ("sun", "sun_only") and total + m["value"] in (22, 52)), None)


AIM = {"soleils": _sun_on_a_question_mark}


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_move_type_that_comes_up_is_played_by_email(slug, celery_worker, smtp_server, mail_gateway):
    options, players, most, must = GAMES[slug]
    human = user(f"{slug}-player")
    game = services.game_create(user=human, slug=slug, players=players, options=options,
                                bot_seats=list(range(1, players)))
    game.refresh_from_db()
    rules = registry.rules_for(slug, game.rules_version)
    schema_types = {v["properties"]["type"]["const"] for v in rules.move_schema()["oneOf"]}
    offered: set[str] = set()

    seen: dict[str, int] = {}
    calls = []

    def choose(rules, state, seat, legal):
        calls.append(1)
        for kind in {m["type"] for m in legal} | {x["type"] for m in legal for x in m.get("steps") or []}:
            seen[kind] = seen.get(kind, 0) + 1
        offered.update(m["type"] for m in legal)
        offered.update(x["type"] for m in legal for x in m.get("steps") or [])
        # A type not played yet, the one offered least so far first (it may not come back);
        # giving up only once everything else has been played.
        def new(m):  # the move types (a sealed choice: its steps' types) not played yet
            return ({m["type"]} | {x["type"] for x in m.get("steps") or []}) - played

        fresh = sorted((m for m in legal if new(m) and m["type"] != "give_up"),
                       key=lambda m: min(seen[t] for t in new(m)))
        if fresh:
            return fresh[0]
        aimed = AIM.get(slug, lambda *a: None)(rules, state, seat, legal)
        if aimed is not None:
            return aimed
        last = len(calls) >= most - 1 or schema_types - {"give_up"} <= played
        if last and any(m["type"] == "give_up" for m in legal):
            return next(m for m in legal if m["type"] == "give_up")
        return best_move(game)(rules, state, seat, legal)

    played: set[str] = set()

    def until(types):
        played.update(types)
        return played >= schema_types | must

    result = play_by_mail(smtp_server, mail_gateway, game, {0: human}, choose, max_moves=most, until=until)
    played.update(result["types"])
    assert must <= played, (played, offered)
    print(f"{slug}: played by email {sorted(played)}; never offered {sorted(schema_types - offered)}; "
          f"{result['by']}")
    human_mail = mail_to(smtp_server, human.email)
    turns = [m for m in human_mail if m["X-LudoPost-Kind"] == "turn"]
    keep_sample(f"{slug}-turn-first.txt", turns[0] if turns else None)
    keep_sample(f"{slug}-turn-last.txt", turns[-1] if turns else None)
    keep_sample(f"{slug}-reply-last.txt", next((m for m in reversed(human_mail) if m["X-LudoPost-Kind"] == "reply"),
                                               None))
    assert all("seat" not in text_of(m).split("Game version")[0].lower() for m in human_mail)
