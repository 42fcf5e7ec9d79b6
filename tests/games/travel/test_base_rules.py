"""The base game: components, setup, the five actions, hand limit, empty hand, deck."""
from collections import Counter

from games.catalog.travel import RULES
from games.catalog.travel import components as C
from games.engine.harness import Table

from tests.games.travel.helpers import build, hand, play, refused, types

P = "passport-canada"
Q = "passport-brazil"


# -- components (SEED counts) ---------------------------------------------------

def test_component_counts_match_the_rulebook():
    assert len(C.COUNTRIES) == 13
    assert len(C.cards_of_category("item")) == 32
    assert len(C.cards_of_category("passport")) == 12
    assert len(C.cards_of_category("event")) == 4
    assert len(C.cards_of_category("special")) == 9
    assert len(C.cards_of_category("forbidden")) == 3
    assert len(C.cards_of_category("postcard")) == 6
    assert len(C.CHARACTERS) == 6
    # the white cards plus the expansion cards make a 52-card deck and two jokers
    assert 32 + 4 + 9 + 3 + 6 == 54


def test_every_country_needs_three_different_items_that_exist():
    uses = Counter()
    for country, data in C.COUNTRIES.items():
        assert len(set(data["needs"])) == 3, country
        assert set(data["needs"]) <= set(C.ITEM_KINDS)
        uses.update(data["needs"])
    assert set(uses) == set(C.ITEM_KINDS)
    assert all(2 <= count <= 3 for count in uses.values())


def test_capital_distances():
    assert round(C.distance_km("France", "Germany")) in range(870, 890)   # Paris-Berlin ~878 km
    assert C.distance_km("Spain", "Italy") < C.distance_km("Spain", "Japan")


# -- setup ------------------------------------------------------------------------

def test_setup_deals_a_passport_and_three_items_and_countries():
    for players in range(2, 7):
        table = Table(RULES, players, {}, seed=players)
        state = table.state
        assert len(state["deck"]) == 32 - 3 * players
        assert len(set(state["country"] + [state["center"]])) == players + 1
        for seat in range(players):
            kinds = [C.category(card) for card in state["hands"][seat]]
            assert sorted(kinds) == ["item", "item", "item", "passport"]


def test_expansion_cards_go_into_the_draw_pile_after_the_hands_are_dealt():
    options = {"events": True, "special_items": True, "forbidden_items": True, "postcards": True}
    table = Table(RULES, 3, options, seed=5)
    state = table.state
    assert len(state["deck"]) + sum(len(h) for h in state["hands"]) == 32 + 3 + 4 + 9 + 3 + 6
    for seat in range(3):   # starting hands hold only items (and the passport)
        assert {C.category(card) for card in state["hands"][seat]} == {"item", "passport"}


def test_characters_are_dealt_face_up_one_each():
    table = Table(RULES, 4, {"characters": True}, seed=1)
    chars = table.state["characters"]
    assert len(set(chars)) == 4 and set(chars) <= set(C.CHARACTERS)
    assert RULES.view(table.state, None)["characters"] == chars


def test_the_player_closest_to_the_shared_country_starts():
    for seed in range(8):
        table = Table(RULES, 4, {}, seed=seed)
        state = table.state
        km = [C.distance_km(country, state["center"]) for country in state["country"]]
        assert state["current"] == km.index(min(km))


def test_a_tie_for_the_closest_country_is_broken_at_random():
    from games.catalog.travel.rules import first_player
    from games.engine.rng import rng_for_testing

    km = [round(C.distance_km(country, "Mexico")) for country in ("France", "Norway", "Japan")]
    assert km[0] == km[1] < km[2]            # Paris and Oslo: both 9196 km from Mexico City
    picks = {first_player(km, "closest", rng_for_testing(seed)) for seed in range(12)}
    assert picks == {0, 1}


def test_random_first_player_option():
    firsts = {Table(RULES, 4, {"first_player": "random"}, seed=seed).state["current"] for seed in range(16)}
    assert len(firsts) > 1


def test_bad_options_are_refused():
    refusals = [{"events": "yes"}, {"first_player": "youngest"}, {"jokers": True}]
    for options in refusals:
        try:
            RULES.check_options(3, options)
        except Exception as error:
            assert error.code == "invalid_options"
        else:
            raise AssertionError(options)
    try:
        RULES.check_options(7, {})
    except Exception as error:
        assert error.code == "invalid_player_count"


# -- draw, hand limit, empty hand, reshuffle -------------------------------------------

def test_draw_takes_the_top_card_and_ends_the_turn():
    state = build([[P, "camera-1"], [Q]], deck=["map-1", "map-2", "bicycle-1"])
    state, events = play(state, 0, {"type": "draw"})
    assert hand(state, 0) == ["camera-1", "map-1", P]
    assert state["deck"] == ["map-2", "bicycle-1"]
    assert types(events) == ["CardDrawn", "TurnEnded", "TurnStarted"]
    assert state["current"] == 1


def test_drawing_with_a_full_hand_then_discarding_down_to_seven():
    full = [P, "camera-1", "camera-2", "guidebook-1", "guidebook-2", "phrasebook-1", "map-1"]
    state = build([full, [Q]], deck=["map-2", "bicycle-1"])
    state, events = play(state, 0, {"type": "draw"})
    assert len(state["hands"][0]) == 8
    assert state["discards_due"] == {"0": 1}
    assert RULES.to_move(state) == {0}
    assert types(events)[-1] == "HandLimitReached"
    refused(state, 0, {"type": "discard", "cards": ["map-1", "map-2"]}, "wrong_count")
    refused(state, 1, {"type": "draw"}, "not_your_turn")
    state, events = play(state, 0, {"type": "discard", "cards": ["map-2"]})
    assert len(state["hands"][0]) == 7 and state["discard"] == ["map-2"]
    assert state["current"] == 1 and types(events)[-1] == "TurnStarted"


def test_empty_hand_draws_three_at_the_start_of_the_turn():
    state = build([[P, "camera-1"], []], deck=["map-1", "map-2", "bicycle-1", "bicycle-2"])
    state, events = play(state, 0, {"type": "draw"})
    assert hand(state, 1) == ["bicycle-1", "bicycle-2", "map-2"]
    assert state["current"] == 1 and state["step"] == "action"
    assert types(events).count("CardDrawn") == 4


def test_the_discard_pile_becomes_the_new_deck_when_the_last_card_is_drawn():
    state = build([[P], [Q]], deck=["map-1"], discard=["camera-1", "camera-2", "sun_hat-1"])
    state, events = play(state, 0, {"type": "draw"})
    assert "DeckReshuffled" in types(events)
    assert sorted(state["deck"]) == ["camera-1", "camera-2", "sun_hat-1"]
    assert state["discard"] == []


# -- recycle ---------------------------------------------------------------------------

def test_recycle_pays_two_and_takes_any_card_from_the_discard_pile():
    state = build([[P, "map-1", "bicycle-1", "umbrella-1"], [Q]],
                  discard=["camera-1", "sun_hat-1", "guidebook-1"])
    state, _ = play(state, 0, {"type": "recycle", "pay": ["map-1", "bicycle-1"], "take": "sun_hat-1"})
    assert hand(state, 0) == [P, "sun_hat-1", "umbrella-1"]
    assert state["discard"] == ["camera-1", "guidebook-1", "bicycle-1", "map-1"]   # paid cards go on top


def test_recycle_cannot_take_back_a_card_just_paid_and_needs_two_cards():
    state = build([[P, "map-1", "bicycle-1"], [Q]], discard=["camera-1"])
    refused(state, 0, {"type": "recycle", "pay": ["map-1", "bicycle-1"], "take": "map-1"})
    refused(state, 0, {"type": "recycle", "pay": ["map-1"], "take": "camera-1"}, "illegal_recycle")
    state2 = build([[P, "map-1", "bicycle-1"], [Q]], discard=[])
    assert not [m for m in RULES.legal_moves(state2, 0) if m["type"] == "recycle"]


def test_pay_order_does_not_matter():
    state = build([[P, "map-1", "bicycle-1"], [Q]], discard=["camera-1"])
    a = RULES.decide(state, 0, {"type": "recycle", "pay": ["map-1", "bicycle-1"], "take": "camera-1"}, None)
    b = RULES.decide(state, 0, {"type": "recycle", "pay": ["bicycle-1", "map-1"], "take": "camera-1"}, None)
    assert a == b


# -- steal -----------------------------------------------------------------------------

def test_steal_pays_a_card_and_takes_a_random_card():
    state = build([[P, "map-1"], [Q, "camera-1", "sun_hat-1"]])
    state, events = play(state, 0, {"type": "steal", "target": 1, "pay": "map-1"})
    assert state["discard"] == ["map-1"]
    stolen = next(e for e in events if e.type == "StealResolved").payload["card"]
    assert stolen in (Q, "camera-1", "sun_hat-1")
    assert stolen in state["hands"][0] and stolen not in state["hands"][1]
    assert len(state["hands"][0]) == 2 and len(state["hands"][1]) == 2


def test_steal_needs_a_victim_with_cards_and_a_card_to_pay():
    state = build([[P], [], ["map-1"]], players=3)
    refused(state, 0, {"type": "steal", "target": 1, "pay": P})
    assert {"type": "steal", "target": 2, "pay": P} in RULES.legal_moves(state, 0)
    empty = build([[], [Q]])
    assert not [m for m in RULES.legal_moves(empty, 0) if m["type"] == "steal"]


# -- travel ----------------------------------------------------------------------------

def test_travel_to_your_own_country():
    items = ["camera-1", "guidebook-1", "phrasebook-1"]
    state = build([[P, *items, "map-1"], [Q]], deck=["bicycle-1", "bicycle-2"])
    state, events = play(state, 0, {"type": "travel", "country": "France", "cards": items})
    declared = next(e for e in events if e.type == "TravelDeclared")
    assert sorted(declared.payload["hand"]) == sorted([P, *items, "map-1"])   # the hand is shown
    assert hand(state, 0) == ["bicycle-1", "map-1", P]                         # passport kept, one drawn
    assert state["visited"][0] and state["country"][0] is None
    assert state["discard"] == sorted(items)
    assert state["winner"] is None and state["current"] == 1


def test_travel_needs_every_item_and_a_passport_of_any_nation():
    items = ["camera-1", "guidebook-1", "phrasebook-1"]
    no_passport = build([[*items], [Q]])
    refused(no_passport, 0, {"type": "travel", "country": "France", "cards": items}, "no_passport")
    foreign = build([["passport-egypt", *items], [Q]])
    play(foreign, 0, {"type": "travel", "country": "France", "cards": items})
    missing = build([[P, "camera-1", "guidebook-1", "map-1"], [Q]])
    refused(missing, 0, {"type": "travel", "country": "France", "cards": ["camera-1", "guidebook-1", "map-1"]},
            "items_missing")


def test_the_shared_country_only_after_your_own():
    items = ["sunglasses-1", "camera-1", "sun_hat-1"]
    state = build([[P, *items], [Q]])
    refused(state, 0, {"type": "travel", "country": "Italy", "cards": items}, "wrong_country")
    after = build([[P, *items], [Q]], visited=[0])
    state, events = play(after, 0, {"type": "travel", "country": "Italy", "cards": items})
    assert types(events)[-1] == "GameWon"
    assert state["winner"] == 0 and RULES.to_move(state) == set()
    outcome = RULES.outcome(state)
    assert outcome.ranks == [1, 2] and outcome.winners == [0] and outcome.scores == [1, 0]
    assert outcome.notes == ["Player 1 was the first to travel to Italy.",
                             "The rules rank only the winner; every other player shares second place."]
    assert [d["reached_center"] for d in outcome.details] == [True, False]
    assert [d["own_country_visited"] for d in outcome.details] == [True, False]
    assert [d["character"] for d in outcome.details] == state["characters"]


def test_every_legal_travel_option_is_listed():
    state = build([[P, "camera-1", "camera-2", "guidebook-1", "phrasebook-1"], [Q]])
    travels = [m["cards"] for m in RULES.legal_moves(state, 0) if m["type"] == "travel"]
    assert travels == [["camera-1", "guidebook-1", "phrasebook-1"],
                       ["camera-2", "guidebook-1", "phrasebook-1"]]


def test_turn_order_is_clockwise():
    state = build([[P], [Q], ["passport-peru"]], players=3, current=2)
    state, _ = play(state, 2, {"type": "draw"})
    assert state["current"] == 0
