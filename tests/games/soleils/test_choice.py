"""Rules version 2: a round's whole choice is one move and one hidden event, so the
others cannot tell a one-step choice from one with a crab, a frog hat or a question mark."""
import copy
import json

import jsonschema
import pytest

from games.catalog.soleils import RULES, RULES_BY_VERSION
from games.engine import Event, IllegalMove
from games.engine.rng import rng_for_testing

V1 = RULES_BY_VERSION[1]

# Dice 3, 5, 1 (rule text: one die picks the cell by its pearl, one is written, the
# third feeds the sun). hut2-t has pearl 3 and a crab; the crab copies the 5 into
# hut2-b, which holds a frog hat, so the sun value is then chosen freely.
THREE_STEPS = [{"type": "write", "cell": "hut2-t", "value": 5}, {"type": "crab", "cell": "hut2-b"},
               {"type": "sun", "value": 6}]
ONE_STEP = [{"type": "sun_only", "value": 5}]


def new_game(players, dice=(3, 5, 1)):
    state = RULES.evolve(RULES.initial_state(), Event("GameStarted", {
        "players": players, "options": RULES.check_options(players, {})}))
    return RULES.evolve(state, Event("DiceRolled", {"round": 1, "dice": list(dice)}))


def play(state, seat, steps):
    events = RULES.decide(state, seat, {"type": "choice", "steps": steps}, rng_for_testing(0))
    state = copy.deepcopy(state)          # evolve works in place; keep the caller's state
    for event in events:
        state = RULES.evolve(state, event)
    return state, events


def test_a_three_step_choice_is_one_event_and_the_seat_is_done_at_once():
    state, events = play(new_game(3), 0, THREE_STEPS)
    assert [event.type for event in events] == ["ChoiceMade"]
    assert events[0].payload == {"seat": 0, "round": 1, "steps": THREE_STEPS}
    assert RULES.to_move(state) == {1, 2}
    own = RULES.turn_of(state, 0)
    assert own.cells["hut2-t"] == 5 and own.cells["hut2-b"] == 5 and own.sun == [6]


def test_outsiders_see_a_three_step_and_a_one_step_choice_alike():
    state, long_choice = play(new_game(3), 0, THREE_STEPS)
    state, short_choice = play(state, 1, ONE_STEP)
    for outsider in (2, None):
        long_seen = RULES.redact(long_choice[0], outsider).to_json()
        short_seen = RULES.redact(short_choice[0], outsider).to_json()
        assert long_seen == {"type": "ChoiceMade", "payload": {"seat": 0, "round": 1, "hidden": True}}
        assert short_seen == {"type": "ChoiceMade", "payload": {"seat": 1, "round": 1, "hidden": True}}
        assert (RULES.describe(Event(**long_seen), outsider).replace("Player 1", "X")
                == RULES.describe(Event(**short_seen), outsider).replace("Player 2", "X"))
        view = RULES.view(state, outsider)
        first, second = view["players"][0], view["players"][1]
        assert {k: v for k, v in first.items() if k != "seat"} == {k: v for k, v in second.items() if k != "seat"}
        assert first["cells"]["hut2-t"] is None and first["cells"]["hut2-b"] is None and first["sun"] == []
    assert RULES.to_move(state) == {2}


def test_the_round_closes_with_every_choice_revealed():
    state, _ = play(new_game(2), 0, THREE_STEPS)
    state, events = play(state, 1, ONE_STEP)
    assert [event.type for event in events] == ["ChoiceMade", "RoundResolved", "DiceRolled"]
    assert events[1].payload["moves"] == [THREE_STEPS, ONE_STEP]
    assert state["sheets"][0]["cells"]["hut2-b"] == 5 and state["sheets"][0]["sun"] == [6]
    assert state["sheets"][1]["sun"] == [5]


@pytest.mark.parametrize("steps,code", [
    (THREE_STEPS[:2], "incomplete_choice"),                     # the frog hat's sun value is missing
    (THREE_STEPS + [{"type": "sun", "value": 2}], "too_many_steps"),
    ([THREE_STEPS[0], {"type": "crab", "cell": "hut4-t"}, THREE_STEPS[2]], "not_adjacent"),
    ([{"type": "crab_skip"}], "wrong_step"),
    ([], "invalid_move"),
])
def test_a_choice_that_is_not_a_whole_legal_turn_is_refused(steps, code):
    state = new_game(2)
    frozen = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalMove) as error:
        RULES.decide(state, 0, {"type": "choice", "steps": steps}, rng_for_testing(0))
    assert error.value.code == code and error.value.message
    assert json.dumps(state, sort_keys=True) == frozen


def test_legal_moves_are_the_complete_paths_through_the_steps():
    state = new_game(1)
    choices = RULES.legal_moves(state, 0)
    assert {"type": "choice", "steps": THREE_STEPS} in choices
    assert {"type": "choice", "steps": ONE_STEP} in choices
    assert {"type": "choice", "steps": THREE_STEPS[:2]} not in choices
    # Every one is accepted and ends the turn; the first steps are version 1's first steps.
    for choice in choices:
        after, _ = play(state, 0, choice["steps"])
        assert RULES.to_move(after) == set() or after["round"] == 2
    assert sorted({json.dumps(c["steps"][0]) for c in choices}) == sorted(
        json.dumps(m) for m in V1.legal_moves(state, 0))
    # The seat's own view offers the steps possible now, to build a choice from.
    assert RULES.view(state, 0)["your_turn"]["step_moves"] == V1.legal_moves(state, 0)


def test_the_schema_takes_a_choice_and_not_a_bare_step():
    schema = RULES.move_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.validate({"type": "choice", "steps": THREE_STEPS}, schema)
    for bad in (THREE_STEPS[0], {"type": "choice"}, {"type": "choice", "steps": [{"type": "pass"}]}):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(bad, schema)


def test_version_1_keeps_its_step_moves():
    state = V1.evolve(V1.initial_state(), Event("GameStarted", {"players": 3, "options": V1.check_options(3, {})}))
    state = V1.evolve(state, Event("DiceRolled", {"round": 1, "dice": [3, 5, 1]}))
    events = V1.decide(state, 0, THREE_STEPS[0], rng_for_testing(0))
    assert [e.type for e in events] == ["ChoiceMade"] and events[0].payload["move"] == THREE_STEPS[0]


@pytest.mark.parametrize("players", [1, 3, 6])
def test_random_version_2_games_keep_the_protocol(players):
    from games.engine.testing import check_game_properties

    game = check_game_properties(RULES, players, {}, seed=players)
    assert RULES.outcome(game.state) is not None
    choices = [e for b in game.batches for e in b.events if e.type == "ChoiceMade"]
    assert choices and all("steps" in e.payload for e in choices)
