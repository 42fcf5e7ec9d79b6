"""Through the API, every catalogued game serves a seat (and a spectator) exactly the
rules' view and redacted events, and no secret item beyond them.

The in-memory oracle (tests/games/test_hidden_oracle.py) checks that the rules' view
and redact hide every secret item; here the served answers must be what those give,
and a search of each whole answer (game, view, events, descriptions) for the
state's and the log's secret items finds none that the rules' own output does not
already explain (a card that repeats face up).
"""
import json

import pytest

from games import registry, services
from games.engine.events import Event as RulesEvent
from games.models import Event, Game
from tests.support.factories import started_game
from tests.support.secrets import SECRETS

pytestmark = pytest.mark.django_db

GAMES = [("momiji", 3, {}), ("travel", 3, {}), ("soleils", 3, {}), ("linie1", 3, {}), ("medina", 2, {}),
         ("harmonies", 2, {"spirits": True}), ("japan", 3, {}),
         ("amazonas", 3, {}), ("citytour", 3, {}), ("delphi", 3, {})]
# Harmonies' secrets are card numbers, which a search of the served text cannot tell
# from other numbers: there the served answers are checked against the rules' own.
TEXT_SEARCHED = {"momiji", "travel", "soleils", "linie1", "japan", "citytour", "delphi"}
# Amazonas's secrets are numbers too (a mission card, an income card): checked the same way,
# and the in-memory oracle (tests/games/test_hidden_oracle.py) marks each secret number.


def _get(value, path):
    for key in path:
        value = value[key]
    return value


def _atoms(value):
    """Every leaf of a JSON value (a secret's content, not the names of its fields)."""
    if isinstance(value, dict):
        for item in value.values():
            yield from _atoms(item)
    elif isinstance(value, list):
        for item in value:
            yield from _atoms(item)
    else:
        yield value


def _secret_values(slug, state, rows, seat):
    secrets = SECRETS[slug]
    values = set()
    for path in secrets.state(state, seat):
        path = path[:-1] if path[-1] == "each letter" else path
        values.update(v for v in _atoms(_get(state, path)) if isinstance(v, str) and len(v) > 2)
    for row in rows:
        for path in secrets.event(RulesEvent(row.type, row.payload), seat):
            path = path[:-1] if path and path[-1] == "each letter" else path
            values.update(v for v in _atoms(_get(row.payload, path)) if isinstance(v, str) and len(v) > 2)
    return values


def _bot_moves(game, users, count):
    entry = registry.get(game.slug)
    bot = entry.bots.get("best") or next(iter(entry.bots.values()))
    for _ in range(count):
        game.refresh_from_db()
        if game.status == "finished":
            break
        seat = min(game.to_move)
        move = bot(entry.rules, game.state, seat, services.game_rng(game, game.version + 1))
        services.move_submit(user=users[seat], game_id=game.pk, expected_version=game.version, move=move)


@pytest.mark.parametrize("slug, players, options", GAMES, ids=[g[0] for g in GAMES])
def test_each_seat_is_served_the_rules_view_and_redaction_and_nothing_more(slug, players, options, player_client,
                                                                           client):
    clients = [player_client() for _ in range(players)]
    game, users = started_game(slug, players=players, options=options, names=[c.user.username for c in clients])
    rules = registry.rules_for(slug, game.rules_version)
    looked = 0
    for _round in range(3):
        _bot_moves(game, users, 4)
        game = Game.objects.get(pk=game.pk)
        assert game.status != "finished", "the checks below are about a running game"
        rows = list(Event.objects.filter(game_id=game.pk).order_by("seq"))
        for seat, c in [*enumerate(clients), (None, client)]:
            answer = c.get(f"/api/v1/games/{game.pk}/")
            events = c.get(f"/api/v1/games/{game.pk}/events/?limit=500")
            assert answer.status_code == events.status_code == 200
            view = answer.json()["view"]
            assert view == json.loads(json.dumps(rules.view(game.state, seat))), seat
            served = events.json()["events"]
            assert [e["seq"] for e in served] == [row.seq for row in rows]
            honest = []
            for row, event in zip(rows, served):
                expected = rules.redact(RulesEvent(row.type, row.payload), seat)
                assert (event["type"], event["payload"]) == (expected.type, json.loads(json.dumps(expected.payload)))
                honest.append(expected.payload)
            text = answer.content.decode() + events.content.decode()
            explained = json.dumps([rules.view(game.state, seat), honest])
            secrets = _secret_values(slug, game.state, rows, seat)
            looked += len(secrets)
            for value in secrets:
                if f'"{value}"' not in explained:
                    assert f'"{value}"' not in text and value not in " ".join(e["description"] for e in served), \
                        (seat, value)
    if slug in TEXT_SEARCHED:
        assert looked > 0, "there were secrets to look for"
