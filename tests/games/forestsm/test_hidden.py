"""What each seat is shown: its own hand, universal rivers and cave, never another's;
everything once the game is over. (The shared oracle, tests/games/test_hidden_oracle.py,
checks every item of whole games; these are the worked cases.)"""
from __future__ import annotations

from games.catalog.forestsm import RULES

from .helpers import arrange, card, filler, stem, table


def test_a_seat_sees_its_own_hand_river_and_cave_and_only_counts_of_the_others():
    t = table(3)
    spruce = card("red_spruce")
    river, tucked, *hand = filler(5)
    arrange(t, hands={0: hand}, forests={0: [stem(spruce, river=river)]}, caves={0: [tucked]})
    mine, theirs, spectator = RULES.view(t.state, 0), RULES.view(t.state, 1), RULES.view(t.state, None)
    assert mine["hand"] == sorted(hand) and mine["cave"] == [tucked]
    assert mine["forests"][0][0]["river_card"] == river
    for other in (theirs, spectator):
        assert other["forests"][0][0]["river_card"] is None
        assert other["forests"][0][0]["universal_river"] is True
        assert other["hand_counts"][0] == 3 and other["cave_counts"][0] == 1
        assert other["hand"] != sorted(hand)
        assert "deck" not in other and "hands" not in other
    assert theirs["cave"] == [] and spectator["cave"] is None and spectator["hand"] is None
    assert "piles" not in repr(theirs) and theirs["deck_count"] == sum(map(len, t.state["piles"]))


def test_setup_and_deck_draws_are_redacted_for_the_others():
    t = table(2)
    setup = t.game.events[0]
    for seat in (0, 1):
        shown = RULES.redact(setup, seat).payload
        assert shown["hands"][seat] == t.state["hands"][seat]
        assert shown["hands"][1 - seat] == [None] * 6
        assert all(card is None for pile in shown["piles"] for card in pile)
        assert all(card is None for card in shown["removed"])
    events = t.play(0, {"type": "draw", "source": "deck"})
    drawn = [e for e in events if e.type == "CardDrawn"][0]
    assert RULES.redact(drawn, 0).payload["card"] == drawn.payload["card"]
    assert RULES.redact(drawn, 1).payload["card"] is None
    assert "drew a card" in RULES.describe(RULES.redact(drawn, 1), 1)


def test_the_universal_river_is_redacted_in_the_play_for_the_others():
    t = table(2)
    maple = card("red_maple")
    river, *rest = filler(3)
    arrange(t, hands={0: [maple, river] + rest})
    events = t.play(0, {"type": "play", "card": maple, "river": river})
    for event in events:
        if event.type in ("PlayStarted", "CardPlaced"):
            assert RULES.redact(event, 0).payload["river"] == river
            assert RULES.redact(event, 1).payload["river"] is None


def test_a_finished_game_shows_everything():
    t = table(2)
    t.state["phase"] = "over"
    view = RULES.view(t.state, None)
    assert view["hands"] == [sorted(h) for h in t.state["hands"]]
    assert len(view["deck"]) == view["deck_count"] and len(view["removed"]) == 43
