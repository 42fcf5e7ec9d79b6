"""Rules version 3: the hand limit at any moment and the reshuffle as soon as the draw
pile is empty, on worked examples from the rulebook (shared/seeds/002). Face-up trades
are in test_hidden.py. Each example is also played under version 2, which games created
before version 3 keep."""
from games.catalog.travel import RULES, RULES_BY_VERSION

from tests.games.travel.helpers import build, hand, offer, play, refused, types

V2 = RULES_BY_VERSION[2]
P = "passport-canada"
Q = "passport-brazil"
R = "passport-peru"
EVENTS = {"events": True}
SEVEN = [P, "camera-1", "guidebook-1", "phrasebook-1", "bicycle-1", "umbrella-1", "map-1"]


def test_version_3_is_the_version_of_new_games_and_older_versions_are_kept():
    assert RULES.version == 3 and RULES_BY_VERSION[3] is RULES
    assert [RULES_BY_VERSION[v].version for v in (1, 2)] == [1, 2]


# -- the hand limit "zu irgendeinem Zeitpunkt" ----------------------------------------------

def _trade_to_eight(rules):
    """Player 1 holds seven cards and trades one map for a sun hat and a swimsuit: eight
    cards. The trade's bonus card is Lost Luggage."""
    state = build([SEVEN, [Q, "sun_hat-1", "swimsuit-1"]],
                  deck=["lost_luggage", "winter_coat-1", "winter_coat-2", "hiking_boots-1"],
                  options=EVENTS)
    state, _ = offer(state, 0, 1, ["map-1"], ["sun_hat", "swimsuit"], rules=rules)
    return play(state, 1, {"type": "accept"}, rules=rules)


def test_a_trade_that_makes_eight_cards_is_brought_back_to_seven_before_the_bonus_draw():
    """SEED, Maximale Handgröße: "Wenn du zu irgendeinem Zeitpunkt mehr als 7 Karten hast,
    legst du Karten ab" — right after the trade, before the bonus card (Lost Luggage) is
    drawn and takes a random card."""
    state, events = _trade_to_eight(RULES)
    assert types(events) == ["TradeCompleted", "HandLimitReached"]
    assert len(state["hands"][0]) == 8 and state["discards_due"] == {"0": 1}
    assert RULES.to_move(state) == {0} and state["current"] == 0
    refused(state, 0, {"type": "draw"}, "hand_limit")
    refused(state, 1, {"type": "discard", "cards": ["sun_hat-1"]}, "not_your_turn")
    # Player 1 chooses what goes: the umbrella, not a card left to Lost Luggage's chance.
    state, events = play(state, 0, {"type": "discard", "cards": ["umbrella-1"]})
    assert types(events)[:4] == ["CardsDiscarded", "EventRevealed", "LuggageLost", "CardDrawn"]
    losses = dict(next(e for e in events if e.type == "LuggageLost").payload["losses"])
    assert losses[0] != "umbrella-1" and losses[0] in [*SEVEN, "sun_hat-1", "swimsuit-1"]
    # seven, minus the lost card, plus the replacement card: seven; no second discard
    assert len(state["hands"][0]) == 7 and "winter_coat-1" in state["hands"][0]
    assert "HandLimitReached" not in types(events)
    assert types(events)[-2:] == ["TurnEnded", "TurnStarted"] and state["current"] == 1
    assert "pending" not in state


def test_under_version_2_the_hand_limit_waited_for_the_end_of_the_command():
    state, events = _trade_to_eight(V2)
    assert types(events)[:4] == ["TradeCompleted", "EventRevealed", "LuggageLost", "CardDrawn"]
    assert types(events)[-2:] == ["TurnEnded", "HandLimitReached"]
    assert len(state["hands"][0]) == 8


def test_a_diplomats_first_bonus_card_is_discarded_down_before_the_event_in_the_second():
    """The Diplomat draws two bonus cards: the first makes eight, so a card goes before
    the second draw turns up Lost Luggage."""
    state = build([[*SEVEN[:6], "map-1"], [Q, "sun_hat-1"]],
                  deck=["winter_coat-1", "lost_luggage", "hiking_boots-1", "hiking_boots-2"],
                  characters=["diplomat", "recycler"], options={"characters": True, **EVENTS})
    state, _ = offer(state, 0, 1, ["map-1"], ["sun_hat"])
    state, events = play(state, 1, {"type": "accept"})
    assert types(events) == ["TradeCompleted", "CardDrawn", "HandLimitReached"]
    assert hand(state, 0) == sorted([*SEVEN[:6], "sun_hat-1", "winter_coat-1"])
    assert state["pending"] == {"draws": [[0, 1, "trade_bonus"]], "after": "end_turn"}
    state, events = play(state, 0, {"type": "discard", "cards": ["winter_coat-1"]})
    luggage = next(e for e in events if e.type == "LuggageLost").payload["losses"]
    assert dict(luggage)[0] != "winter_coat-1"
    assert [e.payload["card"] for e in events if e.type == "CardDrawn"] == ["hiking_boots-1"]
    assert len(state["hands"][0]) == 7 and state["current"] == 1


def test_holiday_season_stops_at_the_player_who_reaches_eight():
    """Holiday Season: everybody draws one, the drawer first. Player 2 holds seven: they
    discard at once, before Player 3 draws and before Player 1's replacement card."""
    state = build([[P], [Q, *SEVEN[1:]], [R]],
                  deck=["holiday_season", "map-2", "sun_hat-1", "swimsuit-1", "sunscreen-1"],
                  options=EVENTS)
    state, events = play(state, 0, {"type": "draw"})
    assert types(events) == ["EventRevealed", "CardDrawn", "CardDrawn", "HandLimitReached"]
    assert state["discards_due"] == {"1": 1} and RULES.to_move(state) == {1}
    assert hand(state, 2) == [R]
    state, events = play(state, 1, {"type": "discard", "cards": ["sun_hat-1"]})
    draws = [(e.payload["seat"], e.payload["card"]) for e in events if e.type == "CardDrawn"]
    assert draws == [(2, "swimsuit-1"), (0, "sunscreen-1")]
    assert len(state["hands"][1]) == 7 and state["current"] == 1
    assert types(events)[-2:] == ["TurnEnded", "TurnStarted"]


def test_a_smuggled_card_is_discarded_down_before_the_smuggler_draws():
    state = build([[P, "map-1"], [Q, *SEVEN[1:]]], deck=["sun_hat-1", "bicycle-2"],
                  characters=["smuggler", "recycler"], options={"characters": True})
    state, events = play(state, 0, {"type": "smuggle", "card": "map-1", "to": 1})
    assert types(events) == ["Smuggled", "HandLimitReached"] and state["deck"][0] == "sun_hat-1"
    state, events = play(state, 1, {"type": "discard", "cards": ["map-1"]})
    assert types(events)[:2] == ["CardsDiscarded", "CardDrawn"] and hand(state, 0) == [P, "sun_hat-1"]


# -- the reshuffle "sobald die letzte Karte vom Zugstapel gezogen wurde" --------------------

def _guide_takes_the_last_card(rules):
    state = build([[P, "local_tour_guide"], [Q]], deck=["map-1"], discard=["camera-1", "sun_hat-1"],
                  options={"special_items": True})
    state, _ = play(state, 0, {"type": "guide"}, rules=rules)
    assert state["guide"]["cards"] == ["map-1"]
    return play(state, 0, {"type": "guide_take", "card": "map-1"}, rules=rules)


def test_the_tour_guide_taking_the_last_card_reshuffles_the_discard_pile_at_once():
    state, events = _guide_takes_the_last_card(RULES)
    assert types(events)[:2] == ["GuideTook", "DeckReshuffled"]
    assert sorted(state["deck"]) == ["camera-1", "local_tour_guide", "sun_hat-1"]
    assert state["discard"] == [] and hand(state, 0) == ["map-1", P]
    # Player 2 now sees a full draw pile, not an empty one
    assert RULES.view(state, 1)["deck_size"] == 3


def test_under_version_2_the_tour_guide_left_the_draw_pile_empty():
    state, events = _guide_takes_the_last_card(V2)
    assert "DeckReshuffled" not in types(events)
    assert state["deck"] == [] and len(state["discard"]) == 3


def test_an_event_drawn_last_is_played_before_the_pile_is_reshuffled():
    """Lost Luggage, the last card, is played first; the cards it makes players lose and
    the event itself are on the discard pile when it becomes the new draw pile."""
    state = build([[P, "map-1"], [Q, "camera-1"]], deck=["lost_luggage"], discard=["sun_hat-1"],
                  options=EVENTS)
    state, events = play(state, 0, {"type": "draw"})
    assert types(events)[:4] == ["EventRevealed", "LuggageLost", "DeckReshuffled", "CardDrawn"]
    reshuffled = next(e for e in events if e.type == "DeckReshuffled").payload["order"]
    assert "lost_luggage" in reshuffled and len(reshuffled) == 4
