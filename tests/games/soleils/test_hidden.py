"""A player's choices for the round stay secret until the round closes."""
import json

from games.catalog.soleils import RULES_BY_VERSION
from games.engine.harness import Table

from tests.games.soleils.helpers import new_game, play

RULES = RULES_BY_VERSION[1]   # the step-by-step rules; version 2 sends the steps as one move


def test_views_and_events_hide_another_seats_pending_choice():
    state = new_game(3, dice=(3, 3, 6))
    state, events = play(state, 0, {"type": "write", "cell": "koi1-4", "value": 3})
    secret = events[0]
    assert secret.payload["move"] == {"type": "write", "cell": "koi1-4", "value": 3}
    for seat in (1, 2, None):
        view = RULES.view(state, seat)
        assert view["players"][0]["cells"]["koi1-4"] is None
        assert view["players"][0]["sun"] == []
        if seat is None:
            assert view["your_turn"] is None
        else:
            assert view["your_turn"]["moves"] == []
            assert view["your_turn"]["cells"]["koi1-4"] is None
        redacted = RULES.redact(secret, seat)
        assert "move" not in redacted.payload
        assert "koi1-4" not in json.dumps(redacted.to_json())
    own = RULES.view(state, 0)
    assert own["your_turn"]["cells"]["koi1-4"] == 3
    assert own["your_turn"]["moves"] == [secret.payload["move"]]
    assert RULES.redact(secret, 0) == secret


def test_resolution_reveals_everything():
    state = new_game(2, dice=(3, 3, 6))
    state, _ = play(state, 0, {"type": "write", "cell": "koi1-4", "value": 3})
    state, events = play(state, 1, {"type": "sun_only", "value": 6})
    resolved = events[1]
    assert RULES.redact(resolved, 1) == resolved
    assert RULES.view(state, 1)["players"][0]["cells"]["koi1-4"] == 3


def test_no_view_leaks_pending_choices_in_random_games():
    """Whenever a seat has pending moves, no other seat's view or event shows them."""
    for seed in range(3):
        table = Table(RULES, 3, {}, seed=seed)
        while not table.over:
            state = table.state
            for owner in range(3):
                pending = state["moves"][owner]
                draft = RULES.turn_of(state, owner)
                written = [c for c in draft.cells if draft.cells[c] != state["sheets"][owner]["cells"][c]]
                for viewer in [s for s in range(3) if s != owner] + [None]:
                    view = RULES.view(state, viewer)
                    public = view["players"][owner]
                    assert public["cells"] == state["sheets"][owner]["cells"]
                    assert public["sun"] == state["sheets"][owner]["sun"]
                    if viewer is not None:
                        assert view["your_turn"]["moves"] == state["moves"][viewer]
                    for cell_id in written:
                        assert public["cells"][cell_id] is None
                assert pending == state["moves"][owner]
            seat = min(RULES.to_move(state))
            table.bot_move(seat)
        for batch in table.game.batches:
            for event in batch.events:
                if event.type == "ChoiceMade":
                    for viewer in [s for s in range(3) if s != event.payload["seat"]] + [None]:
                        assert "move" not in RULES.redact(event, viewer).payload


def test_version_2_shows_the_steps_possible_now_and_sends_them_as_one_move():
    rules = RULES_BY_VERSION[2]
    table = Table(rules, 3, {}, 5)
    state = table.state
    base = RULES.view(state, 0)
    view = rules.view(state, 0)
    assert view["started"] and view["you"] == 0 and view["players"] == base["players"]
    turn = view["your_turn"]
    assert "legal_moves" not in turn
    assert turn["step_moves"] == base["your_turn"]["legal_moves"] != []
    assert {k: v for k, v in turn.items() if k != "step_moves"} == \
        {k: v for k, v in base["your_turn"].items() if k != "legal_moves"}
    spectator = rules.view(state, None)
    assert spectator["your_turn"] is None and spectator["you"] is None
    assert spectator == {**view, "you": None, "your_turn": None}


def _outcome_of(monkeypatch, points_and_shells):
    # The shell majority's words, given each sheet's tally (pure logic over the tallies).
    import games.catalog.soleils.rules as soleils_rules

    tallies = [{"points": points, "shells": shells, "pearls": 0, "group_starfish": 0, "flag_starfish": 0,
                "sun_starfish": 0, "sun_total": 0, "completed_zones": []} for points, shells in points_and_shells]
    monkeypatch.setattr(soleils_rules, "tally", lambda sheet: tallies[sheet])
    return RULES.outcome({"finished": True, "sheets": list(range(len(tallies)))})


def test_the_most_shells_score_five_each_and_need_at_least_one(monkeypatch):
    # Seed: 5 starfish for the most shells, every tied holder scores them.
    outcome = _outcome_of(monkeypatch, [(20, 1), (22, 0), (18, 1)])
    assert outcome.scores == [25, 22, 23]
    assert outcome.notes == ["Most shells (1): Player 1, Player 3 scored 5 each."]
    outcome = _outcome_of(monkeypatch, [(20, 0), (22, 0)])
    assert outcome.scores == [20, 22] and outcome.notes == []
    assert [d["shell_majority"] for d in outcome.details] == [0, 0]
