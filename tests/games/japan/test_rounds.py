"""The 13 rounds: deals, passing, walks, exploring and day bonuses (seed lines 304-326, 355-424)."""
import json

from games.catalog.japan import BOTS, RULES
from games.engine.harness import Table
from tests.games.japan.helpers import give, new_game, play


def advance_to(table, round_number):
    while table.state["round"] < round_number:
        table.bot_move(min(RULES.to_move(table.state)), BOTS["best"])


def test_rounds_1_to_4_deal_one_tokyo_and_one_kyoto_card():
    table = Table(RULES, 3, {}, seed=1)
    for seat in table.state["seats"]:
        assert sorted(c[0] for c in seat["hand"]) == ["K", "T"]
        assert seat["plays_left"] == 1


def test_the_card_not_kept_goes_to_the_left_neighbour_face_down():
    state = new_game(3)
    state, _ = play(state, 0, {"type": "place", "card": "T1", "day": "mon", "position": 0})
    state, _ = play(state, 1, {"type": "place", "card": "K2", "day": "tue", "position": 0})
    state, events = play(state, 2, {"type": "place", "card": "T3", "day": "mon", "position": 0})
    assert [e.type for e in events] == ["ChoiceMade", "RoundClosed", "RoundStarted"]
    assert state["round"] == 2
    assert state["seats"][1]["stack"] == ["K1"]
    assert state["seats"][2]["stack"] == ["T2"]
    assert state["seats"][0]["stack"] == ["K3"]
    # The stack is not seen by its owner until the round that takes it.
    assert RULES.view(state, 1)["private"]["stack_size"] == 1
    assert "\"K1\"" not in json.dumps(RULES.view(state, 1))


def test_round_5_takes_the_stack_of_four_and_round_8_passes_right():
    table = Table(RULES, 3, {}, seed=2)
    advance_to(table, 5)
    for seat in table.state["seats"]:
        assert len(seat["hand"]) == 4 and seat["stack"] == [] and seat["plays_left"] == 2
        assert sum(len(c) for c in seat["plan"]) == 4
    advance_to(table, 8)
    hands = [list(seat["hand"]) for seat in table.state["seats"]]
    assert all(len(hand) == 4 for hand in hands)
    before = [list(seat["stack"]) for seat in table.state["seats"]]
    advance_to(table, 9)
    # In round 9 each seat holds what its neighbours passed: 2 from the left-hand one
    # (round 7) and 2 from the right-hand one (round 8).
    for seat in range(3):
        hand = set(table.state["seats"][seat]["hand"])
        assert len(hand) == 4
        kept_from_8 = hand - set(before[seat])
        assert kept_from_8 <= set(hands[(seat + 1) % 3])   # the right-hand neighbour passed them


def test_round_13_names_a_deck_before_seeing_the_stack():
    table = Table(RULES, 2, {}, seed=3)
    advance_to(table, 13)
    seat = table.state["seats"][0]
    assert seat["phase"] == "draw" and seat["hand"] == [] and len(seat["stack"]) == 1
    assert RULES.legal_moves(table.state, 0) == [{"type": "draw", "city": "tokyo"}, {"type": "draw", "city": "kyoto"}]
    assert RULES.view(table.state, 0)["private"]["hand"] == []
    table.play(0, {"type": "draw", "city": "kyoto"})
    hand = table.state["seats"][0]["hand"]
    assert len(hand) == 2 and hand[-1][0] == "K"


def test_a_walk_discards_the_card_draws_face_down_and_gives_an_exploration_marker():
    state = new_game(2)
    state, events = play(state, 0, {"type": "walk", "card": "T1", "city": "kyoto", "day": "wed", "position": 0})
    seat = state["seats"][0]
    assert seat["explore"] == 1
    assert "T1" in state["discard"]
    walk = seat["plan"][2][0]
    assert walk["city"] == "kyoto" and walk["walk"][0] == "K"
    # Hidden from everyone, the owner included.
    assert f"\"{walk['walk']}\"" not in json.dumps(RULES.view(state, 0))
    assert f"\"{walk['walk']}\"" not in json.dumps(RULES.redact(events[0], 0).to_json())
    # The marker may be used this very round: the seat ends its round by choice.
    assert seat["phase"] == "finish"
    assert {"type": "pass"} in RULES.legal_moves(state, 0)


def test_exploring_draws_three_then_discards_three():
    state = new_game(2)
    give(state, 0, explore=1)
    state, events = play(state, 0, {"type": "explore", "tokyo": 2})
    hand = state["seats"][0]["hand"]
    assert len(hand) == 5 and sorted(c[0] for c in hand[2:]) == ["K", "T", "T"]
    assert state["seats"][0]["phase"] == "discard"
    assert RULES.legal_moves(state, 0) == [{"type": "discard", "card": c} for c in sorted(hand)]
    for c in hand[:3]:
        state, _ = play(state, 0, {"type": "discard", "card": c})
    assert len(state["seats"][0]["hand"]) == 2 and state["seats"][0]["explore"] == 0
    assert state["seats"][0]["phase"] == "play"


def test_third_card_with_three_matches_offers_every_bonus_up_to_a_luxury_ticket_or_bonus_walk():
    state = new_game(2, hands=[["T9", "K1"], ["T2", "K2"]])     # Monday's symbol: temple
    give(state, 0, plan=[["T3", "T5"], [], [], [], [], []])      # two temple icons already
    state, _ = play(state, 0, {"type": "place", "card": "T9", "day": "mon", "position": 1})
    seat = state["seats"][0]
    assert seat["phase"] == "bonus" and seat["bonus_tier"] == 3
    moves = RULES.legal_moves(state, 0)
    assert {m["bonus"] for m in moves} == {"mood", "explore", "joker", "luxury", "walk"}
    assert len([m for m in moves if m["bonus"] == "walk"]) == 2 * 4
    state, _ = play(state, 0, {"type": "bonus", "bonus": "walk", "city": "tokyo", "position": 3})
    column = state["seats"][0]["plan"][0]
    assert len(column) == 4 and column[3]["bonus"] and state["seats"][0]["explore"] == 0
    # The day is closed now.
    assert not any(m.get("day") == "mon" for m in RULES.legal_moves(state, 0))


def test_two_matches_offer_explorations_or_a_joker_and_one_match_moves_the_mood_at_once():
    state = new_game(2, hands=[["T10", "K1"], ["T2", "K2"]])
    give(state, 0, plan=[["T3", "T20"], [], [], [], [], []])     # one temple so far
    state, _ = play(state, 0, {"type": "place", "card": "T10", "day": "mon", "position": 0})
    moves = RULES.legal_moves(state, 0)
    assert moves == [{"type": "bonus", "bonus": b} for b in ("mood", "explore", "joker")]
    state, _ = play(state, 0, {"type": "bonus", "bonus": "explore"})
    assert state["seats"][0]["explore"] == 2

    state = new_game(2, hands=[["T20", "K1"], ["T2", "K2"]])
    give(state, 0, plan=[["T3", "T48"], [], [], [], [], []], mood=2)
    state, _ = play(state, 0, {"type": "place", "card": "T20", "day": "mon", "position": 2})
    seat = state["seats"][0]
    assert seat["phase"] != "bonus"
    assert (seat["mood"], seat["joy"]) == (0, 1)     # the joy end: joy +1 and back to the centre


def test_happiness_day_counts_both_green_icons_and_a_face_down_walk():
    state = new_game(2, hands=[["K61", "T1"], ["T2", "K2"]])    # Saturday: happiness
    give(state, 0, plan=[[], [], [], [], [], [{"walk": "T40", "city": "tokyo", "bonus": False}, "T36"]])
    state, _ = play(state, 0, {"type": "place", "card": "K61", "day": "sat", "position": 2})
    # walk 1 + T36 cheap 1 + K61 relax 2 = 4 matches: tier 3
    assert state["seats"][0]["bonus_tier"] == 3


def test_illegal_moves_are_refused_with_reasons():
    import pytest

    from games.engine import IllegalMove

    state = new_game(2)
    give(state, 0, plan=[["T3", "T5", "T7"], [], [], [], [], []])
    cases = [
        ({"type": "place", "card": "T80", "day": "tue", "position": 0}, "not in your hand"),
        ({"type": "place", "card": "T1", "day": "mon", "position": 0}, "already has its three cards"),
        ({"type": "place", "card": "T1", "day": "tue", "position": 2}, "position 0 to 0"),
        ({"type": "explore", "tokyo": 1}, "no exploration marker"),
        ({"type": "pass"}, "still have cards"),
        ({"type": "ticket", "kind": "start"}, "trip"),
    ]
    for move, words in cases:
        with pytest.raises(IllegalMove) as error:
            RULES.decide(state, 0, move, None)
        assert words in error.value.message, (move, error.value.message)
