"""Through the API, a seat never sees another seat's Momiji hand or the deck."""
import json

import pytest

from games import registry, services
from games.models import Event, Game
from tests.support.factories import started_game

pytestmark = pytest.mark.django_db


def play_bot_moves(game, users, count):
    entry = registry.get("momiji")
    for _ in range(count):
        game.refresh_from_db()
        if game.status == "finished":
            return
        seat = min(game.to_move)
        move = entry.bots["best"](entry.rules, game.state, seat, services.game_rng(game, game.version + 1))
        services.move_submit(user=users[seat], game_id=game.pk, expected_version=game.version, move=move)


# Momiji hides the hands, the deck, and each seat's draws and discards (and the hands
# dealt at setup); every other card on the table or in an event is face up.
PRIVATE_EVENTS = ("CardsDrawn", "CardsDiscarded")


def secret_fragments(game_id, state, seat, version=None):
    """JSON fragments only another seat (or nobody) may know: other seats' hands, draws
    and discards of 2+ cards, the deck's next cards.

    Cards repeat in Momiji, so a secret list may equal a list this seat knows by the
    rules (a face-up collection, its own hand or draws); such a fragment proves nothing
    and is left out. The deck's fragment is its next six cards (fewer near the end).
    ``state`` is the game's state at ``version`` (None: now).
    """
    known, secret = [], [hand for other, hand in enumerate(state["hands"]) if other != seat]
    if seat is not None:
        known.append(state["hands"][seat])
    rows = Event.objects.filter(game_id=game_id).order_by("seq")
    for row in rows if version is None else rows.filter(seq__lte=version):
        payload = row.payload
        if row.type == "GameSetUp":
            known.append(payload["display"])
            for other, hand in enumerate(payload["hands"]):
                (known if other == seat else secret).append(hand)
        elif row.type in PRIVATE_EVENTS:
            (known if payload["seat"] == seat else secret).append(payload["cards"])
        else:
            known.extend(value for value in payload.values() if isinstance(value, list))
    known_text = json.dumps(known)
    fragments = [json.dumps(cards) for cards in secret if len(cards) >= 2]
    if len(state["deck"]) >= 3:
        fragments.append(json.dumps(state["deck"][:6])[1:-1])
    return [fragment for fragment in fragments if fragment not in known_text]


def test_views_and_events_never_show_another_hand_or_the_deck(player_client, client):
    clients = [player_client() for _ in range(3)]
    game, users = started_game("momiji", players=3, names=[c.user.username for c in clients])
    for step in range(6):
        game.refresh_from_db()
        state = Game.objects.get(pk=game.pk).state
        for seat, c in enumerate(clients + [client]):
            seat = seat if seat < 3 else None
            seen = json.dumps(c.get(f"/api/v1/games/{game.pk}/").json()["view"])
            seen += json.dumps(c.get(f"/api/v1/games/{game.pk}/events/?limit=500").json()["events"])
            for fragment in secret_fragments(game.pk, state, seat):
                assert fragment not in seen, (step, seat, fragment)
            if seat is not None:
                own = c.get(f"/api/v1/games/{game.pk}/").json()["view"]["hand"]
                assert sorted(own) == sorted(state["hands"][seat]), "a seat sees its own hand"
        play_bot_moves(game, users, 5)


def test_past_states_are_redacted_too(player_client):
    clients = [player_client() for _ in range(2)]
    game, users = started_game("momiji", players=2, names=[c.user.username for c in clients])
    play_bot_moves(game, users, 6)
    game.refresh_from_db()
    from games import store

    rules = registry.rules_for("momiji")
    for version in range(1, game.version + 1):
        state = store.state_at(game, rules, version)
        seen = json.dumps(clients[0].get(f"/api/v1/games/{game.pk}/state/?version={version}").json()["view"])
        for fragment in secret_fragments(game.pk, state, 0, version):
            assert fragment not in seen, (version, fragment)
