"""Through the API, a seat never sees another seat's Momiji hand or the deck."""
import json

import pytest

from games import registry, services
from games.models import Game
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


def secret_fragments(state, seat):
    """JSON fragments only another seat (or nobody) may know: hands of 2+ cards, the deck's order."""
    fragments = []
    for other, hand in enumerate(state["hands"]):
        if other != seat and len(hand) >= 2:
            fragments.append(json.dumps(hand))
    if len(state["deck"]) >= 3:
        fragments.append(json.dumps(state["deck"][:3])[1:-1])
    return fragments


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
            for fragment in secret_fragments(state, seat):
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
        assert json.dumps(state["hands"][1]) not in seen or len(state["hands"][1]) < 2
