"""Trading: asynchronous offers, answers, counters, withdrawal, the bonus draw."""
from games.catalog.travel import RULES
from games.catalog.travel.components import MAX_OFFERS_PER_TURN

from tests.games.travel.helpers import build, hand, offer, play, play_all, refused, types

P = "passport-canada"
Q = "passport-brazil"


def two_players(**kwargs):
    return build([[P, "map-1", "bicycle-1", "umbrella-1"], [Q, "camera-1", "guidebook-1"]],
                 deck=["sun_hat-1", "sun_hat-2", "swimsuit-1"], **kwargs)


def test_an_accepted_trade_swaps_the_cards_and_the_active_player_draws_a_bonus():
    state, _ = offer(two_players(), 0, 1, ["map-1", "bicycle-1"], ["camera"])
    assert state["step"] == "offer" and RULES.to_move(state) == {1}
    state, events = play(state, 1, {"type": "accept"})
    assert types(events)[:3] == ["TradeCompleted", "CardDrawn", "TurnEnded"]
    assert hand(state, 0) == ["camera-1", P, "sun_hat-1", "umbrella-1"]   # sun_hat-1 is the bonus card
    assert hand(state, 1) == ["bicycle-1", "guidebook-1", "map-1", Q]       # 2 for 1 is fine
    assert state["current"] == 1


def test_three_for_two():
    state = build([[P, "map-1", "bicycle-1", "umbrella-1"], [Q, "camera-1", "guidebook-1"]])
    state, _ = offer(state, 0, 1, ["map-1", "bicycle-1", "umbrella-1"], ["camera", "guidebook"])
    state, _ = play(state, 1, {"type": "accept"})
    assert {"camera-1", "guidebook-1"} <= set(state["hands"][0])
    assert {"map-1", "bicycle-1", "umbrella-1"} <= set(state["hands"][1])


def test_a_refused_offer_costs_nothing_and_the_turn_goes_on():
    before = two_players()
    state, _ = offer(before, 0, 1, ["map-1"], ["camera"])
    state, events = play(state, 1, {"type": "reject"})
    assert types(events) == ["OfferRejected"]
    assert state["hands"] == before["hands"] and state["current"] == 0
    assert state["step"] == "action" and RULES.to_move(state) == {0}
    state, _ = play(state, 0, {"type": "draw"})          # another action is still possible
    assert state["current"] == 1


def test_the_offer_can_be_withdrawn_until_the_offerer_lets_it_stand():
    state, _ = offer(two_players(), 0, 1, ["map-1"], ["camera"], stand=False)
    assert RULES.to_move(state) == {0, 1}
    assert RULES.legal_moves(state, 0) == [{"type": "withdraw"}, {"type": "pass"}]
    withdrawn, events = play(state, 0, {"type": "withdraw"})
    assert types(events) == ["OfferWithdrawn"] and withdrawn["step"] == "action"
    refused(withdrawn, 1, {"type": "accept"}, "not_your_turn")
    # the answer may also come first
    answered, _ = play(state, 1, {"type": "accept"})
    assert "camera-1" in answered["hands"][0]
    # once it stands, only the other player moves
    standing, _ = play(state, 0, {"type": "pass"})
    assert RULES.to_move(standing) == {1}
    refused(standing, 0, {"type": "withdraw"}, "not_your_turn")


def test_accept_needs_the_wanted_cards():
    state, _ = offer(two_players(), 0, 1, ["map-1"], ["sun_hat"])
    assert {"type": "accept"} not in RULES.legal_moves(state, 1)
    refused(state, 1, {"type": "accept"}, "cards_missing")


def test_a_counter_offer_goes_back_to_the_active_player():
    state, _ = offer(two_players(), 0, 1, ["map-1"], ["camera"])
    state, _ = play(state, 1, {"type": "counter"})
    assert state["step"] == "draft" and state["draft"]["to"] == 0
    assert state["draft"]["previous"] == {"give": ["map-1"], "want": ["camera"]}
    state, _ = play_all(state, [(1, {"type": "offer_give", "card": "guidebook-1"}),
                                (1, {"type": "offer_want", "kind": "bicycle"}),
                                (1, {"type": "offer_want", "kind": "umbrella"}),
                                (1, {"type": "offer_send"}),
                                (1, {"type": "pass"})])
    assert RULES.to_move(state) == {0}
    state, events = play(state, 0, {"type": "accept"})
    assert "guidebook-1" in state["hands"][0]
    assert {"bicycle-1", "umbrella-1"} <= set(state["hands"][1])
    assert "CardDrawn" in types(events)          # the active player still gets the bonus
    assert state["current"] == 1


def test_a_refused_counter_returns_to_the_active_players_action():
    state, _ = offer(two_players(), 0, 1, ["map-1"], ["camera"])
    state, _ = play(state, 1, {"type": "counter"})
    state, _ = play(state, 1, {"type": "offer_cancel"})
    assert state["step"] == "action" and state["current"] == 0 and RULES.to_move(state) == {0}


def test_draft_rules():
    state, _ = play(two_players(), 0, {"type": "propose", "to": 1})
    refused(state, 0, {"type": "offer_send"}, "offer_incomplete")
    refused(state, 0, {"type": "offer_give", "card": "camera-1"}, "card_not_in_hand")
    state, _ = play(state, 0, {"type": "offer_give", "card": "map-1"})
    refused(state, 0, {"type": "offer_give", "card": "map-1"}, "card_not_in_hand")
    # only two cameras exist; none is known elsewhere, so asking for two is fine, three is not
    state, _ = play(state, 0, {"type": "offer_want", "kind": "camera"})
    state, _ = play(state, 0, {"type": "offer_want", "kind": "camera"})
    refused(state, 0, {"type": "offer_want", "kind": "camera"})
    # the other player holds three cards: no more than three may be asked for
    state, _ = play(state, 0, {"type": "offer_want", "kind": "guidebook"})
    refused(state, 0, {"type": "offer_want", "kind": "umbrella"})
    state, _ = play(state, 0, {"type": "offer_undo"})
    assert [e for e in state["draft"]["entries"]] == [{"give": "map-1"}, {"want": "camera"}, {"want": "camera"}]
    # expansion cards can only be asked for when their expansion is in play
    refused(state, 0, {"type": "offer_want", "kind": "postcard"})


def test_the_number_of_offers_per_turn_is_limited():
    state = two_players()
    for _ in range(MAX_OFFERS_PER_TURN):
        state, _ = offer(state, 0, 1, ["map-1"], ["camera"])
        state, _ = play(state, 1, {"type": "reject"})
    refused(state, 0, {"type": "propose", "to": 1}, "offer_limit")
    state, _ = play(state, 0, {"type": "draw"})
    assert {"type": "propose", "to": 0} in RULES.legal_moves(state, 1)


def test_forbidden_items_can_be_traded_if_the_receiver_agrees():
    state = build([[P, "fireworks", "map-1"], [Q, "camera-1"]], options={"forbidden_items": True})
    state, _ = offer(state, 0, 1, ["fireworks"], ["camera"])
    state, _ = play(state, 1, {"type": "accept"})
    assert "fireworks" in state["hands"][1]


def test_receiving_cards_over_the_hand_limit_means_discarding():
    full = [Q, "camera-1", "camera-2", "guidebook-1", "guidebook-2", "phrasebook-1", "sun_hat-1"]
    state = build([[P, "map-1", "bicycle-1"], full])
    state, _ = offer(state, 0, 1, ["map-1", "bicycle-1"], ["camera"])
    state, _ = play(state, 1, {"type": "accept"})
    assert state["discards_due"] == {"1": 1}
    assert RULES.to_move(state) == {1}
