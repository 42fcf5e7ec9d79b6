"""The end of the game (seed line 56, rulings 7-8), the solo game and the Nature's
Spirit variant (rulings 12, 18)."""
import pytest

from games.catalog.harmonies import RULES
from games.catalog.harmonies import components as C
from tests.games.harmonies.helpers import give_tokens, hold, refused, set_board, space, table, types

ALL_BUT = ["a1", "a2", "a3", "a4", "a5", "b1", "b2", "b3", "b4", "c1", "c2", "c3", "c4",
           "c5", "d1", "d2", "d3", "d4", "e1", "e2", "e3", "e4", "e5"]


def _fill_all_but(t, seat, keep):
    set_board(t, seat, {name: "F" for name in ALL_BUT if name not in keep})


def _place_all(t, seat, names):
    for colour, name in zip(list(t.state["turn"]["hand"]), names):
        t.play(seat, {"type": "place_token", "colour": colour, "space": space("A", name)})


def test_a_nearly_full_board_ends_the_game_after_the_round():
    t = table(3, current=0)
    _fill_all_but(t, 0, ["a1", "a2", "a3", "a4", "a5"])
    t.play(0, {"type": "take_tokens", "space": 0})
    _place_all(t, 0, ["a1", "a2", "a3"])                  # two empty spaces left
    events = t.play(0, {"type": "end_turn"})
    assert "EndTriggered" in types(events) and "GameEnded" not in types(events)
    assert t.state["end_trigger"] == {"reasons": ["board_full"], "seat": 0}
    for seat in (1, 2):                                    # the round is finished
        t.play(seat, {"type": "take_tokens", "space": 1})
        _place_all(t, seat, ["c3", "d3", "e3"])
        events = t.play(seat, {"type": "end_turn"})
    assert types(events)[-1] == "GameEnded"
    assert RULES.outcome(t.state) is not None and RULES.to_move(t.state) == set()


def test_three_empty_spaces_do_not_end_the_game():
    t = table(2, current=0)
    _fill_all_but(t, 0, ["a1", "a2", "a3", "a4", "a5", "b1"])
    t.play(0, {"type": "take_tokens", "space": 0})
    _place_all(t, 0, ["a1", "a2", "a3"])
    assert "EndTriggered" not in types(t.play(0, {"type": "end_turn"}))


def test_the_last_seat_of_the_round_ending_its_board_ends_at_once():
    t = table(2, current=1)
    t.state["first"] = 0
    _fill_all_but(t, 1, ["a1", "a2", "a3", "a4", "a5"])
    t.play(1, {"type": "take_tokens", "space": 0})
    _place_all(t, 1, ["a1", "a2", "a3"])
    assert types(t.play(1, {"type": "end_turn"}))[-2:] == ["TurnEnded", "GameEnded"]


def test_the_pouch_that_cannot_refill_ends_the_game_after_the_round():
    t = table(2, current=0)
    t.state["pouch"] = {colour: 0 for colour in C.COLOURS}
    t.state["pouch"]["red"] = 2
    t.play(0, {"type": "take_tokens", "space": 0})
    _place_all(t, 0, ["a1", "a2", "a3"])
    events = t.play(0, {"type": "end_turn"})
    assert types(events) == ["CentralRefilled", "EndTriggered", "TurnEnded"]
    assert events[0].payload["tokens"] == ["red", "red"]           # what was left
    assert events[1].payload["reasons"] == ["pouch_empty"]
    t.play(1, {"type": "take_tokens", "space": 1})
    _place_all(t, 1, ["a1", "a2", "a3"])
    assert types(t.play(1, {"type": "end_turn"}))[-1] == "GameEnded"
    assert "pouch" in RULES.outcome(t.state).notes[0]


def test_solo_clears_and_refills_the_whole_central_board():
    t = table(1)
    t.play(0, {"type": "take_tokens", "space": 1})
    _place_all(t, 0, ["a1", "a2", "a3"])
    before = sum(t.state["pouch"].values())
    events = t.play(0, {"type": "end_turn"})
    assert types(events) == ["CentralCleared", "CentralRefilled", "CentralRefilled",
                             "CentralRefilled", "TurnEnded"]
    assert sum(t.state["pouch"].values()) == before - 9           # the six left went out
    assert all(len(tokens) == 3 for tokens in t.state["central"])
    assert t.state["current"] == 0


def test_solo_may_discard_a_displayed_card_when_it_took_none():
    t = table(1)
    shown = list(t.state["display"])
    t.play(0, {"type": "take_tokens", "space": 0})
    _place_all(t, 0, ["a1", "a2", "a3"])
    assert {"type": "end_turn", "discard": shown[1]} in RULES.legal_moves(t.state, 0)
    events = t.play(0, {"type": "end_turn", "discard": shown[1]})
    assert types(events)[0] == "CardDiscarded"
    assert shown[1] not in t.state["display"] and shown[1] not in t.state["deck"]
    assert len(t.state["display"]) == 3
    t = table(1)
    t.play(0, {"type": "take_card", "card": t.state["display"][0], "place": 0})
    t.play(0, {"type": "take_tokens", "space": 0})
    _place_all(t, 0, ["a1", "a2", "a3"])
    refused(t, 0, {"type": "end_turn", "discard": t.state["display"][0]}, "no_discard")
    assert [m for m in RULES.legal_moves(t.state, 0) if m["type"] == "end_turn"] == [{"type": "end_turn"}]
    t = table(2)
    t.play(0, {"type": "take_tokens", "space": 0})
    _place_all(t, 0, ["a1", "a2", "a3"])
    refused(t, 0, {"type": "end_turn", "discard": t.state["display"][0]}, "no_discard")


def test_solo_ends_when_the_pouch_cannot_fill_the_three_spaces():
    t = table(1)
    t.state["pouch"] = {colour: 0 for colour in C.COLOURS}
    t.state["pouch"]["blue"] = 3
    t.play(0, {"type": "take_tokens", "space": 0})
    _place_all(t, 0, ["a1", "a2", "a3"])
    assert types(t.play(0, {"type": "end_turn"}))[-2:] == ["TurnEnded", "GameEnded"]
    outcome = RULES.outcome(t.state)
    assert "suns" in outcome.details[0] and "sun" in outcome.notes[-1]


def test_spirit_cards_are_dealt_two_each_and_one_is_kept_on_the_first_turn():
    t = table(4, spirits=True)
    deals = t.state["spirit_deal"]
    assert all(len(deal) == 2 for deal in deals)
    assert len({card for deal in deals for card in deal}) == 8
    assert all(card in C.SPIRIT_IDS for deal in deals for card in deal)
    keep, give_back = deals[0]
    moves = RULES.legal_moves(t.state, 0)
    assert {"type": "choose_spirit", "card": keep} in moves
    t.play(0, {"type": "take_tokens", "space": 0})
    _place_all(t, 0, ["a1", "a2", "a3"])
    assert {"type": "end_turn"} not in RULES.legal_moves(t.state, 0)
    refused(t, 0, {"type": "end_turn"}, "spirit_not_chosen")
    refused(t, 0, {"type": "choose_spirit", "card": deals[1][0]}, "spirit_not_dealt")
    events = t.play(0, {"type": "choose_spirit", "card": keep})
    assert events[0].payload["returned"] == give_back
    assert t.state["spirit"][0] == {"card": keep, "placed": 0}
    assert t.state["places"][0][0] == {"card": keep, "cubes": 1, "placed": 0}
    refused(t, 0, {"type": "choose_spirit", "card": give_back}, "spirit_chosen")
    t.play(0, {"type": "end_turn"})


def test_the_spirit_card_counts_toward_the_four_places_until_its_cube_is_placed():
    t = table(2, spirits=True)
    t.state["spirit_deal"][0] = []
    t.state["spirit"][0] = {"card": 42, "placed": 0}
    hold(t, 0, 42, place=0)
    for card in (1, 2, 3):
        hold(t, 0, card)
    card = t.state["display"][0]
    refused(t, 0, {"type": "take_card", "card": card, "place": 0}, "places_full")
    # spirit of the springs: M2 - W* - W
    set_board(t, 0, {"c2": "MM", "c3": "W", "c4": "W", "e5": "W"})
    before = RULES.scores(t.state)[0]["spirit"]
    t.play(0, {"type": "place_cube", "card": 42, "space": space("A", "c3")})
    assert before == 0
    assert t.state["spirit"][0] == {"card": 42, "placed": 1}
    assert t.state["places"][0][0] is None
    assert RULES.scores(t.state)[0]["spirit"] == 2 * 3
    assert RULES.scores(t.state)[0]["animal_cubes"] == 0
    t.play(0, {"type": "take_card", "card": card, "place": 0})


def test_no_spirit_moves_without_the_variant():
    t = table(2)
    refused(t, 0, {"type": "choose_spirit", "card": 33}, "no_spirits")
    assert not [m for m in RULES.legal_moves(t.state, 0) if m["type"] == "choose_spirit"]
    give_tokens(t, [])
    t.state["turn"]["taken"] = 0
    assert {"type": "end_turn"} in RULES.legal_moves(t.state, 0)


# -- the outcome's words, given the scoring's result (pure logic) -----------------------------
def _outcome(monkeypatch, totals, cubes, **state):
    import copy as _copy

    rows = [{"total": total, "animal_cubes": cube} for total, cube in zip(totals, cubes)]
    monkeypatch.setattr(type(RULES), "scores", lambda self, _state: _copy.deepcopy(rows))
    base = {"phase": "over", "solo": False, "side": "A", "spirit": [None] * len(totals),
            "end_trigger": {"seat": 1, "reasons": ["pouch_empty", "board_full"]}}
    return RULES.outcome({**base, **state})


def test_both_end_conditions_are_named_and_ties_go_to_the_most_animal_cubes(monkeypatch):
    outcome = _outcome(monkeypatch, [50, 50, 42], [3, 5, 9])
    assert outcome.ranks == [2, 1, 3]
    assert outcome.notes == [
        "The game ended: the pouch could not refill the central board and Player 2's board had two or fewer "
        "empty spaces.",
        "Tied scores are broken by the most animal cubes placed; players still tied share the rank."]
    outcome = _outcome(monkeypatch, [50, 49], [3, 5], end_trigger={"seat": 0, "reasons": ["board_full"]})
    assert outcome.notes == ["The game ended: Player 1's board had two or fewer empty spaces."]


@pytest.mark.parametrize("spirit, side, suns", [
    (None, "B", 3),                          # no spirit card: +2
    ({"card": 33, "placed": 0}, "B", 2),     # a spirit card that counts groups: +1
    ({"card": 35, "placed": 0}, "B", 1),     # one that counts landscapes: +0
    ({"card": 35, "placed": 0}, "A", 2),     # side A: +1
])
def test_the_solo_result_in_suns(monkeypatch, spirit, side, suns):
    # 40 points reach the first threshold of the solo table: one sun before the bonuses.
    outcome = _outcome(monkeypatch, [40], [0], solo=True, side=side, spirit=[spirit],
                       end_trigger={"seat": 0, "reasons": ["board_full"]})
    assert outcome.details[0]["suns"] == suns
    assert outcome.notes[-1] == f"Solo result: {suns} sun{'s' if suns != 1 else ''}."
    assert outcome.notes[-1] == {1: "Solo result: 1 sun.", 2: "Solo result: 2 suns.",
                                 3: "Solo result: 3 suns."}[suns]


def test_a_view_is_a_copy_that_cannot_change_the_game():
    import copy as _copy

    from games.engine.harness import Table

    state = Table(RULES, 2, {"spirits": True}, 3).state
    state["end_trigger"] = {"seat": 0, "reasons": ["board_full"]}
    before = _copy.deepcopy(state)
    for seat in (0, None):
        view = RULES.view(state, seat)
        view["end_trigger"]["reasons"].append("pouch_empty")
        view["central"][0].append("red")
        view["boards"][0][0]["stack"].append("red")
        view["spirit"] = None
    assert state == before
