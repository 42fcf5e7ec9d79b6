"""Invitations to a seat by username through the API: the seat is held for the invitee,
accepting seats them through games.services.game_join, declining frees the seat, and
every refusal changes nothing."""
from __future__ import annotations

import pytest

from games.models import Game, Outbox
from table.models import Invitation

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(player_client):
    return {name: player_client(name) for name in ("host", "guest", "other", "late")}


def open_game(client, players=3):
    return client.post("/api/v1/games/", {"game": "race", "players": players}, format="json").data["id"]


def invite(client, game_id, **body):
    return client.post(f"/api/v1/games/{game_id}/invitations/", body, format="json")


def state():
    return (list(Invitation.objects.values_list("status", "seat").order_by("id")),
            Outbox.objects.filter(kind="table.invitation").count(),
            [list(g.seat_users) for g in Game.objects.order_by("id")])


def test_accepting_seats_the_invitee_and_declining_frees_the_seat(people):
    host, guest, other, late = people["host"], people["guest"], people["other"], people["late"]
    game_id = open_game(host)
    made = invite(host, game_id, username="GUEST")
    assert made.status_code == 201 and made.data["seat"] == 1 and made.data["invitee"] == "guest"
    assert Outbox.objects.get(kind="table.invitation").payload == {"invitation": made.data["id"]}
    second = invite(host, game_id, username="other", seat=2)
    assert second.data["seat"] == 2
    # Held seats: nobody else takes them, and so the game has no free seat for late.
    full = late.post(f"/api/v1/games/{game_id}/join/", {}, format="json")
    assert full.status_code == 409 and full.data["error"]["code"] == "game_full"
    taken = late.post(f"/api/v1/games/{game_id}/join/", {"seat": 1}, format="json")
    assert taken.status_code == 409 and taken.data["error"]["code"] == "seat_taken"
    assert [i["game"] for i in guest.get("/api/v1/me/invitations/").data] == [game_id]
    # other declines: seat 2 is free again, and late takes it.
    declined = other.post(f"/api/v1/invitations/{second.data['id']}/decline/")
    assert declined.status_code == 200 and declined.data["status"] == "declined"
    assert other.get("/api/v1/me/invitations/").data == []
    assert [i["status"] for i in other.get("/api/v1/me/invitations/?all=true").data] == ["declined"]
    assert late.post(f"/api/v1/games/{game_id}/join/", {}, format="json").data["your_seat"] == 2
    # guest accepts: seated in the held seat; the table is full, so the game starts.
    accepted = guest.post(f"/api/v1/invitations/{made.data['id']}/accept/")
    assert accepted.status_code == 200 and accepted.data["status"] == "accepted"
    game = Game.objects.get(pk=game_id)
    assert game.status == "active" and game.seat_users == [host.user.pk, guest.user.pk, late.user.pk]
    assert guest.get("/api/v1/me/invitations/").data == []


def test_refusals_change_nothing(people):
    host, guest, other, late = people["host"], people["guest"], people["other"], people["late"]
    game_id = open_game(host)
    invitation = invite(host, game_id, username="guest").data
    started = open_game(host, players=2)
    late.post(f"/api/v1/games/{started}/join/", {}, format="json")
    before = state()
    cases = [
        (invite(other, game_id, username="late"), 403, "not_a_player"),
        (invite(host, game_id, username="nobody"), 404, "unknown_user"),
        (invite(host, game_id, username="host"), 409, "already_seated"),
        (invite(host, game_id, username="guest"), 409, "already_invited"),
        (invite(host, game_id, username="other", seat=1), 409, "seat_taken"),
        (invite(host, game_id, username="other", seat=0), 409, "seat_taken"),
        (invite(host, game_id, username="other", seat=9), 409, "seat_taken"),
        (invite(host, game_id, username="other", seat="1"), 400, "invalid_input"),
        (invite(host, game_id), 400, "invalid_input"),
        (invite(host, game_id, username="other", note="hi"), 400, "invalid_input"),
        (invite(host, started, username="other"), 409, "game_not_open"),
        (invite(host, 999999, username="other"), 404, "game_not_found"),
        (other.post(f"/api/v1/invitations/{invitation['id']}/accept/"), 403, "not_your_invitation"),
        (host.post(f"/api/v1/invitations/{invitation['id']}/decline/"), 403, "not_your_invitation"),
        (guest.post("/api/v1/invitations/999999/accept/"), 404, "invitation_not_found"),
        (guest.get("/api/v1/me/invitations/?all=maybe"), 400, "invalid_filter"),
    ]
    for answer, status, code in cases:
        assert answer.status_code == status and answer.data["error"]["code"] == code, answer.data
    assert state() == before
    # Answered once, an invitation cannot be answered again.
    guest.post(f"/api/v1/invitations/{invitation['id']}/decline/")
    before = state()
    again = guest.post(f"/api/v1/invitations/{invitation['id']}/accept/")
    assert again.status_code == 409 and again.data["error"]["code"] == "invitation_answered"
    assert state() == before


def test_an_invitation_to_a_game_that_started_cannot_be_accepted(people):
    host, guest, other = people["host"], people["guest"], people["other"]
    game_id = open_game(host, players=2)
    invitation = invite(host, game_id, username="guest").data
    # The invitee joins another seat some other way... there is none: the game waits for guest.
    assert other.post(f"/api/v1/games/{game_id}/join/", {}, format="json").data["error"]["code"] == "game_full"
    # guest joins by the game's own join (the held seat is theirs to take): the invitation is moot.
    assert guest.post(f"/api/v1/games/{game_id}/join/", {}, format="json").status_code == 200
    assert guest.get("/api/v1/me/invitations/").data == []
    before = state()
    refused = guest.post(f"/api/v1/invitations/{invitation['id']}/accept/")
    assert refused.status_code == 409 and refused.data["error"]["code"] == "game_not_open"
    assert state() == before
