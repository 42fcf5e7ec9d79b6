"""Table talk through the API, on the engine DATABASE_URL names (make test runs this
folder on SQLite too): messages among a game's players, unread counts in the game list
and the game, mentions written to the outbox, mutes, and every refusal changing nothing."""
from __future__ import annotations

from datetime import timedelta

import pytest

from games.models import Outbox
from table import talk
from table.models import Message, Mute, ReadMark

pytestmark = pytest.mark.django_db


def new_game(client, **extra):
    answer = client.post("/api/v1/games/", {"game": "race", "players": 3, **extra}, format="json")
    assert answer.status_code == 201, answer.data
    return answer.data["id"]


@pytest.fixture
def table(player_client):
    """A three-player race: ann created it, bob and cy joined; dan watches."""
    ann, bob, cy, dan = (player_client(name) for name in ("ann", "bob", "cy", "dan"))
    game_id = new_game(ann)
    for c in (bob, cy):
        assert c.post(f"/api/v1/games/{game_id}/join/", {}, format="json").status_code == 200
    return game_id, ann, bob, cy, dan


def say(client, game_id, text):
    return client.post(f"/api/v1/games/{game_id}/messages/", {"text": text}, format="json")


def unread_in_list(client, game_id):
    rows = client.get("/api/v1/games/?mine=true").data
    return next(row["unread_messages"] for row in rows if row["id"] == game_id)


def nothing_changed(before):
    assert (Message.objects.count(), Outbox.objects.filter(kind="table.mention").count()) == before


def test_players_talk_and_the_unread_counts_follow_in_the_list_and_the_game(table):
    game_id, ann, bob, cy, dan = table
    answer = say(ann, game_id, "Good luck, all!")
    assert answer.status_code == 201
    assert answer.data["author"] == "ann" and answer.data["text"] == "Good luck, all!"
    say(bob, game_id, "Thanks\nand you")
    # Talking reads what came before (as answering does); the others' later words are unread.
    assert unread_in_list(ann, game_id) == 1 and unread_in_list(bob, game_id) == 0 and unread_in_list(cy, game_id) == 2
    detail = cy.get(f"/api/v1/games/{game_id}/")
    assert detail.data["unread_messages"] == 2 and detail.data["rated"] is True
    page = cy.get(f"/api/v1/games/{game_id}/messages/").data
    assert [m["text"] for m in page["messages"]] == ["Good luck, all!", "Thanks\nand you"]
    assert page["unread"] == 2 and page["last_read"] == 0 and page["next_after"] is None
    first = page["messages"][0]["id"]
    assert cy.post(f"/api/v1/games/{game_id}/messages/read/", {"up_to": first}, format="json").data == {"unread": 1}
    # The game's ETag changes with the talk, so a poller sees the new count.
    etag = cy.get(f"/api/v1/games/{game_id}/")["ETag"]
    assert cy.get(f"/api/v1/games/{game_id}/", HTTP_IF_NONE_MATCH=etag).status_code == 304
    say(ann, game_id, "Your move, cy")
    assert cy.get(f"/api/v1/games/{game_id}/", HTTP_IF_NONE_MATCH=etag).data["unread_messages"] == 2
    assert cy.post(f"/api/v1/games/{game_id}/messages/read/", {}, format="json").data == {"unread": 0}
    assert unread_in_list(cy, game_id) == 0
    # Paging: after= and limit=.
    later = cy.get(f"/api/v1/games/{game_id}/messages/?after={first}&limit=1").data
    assert [m["author"] for m in later["messages"]] == ["bob"] and later["next_after"] == later["messages"][0]["id"]
    # A spectator has no unread count and may not read unless the game allows it.
    assert dan.get(f"/api/v1/games/{game_id}/").data["unread_messages"] is None
    refused = dan.get(f"/api/v1/games/{game_id}/messages/")
    assert refused.status_code == 403 and refused.data["error"]["code"] == "not_a_player"


def test_spectators_read_when_the_game_was_created_so_but_never_write(player_client):
    host, guest, watcher = player_client("hal"), player_client("ida"), player_client("jo")
    game_id = new_game(host, spectators_read=True)
    guest.post(f"/api/v1/games/{game_id}/join/", {}, format="json")
    say(host, game_id, "hello")
    from rest_framework.test import APIClient

    for reader in (watcher, APIClient()):
        page = reader.get(f"/api/v1/games/{game_id}/messages/")
        assert page.status_code == 200 and [m["text"] for m in page.data["messages"]] == ["hello"]
        assert page.data["unread"] is None
    before = (Message.objects.count(), 0)
    refused = say(watcher, game_id, "me too")
    assert refused.status_code == 403 and refused.data["error"]["code"] == "not_a_player"
    assert say(APIClient(), game_id, "anonymous").status_code == 401
    nothing_changed(before)


def test_a_mention_by_name_is_written_to_the_outbox_for_the_worker(table):
    game_id, ann, bob, cy, dan = table
    answer = say(ann, game_id, "@BOB, and @cy. not @dan nor @ann nor @nobody")
    assert answer.data["mentions"] == ["bob", "cy"]    # players only, not the author, case as registered
    row = Outbox.objects.get(kind="table.mention")
    assert row.game_id == game_id and row.payload["message"] == answer.data["id"]
    assert sorted(row.payload["mentions"]) == sorted([bob.user.pk, cy.user.pk])
    say(ann, game_id, "email@example.com is no mention")
    assert Outbox.objects.filter(kind="table.mention").count() == 1


def test_a_muted_player_is_hidden_from_me_and_not_counted(table):
    game_id, ann, bob, cy, dan = table
    say(bob, game_id, "blah blah")
    say(cy, game_id, "hi ann")
    assert ann.post("/api/v1/me/mutes/", {"username": "BOB"}, format="json").data == {"muted": ["bob"]}
    assert [m["author"] for m in ann.get(f"/api/v1/games/{game_id}/messages/").data["messages"]] == ["cy"]
    assert unread_in_list(ann, game_id) == 1
    # Only for me: cy still sees bob.
    assert [m["author"] for m in cy.get(f"/api/v1/games/{game_id}/messages/").data["messages"]] == ["bob", "cy"]
    assert ann.delete("/api/v1/me/mutes/bob/").status_code == 204
    assert unread_in_list(ann, game_id) == 2 and ann.get("/api/v1/me/mutes/").data == {"muted": []}


@pytest.mark.parametrize("body, status, code", [
    ({"text": ""}, 400, "empty_message"),
    ({"text": "   \n "}, 400, "empty_message"),
    ({"text": "x" * (talk.MAX_LENGTH + 1)}, 400, "message_too_long"),
    ({"text": "bell\x07"}, 400, "invalid_message"),
    ({"text": 12}, 400, "invalid_message"),
    ({"text": ["a"]}, 400, "invalid_message"),
    ({}, 400, "invalid_input"),
    ({"text": "hi", "to": "bob"}, 400, "invalid_input"),
    ([], 400, "invalid_input"),
])
def test_bad_messages_are_refused_with_a_code_and_change_nothing(table, body, status, code):
    game_id, ann, *_ = table
    answer = ann.post(f"/api/v1/games/{game_id}/messages/", body, format="json")
    assert answer.status_code == status and answer.data["error"]["code"] == code, answer.data
    assert answer.data["error"]["message"]
    nothing_changed((0, 0))
    assert not ReadMark.objects.exists()


def test_other_refusals_change_nothing(table):
    game_id, ann, bob, cy, dan = table
    cases = [
        (dan.post(f"/api/v1/games/{game_id}/messages/", {"text": "hi"}, format="json"), 403, "not_a_player"),
        (ann.post("/api/v1/games/999999/messages/", {"text": "hi"}, format="json"), 404, "game_not_found"),
        (ann.post(f"/api/v1/games/{game_id}/messages/", "text", content_type="application/json"), 400,
         "malformed_json"),
        (ann.post(f"/api/v1/games/{game_id}/messages/read/", {"up_to": -1}, format="json"), 400, "invalid_input"),
        (ann.post(f"/api/v1/games/{game_id}/messages/read/", {"up_to": "5"}, format="json"), 400, "invalid_input"),
        (dan.post(f"/api/v1/games/{game_id}/messages/read/", {}, format="json"), 403, "not_a_player"),
        (ann.get(f"/api/v1/games/{game_id}/messages/?after=x"), 400, "invalid_filter"),
        (ann.post("/api/v1/me/mutes/", {"username": "ann"}, format="json"), 400, "cannot_mute_self"),
        (ann.post("/api/v1/me/mutes/", {"username": "nobody"}, format="json"), 404, "unknown_user"),
        (ann.post("/api/v1/me/mutes/", {"username": 3}, format="json"), 404, "unknown_user"),
        (ann.delete("/api/v1/me/mutes/nobody/"), 404, "unknown_user"),
    ]
    for answer, status, code in cases:
        assert answer.status_code == status and answer.data["error"]["code"] == code, answer.data
    nothing_changed((0, 0))
    assert not ReadMark.objects.exists() and not Mute.objects.exists()


def test_a_burst_of_messages_is_rate_limited(table):
    game_id, ann, bob, *_ = table
    for n in range(talk.RATE_LIMIT):
        assert say(ann, game_id, f"message {n}").status_code == 201
    refused = say(ann, game_id, "one too many")
    assert refused.status_code == 429 and refused.data["error"]["code"] == "rate_limited"
    assert refused.data["error"]["details"]["retry_after"] == talk.RATE_WINDOW
    assert Message.objects.filter(author=ann.user).count() == talk.RATE_LIMIT
    assert say(bob, game_id, "I may still talk").status_code == 201     # per author
    # A minute later the author may talk again.
    Message.objects.filter(author=ann.user).update(created_at=Message.objects.first().created_at
                                                   - timedelta(seconds=talk.RATE_WINDOW + 1))
    assert say(ann, game_id, "back again").status_code == 201
