"""Simultaneous rounds, the game end and the final scoring ("Spielende und Wertung")."""
import pytest

from games.catalog.soleils import RULES_BY_VERSION
from games.engine import IllegalMove

from tests.games.soleils.helpers import cells, fill, new_game, play, turn

RULES = RULES_BY_VERSION[1]   # the step-by-step rules; version 2 sends the steps as one move


def test_everybody_moves_at_once_and_the_round_closes_with_the_last():
    state = new_game(3, dice=(2, 4, 5))
    assert RULES.to_move(state) == {0, 1, 2}
    state, events = play(state, 1, {"type": "write", "cell": "hut4-t", "value": 4})
    assert [e.type for e in events] == ["ChoiceMade"]
    assert RULES.to_move(state) == {0, 2}
    assert RULES.legal_moves(state, 1) == []
    with pytest.raises(IllegalMove) as error:
        RULES.decide(state, 1, {"type": "sun_only", "value": 2}, None)
    assert error.value.code == "not_your_turn"
    # the choice is pending: the sheet itself changes only when the round closes
    assert cells(state, 1)["hut4-t"] is None
    state, _ = play(state, 2, {"type": "sun_only", "value": 2})
    state, events = play(state, 0, {"type": "write", "cell": "hut4-t", "value": 5})
    assert [e.type for e in events] == ["ChoiceMade", "RoundResolved", "DiceRolled"]
    resolved = events[1].payload
    assert resolved["moves"] == [[{"type": "write", "cell": "hut4-t", "value": 5}],
                                 [{"type": "write", "cell": "hut4-t", "value": 4}],
                                 [{"type": "sun_only", "value": 2}]]
    assert resolved["sun_totals"] == [4, 5, 2]
    assert [cells(state, s)["hut4-t"] for s in range(3)] == [5, 4, None]
    assert [state["sheets"][s]["sun"] for s in range(3)] == [[4], [5], [2]]
    assert RULES.to_move(state) == {0, 1, 2}
    assert state["round"] == 2


def test_a_seat_with_follow_up_steps_stays_to_move():
    state = new_game(2, dice=(3, 5, 1))
    state, _ = play(state, 0, {"type": "write", "cell": "hut2-t", "value": 5})
    state, _ = play(state, 1, {"type": "sun_only", "value": 1})
    assert RULES.to_move(state) == {0}              # seat 0 still has its crab
    state, events = play(state, 0, {"type": "crab_skip"})
    assert events[-2].type == "RoundResolved"


def test_game_ends_after_the_round_a_sun_total_reaches_62():
    state = fill(new_game(2, dice=(4, 5, 6)), 0, {}, sun=[50, 58])
    state, events = play(state, 0, {"type": "sun_only", "value": 6})      # 64
    assert [e.type for e in events] == ["ChoiceMade"]   # seat 1 still plays this round
    state, events = play(state, 1, {"type": "sun_only", "value": 4})
    assert [e.type for e in events] == ["ChoiceMade", "RoundResolved", "GameEnded"]
    assert events[-1].payload["reason"] == "sun"
    assert RULES.to_move(state) == set()
    assert RULES.legal_moves(state, 0) == []
    assert RULES.outcome(state) is not None
    with pytest.raises(IllegalMove) as error:
        RULES.decide(state, 0, {"type": "sun_only", "value": 4}, None)
    assert error.value.code == "game_over"


def test_reaching_exactly_62_scores_its_starfish_and_ends():
    state = fill(new_game(1, dice=(4, 5, 6)), 0, {}, sun=[50, 58])
    state, events = play(state, 0, {"type": "sun_only", "value": 4})      # 62
    assert events[-1].type == "GameEnded"
    assert RULES.outcome(state).scores == [3]


def test_game_ends_after_round_20():
    state = new_game(1, dice=(1, 2, 3), round_number=19)
    state, events = play(state, 0, {"type": "sun_only", "value": 1})
    assert events[-1].type == "DiceRolled" and state["round"] == 20
    state, events = play(state, 0, {"type": "sun_only", "value": 1})
    assert events[-1].type == "GameEnded"
    assert events[-1].payload == {"reason": "rounds", "round": 20}


def finished(players, sheets):
    """A finished game whose sheets are given as {seat: (cells, sun)}."""
    state = new_game(players, dice=(1, 1, 1))
    for seat, (values, sun) in sheets.items():
        fill(state, seat, values, sun)
    state["finished"] = True
    state["end_reason"] = "rounds"
    return state


GULLS = {"gull-1": 6, "gull-2": 5, "gull-3": 4, "gull-4": 3, "gull-5": 2, "gull-6": 1}  # 3 stars, 1 shell
BOTTLES = {"bottle-1": 1, "bottle-2": 1, "bottle-3": 1}   # 1 star, 2 shells, pearl bottle-1


def test_score_adds_starfish_pearls_and_shell_majority():
    state = finished(3, {
        0: (GULLS, [12, 32]),          # 3 + 2 starfish; shells 1 + 1 = 2
        1: (BOTTLES, [10]),            # 1 starfish + 1 pearl; shells 2
        2: ({"hut1-t": 1}, [12]),      # 1 pearl; shell 1
    })
    outcome = RULES.outcome(state)
    # shells 2, 2, 1: seats 0 and 1 share the majority and both score 5
    assert outcome.scores == [5 + 5, 2 + 5, 1]
    assert outcome.ranks == [1, 2, 3]
    assert [d["shell_majority"] for d in outcome.details] == [5, 5, 0]
    assert outcome.details[1]["pearls"] == 1
    assert any("Most shells (2)" in note for note in outcome.notes)


def test_tied_totals_share_the_victory():
    state = finished(3, {0: (GULLS, []), 1: (GULLS, []), 2: ({}, [])})
    outcome = RULES.outcome(state)
    assert outcome.scores == [8, 8, 0]
    assert outcome.ranks == [1, 1, 3]
    assert outcome.winners == [0, 1]
    assert any("share the victory" in note for note in outcome.notes)


def test_no_shells_no_majority():
    state = finished(2, {0: ({"hut1-t": 1}, []), 1: ({}, [])})
    outcome = RULES.outcome(state)
    assert outcome.scores == [1, 0]
    assert [d["shell_majority"] for d in outcome.details] == [0, 0]


def test_solo_player_with_a_shell_has_the_majority():
    state = finished(1, {0: ({}, [12])})
    assert RULES.outcome(state).scores == [5]
    assert RULES.outcome(finished(1, {0: ({}, [11])})).scores == [0]


def test_pending_choices_are_written_by_the_resolution_only():
    state = new_game(2, dice=(3, 3, 6))
    state, _ = play(state, 0, {"type": "write", "cell": "koi1-4", "value": 3})
    assert turn(state, 0).cells["koi1-4"] == 3 and cells(state, 0)["koi1-4"] is None
    state, _ = play(state, 1, {"type": "sun_only", "value": 6})
    assert cells(state, 0)["koi1-4"] == 3


def test_options_are_checked():
    assert RULES.check_options(2, {}) == {"sailboat_rule": "row_all_different"}
    for bad in ({"sailboat_rule": "any"}, {"colour": "red"}):
        with pytest.raises(IllegalMove) as error:
            RULES.check_options(2, bad)
        assert error.value.code == "invalid_options"
    with pytest.raises(IllegalMove):
        RULES.check_options(7, {})


def test_adjacent_sailboat_option_in_play():
    state = fill(new_game(1, dice=(1, 2, 4), options={"sailboat_rule": "adjacent_different"}),
                 0, {"boat1-1": 2})
    assert {"type": "write", "cell": "boat1-3", "value": 2} in RULES.legal_moves(state, 0)
    state = fill(new_game(1, dice=(1, 2, 4)), 0, {"boat1-1": 2})
    assert {"type": "write", "cell": "boat1-3", "value": 2} not in RULES.legal_moves(state, 0)


def test_describe_gives_one_line_per_event():
    state = new_game(2, dice=(2, 4, 5))
    _, events = play(state, 0, {"type": "write", "cell": "hut4-t", "value": 4})
    assert RULES.describe(events[0], 0) == "You chose: wrote a 4 into hut4-t (pearl 2)."
    hidden = RULES.redact(events[0], 1)
    assert RULES.describe(hidden, 1) == "Player 1 made a secret choice for round 1."
