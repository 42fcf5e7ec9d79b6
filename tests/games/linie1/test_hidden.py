"""Hidden information: line and route cards and the face-down tiles."""

from games.catalog.linie1 import RULES, BOTS
from games.engine.harness import Table, play_game


def secrets_of(state, seat):
    return state["lines"][seat], state["routes"][seat]


def test_a_view_shows_only_the_own_line_and_route():
    t = Table(RULES, 4, {}, seed=5)
    for seat in range(4):
        view = RULES.view(t.state, seat)
        for other, player in enumerate(view["players"]):
            if other == seat:
                assert (player["line"], player["stops"]) == secrets_of(t.state, seat)
            else:
                assert player["line"] is None and player["stops"] is None and player["terminals"] is None
        assert "pile" not in view and view["pile_size"] == len(t.state["pile"])
        # hands lie face up
        assert [p["hand"] for p in view["players"]] == t.state["hands"]
    spectator = RULES.view(t.state, None)
    assert all(p["line"] is None and p["stops"] is None for p in spectator["players"])


def test_the_setup_event_is_redacted_for_every_seat_and_spectators():
    t = Table(RULES, 3, {}, seed=2)
    setup = t.game.batches[0].events[0]
    for seat in [0, 1, 2, None]:
        payload = RULES.redact(setup, seat).payload
        assert payload["pile"] is None and payload["pile_size"] == len(setup.payload["pile"])
        for other in range(3):
            if other == seat:
                assert payload["routes"][other] == setup.payload["routes"][other]
                assert payload["lines"][other] == setup.payload["lines"][other]
            else:
                assert payload["routes"][other] is None and payload["lines"][other] is None
                assert payload["route_cards"][other] is None
    assert setup.payload["pile"] is not None          # the stored event keeps everything


def test_no_event_of_a_game_carries_a_secret_before_it_is_revealed():
    game = play_game(RULES, 3, {}, seed=4, bots=[BOTS["best"]] * 3)
    secret_keys = {"line", "lines", "stops", "routes", "route_cards", "pile"}
    for seat in [0, 1, 2, None]:
        for event in game.events:
            payload = RULES.redact(event, seat).payload
            if event.type == "GameSetUp":
                assert payload["pile"] is None
                assert [payload["routes"][s] is None for s in range(3)] == [s != seat for s in range(3)]
            elif event.type == "TripStarted":
                continue            # the driver reveals line and route on purpose
            else:
                assert not secret_keys & set(payload), event


def test_a_started_trip_and_a_finished_game_reveal_the_cards():
    game = play_game(RULES, 2, {}, seed=1, bots=[BOTS["best"]] * 2)
    view = RULES.view(game.state, 0)
    assert [p["stops"] for p in view["players"]] == game.state["routes"]
    assert [p["line"] for p in view["players"]] == game.state["lines"]
    assert view["pile"] == game.state["pile"]
