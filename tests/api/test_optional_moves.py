"""Moves nobody waits for (Rules.may_move): withdrawing a trade offer in Itchy Feet.

The sender of an offer is not to move while it waits for its answer, yet may withdraw
it: the API lists the seat under ``may_move``, gives it its legal moves and accepts
them; a withdrawal and the answer racing at one version append exactly one batch.
"""
import pytest

from games import selectors, services
from games.errors import VersionConflict
from games.models import Event, Game
from tests.store.test_concurrency import race
from tests.support.factories import started_game

pytestmark = pytest.mark.django_db


def send_offer(game, users):
    """The player to move offers their first card for the first kind they may ask for."""
    rules = selectors.rules_of(game)
    seat = game.to_move[0]
    other = 1 - seat

    for kind in ("propose", "offer_give", "offer_want", "offer_send"):
        game.refresh_from_db()
        move = next(m for m in rules.legal_moves(game.state, seat)
                    if m["type"] == kind and m.get("to", other) == other)
        services.move_submit(user=users[seat], game_id=game.pk, expected_version=game.version, move=move)
    game.refresh_from_db()
    return seat, other


def client_of(account):
    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient

    c = APIClient()
    c.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get(user=account).key}")
    return c


def post_move(c, game, version, move):
    return c.post(f"/api/v1/games/{game.pk}/moves/", {"expected_version": version, "move": move}, format="json")


def test_the_sender_of_an_offer_may_withdraw_it_unasked():
    game, users = started_game("travel", players=2, names=["ofa", "ofb"])
    assert game.rules_version >= 2          # withdrawable offers since rules version 2
    sender, receiver = send_offer(game, users)
    a, b = client_of(users[sender]), client_of(users[receiver])

    detail = a.get(f"/api/v1/games/{game.pk}/").json()
    assert detail["to_move"] == [receiver] and detail["may_move"] == [sender]
    assert detail["view"]["may_move"] == [sender]
    assert a.get(f"/api/v1/games/{game.pk}/legal-moves/").json()["moves"] == [{"type": "withdraw"}]
    assert {"type": "reject"} in b.get(f"/api/v1/games/{game.pk}/legal-moves/").json()["moves"]
    # "my turn" lists only the games that wait for you
    assert [g["id"] for g in b.get("/api/v1/games/?my_turn=true").json()] == [game.pk]
    assert a.get("/api/v1/games/?my_turn=true").json() == []

    # the sender may only withdraw: anything else is refused and appends nothing
    version = game.version
    refused = post_move(a, game, version, {"type": "draw"})
    assert refused.status_code == 422 and refused.json()["error"]["code"] == "offer_pending"
    assert Event.objects.filter(game=game).count() == version

    withdrawn = post_move(a, game, version, {"type": "withdraw"})
    assert withdrawn.status_code == 201, withdrawn.json()
    body = withdrawn.json()
    assert [e["type"] for e in body["events"]] == ["OfferWithdrawn"]
    assert body["to_move"] == [sender] and body["may_move"] == []

    # the answer, sent at the old version, lost the race; at the new one it is no longer asked for
    late = post_move(b, game, version, {"type": "reject"})
    assert late.status_code == 409 and late.json()["error"]["code"] == "version_conflict"
    late = post_move(b, game, version + 1, {"type": "reject"})
    assert late.status_code == 422 and late.json()["error"]["code"] == "not_your_turn"
    assert Event.objects.filter(game=game).count() == version + 1


@pytest.mark.django_db(transaction=True)
def test_a_withdrawal_racing_the_answer_appends_one_batch():
    game, users = started_game("travel", players=2, names=["rca", "rcb"])
    sender, receiver = send_offer(game, users)
    version = game.version

    def attempt(index):
        seat, move = (sender, {"type": "withdraw"}) if index % 2 else (receiver, {"type": "reject"})
        services.move_submit(user=users[seat], game_id=game.pk, expected_version=version, move=move)
        return "ok"

    results = race(10, attempt)
    assert sorted(results) == ["conflict"] * 9 + ["ok"], results
    stored = Game.objects.get(pk=game.pk)
    assert stored.version == version + 1 and stored.state["step"] == "action"
    last = Event.objects.filter(game=game).order_by("-seq").first()
    assert last.seq == version + 1 and last.type in ("OfferWithdrawn", "OfferRejected")


def test_a_seat_that_is_neither_waited_for_nor_optional_is_refused():
    game, users = started_game("travel", players=3, names=["nx0", "nx1", "nx2"])
    mover = game.to_move[0]
    idle = next(seat for seat in range(3) if seat != mover)
    with pytest.raises(Exception) as error:
        services.move_submit(user=users[idle], game_id=game.pk, expected_version=game.version,
                             move={"type": "draw"})
    assert getattr(error.value, "code", None) == "not_your_turn"
    assert not isinstance(error.value, VersionConflict)
    assert Game.objects.get(pk=game.pk).version == game.version
