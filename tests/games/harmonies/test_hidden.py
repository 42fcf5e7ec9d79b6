"""Hidden information: the pouch and deck keep no order, and the spirit cards dealt
face down reach nobody but their owner, in views and in redacted events."""
import copy
import json

from games.catalog.harmonies import BOTS, RULES
from games.catalog.harmonies import components as C
from games.engine import Event
from games.engine.harness import Table


def _swap_secret_of(state, owner):
    """The same position with ``owner``'s dealt (or returned) spirit cards replaced by
    other cards nobody has seen."""
    other = copy.deepcopy(state)
    seen = {card for deal in state["spirit_deal"] for card in deal}
    seen |= {s["card"] for s in state["spirit"] if s}
    seen |= {card for card in state["spirit_returned"] if card}
    unseen = [card for card in C.SPIRIT_IDS if card not in seen]
    if other["spirit_deal"][owner]:
        other["spirit_deal"][owner] = sorted(unseen[:2])
    elif other["spirit_returned"][owner] is not None:
        other["spirit_returned"][owner] = unseen[0]
    return other


def _play_checking(players, seed):
    table = Table(RULES, players, {"spirits": True, "side": "B"}, seed)
    checked = 0
    while not table.over:
        state = table.state
        owners = range(players) if table.version % 4 == 0 else []
        for owner in owners:
            changed = _swap_secret_of(state, owner)
            for seat in [None] + list(range(players)):
                if seat == owner:
                    continue
                # the view does not depend on another seat's secret in any way
                assert RULES.view(state, seat) == RULES.view(changed, seat)
                checked += 1
        # the order of the deck is not part of the state, so no view can carry it
        assert state["deck"] == sorted(state["deck"])
        seat = min(RULES.to_move(table.state))
        table.bot_move(seat, BOTS["best"])
    return table, checked


def test_no_seat_or_spectator_view_depends_on_another_seats_spirit_cards():
    for players in (1, 2, 4):
        _, checked = _play_checking(players, seed=players)
        assert checked > 0


def test_the_owner_sees_their_own_deal():
    table = Table(RULES, 3, {"spirits": True}, 4)
    for seat in range(3):
        assert RULES.view(table.state, seat)["spirit_deal"] == table.state["spirit_deal"][seat]
    assert "spirit_deal" not in RULES.view(table.state, None)
    assert "deck" not in RULES.view(table.state, None)


def test_redacted_events_hide_the_deals_and_the_returned_card():
    table = Table(RULES, 3, {"spirits": True}, 5)
    setup = table.game.batches[0].events[0]
    deals = setup.payload["spirit_deals"]
    for seat in (0, 1, 2, None):
        redacted = RULES.redact(setup, seat).payload
        for owner, deal in enumerate(redacted["spirit_deals"]):
            assert deal == (deals[owner] if owner == seat else [None, None])
        # nothing else in the event names a dealt card of another seat
        others = {card for owner, deal in enumerate(deals) if owner != seat for card in deal}
        assert not others & set(_ints(redacted))
    first = table.state["current"]
    keep, back = table.state["spirit_deal"][first]
    events = table.play(first, {"type": "choose_spirit", "card": keep})
    for seat in (0, 1, 2, None):
        payload = RULES.redact(events[0], seat).payload
        assert payload["card"] == keep
        if seat == first:
            assert payload["returned"] == back
        else:
            assert "returned" not in payload and back not in _ints(payload)
            assert str(back) not in RULES.describe(Event(events[0].type, payload), seat)


def _ints(value):
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        return [value]
    if isinstance(value, dict):
        return [i for v in value.values() for i in _ints(v)]
    if isinstance(value, list):
        return [i for v in value for i in _ints(v)]
    return []


def test_draws_are_made_when_they_happen_and_written_into_the_events():
    table = Table(RULES, 2, {}, 9)
    seat = table.state["current"]
    table.play(seat, {"type": "take_tokens", "space": 0})
    for colour in list(table.state["turn"]["hand"]):
        table.play(seat, {"type": "place_token", "colour": colour,
                          "space": table.state["boards"][seat].index([])})
    events = table.play(seat, {"type": "end_turn"})
    refill = next(e for e in events if e.type == "CentralRefilled")
    assert table.state["central"][0] == refill.payload["tokens"]
    # the pouch is only counts by colour: there is no next token to leak
    assert set(table.state["pouch"]) == set(C.COLOURS)
    assert all(isinstance(n, int) for n in table.state["pouch"].values())


def test_the_finished_game_reveals_the_deals():
    table = Table(RULES, 2, {"spirits": True}, 6)
    while not table.over:
        table.bot_move(min(RULES.to_move(table.state)), BOTS["best"])
    view = RULES.view(table.state, None)
    assert view["spirit_returned"] == table.state["spirit_returned"]
    assert [s["card"] for s in view["spirit"]] == [s["card"] for s in table.state["spirit"]]
    assert [item["total"] for item in view["scores"]] == RULES.outcome(table.state).scores
    json.dumps(view)


def test_describe_gives_one_line_for_every_event():
    table = Table(RULES, 2, {"spirits": True}, 7)
    while not table.over:
        table.bot_move(min(RULES.to_move(table.state)), BOTS["best"])
    for event in table.game.events:
        for seat in (0, None):
            line = RULES.describe(RULES.redact(event, seat), seat)
            assert line and "\n" not in line and line.endswith(".")
