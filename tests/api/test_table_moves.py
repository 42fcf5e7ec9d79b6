"""At the table: resign, cancel by agreement, takebacks and the next game, end to end
through the API, with the events each appends, the refusals that append nothing,
replay and the audit after each."""
from datetime import timedelta

import pytest

from games import services
from games.audit import export_game, verify_game
from games.models import Event, Game
from games.verify import verify_export
from worker.sweep import sweep_deadlines

pytestmark = pytest.mark.django_db


def table_game(players, slug="race", options=None, table=None, bots=()):
    """A game of ``players`` clients (seat 0 creates, the others join in order)."""
    creator = players[0]
    body = {"game": slug, "players": len(players) + len(bots), "options": options or {},
            "bot_seats": [{"seat": seat, "level": "basic"} for seat in bots]}
    if slug == "race" and not options:
        body["options"] = {"target": 30}
    if table is not None:
        body["table"] = table
    created = creator.post("/api/v1/games/", body, format="json")
    assert created.status_code == 201, created.json()
    game_id = created.json()["id"]
    for other in players[1:]:
        assert other.post(f"/api/v1/games/{game_id}/join/", {}, format="json").status_code == 200
    return game_id


def post(client, game_id, what, body=None):
    return client.post(f"/api/v1/games/{game_id}/{what}/", body or {}, format="json")


def game_json(client, game_id):
    return client.get(f"/api/v1/games/{game_id}/").json()


def log_types(game_id):
    return list(Event.objects.filter(game_id=game_id).order_by("seq").values_list("type", flat=True))


def refused(response, status, code, game_id, version):
    """A refusal: the status and code, a sentence, and nothing appended."""
    assert response.status_code == status, response.json()
    error = response.json()["error"]
    assert error["code"] == code and error["message"].endswith((".", ")")), error
    assert Game.objects.get(pk=game_id).version == version
    assert Event.objects.filter(game_id=game_id).count() == version
    return error["message"]


def step(client, game_id, steps=2):
    version = Game.objects.get(pk=game_id).version
    answer = client.post(f"/api/v1/games/{game_id}/moves/", {"expected_version": version,
                                                             "move": {"type": "step", "steps": steps}},
                         format="json")
    assert answer.status_code == 201, answer.json()
    return answer.json()


def verified(game_id):
    verdict = verify_game(Game.objects.get(pk=game_id))
    assert verdict.ok, verdict
    return verdict


# -- resign ------------------------------------------------------------------------------------

def test_resigning_in_a_two_player_game_ends_it_and_the_other_wins(player_client):
    ann, bob, eve = player_client("ann"), player_client("bob"), player_client("eve")
    gid = table_game([ann, bob])
    refused(post(eve, gid, "resign"), 403, "not_a_player", gid, 1)
    answer = post(bob, gid, "resign")
    assert answer.status_code == 201, answer.json()
    data = answer.json()
    assert [e["type"] for e in data["events"]] == ["SeatResigned", "GameEndedAtTable"]
    assert data["events"][0]["description"] == "bob resigned and ranks last; the game ends."
    assert data["events"][0]["actor"] == 1 and data["events"][0]["payload"] == {"seat": 1, "then": "ends"}
    assert data["status"] == "finished" and data["version"] == 3
    assert data["outcome"]["ranks"] == [1, 2] and data["outcome"]["winners"] == [0]
    assert data["outcome"]["ended_by"] == "resignation"
    game = game_json(ann, gid)
    assert game["seats"][1]["forfeited"] is True and game["seats"][1]["name"] == "bob"
    refused(post(bob, gid, "resign"), 422, "game_finished", gid, 3)
    refused(post(ann, gid, "resign"), 422, "game_finished", gid, 3)
    assert verified(gid).checked_events == 3
    audit = ann.get(f"/api/v1/games/{gid}/audit/").json()
    assert audit["verified"] is True


def test_resigning_at_a_table_of_three_leaves_a_bot_who_ranks_last(player_client):
    ann, bob, cat = player_client("ann"), player_client("bob"), player_client("cat")
    gid = table_game([ann, bob, cat], options={"target": 6})
    data = post(cat, gid, "resign").json()
    assert [e["type"] for e in data["events"]] == ["SeatResigned"]
    assert data["events"][0]["description"] == "cat resigned and ranks last; a bot plays the seat from now on."
    assert data["status"] == "active"
    refused(post(cat, gid, "resign"), 422, "seat_left", gid, 2)
    refused(post(cat, gid, "cancel"), 422, "seat_left", gid, 2)
    # Play on: ann and bob step 1 at a time, the bot for cat steps 2 (its greedy move) and reaches 6 first.
    while Game.objects.get(pk=gid).status == "active":
        game = Game.objects.get(pk=gid)
        turn = game.to_move[0]
        if turn == 2:
            assert services.bot_move(game_id=gid, seat=2, expected_version=game.version) is not None
        else:
            step([ann, bob][turn], gid, steps=1)
    outcome = Game.objects.get(pk=gid).outcome
    # The bot that played cat's seat reached the target first, but the resigned seat ranks last.
    assert outcome["ranks"][2] == 3 and "ended_by" not in outcome
    assert any("resigned" in note or "forfeited" in note for note in outcome["notes"])
    verified(gid)


def test_the_table_option_end_makes_any_resignation_end_the_game(player_client):
    ann, bob, cat = player_client(), player_client(), player_client()
    gid = table_game([ann, bob, cat], table={"on_resign": "end"})
    data = post(bob, gid, "resign").json()
    assert [e["type"] for e in data["events"]] == ["SeatResigned", "GameEndedAtTable"]
    assert data["outcome"]["ranks"] == [1, 3, 1] and data["outcome"]["winners"] == [0, 2]
    verified(gid)


# -- cancel by agreement -------------------------------------------------------------------------

def test_cancel_needs_every_player_and_one_objection_closes_the_proposal(player_client):
    ann, bob, cat = player_client("ann"), player_client("bob"), player_client("cat")
    gid = table_game([ann, bob, cat])
    refused(post(bob, gid, "cancel/vote", {"vote": "agree"}), 409, "no_cancel_proposal", gid, 1)
    refused(post(bob, gid, "cancel/vote", {"vote": "maybe"}), 400, "invalid_input", gid, 1)
    proposed = post(ann, gid, "cancel").json()
    assert [e["type"] for e in proposed["events"]] == ["CancelProposed"]
    assert proposed["events"][0]["description"] == "ann proposed to cancel the game."
    assert proposed["table"]["cancel"] == {"by": 0, "agreed": [0], "deadline": None}
    refused(post(bob, gid, "cancel"), 409, "cancel_already_proposed", gid, 2)
    refused(post(ann, gid, "cancel/vote", {"vote": "agree"}), 409, "already_voted", gid, 2)
    assert post(bob, gid, "cancel/vote", {"vote": "agree"}).json()["status"] == "active"
    objected = post(cat, gid, "cancel/vote", {"vote": "object"}).json()
    assert objected["events"][0]["description"] == "cat objected to cancelling the game."
    assert objected["table"]["cancel"] is None and objected["status"] == "active"
    # A new proposal; this time everyone agrees.
    post(bob, gid, "cancel")
    post(ann, gid, "cancel/vote", {"vote": "agree"})
    ended = post(cat, gid, "cancel/vote", {"vote": "agree"}).json()
    assert [e["type"] for e in ended["events"]] == ["CancelVoted", "GameEndedAtTable"]
    assert ended["status"] == "finished"
    assert ended["outcome"]["ended_by"] == "cancelled" and ended["outcome"]["rated"] is False
    assert ended["outcome"]["ranks"] == [] and ended["outcome"]["winners"] == []
    assert log_types(gid)[1:] == ["CancelProposed", "CancelVoted", "CancelVoted", "CancelProposed", "CancelVoted",
                                  "CancelVoted", "GameEndedAtTable"]
    verified(gid)


def test_a_cancel_deadline_without_objection_cancels_through_the_sweep(player_client):
    ann, bob = player_client(), player_client()
    gid = table_game([ann, bob], table={"cancel_after_hours": 24})
    proposed = post(ann, gid, "cancel").json()
    deadline = proposed["table"]["cancel"]["deadline"]
    assert deadline and proposed["events"][0]["payload"]["deadline"] == deadline
    start = Game.objects.get(pk=gid).events.get(seq=2).created_at
    assert sweep_deadlines(now=start + timedelta(hours=23))["cancels"] == 0
    assert Game.objects.get(pk=gid).status == "active"
    counts = sweep_deadlines(now=start + timedelta(hours=25))
    assert counts["cancels"] == 1
    game = Game.objects.get(pk=gid)
    assert game.status == "finished" and game.outcome["ended_by"] == "cancel_deadline"
    last = game.events.order_by("-seq").first()
    assert last.type == "GameEndedAtTable" and last.actor is None and last.command["kind"] == "cancel_deadline"
    assert sweep_deadlines(now=start + timedelta(hours=26))["cancels"] == 0    # once
    verified(gid)


def test_an_objection_stops_the_cancel_deadline(player_client):
    ann, bob = player_client(), player_client()
    gid = table_game([ann, bob], table={"cancel_after_hours": 1})
    post(ann, gid, "cancel")
    post(bob, gid, "cancel/vote", {"vote": "object"})
    start = Game.objects.get(pk=gid).created_at
    assert sweep_deadlines(now=start + timedelta(hours=5))["cancels"] == 0
    assert Game.objects.get(pk=gid).status == "active"


# -- takebacks -----------------------------------------------------------------------------------

def test_takebacks_are_off_unless_the_table_says_so(player_client):
    ann, bob = player_client(), player_client()
    gid = table_game([ann, bob])
    step(ann, gid)
    message = refused(post(ann, gid, "takeback"), 422, "takebacks_off", gid, 2)
    assert message == "Takebacks are off in this game."
    refused(post(ann, gid, "resign", {"now": 1}), 400, "invalid_input", gid, 2)
    bad = ann.post("/api/v1/games/", {"game": "race", "players": 2, "table": {"takebacks": "always"}},
                   format="json")
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "invalid_input"


def test_a_random_draw_cannot_be_taken_back(player_client):
    ann, bob = player_client("ann"), player_client("bob")
    gid = table_game([ann, bob], table={"takebacks": "ask"})
    refused(post(ann, gid, "takeback"), 422, "nothing_to_take_back", gid, 1)
    rolled = ann.post(f"/api/v1/games/{gid}/moves/", {"expected_version": 1, "move": {"type": "roll"}},
                      format="json")
    assert rolled.status_code == 201
    message = refused(post(ann, gid, "takeback"), 422, "takeback_not_allowed", gid, 2)
    assert message == ("This move cannot be taken back: ann's move drew a random outcome (a die, a card or a "
                       "tile from the bag).")


def test_a_takeback_asked_and_accepted_restores_the_state_and_replays(player_client, client):
    ann, bob = player_client("ann"), player_client("bob")
    gid = table_game([ann, bob], table={"takebacks": "ask"})
    before = ann.get(f"/api/v1/games/{gid}/state/?version=1").json()["view"]
    step(ann, gid, steps=2)
    refused(post(bob, gid, "takeback"), 422, "nothing_to_take_back", gid, 2)
    refused(post(bob, gid, "takeback/answer", {"accept": True}), 409, "no_takeback_request", gid, 2)
    asked = post(ann, gid, "takeback").json()
    assert [e["type"] for e in asked["events"]] == ["TakebackRequested"]
    assert asked["events"][0]["description"] == "ann asked to take back their last move."
    assert asked["table"]["takeback"]["to_version"] == 1 and asked["table"]["takeback"]["asked"] == [1]
    refused(post(ann, gid, "takeback"), 409, "takeback_pending", gid, 3)
    refused(post(ann, gid, "takeback/answer", {"accept": True}), 403, "own_request", gid, 3)
    refused(post(bob, gid, "takeback/answer", {}), 400, "invalid_input", gid, 3)
    accepted = post(bob, gid, "takeback/answer", {"accept": True}).json()
    assert [e["type"] for e in accepted["events"]] == ["TakebackAccepted", "MovesTakenBack"]
    taken = accepted["events"][1]
    assert taken["description"] == ("ann's last move was taken back (3 events undone; the game is as it was "
                                    "at version 1).")
    # While the game runs the restored state is shown as its digest only.
    assert "state" not in taken["payload"] and len(taken["payload"]["state_sha256"]) == 64
    assert accepted["to_move"] == [0] and accepted["version"] == 5
    assert ann.get(f"/api/v1/games/{gid}/state/").json()["view"] == before
    # Replay: every version is the fold of the events before it, the move still in the log.
    assert ann.get(f"/api/v1/games/{gid}/state/?version=2").json()["view"]["totals"] == [2, 0]
    assert ann.get(f"/api/v1/games/{gid}/state/?version=5").json()["view"] == before
    assert log_types(gid) == ["RaceStarted", "Stepped", "TakebackRequested", "TakebackAccepted", "MovesTakenBack"]
    verified(gid)
    # The game goes on from there, and verifies to its end.
    step(ann, gid, steps=1)
    assert Game.objects.get(pk=gid).state["totals"] == [1, 0]
    post(ann, gid, "resign")
    verified(gid)
    events = client.get(f"/api/v1/games/{gid}/events/").json()["events"]
    assert events[4]["payload"]["state"]["totals"] == [0, 0]      # revealed once over


def test_a_refused_takeback_changes_nothing_in_the_game(player_client):
    ann, bob = player_client("ann"), player_client("bob")
    gid = table_game([ann, bob], table={"takebacks": "ask"})
    step(ann, gid)
    post(ann, gid, "takeback")
    answer = post(bob, gid, "takeback/answer", {"accept": False}).json()
    assert [e["description"] for e in answer["events"]] == ["bob refused the takeback."]
    assert Game.objects.get(pk=gid).state["totals"] == [2, 0] and answer["to_move"] == [1]
    # A move since the request makes a new one lapse.
    post(ann, gid, "takeback")
    step(bob, gid)
    refused(post(bob, gid, "takeback/answer", {"accept": True}), 409, "no_takeback_request", gid, 6)
    verified(gid)


def test_an_automatic_takeback_is_granted_at_once(player_client):
    ann, bob = player_client(), player_client()
    gid = table_game([ann, bob], table={"takebacks": "automatic"})
    step(ann, gid)
    data = post(ann, gid, "takeback").json()
    assert [e["type"] for e in data["events"]] == ["MovesTakenBack"] and data["to_move"] == [0]
    # After bob's move, undoing ann's move would undo bob's too: he is asked.
    step(ann, gid)
    step(bob, gid)
    asked = post(ann, gid, "takeback").json()
    assert [e["type"] for e in asked["events"]] == ["TakebackRequested"]
    accepted = post(bob, gid, "takeback/answer", {"accept": True}).json()
    assert Game.objects.get(pk=gid).state["totals"] == [0, 0] and accepted["to_move"] == [0]
    verified(gid)


def test_a_forged_takeback_state_is_caught_by_the_offline_verifier(player_client):
    ann, bob = player_client(), player_client()
    gid = table_game([ann, bob], table={"takebacks": "automatic"})
    step(ann, gid)
    post(ann, gid, "takeback")
    post(ann, gid, "resign")
    data = export_game(Game.objects.get(pk=gid), reveal=True)
    assert verify_export(data).ok
    forged = next(row for row in data["events"] if row["type"] == "MovesTakenBack")
    forged["payload"]["state"]["totals"] = [0, 5]
    # A forger who controls the whole log re-hashes it (scheme 1: no seed-keyed seal to forge).
    from tests.store.test_verify_branches import rechain
    data["game"]["hash_scheme"] = 1
    for row in data["events"]:
        row.pop("sealed", None)
    verdict = verify_export(rechain(data))
    assert not verdict.ok and "the state it restores is not the state at version 1" in verdict.message


def test_momiji_hides_cards_so_its_moves_are_not_taken_back(player_client):
    ann, bob = player_client("ann"), player_client("bob")
    gid = table_game([ann, bob], slug="momiji", options={}, table={"takebacks": "ask"})
    game = Game.objects.get(pk=gid)
    mover = [ann, bob][game.to_move[0]]
    legal = mover.get(f"/api/v1/games/{gid}/legal-moves/").json()["moves"]
    assert mover.post(f"/api/v1/games/{gid}/moves/", {"expected_version": game.version, "move": legal[0]},
                      format="json").status_code == 201
    version = Game.objects.get(pk=gid).version
    message = refused(post(mover, gid, "takeback"), 422, "takeback_not_allowed", gid, version)
    assert message.startswith("This move cannot be taken back: ")


def test_medina_a_perfect_information_game_takes_a_move_back(player_client):
    ann, bob = player_client("ann"), player_client("bob")
    gid = table_game([ann, bob], slug="medina", options={}, table={"takebacks": "ask"})
    game = Game.objects.get(pk=gid)
    start_state, start_version = game.state, game.version
    mover, other = ([ann, bob] if game.to_move == [0] else [bob, ann])
    legal = mover.get(f"/api/v1/games/{gid}/legal-moves/").json()["moves"]
    moved = mover.post(f"/api/v1/games/{gid}/moves/", {"expected_version": game.version, "move": legal[0]},
                       format="json").json()
    assert any(mover.user.username in e["description"] for e in moved["events"]), moved["events"]
    post(mover, gid, "takeback")
    accepted = post(other, gid, "takeback/answer", {"accept": True}).json()
    assert accepted["events"][-1]["type"] == "MovesTakenBack"
    assert accepted["events"][-1]["payload"]["to_version"] == start_version
    assert Game.objects.get(pk=gid).state == start_state
    verified(gid)


# -- the next game -------------------------------------------------------------------------------

def test_the_next_game_is_the_one_that_waited_longest(player_client, client):
    ann, bob = player_client(), player_client()
    assert client.get("/api/v1/me/next-game/").status_code == 401
    none = ann.get("/api/v1/me/next-game/")
    assert none.status_code == 404 and none.json()["error"]["code"] == "no_game_waiting"
    first = table_game([ann, bob])        # ann to move since its setup
    second = table_game([bob, ann])       # bob to move
    third = table_game([ann, bob])        # ann to move, since later
    answer = ann.get("/api/v1/me/next-game/").json()
    assert answer["game"]["id"] == first and answer["your_seat"] == 0 and answer["waiting"] == 2
    step(ann, first)
    assert ann.get("/api/v1/me/next-game/").json()["game"]["id"] == third
    step(bob, second)                     # now ann waits in second too, since after third began
    assert ann.get("/api/v1/me/next-game/").json()["game"]["id"] == third
    step(ann, third)
    assert ann.get("/api/v1/me/next-game/").json()["game"]["id"] == second
    post(ann, second, "resign")
    assert ann.get("/api/v1/me/next-game/").status_code == 404


# -- names ---------------------------------------------------------------------------------------

def test_seats_and_descriptions_name_players_and_bots_by_level(player_client):
    ann = player_client("ann")
    gid = table_game([ann], slug="medina", options={}, bots=[1])
    game = game_json(ann, gid)
    assert [seat["name"] for seat in game["seats"]] == ["ann", "Bot (basic)"]
    events = ann.get(f"/api/v1/games/{gid}/events/").json()["events"]
    text = " ".join(event["description"] for event in events)
    assert ("ann" in text or "Bot (basic)" in text) and "Player " not in text and "Seat " not in text
