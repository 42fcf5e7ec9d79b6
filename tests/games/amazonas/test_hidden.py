"""Hidden information: missions until the end, income cards until everyone has chosen."""
import json

from games.catalog.amazonas import RULES
from games.catalog.amazonas.components import MISSIONS
from games.engine import Event

from .helpers import choose, in_round, new_game, play, put


def round_one():
    state = new_game(3, missions=[2, 5, 7])
    put(state, 0, "tabatinga")
    put(state, 1, "manaus")
    put(state, 2, "coari")
    return in_round(state, "research_fish")


def test_a_seat_sees_its_own_mission_only_until_the_end():
    state = round_one()
    view = RULES.view(state, 1)
    assert view["mission"] == list(MISSIONS[5])
    assert all("mission" not in seat for seat in view["seats"])
    assert RULES.view(state, None)["mission"] is None
    text = json.dumps(RULES.view(state, 1))
    for other in (2, 7):
        assert json.dumps(list(MISSIONS[other])) not in text
    started = Event("GameStarted", {"players": 3, "options": {"missions": "bonus"}, "first": 0,
                                    "copper": [1, 2, 3], "missions": [2, 5, 7]})
    assert RULES.redact(started, 1).payload["your_mission"] == 5
    assert "missions" not in RULES.redact(started, 1).payload
    assert "missions" not in RULES.redact(started, None).payload
    assert RULES.redact(started, None).payload.get("your_mission") is None


def test_a_chosen_income_card_is_sealed_until_all_have_chosen():
    state = round_one()
    state, events = play(state, 0, {"type": "income", "card": 5})
    chosen = events[0]
    assert RULES.redact(chosen, 0).payload["card"] == 5
    assert "card" not in RULES.redact(chosen, 1).payload
    assert "card" not in RULES.redact(chosen, None).payload
    assert RULES.view(state, 0)["my_card"] == 5
    seen = RULES.view(state, 1)
    assert seen["seats"][0]["chosen"] is True and seen["my_card"] is None
    # Non-interference: whatever seat 0 chose, seats 1 and 2 see the same thing.
    for card in (0, 1, 2, 3, 4, 6):
        other, _ = play(round_one(), 0, {"type": "income", "card": card})
        for seat in (1, 2, None):
            assert RULES.view(other, seat) == RULES.view(state, seat)
            assert RULES.describe(RULES.redact(_[0], seat), seat) == RULES.describe(RULES.redact(chosen, seat), seat)


def test_the_cards_and_missions_are_shown_once_revealed():
    state, events = choose(round_one(), [5, 1, 4])
    revealed = [e for e in events if e.type == "IncomeRevealed"][0]
    assert RULES.redact(revealed, 2).payload["cards"] == [5, 1, 4]
    assert RULES.view(state, 2)["seats"][0]["chosen"] == 5
    state["phase"] = "over"
    from games.catalog.amazonas.scoring import breakdown
    state["scores"] = breakdown(state)
    assert RULES.view(state, 1)["seats"][2]["mission"] == list(MISSIONS[7])
