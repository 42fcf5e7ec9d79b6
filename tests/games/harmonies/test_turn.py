"""A turn move by move: tokens, stacking, cards, cubes, the end of the turn (seed
lines 31-49, rulings 1, 2, 10-14)."""
import pytest

from games.catalog.harmonies import RULES
from games.catalog.harmonies import components as C
from tests.games.harmonies.helpers import give_tokens, hold, refused, set_board, space, table, types


def test_setup_fills_the_central_board_display_and_pouch():
    for players, spaces, shown in ((1, 3, 3), (2, 5, 5), (4, 5, 5)):
        t = table(players)
        state = t.state
        assert len(state["central"]) == spaces
        assert all(len(tokens) == 3 for tokens in state["central"])
        on_board = {c: sum(tokens.count(c) for tokens in state["central"]) for c in C.COLOURS}
        assert {c: state["pouch"][c] + on_board[c] for c in C.COLOURS} == C.TOKEN_COUNTS
        assert sum(C.TOKEN_COUNTS.values()) == 120
        assert sum(state["pouch"].values()) == 120 - 3 * spaces
        assert len(state["display"]) == shown and len(state["deck"]) == 32 - shown
        assert state["reserve"] == 66
        assert len(state["boards"]) == players and all(len(b) == 23 for b in state["boards"])
    assert all(len(b) == 28 for b in table(3, side="B").state["boards"])


def test_the_first_player_is_drawn_at_random():
    firsts = {RULES.fold(RULES.setup(4, {}, _rng(seed)))["first"] for seed in range(12)}
    assert len(firsts) > 1


def _rng(seed):
    from games.engine.rng import rng_for_testing

    return rng_for_testing(seed)


def test_options_are_checked():
    from games.engine import IllegalMove

    for bad in ({"side": "C"}, {"spirits": "yes"}, {"colour": 1}):
        with pytest.raises(IllegalMove) as error:
            RULES.check_options(2, bad)
        assert error.value.code == "invalid_options"
    with pytest.raises(IllegalMove):
        RULES.check_options(5, {})


def test_take_tokens_then_place_each_and_end_the_turn():
    t = table(2)
    tokens = list(t.state["central"][2])
    events = t.play(0, {"type": "take_tokens", "space": 2})
    assert types(events) == ["TokensTaken"] and t.state["turn"]["hand"] == tokens
    assert t.state["central"][2] == []
    refused(t, 0, {"type": "take_tokens", "space": 1}, "tokens_taken")
    refused(t, 0, {"type": "end_turn"}, "tokens_left")
    for number, colour in enumerate(tokens):
        t.play(0, {"type": "place_token", "colour": colour, "space": [0, 5, 9][number]})
    refused(t, 0, {"type": "place_token", "colour": tokens[0], "space": 3}, "token_not_held")
    deck = len(t.state["deck"])
    events = t.play(0, {"type": "end_turn"})
    assert types(events) == ["CentralRefilled", "TurnEnded"]
    assert len(t.state["central"][2]) == 3 and t.state["current"] == 1
    assert len(t.state["deck"]) == deck                      # no card taken: display full


def test_nothing_happens_before_the_tokens_are_taken():
    t = table(2)
    refused(t, 0, {"type": "place_token", "colour": "blue", "space": 0}, "no_tokens_taken")
    refused(t, 0, {"type": "end_turn"}, "no_tokens_taken")
    refused(t, 1, {"type": "take_tokens", "space": 0}, "not_your_turn")
    t.state["central"][3] = []
    refused(t, 0, {"type": "take_tokens", "space": 3}, "central_space_empty")
    refused(t, 0, {"type": "take_tokens", "space": 7}, "no_such_space")


@pytest.mark.parametrize("below,colour", [
    ("", "blue"), ("", "yellow"), ("", "red"), ("", "green"), ("", "grey"), ("", "brown"),
    ("M", "grey"), ("MM", "grey"), ("T", "brown"), ("T", "green"), ("TT", "green"),
    ("M", "red"), ("T", "red"), ("R", "red"),
])
def test_allowed_stacks(below, colour):
    t = table(2)
    set_board(t, 0, {"c3": below} if below else {})
    give_tokens(t, [colour])
    t.play(0, {"type": "place_token", "colour": colour, "space": space("A", "c3")})
    assert t.state["boards"][0][space("A", "c3")][-1] == colour


@pytest.mark.parametrize("below,colour", [
    ("MMM", "grey"), ("TT", "brown"), ("TTG", "green"), ("G", "green"), ("TG", "brown"),
    ("W", "blue"), ("F", "yellow"), ("W", "grey"), ("F", "green"), ("G", "red"),
    ("MM", "red"), ("MR", "red"), ("TR", "grey"), ("M", "brown"), ("T", "grey"),
    ("R", "grey"), ("M", "green"), ("W", "red"), ("T", "blue"), ("M", "yellow"),
])
def test_refused_stacks_say_why(below, colour):
    t = table(2)
    set_board(t, 0, {"c3": below})
    give_tokens(t, [colour])
    message = refused(t, 0, {"type": "place_token", "colour": colour, "space": space("A", "c3")},
                      "illegal_stack")
    assert "c3" in message and colour in message
    assert {"type": "place_token", "colour": colour, "space": space("A", "c3")} \
        not in RULES.legal_moves(t.state, 0)


def test_never_on_a_cube():
    t = table(2)
    set_board(t, 0, {"c3": "M"}, cubes={"c3": 26})
    give_tokens(t, ["grey"])
    message = refused(t, 0, {"type": "place_token", "colour": "grey", "space": space("A", "c3")},
                      "illegal_stack")
    assert "cube" in message


def test_take_one_card_per_turn_to_a_free_place_and_fill_it_with_cubes():
    t = table(2)
    card = t.state["display"][0]
    other = t.state["display"][1]
    refused(t, 0, {"type": "take_card", "card": 99, "place": 0}, "card_not_displayed")
    t.play(0, {"type": "take_card", "card": card, "place": 2})
    assert t.state["places"][0][2] == {"card": card, "cubes": C.cubes_on(card), "placed": 0}
    assert t.state["reserve"] == 66 - C.cubes_on(card)
    assert card not in t.state["display"] and len(t.state["display"]) == 4
    refused(t, 0, {"type": "take_card", "card": other, "place": 1}, "card_taken")
    t.play(0, {"type": "take_tokens", "space": 0})
    for colour in list(t.state["turn"]["hand"]):
        empty = t.state["boards"][0].index([])
        t.play(0, {"type": "place_token", "colour": colour, "space": empty})
    events = t.play(0, {"type": "end_turn"})
    assert "DisplayRefilled" in types(events) and len(t.state["display"]) == 5


def test_places_full_taken_place_and_short_reserve_are_refused():
    t = table(2)
    card = t.state["display"][0]
    hold(t, 0, 1, place=0)
    assert "free one" in refused(t, 0, {"type": "take_card", "card": card, "place": 0}, "place_taken")
    for place in (1, 2, 3):
        hold(t, 0, 2 + place, place=place)
    message = refused(t, 0, {"type": "take_card", "card": card, "place": 1}, "places_full")
    assert "four" in message
    assert not [m for m in RULES.legal_moves(t.state, 0) if m["type"] == "take_card"]
    t = table(2)
    t.state["reserve"] = C.cubes_on(card) - 1
    assert "reserve" in refused(t, 0, {"type": "take_card", "card": card, "place": 0}, "reserve_short")


def test_cubes_leave_the_card_in_order_and_a_completed_card_frees_its_place():
    t = table(2)
    # eagle (M3*, F): two cubes, 5 then 11
    set_board(t, 0, {"c3": "MMM", "c2": "F", "a1": "MMM", "a2": "F"})
    hold(t, 0, 25, place=1)
    refused(t, 0, {"type": "place_cube", "card": 25, "space": space("A", "c2")}, "habitat_missing")
    t.play(0, {"type": "place_cube", "card": 25, "space": space("A", "c3")})
    assert t.state["places"][0][1]["placed"] == 1
    assert RULES.scores(t.state)[0]["animals"] == 5
    refused(t, 0, {"type": "place_cube", "card": 25, "space": space("A", "c3")}, "space_has_cube")
    events = t.play(0, {"type": "place_cube", "card": 25, "space": space("A", "a1")})
    assert events[0].payload["completed"]
    assert t.state["places"][0][1] is None
    assert t.state["done"][0] == [{"card": 25, "placed": 2}]
    assert RULES.scores(t.state)[0]["animals"] == 11
    refused(t, 0, {"type": "place_cube", "card": 25, "space": space("A", "a1")}, "card_not_held")


def test_cards_and_cubes_may_come_between_token_placements():
    t = table(2)
    set_board(t, 0, {"c2": "F"})
    card = 31                                    # butterfly: F*, T1
    t.state["display"][0] = card
    t.state["deck"] = sorted(set(C.ANIMAL_IDS) - set(t.state["display"]))
    give_tokens(t, ["green", "blue", "red"])
    t.play(0, {"type": "place_token", "colour": "green", "space": space("A", "c3")})
    t.play(0, {"type": "take_card", "card": card, "place": 0})
    assert {"type": "place_cube", "card": card, "space": space("A", "c2")} in RULES.legal_moves(t.state, 0)
    t.play(0, {"type": "place_cube", "card": card, "space": space("A", "c2")})
    t.play(0, {"type": "place_token", "colour": "blue", "space": space("A", "a1")})
    refused(t, 0, {"type": "place_token", "colour": "red", "space": space("A", "c2")}, "illegal_stack")
    t.play(0, {"type": "place_token", "colour": "red", "space": space("A", "e5")})
    t.play(0, {"type": "end_turn"})


def test_malformed_moves_get_clear_reasons():
    t = table(2)
    for move in ({}, {"type": "fly"}, {"type": ["x"]}, {"type": "take_tokens"},
                 {"type": "take_tokens", "space": "1"}, {"type": "take_tokens", "space": True},
                 {"type": "take_tokens", "space": 1, "extra": 2},
                 {"type": "place_token", "colour": "purple", "space": 1}):
        refused(t, 0, move, "malformed_move")
    assert "take_tokens" in refused(t, 0, "take_tokens", "malformed_move")
