"""Hidden information: hands, the draw pile, offers, steals and the tour guide's peek."""
import json

import pytest

from games.catalog.travel import RULES, RULES_BY_VERSION, choose_move
from games.engine.harness import play_game

from tests.games.travel.helpers import build, offer, play, play_all

P = "passport-canada"
Q = "passport-brazil"
R = "passport-peru"
ALL = {"events": True, "special_items": True, "forbidden_items": True, "postcards": True, "characters": True}


def text(value):
    return json.dumps(value)


def test_views_never_show_another_hand_or_the_deck_while_the_game_runs():
    for players in (2, 4, 6):
        game = play_game(RULES, players, ALL, seed=players, bots=[choose_move] * players)
        state = RULES.initial_state()
        for index, event in enumerate(game.events):
            state = RULES.evolve(state, event)
            if state["winner"] is not None or index % 9:
                continue
            for seat in range(players):
                view = RULES.view(state, seat)
                assert sorted(view["hand"]) == sorted(state["hands"][seat])
                assert "hands" not in view and "deck" not in view
                public = set(state["discard"]) | set((state["revealed"] or {}).get("hand", []))
                if state["window"] and state["window"]["kind"] == "travel":
                    public |= set(state["window"]["cards"])
                for other in range(players):
                    for card in state["hands"][other]:
                        if other != seat and card not in public and card not in state["hands"][seat]:
                            assert f'"{card}"' not in text({k: v for k, v in view.items() if k not in ("offer", "draft", "guide")}), card
            spectator = RULES.view(state, None)
            assert "hand" not in spectator and "hands" not in spectator


def test_a_finished_game_shows_everything():
    game = play_game(RULES, 3, {}, seed=3, bots=[choose_move] * 3)
    view = RULES.view(game.state, None)
    assert view["hands"] == [sorted(h) for h in game.state["hands"]]
    assert view["deck"] == game.state["deck"]


def test_setup_and_reshuffle_events_hide_the_deck_and_other_hands():
    game = play_game(RULES, 3, ALL, seed=11, bots=[choose_move] * 3)
    setup = game.events[0]
    for seat in (0, 1, 2, None):
        seen = RULES.redact(setup, seat).payload
        assert set(seen["deck"]) == {None}
        for owner, dealt in enumerate(seen["hands"]):
            assert dealt == (setup.payload["hands"][owner] if owner == seat else [None] * 4)
    for event in game.events:
        if event.type == "DeckReshuffled":
            assert set(RULES.redact(event, 0).payload["order"]) <= {None}


def test_draws_are_seen_by_the_drawer_only():
    state = build([[P], [Q], [R]], deck=["map-1", "map-2"])
    _state, events = play(state, 0, {"type": "draw"})
    drawn = next(e for e in events if e.type == "CardDrawn")
    assert RULES.redact(drawn, 0).payload["card"] == "map-1"
    assert RULES.redact(drawn, 1).payload["card"] is None
    assert RULES.redact(drawn, None).payload["card"] is None
    assert "map-1" not in RULES.describe(RULES.redact(drawn, 1), 1)


def test_a_steal_shows_the_card_to_thief_and_victim_only():
    state = build([[P, "map-1"], [Q, "camera-1"], [R]])
    _state, events = play(state, 0, {"type": "steal", "target": 1, "pay": "map-1"})
    stolen = next(e for e in events if e.type == "StealResolved")
    card = stolen.payload["card"]
    assert RULES.redact(stolen, 0).payload["card"] == card
    assert RULES.redact(stolen, 1).payload["card"] == card
    assert RULES.redact(stolen, 2).payload["card"] is None
    assert RULES.redact(stolen, None).payload["card"] is None


@pytest.mark.parametrize("version", [1, 2])
def test_before_version_3_offers_and_trades_are_shown_to_both_sides_only(version):
    rules = RULES_BY_VERSION[version]
    state = build([[P, "map-1"], [Q, "camera-1"], [R]])
    state, events = offer(state, 0, 1, ["map-1"], ["camera"], rules=rules)
    if version == 1:
        state, more = play(state, 0, {"type": "pass"}, rules=rules)
    made = next(e for e in events if e.type == "OfferMade")
    assert rules.redact(made, 1).payload["give"] == ["map-1"]
    assert rules.redact(made, 2).payload == {**made.payload, "give": [None], "want": [None]}
    assert "map-1" not in text(rules.view(state, 2)["offer"])
    assert rules.view(state, 1)["offer"]["give"] == ["map-1"]
    drafts = [e for e in events if e.type == "DraftChanged"]
    assert all(rules.redact(e, 1).payload["entry"] == "hidden" for e in drafts)
    state, events = play(state, 1, {"type": "accept"}, rules=rules)
    traded = next(e for e in events if e.type == "TradeCompleted")
    assert rules.redact(traded, 2).payload["accepter_gave"] == [None]
    assert rules.redact(traded, 0).payload["accepter_gave"] == ["camera-1"]


def test_trades_are_face_up_for_every_player_and_spectator():
    """SEED, Tauschen: "Mit der Vorderseite nach oben!" — Player 1 offers Player 2 a map
    for a camera; Player 3 and a spectator see the map offered, the camera asked for and
    both cards changing hands. The draft being put together, the bonus draw and the
    hands stay hidden."""
    assert RULES.version == 3
    state = build([[P, "map-1", "umbrella-1"], [Q, "camera-1", "sun_hat-1"], [R]],
                  deck=["bicycle-1", "bicycle-2", "winter_coat-1"])
    state, events = offer(state, 0, 1, ["map-1"], ["camera"])
    made = next(e for e in events if e.type == "OfferMade")
    for outsider in (2, None):
        assert RULES.redact(made, outsider) == made
        assert RULES.view(state, outsider)["offer"]["give"] == ["map-1"]
        assert RULES.view(state, outsider)["offer"]["want"] == ["camera"]
        assert "Map for camera" in RULES.describe(RULES.redact(made, outsider), outsider)
        drafts = [e for e in events if e.type == "DraftChanged"]
        assert drafts and all(RULES.redact(e, outsider).payload["entry"] == "hidden" for e in drafts)
    state, events = play(state, 1, {"type": "accept"})
    traded = next(e for e in events if e.type == "TradeCompleted")
    bonus = next(e for e in events if e.type == "CardDrawn")
    for outsider in (2, None):
        seen = RULES.redact(traded, outsider).payload
        assert seen["offerer_gave"] == ["map-1"] and seen["accepter_gave"] == ["camera-1"]
        assert RULES.redact(bonus, outsider).payload["card"] is None
        view = RULES.view(state, outsider)
        assert "hands" not in view and "deck" not in view
        for secret in ("umbrella-1", "sun_hat-1", "bicycle-1", "bicycle-2"):
            assert secret not in text(view)
    # the bonus card stays the drawer's own
    assert RULES.redact(bonus, 0).payload["card"] == "bicycle-1"


def test_the_tour_guides_peek_is_private():
    state = build([[P, "local_tour_guide"], [Q]], deck=["map-1", "camera-1", "bicycle-1"],
                  options={"special_items": True})
    state, events = play(state, 0, {"type": "guide"})
    looked = next(e for e in events if e.type == "GuideLooked")
    assert RULES.redact(looked, 1).payload["cards"] == [None, None, None]
    assert RULES.view(state, 1)["guide"] == {"seat": 0}
    assert RULES.view(state, 0)["guide"]["cards"] == ["map-1", "camera-1", "bicycle-1"]


def test_civil_unrest_shows_each_pass_to_giver_and_receiver():
    state = build([[P], [Q], [R]], deck=["civil_unrest", "map-1", "map-2"], options={"events": True})
    _state, events = play(state, 0, {"type": "draw"})
    passed = next(e for e in events if e.type == "CardsPassed")
    seen_by_1 = RULES.redact(passed, 1).payload["passes"]
    assert seen_by_1[0][2] == P and seen_by_1[1][2] == Q and seen_by_1[2][2] is None


def test_travelling_shows_the_whole_hand_to_everyone():
    items = ["camera-1", "guidebook-1", "phrasebook-1"]
    state = build([[P, *items, "map-1"], [Q]])
    state, events = play(state, 0, {"type": "travel", "country": "France", "cards": items})
    declared = next(e for e in events if e.type == "TravelDeclared")
    assert RULES.redact(declared, 1) == declared
    assert "map-1" in RULES.view(state, 1)["revealed"]["hand"]


def test_a_counter_offer_shows_the_offer_it_answers_only_to_the_two_traders_before_v3():
    """DraftOpened (counter) repeats the offer's cards: under versions 1-2 a third seat and a
    spectator see neither the cards nor anything their shape adds to the OfferMade they saw."""
    for rules in (RULES_BY_VERSION[1], RULES_BY_VERSION[2]):
        state = build([[P, "map-1", "bicycle-1", "umbrella-1"], [Q, "camera-1", "guidebook-1"], [R, "sun_hat-1"]])
        state, sent = offer(state, 0, 1, ["map-1", "bicycle-1"], ["camera"], rules=rules)
        state, events = play(state, 1, {"type": "counter"}, rules=rules)
        opened = next(event for event in events if event.type == "DraftOpened")
        assert opened.payload["counter"] and opened.payload["previous"] == {"give": ["map-1", "bicycle-1"],
                                                                           "want": ["camera"]}
        made = next(event for event in sent if event.type == "OfferMade")
        for outsider in (2, None):
            seen = rules.redact(opened, outsider).payload
            assert seen["previous"] == {"give": [None, None], "want": [None]}
            assert "map-1" not in text(seen) and "camera" not in text(seen)
            assert {k: v for k, v in seen.items() if k != "previous"} == {
                k: v for k, v in opened.payload.items() if k != "previous"}
            # No more than the offer itself showed them: the same counts.
            shown = rules.redact(made, outsider).payload
            assert [len(shown["give"]), len(shown["want"])] == [len(seen["previous"]["give"]),
                                                                len(seen["previous"]["want"])]
            assert "map-1" not in rules.describe(rules.redact(opened, outsider), outsider)
            assert "draft" in rules.view(state, outsider) and "previous" not in text(
                rules.view(state, outsider)["draft"])
        for trader in (0, 1):
            assert rules.redact(opened, trader) == opened


def test_a_counter_offer_shows_the_face_up_offer_it_answers_to_everyone_in_v3():
    """The offer was laid face up: repeating it in the counter-offer tells nobody anything
    new; the counter-offer's own draft stays hidden until it is sent."""
    state = build([[P, "map-1", "bicycle-1", "umbrella-1"], [Q, "camera-1", "guidebook-1"], [R, "sun_hat-1"]])
    state, sent = offer(state, 0, 1, ["map-1", "bicycle-1"], ["camera"])
    state, events = play(state, 1, {"type": "counter"})
    opened = next(event for event in events if event.type == "DraftOpened")
    made = next(event for event in sent if event.type == "OfferMade")
    for outsider in (2, None):
        assert RULES.redact(opened, outsider) == opened
        assert RULES.redact(made, outsider).payload["give"] == opened.payload["previous"]["give"]
        assert "previous" not in text(RULES.view(state, outsider)["draft"])
    state, events = play_all(state, [(1, {"type": "offer_give", "card": "guidebook-1"})])
    assert RULES.redact(events[0], 2).payload["entry"] == "hidden"
    assert "guidebook-1" not in text(RULES.view(state, 2))
