"""The five expansions and every FAQ answer about them."""
from games.catalog.travel import RULES

from tests.games.travel.helpers import build, hand, offer, play, refused, types

P = "passport-canada"
Q = "passport-brazil"
R = "passport-peru"
FRANCE = ["camera-1", "guidebook-1", "phrasebook-1"]
EVENTS = {"events": True}
SPECIALS = {"special_items": True}
FORBIDDEN = {"forbidden_items": True}
POSTCARDS = {"postcards": True}


# -- events --------------------------------------------------------------------------

def test_an_event_is_played_at_once_and_replaced_by_the_next_card():
    state = build([[P], [Q]], deck=["airport_strike", "map-1", "map-2"], options=EVENTS)
    state, events = play(state, 0, {"type": "draw"})
    assert types(events)[:3] == ["EventRevealed", "StrikeCalled", "CardDrawn"]
    assert hand(state, 0) == ["map-1", P]
    assert state["discard"] == ["airport_strike"]


def test_airport_strike_stops_travel_until_the_drawers_next_turn():
    state = build([[P], [Q, *FRANCE]], deck=["airport_strike", "map-1", "map-2", "bicycle-1"],
                  countries=["Spain", "France"], options=EVENTS)
    state, _ = play(state, 0, {"type": "draw"})
    assert state["strike"] == 0
    refused(state, 1, {"type": "travel", "country": "France", "cards": FRANCE}, "strike")
    state, _ = play(state, 1, {"type": "draw"})
    assert state["strike"] is None                  # player 0's next turn has begun
    state, _ = play(state, 0, {"type": "draw"})
    play(state, 1, {"type": "travel", "country": "France", "cards": FRANCE})


def test_civil_unrest_passes_a_random_card_to_the_left():
    state = build([[P], [Q, "map-1"], [R, "camera-1"]], deck=["civil_unrest", "bicycle-1", "bicycle-2"],
                  options=EVENTS)
    state, events = play(state, 0, {"type": "draw"})
    passes = next(e for e in events if e.type == "CardsPassed").payload["passes"]
    assert [(g, r) for g, r, _card in passes] == [(0, 1), (1, 2), (2, 0)]
    assert passes[0][2] == P                         # player 0 held only a passport
    assert P in state["hands"][1]
    assert sum(len(h) for h in state["hands"]) == 6  # 5 cards + the replacement draw


def test_lost_luggage_never_loses_a_forbidden_item():
    state = build([[P], ["fireworks"], [R, "camera-1"]], deck=["lost_luggage", "bicycle-1", "bicycle-2"],
                  options={**EVENTS, **FORBIDDEN})
    state, events = play(state, 0, {"type": "draw"})
    losses = next(e for e in events if e.type == "LuggageLost").payload["losses"]
    assert [seat for seat, _card in losses] == [0, 2]
    assert state["hands"][1] == ["fireworks"]


def test_holiday_season_everyone_draws_starting_with_the_drawer():
    state = build([[P], [Q], [R]], deck=["holiday_season", "map-1", "map-2", "bicycle-1", "bicycle-2"],
                  options=EVENTS)
    state, events = play(state, 0, {"type": "draw"})
    draws = [(e.payload["seat"], e.payload["card"]) for e in events if e.type == "CardDrawn"]
    assert draws == [(0, "map-1"), (1, "map-2"), (2, "bicycle-1"), (0, "bicycle-2")]


def test_events_can_never_be_recycled():
    state = build([[P, "map-1", "bicycle-1"], [Q]], discard=["civil_unrest"], options=EVENTS)
    assert not [m for m in RULES.legal_moves(state, 0) if m["type"] == "recycle"]
    refused(state, 0, {"type": "recycle", "pay": ["bicycle-1", "map-1"], "take": "civil_unrest"},
            "event_not_recyclable")


# -- special items -------------------------------------------------------------------

def test_mouse_trap_foils_a_steal_and_ends_the_thiefs_turn():
    state = build([[P, "map-1"], [Q, "mouse_trap"]], options=SPECIALS)
    state, events = play(state, 0, {"type": "steal", "target": 1, "pay": "map-1"})
    assert state["step"] == "window" and RULES.to_move(state) == {1}
    assert RULES.legal_moves(state, 1) == [{"type": "mouse_trap"}, {"type": "pass"}]
    foiled, events = play(state, 1, {"type": "mouse_trap"})
    assert types(events)[:2] == ["StealFoiled", "TurnEnded"]
    assert hand(foiled, 1) == [Q] and hand(foiled, 0) == [P]
    assert foiled["discard"] == ["map-1", "mouse_trap"]        # the price stays paid
    assert foiled["current"] == 1
    # passing lets the steal happen
    allowed, events = play(state, 1, {"type": "pass"})
    assert "StealResolved" in types(events) and len(allowed["hands"][0]) == 2


def test_a_steal_window_opens_only_while_the_mouse_trap_may_be_in_a_hand():
    no_window = build([[P, "map-1"], [Q, "camera-1"]], discard=["mouse_trap"], options=SPECIALS)
    state, events = play(no_window, 0, {"type": "steal", "target": 1, "pay": "map-1"})
    assert "StealResolved" in types(events)
    base = build([[P, "map-1"], [Q, "camera-1"]])
    state, events = play(base, 0, {"type": "steal", "target": 1, "pay": "map-1"})
    assert "StealResolved" in types(events)
    # the window opens even without the card: otherwise the table would learn who holds it
    hidden = build([[P, "map-1"], [Q, "camera-1"]], options=SPECIALS)
    state, _ = play(hidden, 0, {"type": "steal", "target": 1, "pay": "map-1"})
    assert RULES.legal_moves(state, 1) == [{"type": "pass"}]


def test_cancelled_flight_cancels_a_journey_and_every_other_player_may_react():
    state = build([[P, *FRANCE], [Q], [R, "cancelled_flight"]], options=SPECIALS)
    state, events = play(state, 0, {"type": "travel", "country": "France", "cards": FRANCE})
    assert RULES.to_move(state) == {1, 2}
    state1, _ = play(state, 1, {"type": "pass"})
    assert RULES.to_move(state1) == {2}
    cancelled, events = play(state1, 2, {"type": "cancel_flight"})
    assert types(events)[:2] == ["TravelCancelled", "TurnEnded"]
    assert hand(cancelled, 0) == sorted([P, *FRANCE]) and not cancelled["visited"][0]
    assert cancelled["current"] == 1
    went, events = play(state1, 2, {"type": "pass"})
    assert went["visited"][0]


def test_moms_credit_card_replaces_one_item_but_never_a_passport():
    state = build([[P, "camera-1", "guidebook-1", "moms_credit_card"], [Q]], options=SPECIALS)
    cards = ["camera-1", "guidebook-1", "moms_credit_card"]
    state2, _ = play(state, 0, {"type": "travel", "country": "France", "cards": cards})
    assert state2["step"] == "window"            # player 1 may still cancel
    no_passport = build([["camera-1", "guidebook-1", "phrasebook-1", "moms_credit_card"], [Q]], options=SPECIALS)
    assert not [m for m in RULES.legal_moves(no_passport, 0) if m["type"] == "travel"]


def test_the_poorly_drawn_map_works_for_your_own_country_only():
    own = build([[P, "camera-1", "guidebook-1", "poorly_drawn_map"], [Q]], options=SPECIALS)
    assert {"type": "travel", "country": "France", "cards": ["camera-1", "guidebook-1", "poorly_drawn_map"]} \
        in RULES.legal_moves(own, 0)
    center = build([[P, "camera-1", "sun_hat-1", "poorly_drawn_map"], [Q]], visited=[0], options=SPECIALS)
    assert not [m for m in RULES.legal_moves(center, 0) if m["type"] == "travel"]


def test_local_tour_guide_looks_at_the_draw_pile_only():
    state = build([[P, "local_tour_guide"], [Q]], deck=["map-1", "civil_unrest", "camera-1", "bicycle-1"],
                  discard=["sun_hat-1"], options={**SPECIALS, **EVENTS})
    state, events = play(state, 0, {"type": "guide"})
    assert state["guide"]["cards"] == ["map-1", "civil_unrest", "camera-1"]
    assert RULES.legal_moves(state, 0) == [{"type": "guide_take", "card": "map-1"},
                                           {"type": "guide_take", "card": "camera-1"}]
    state, _ = play(state, 0, {"type": "guide_take", "card": "camera-1"})
    assert hand(state, 0) == ["camera-1", P]
    assert state["deck"] == ["map-1", "civil_unrest", "bicycle-1"]   # the rest back in order
    assert state["current"] == 1


def test_trading_post_swaps_cards_with_the_draw_pile():
    state = build([[P, "trading_post", "map-1", "map-2"], [Q]], deck=["camera-1", "camera-2", "bicycle-1"],
                  options=SPECIALS)
    state, _ = play(state, 0, {"type": "trading_post", "cards": ["map-1", "map-2"]})
    assert hand(state, 0) == ["camera-1", "camera-2", P]
    assert state["deck"] == ["bicycle-1", "map-1", "map-2"]


def test_sticky_fingers_duty_free_and_flea_market():
    state = build([[P, "sticky_fingers"], [Q]], options=SPECIALS)
    state, events = play(state, 0, {"type": "sticky_fingers", "target": 1})
    state, events = play(state, 1, {"type": "pass"})
    assert hand(state, 0) == [Q, P] and state["discard"] == ["sticky_fingers"]
    state = build([[P, "duty_free"], [Q]], deck=["map-1", "map-2", "bicycle-1"], options=SPECIALS)
    state, _ = play(state, 0, {"type": "duty_free"})
    assert hand(state, 0) == ["map-1", "map-2", P]
    state = build([[P, "flea_market"], [Q]], discard=["camera-1", "holiday_season"],
                  options={**SPECIALS, **EVENTS})
    assert [m for m in RULES.legal_moves(state, 0) if m["type"] == "flea_market"] == [
        {"type": "flea_market", "take": "camera-1"}]
    state, _ = play(state, 0, {"type": "flea_market", "take": "camera-1"})
    assert hand(state, 0) == ["camera-1", P]


# -- forbidden items --------------------------------------------------------------------

def test_no_travel_while_holding_a_forbidden_item():
    state = build([[P, *FRANCE, "exotic_pet"], [Q]], options=FORBIDDEN)
    refused(state, 0, {"type": "travel", "country": "France", "cards": FRANCE}, "forbidden_item")


def test_getting_rid_of_a_forbidden_item_costs_another_card_and_the_turn():
    state = build([[P, "exotic_pet", "fireworks", "map-1"], [Q]], options=FORBIDDEN)
    refused(state, 0, {"type": "dispose", "card": "exotic_pet", "extra": "fireworks"}, "illegal_dispose")
    state, events = play(state, 0, {"type": "dispose", "card": "exotic_pet", "extra": "map-1"})
    assert state["discard"] == ["exotic_pet", "map-1"] and state["current"] == 1
    lonely = build([["fireworks"], [Q]], options=FORBIDDEN)
    assert not [m for m in RULES.legal_moves(lonely, 0) if m["type"] == "dispose"]


def test_forbidden_items_never_pay_for_recycle_steal_or_the_hand_limit():
    state = build([[P, "exotic_pet", "map-1"], [Q]], discard=["camera-1"], options=FORBIDDEN)
    refused(state, 0, {"type": "recycle", "pay": ["exotic_pet", "map-1"], "take": "camera-1"}, "forbidden_item")
    refused(state, 0, {"type": "steal", "target": 1, "pay": "exotic_pet"}, "forbidden_item")
    full = [P, "exotic_pet", "fireworks", "smelly_cheese", "map-1", "map-2", "bicycle-1"]
    state = build([full, [Q]], deck=["camera-1", "camera-2"], options=FORBIDDEN)
    state, _ = play(state, 0, {"type": "draw"})
    assert all("exotic_pet" not in m["cards"] for m in RULES.legal_moves(state, 0))
    refused(state, 0, {"type": "discard", "cards": ["fireworks"]}, "forbidden_item")


def test_forbidden_items_can_be_stolen():
    state = build([[P, "map-1"], ["smelly_cheese"]], options=FORBIDDEN)
    state, _ = play(state, 0, {"type": "steal", "target": 1, "pay": "map-1"})
    assert "smelly_cheese" in state["hands"][0]


def test_the_smuggler_hands_over_forbidden_items_from_his_own_hand_only():
    state = build([[P, "fireworks"], [Q, "exotic_pet"], [R]], characters=["smuggler", "recycler", "diplomat"],
                  deck=["map-1", "map-2"], options={**FORBIDDEN, "characters": True})
    smuggles = [m for m in RULES.legal_moves(state, 0) if m["type"] == "smuggle"]
    assert {m["card"] for m in smuggles} == {P, "fireworks"}       # never player 1's exotic pet
    state, _ = play(state, 0, {"type": "smuggle", "card": "fireworks", "to": 2})
    assert "fireworks" in state["hands"][2] and hand(state, 0) == ["map-1", P]
    other = build([[P, "fireworks"], [Q]], characters=["recycler", "smuggler"],
                  options={**FORBIDDEN, "characters": True})
    refused(other, 0, {"type": "smuggle", "card": "fireworks", "to": 1}, "not_smuggler")


# -- postcards ---------------------------------------------------------------------------

def test_four_postcards_win_at_once():
    state = build([[P, "postcard-1", "postcard-2", "postcard-3"], [Q]], deck=["postcard-4", "map-1"],
                  options=POSTCARDS)
    state, events = play(state, 0, {"type": "draw"})
    assert types(events) == ["CardDrawn", "GameWon"]
    assert state["winner"] == 0 and state["win_reason"] == "postcards"
    outcome = RULES.outcome(state)
    assert outcome.winners == [0] and outcome.ranks == [1, 2]
    assert outcome.notes == ["Player 1 held four postcards and won at once.",
                             "The rules rank only the winner; every other player shares second place."]
    assert [d["postcards"] for d in outcome.details] == [4, 0]
    assert [d["reached_center"] for d in outcome.details] == [False, False]


def test_the_postcard_win_comes_outside_your_own_turn_too():
    state = build([[P, "postcard-4", "map-1"], [Q, "postcard-1", "postcard-2", "postcard-3"]], options=POSTCARDS)
    state, _ = offer(state, 0, 1, ["postcard-4"], ["passport"])
    state, events = play(state, 1, {"type": "accept"})
    assert types(events) == ["TradeCompleted", "GameWon"]
    assert state["winner"] == 1


def test_three_postcards_do_not_win():
    state = build([[P, "postcard-1", "postcard-2"], [Q]], deck=["postcard-3", "map-1"], options=POSTCARDS)
    state, _ = play(state, 0, {"type": "draw"})
    assert state["winner"] is None


# -- characters ------------------------------------------------------------------------------

def chars(*names, **kwargs):
    return {"characters": list(names), "options": {"characters": True, **kwargs.pop("options", {})}, **kwargs}


def test_backpacker_holds_eight():
    eight = [P, "camera-1", "camera-2", "guidebook-1", "guidebook-2", "phrasebook-1", "map-1"]
    state = build([eight, [Q]], deck=["map-2", "bicycle-1"], **chars("backpacker", "recycler"))
    state, _ = play(state, 0, {"type": "draw"})
    assert state["discards_due"] == {} and len(state["hands"][0]) == 8


def test_recycler_pays_one_card():
    state = build([[P, "map-1"], [Q]], discard=["camera-1"], **chars("recycler", "diplomat"))
    state, _ = play(state, 0, {"type": "recycle", "pay": ["map-1"], "take": "camera-1"})
    assert hand(state, 0) == ["camera-1", P]
    normal = build([[P, "map-1"], [Q]], discard=["camera-1"], **chars("diplomat", "recycler"))
    refused(normal, 0, {"type": "recycle", "pay": ["map-1"], "take": "camera-1"}, "illegal_recycle")


def test_diplomat_draws_two_bonus_cards_after_a_trade():
    state = build([[P, "map-1"], [Q, "camera-1"]], deck=["bicycle-1", "bicycle-2", "umbrella-1"],
                  **chars("diplomat", "recycler"))
    state, _ = offer(state, 0, 1, ["map-1"], ["camera"])
    state, _ = play(state, 1, {"type": "accept"})
    assert hand(state, 0) == ["bicycle-1", "bicycle-2", "camera-1", P]


def test_photographer_draws_two_after_travelling():
    state = build([[P, *FRANCE], [Q]], deck=["bicycle-1", "bicycle-2", "umbrella-1"],
                  **chars("photographer", "recycler"))
    state, _ = play(state, 0, {"type": "travel", "country": "France", "cards": FRANCE})
    assert hand(state, 0) == ["bicycle-1", "bicycle-2", P]


def test_con_artist_steals_for_free():
    state = build([[P], [Q]], **chars("con_artist", "recycler"))
    steals = [m for m in RULES.legal_moves(state, 0) if m["type"] == "steal"]
    assert steals == [{"type": "steal", "target": 1, "pay": None}]
    state, _ = play(state, 0, steals[0])
    assert hand(state, 0) == [Q, P] and state["discard"] == []


def test_characters_are_never_traded():
    state = build([[P, "map-1"], [Q, "camera-1"]], **chars("diplomat", "recycler"))
    state, _ = play(state, 0, {"type": "propose", "to": 1})
    assert not [m for m in RULES.legal_moves(state, 0) if m.get("kind") in ("diplomat", "recycler")]
    refused(state, 0, {"type": "offer_want", "kind": "recycler"})
