"""Hidden information: hands and the deck reach nobody but their owner."""
import json

from games.catalog.momiji import BOTS, RULES
from games.engine.harness import Table


def _contains(value, target) -> bool:
    if value == target:
        return True
    if isinstance(value, dict):
        return any(_contains(v, target) for v in value.values())
    if isinstance(value, list):
        return any(_contains(v, target) for v in value)
    return False


def _check_views(state):
    players = state["players"]
    for seat in list(range(players)) + [None]:
        view = RULES.view(state, seat)
        assert "deck" not in view and view["deck_count"] == len(state["deck"])
        assert view["hand_counts"] == [len(hand) for hand in state["hands"]]
        assert "hands" not in view
        if seat is None:
            assert "hand" not in view
        else:
            assert view["hand"] == state["hands"][seat]
        if state["deck"]:
            assert not _contains(view, state["deck"])
        for other in range(players):
            hand = state["hands"][other]
            if other == seat or not hand or (seat is not None and hand == state["hands"][seat]):
                continue
            assert not _contains(view, hand), (seat, other)


def _play(players, landscapes, seed):
    table = Table(RULES, players, {"landscapes": landscapes}, seed)
    while not table.over:
        _check_views(table.state)
        seat = min(RULES.to_move(table.state))
        table.bot_move(seat, BOTS["best"])
    return table


def test_views_never_show_other_hands_or_the_deck():
    for players in (1, 2, 3, 4):
        _play(players, "assigned", 3)
    _play(3, "draft", 4)


def test_redacted_events_hide_hands_draws_discards_and_the_deck():
    powers = [["river", "lotus_pond", "koi_pond"], ["river", "lotus_pond", "koi_pond"]]
    table = Table(RULES, 2, {}, 7)
    table.state["first"] = table.state["current"] = 0   # told from the first seat's side
    table.state["powers"] = powers
    setup = table.game.batches[0].events[0]
    deck = setup.payload["deck"]
    hands = setup.payload["hands"]
    for seat in (0, 1, None):
        redacted = RULES.redact(setup, seat).payload
        assert "deck" not in redacted and "hands" not in redacted
        assert redacted["deck_count"] == len(deck)
        assert redacted["hand_counts"] == [6, 6]
        text = json.dumps(redacted)
        assert json.dumps(deck) not in text
        if seat is not None:
            assert redacted["hand"] == hands[seat]
            assert json.dumps(hands[1 - seat]) not in text or hands[0] == hands[1]
        else:
            assert "hand" not in redacted
    events = table.play(0, {"type": "power", "power": "river"})
    drawn = events[1]
    assert drawn.type == "CardsDrawn" and drawn.payload["cards"] == deck[:1]
    assert RULES.redact(drawn, 0).payload["cards"] == deck[:1]
    for seat in (1, None):
        hidden = RULES.redact(drawn, seat).payload
        assert "cards" not in hidden and hidden["count"] == 1
        assert "drew 1 card" in RULES.describe(RULES.redact(drawn, seat), seat)
    table.play(0, {"type": "discard", "cards": table.state["hands"][0][:2]})
    discard = table.game.events[-1]
    assert "cards" in RULES.redact(discard, 0).payload
    assert "cards" not in RULES.redact(discard, 1).payload


def test_the_finished_game_reveals_everything():
    table = _play(2, "assigned", 5)
    view = RULES.view(table.state, None)
    assert view["hands"] == table.state["hands"]
    assert view["deck"] == table.state["deck"]
    assert [item["total"] for item in view["scores"]] == RULES.outcome(table.state).scores


def test_describe_gives_one_line_for_every_event():
    table = _play(3, "draft", 6)
    for event in table.game.events:
        for seat in (0, None):
            line = RULES.describe(RULES.redact(event, seat), seat)
            assert line and "\n" not in line and line.endswith(".")
