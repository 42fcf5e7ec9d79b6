"""Trading: asynchronous offers, answers, counters, withdrawal, the bonus draw."""
from games.catalog.travel import RULES, RULES_BY_VERSION
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


def test_the_offer_can_be_withdrawn_until_it_is_answered():
    state, events = offer(two_players(), 0, 1, ["map-1"], ["camera"])
    assert events[-1].payload["withdrawable"] is True
    # only the receiver is waited for; the sender may withdraw, unasked
    assert RULES.to_move(state) == {1} and RULES.may_move(state) == {0}
    assert RULES.legal_moves(state, 0) == [{"type": "withdraw"}]
    assert RULES.view(state, 0)["may_move"] == [0]
    refused(state, 0, {"type": "pass"}, "offer_pending")
    refused(state, 0, {"type": "draw"}, "offer_pending")
    withdrawn, events = play(state, 0, {"type": "withdraw"})
    assert types(events) == ["OfferWithdrawn"] and withdrawn["step"] == "action"
    assert RULES.to_move(withdrawn) == {0} and RULES.may_move(withdrawn) == set()
    refused(withdrawn, 1, {"type": "accept"}, "not_your_turn")
    # once it is answered there is nothing left to withdraw
    answered, _ = play(state, 1, {"type": "accept"})
    assert "camera-1" in answered["hands"][0] and RULES.may_move(answered) == set()
    refused(answered, 0, {"type": "withdraw"})
    rejected, _ = play(state, 1, {"type": "reject"})
    refused(rejected, 0, {"type": "withdraw"})
    # a counter-offer's sender may withdraw it in the same way
    countered, _ = play(state, 1, {"type": "counter"})
    assert RULES.may_move(countered) == set()           # a draft is not an offer yet
    countered, _ = play_all(countered, [(1, {"type": "offer_give", "card": "guidebook-1"}),
                                        (1, {"type": "offer_want", "kind": "bicycle"}),
                                        (1, {"type": "offer_send"})])
    assert RULES.to_move(countered) == {0} and RULES.may_move(countered) == {1}
    back, _ = play(countered, 1, {"type": "withdraw"})
    assert back["step"] == "action" and back["current"] == 0 and RULES.to_move(back) == {0}


def test_under_rules_version_1_the_offerer_is_asked_to_let_the_offer_stand():
    """Games created before version 2 keep playing (and replaying) as they were."""
    v1 = RULES_BY_VERSION[1]
    assert v1.version == 1 and RULES.version == 3
    state, events = offer(two_players(), 0, 1, ["map-1"], ["camera"], rules=v1)
    assert "withdrawable" not in events[-1].payload
    assert v1.to_move(state) == {0, 1} and v1.may_move(state) == set()
    assert v1.legal_moves(state, 0) == [{"type": "withdraw"}, {"type": "pass"}]
    withdrawn, events = play(state, 0, {"type": "withdraw"}, rules=v1)
    assert types(events) == ["OfferWithdrawn"] and withdrawn["step"] == "action"
    # the answer may also come first
    answered, _ = play(state, 1, {"type": "accept"}, rules=v1)
    assert "camera-1" in answered["hands"][0]
    # once it stands, only the other player moves
    standing, _ = play(state, 0, {"type": "pass"}, rules=v1)
    assert v1.to_move(standing) == {1} and v1.may_move(standing) == set()
    refused(standing, 0, {"type": "withdraw"}, "not_your_turn", rules=v1)


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
                                (1, {"type": "offer_send"})])
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
