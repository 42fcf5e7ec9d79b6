"""Whole games played by email only: every move a reply through the SMTP gateway, every
list read from the emails the real worker sent to the real SMTP sink."""
from __future__ import annotations

import pytest

from games import registry, services
from games.catalog.travel.components import kind as card_kind
from games.models import Event
from tests.mail.helpers import _nothing_owed, keep_sample, mail_for, mail_to, play_by_mail, text_of
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
    result = play_by_mail(smtp_server, mail_gateway, game, {0: ann, 1: ben}, best_move(game), max_moves=200)
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
    # slug: (options, human seats, bot seats, the most moves of the humans, move types that must come
    # up). The game is played to its end (or until every move type was made by email): a move of a
    # type not yet made goes by email, the others straight through the move service.
    "medina": ({"tea_tiles": True, "fountain": True, "tower_merchants": True}, 1, 1, 80,
               {"building", "roof", "stable", "wall", "merchant"}),
    "soleils": ({}, 1, 1, 60, {"write", "sun_only", "crab", "crab_skip", "sun"}),
    # Two people, so that offers are answered by email too.
    "travel": ({"events": True, "special_items": True, "forbidden_items": True, "characters": True}, 2, 0, 600,
               {"draw", "recycle", "propose", "offer_give", "offer_want", "offer_send", "offer_undo",
                "offer_cancel", "accept", "reject", "counter", "travel", "steal", "discard"}),
    # Two people: whoever completes a line first rolls and drives by email (a bot seat might
    # finish its trip before the one person's line is complete).
    "linie1": ({}, 2, 0, 400, {"place", "roll", "use_die", "start_trip"}),
    "amazonas": ({}, 1, 1, 40, {"build", "income", "neutral", "collect"}),
    # Harmonies: more moves than an email lists once tokens are in hand, so placements go
    # in the notation ("grey c3"); so do Japan's placements (more than 30 moves).
    "harmonies": ({"spirits": True}, 1, 1, 40, {"choose_spirit", "take_tokens", "place_token", "take_card",
                                                "end_turn"}),
    # Japan: explore (and the discards after it) may come up only late in a round or the game.
    "japan": ({}, 1, 1, 90, {"place", "walk", "explore", "discard"}),
    # Three secret steps a turn: the symbol choice (numbered), the route and the marks.
    "citytour": ({"side": "red", "two_directions": True}, 1, 1, 36, {"choose", "route", "mark"}),
    # Forest Shuffle: a turn's steps (the second draw, paying card by card) are answered
    # from the reply email, which lists the moves of the step that follows.
    "forestsm": ({}, 1, 1, 40, {"draw", "play", "pay"}),
    # Delphi: sailing offers more moves than an email lists, so it goes in the notation.
    "delphi": ({"zeus_tiles": 8}, 1, 1, 60, {"sail", "end", "advance_god", "take_favour", "draw_oracle"}),
}


def _sun_on_a_question_mark(rules, state, seat, legal, played):
    """62 Soleils: a sun move that lands the track exactly on a question mark (22 or 52)."""
    total = getattr(rules.turn_of(state, seat), "sun_total", None) if hasattr(rules, "turn_of") else None
    if not isinstance(total, int):
        return None
    return next((m for m in legal if m["type"] in ("sun", "sun_only") and total + m["value"] in (22, 52)), None)


def _travel_trade_then_draw(rules, state, seat, legal, played):
    """Itchy Feet: until offers have been sent and answered every way, put offers together
    (a card given, a kind asked for) and send them; then draw while drawing is allowed, so
    that a hand grows past the limit and has to discard (the best bot would travel and end
    the game first)."""
    if not {"offer_send", "accept", "counter", "reject"} <= played:
        draft = state.get("draft")
        if draft and draft.get("by") == seat:
            entries = draft.get("entries") or []
            for kind, key in (("offer_give", "give"), ("offer_want", "want")):
                if not any(key in entry for entry in entries):
                    return next((m for m in legal if m["type"] == kind), None)
            return {"type": "offer_send"} if {"type": "offer_send"} in legal else None
        proposals = [m for m in legal if m["type"] == "propose"]
        if proposals:
            return proposals[0]
    return {"type": "draw"} if {"type": "draw"} in legal and "discard" not in played else None


def _travel_wants_what_the_partner_holds(state, legal):
    """Itchy Feet: an offer asks only for kinds its partner holds, so that it can be accepted."""
    draft = state.get("draft")
    if not draft or not any(m["type"] == "offer_want" for m in legal):
        return legal
    held = {card_kind(card) for card in state["hands"][draft["to"]]}
    fitting = [m for m in legal if m["type"] != "offer_want" or m["kind"] in held]
    return fitting if any(m["type"] == "offer_want" for m in fitting) else legal


AIM = {"soleils": _sun_on_a_question_mark, "travel": _travel_trade_then_draw}
NARROW = {"travel": _travel_wants_what_the_partner_holds}
BY_NOTATION = {"harmonies", "japan", "delphi"}   # games whose placements are replied in the notation
# A step that only the email answering the move before it asks for: that move goes by
# email too until the step has been played by email (Forest Shuffle's payment follows
# the card played, Japan's discards an exploration that overfills the hand; such a move
# made through the service leaves its step no email).
FOLLOWED_BY = {"forestsm": {"play": "pay"}, "japan": {"explore": "discard"}}


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_move_type_that_comes_up_is_played_by_email(slug, celery_worker, smtp_server, mail_gateway):
    options, humans, bots, most, must = GAMES[slug]
    people = [user(f"{slug}-player{n + 1}") for n in range(humans)]
    game = services.game_create(user=people[0], slug=slug, players=humans + bots, options=options,
                                bot_seats=list(range(humans, humans + bots)))
    for person in people[1:]:
        game = services.game_join(user=person, game_id=game.pk)
    game.refresh_from_db()
    human = people[0]
    rules = registry.rules_for(slug, game.rules_version)
    schema_types = {v["properties"]["type"]["const"] for v in rules.move_schema()["oneOf"]}
    offered: set[str] = set()

    seen: dict[str, int] = {}
    calls = []
    played: set[str] = set()

    def new(m):  # the move types (a sealed choice: its steps' types) not played by email yet
        return ({m["type"]} | {x["type"] for x in m.get("steps") or []}) - played

    def choose(rules, state, seat, legal):
        calls.append(1)
        for kind in {m["type"] for m in legal} | {x["type"] for m in legal for x in m.get("steps") or []}:
            seen[kind] = seen.get(kind, 0) + 1
        offered.update(m["type"] for m in legal)
        offered.update(x["type"] for m in legal for x in m.get("steps") or [])
        # A type not played yet, the one offered least so far first (it may not come back);
        # giving up only once everything else has been played.
        legal = NARROW.get(slug, lambda state, legal: legal)(state, legal)
        fresh = sorted((m for m in legal if new(m) and m["type"] != "give_up"),
                       key=lambda m: min(seen[t] for t in new(m)))
        if fresh:
            return fresh[0]
        aimed = AIM.get(slug, lambda *a: None)(rules, state, seat, legal, played)
        if aimed is not None:
            return aimed
        last = len(calls) >= most - 1 or schema_types - {"give_up"} <= played
        if last and any(m["type"] == "give_up" for m in legal):
            return next(m for m in legal if m["type"] == "give_up")
        return best_move(game)(rules, state, seat, legal)

    def until(types):
        played.update(types)
        return played >= schema_types | must

    def by_mail(m):
        return bool(new(m)) or FOLLOWED_BY.get(slug, {}).get(m["type"], "") in set(schema_types) - played

    result = play_by_mail(smtp_server, mail_gateway, game, dict(enumerate(people)), choose, max_moves=most,
                          until=until, by_mail=by_mail)
    played.update(result["types"])
    assert must <= played, (sorted(must - played), sorted(played), sorted(offered))
    # By email, counting each step of a sealed choice (one reply may carry two must-types).
    assert sum(result["types"].values()) >= len(must) and result["by"]["number"] + result["by"]["notation"] > 0
    if slug in BY_NOTATION:
        assert result["by"]["notation"] > 0, result["by"]
    print(f"{slug}: played by email {sorted(played)}; offered but not played {sorted(offered - played)}; "
          f"never offered {sorted(schema_types - offered)}; {result['by']}")
    human_mail = mail_to(smtp_server, human.email)
    turns = [m for m in human_mail if m["X-LudoPost-Kind"] == "turn"]
    keep_sample(f"{slug}-turn-first.txt", turns[0] if turns else None)
    keep_sample(f"{slug}-turn-last.txt", turns[-1] if turns else None)
    keep_sample(f"{slug}-reply-last.txt", next((m for m in reversed(human_mail) if m["X-LudoPost-Kind"] == "reply"),
                                               None))
    assert all("seat" not in text_of(m).split("Game version")[0].lower() for m in human_mail)


def test_a_forest_shuffle_placement_replied_in_the_notation(celery_worker, smtp_server, mail_gateway):
    """Forest Shuffle: Smoky Mountains: once a turn offers more moves than an email lists,
    the turn email gives the notation with examples, and a half played at a slot of a tree
    or river ("93 top at 2") comes back as the move."""
    from games.catalog.forestsm import notation
    from games.models import Game

    person = user("forestsm-notation")
    game = services.game_create(user=person, slug="forestsm", players=2, options={}, bot_seats=[1])
    rules = registry.rules_for("forestsm", game.rules_version)
    turn_began = True  # the first turn's email went out when the game started
    for _ in range(300):
        game.refresh_from_db()
        assert game.status == "active"
        if 0 not in game.to_move:
            version = game.version
            wait_for(lambda: Game.objects.get(pk=game.pk).version != version, timeout=30, message="the bot")
            turn_began = True
            continue
        legal = rules.legal_moves(game.state, 0)
        halves = [m for m in legal if m["type"] == "play" and "half" in m]
        if turn_began and len(legal) > notation.MAX_LISTED and halves:
            break
        services.move_submit(user=person, game_id=game.pk, expected_version=game.version,
                             move=best_move(game)(rules, game.state, 0, legal))
        turn_began = False
    else:
        pytest.fail("no turn with more moves than an email lists came up")
    message = mail_for(smtp_server, person.email, game.pk, 0, game.version)
    text = text_of(message)
    assert "too many to list" in text and "<card> <slot> at <no.>" in text, text
    move = halves[len(halves) // 2]
    reply = notation.notation(move)
    assert " at " in reply and f" {move['slot']} " in reply
    version = game.version
    mail_gateway.send(sender=person.email, to=message["Reply-To"], subject="Re: " + str(message["Subject"]),
                      text=f"play {reply}\n\n> quoted turn email", headers={"In-Reply-To": message["Message-ID"]})
    wait_for(lambda: Game.objects.get(pk=game.pk).version > version, timeout=30, message=f"{reply!r} appended")
    made = Event.objects.filter(game=game, seq=version + 1).first()
    assert made.command["move"] == move, made.command
    # End with the worker idle: the bot's turn played, every email sent.
    wait_for(lambda: 0 in Game.objects.get(pk=game.pk).to_move or Game.objects.get(pk=game.pk).status != "active",
             timeout=60, message="the bot's turn")
    wait_for(_nothing_owed, timeout=30, message="the worker to be idle")

