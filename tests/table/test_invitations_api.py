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


def test_joining_by_the_games_own_join_settles_the_invitation(people):
    host, guest, other = people["host"], people["guest"], people["other"]
    game_id = open_game(host, players=3)
    invitation = invite(host, game_id, username="guest", seat=2).data
    # guest takes seat 1 through the game's own join (a shared link), not the held seat 2:
    # the invitation counts as accepted, so seat 2 is free and the table can fill.
    assert guest.post(f"/api/v1/games/{game_id}/join/", {"seat": 1}, format="json").data["your_seat"] == 1
    assert guest.get("/api/v1/me/invitations/").data == []
    assert [i["status"] for i in guest.get("/api/v1/me/invitations/?all=1").data] == ["accepted"]
    assert other.post(f"/api/v1/games/{game_id}/join/", {}, format="json").data["your_seat"] == 2
    assert Game.objects.get(pk=game_id).status == "active"
    before = state()
    refused = guest.post(f"/api/v1/invitations/{invitation['id']}/accept/")
    assert refused.status_code == 409 and refused.data["error"]["code"] == "invitation_answered"
    assert refused.data["error"]["details"] == {"status": "accepted"}
    assert state() == before


def test_a_player_of_the_game_withdraws_a_pending_invitation(people):
    host, guest, other, late = people["host"], people["guest"], people["other"], people["late"]
    game_id = open_game(host, players=3)
    assert other.post(f"/api/v1/games/{game_id}/join/", {}, format="json").data["your_seat"] == 1
    invitation = invite(host, game_id, username="guest").data
    assert invitation["seat"] == 2
    # The game's players see its pending invitations; nobody else does.
    listed = other.get(f"/api/v1/games/{game_id}/invitations/")
    assert listed.status_code == 200 and [(i["invitee"], i["seat"]) for i in listed.data] == [("guest", 2)]
    before = state()
    for answer, status, code in [
        (late.get(f"/api/v1/games/{game_id}/invitations/"), 403, "not_a_player"),
        (host.get("/api/v1/games/999999/invitations/"), 404, "game_not_found"),
        (host.get(f"/api/v1/games/{game_id}/invitations/?all=maybe"), 400, "invalid_filter"),
        (guest.post(f"/api/v1/invitations/{invitation['id']}/withdraw/"), 403, "not_a_player"),
        (late.post(f"/api/v1/invitations/{invitation['id']}/withdraw/"), 403, "not_a_player"),
        (host.post("/api/v1/invitations/999999/withdraw/"), 404, "invitation_not_found"),
    ]:
        assert answer.status_code == status and answer.data["error"]["code"] == code, answer.data
    assert state() == before
    assert late.post(f"/api/v1/games/{game_id}/join/", {}, format="json").data["error"]["code"] == "game_full"
    # other (not the inviter, but a player) withdraws it: the seat is free for late.
    withdrawn = other.post(f"/api/v1/invitations/{invitation['id']}/withdraw/")
    assert withdrawn.status_code == 200 and withdrawn.data["status"] == "withdrawn"
    assert withdrawn.data["answered_at"] is not None
    assert guest.get("/api/v1/me/invitations/").data == []
    assert host.get(f"/api/v1/games/{game_id}/invitations/").data == []
    assert [i["status"] for i in host.get(f"/api/v1/games/{game_id}/invitations/?all=true").data] == ["withdrawn"]
    before = state()
    for answer in (host.post(f"/api/v1/invitations/{invitation['id']}/withdraw/"),
                   guest.post(f"/api/v1/invitations/{invitation['id']}/accept/")):
        assert answer.status_code == 409 and answer.data["error"]["code"] == "invitation_answered"
        assert answer.data["error"]["details"] == {"status": "withdrawn"}
    assert state() == before
    assert late.post(f"/api/v1/games/{game_id}/join/", {}, format="json").data["your_seat"] == 2
    assert Game.objects.get(pk=game_id).status == "active"
