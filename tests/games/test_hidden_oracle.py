"""Every catalogued game, played by its bots: no view, redacted event or description
shows a seat (or a spectator) any single secret item, in any shape.

The oracle and each game's secrets are in tests/support/hidden.py and secrets.py.
The last tests apply two leaks an audit once slipped into Momiji and expect the
oracle to find them.
"""
import collections

import pytest

from games import registry
from games.catalog.momiji.rules import MomijiRules
from games.engine.events import Event
from games.engine.harness import Table
from tests.support.hidden import GameSecrets, assert_hidden, find, mark
from tests.support.secrets import SECRETS

# (game, players, options, seed): each game at its smallest and a larger table, and
# Travel with every expansion (offers, steals, the guide, Civil Unrest).
TRAVEL_ALL = {"events": True, "special_items": True, "forbidden_items": True, "postcards": True,
              "characters": True}
PLAYS = [
    ("momiji", 2, {}, 1), ("momiji", 4, {"landscapes": "draft"}, 2),
    ("travel", 2, {}, 3), ("travel", 4, TRAVEL_ALL, 4),
    ("soleils", 2, {}, 5), ("soleils", 4, {}, 6),
    ("linie1", 2, {}, 7), ("linie1", 4, {}, 8),
    ("medina", 3, {}, 9),
    ("amazonas", 2, {}, 10), ("amazonas", 4, {"missions": "penalty"}, 11),
    ("harmonies", 2, {"spirits": True}, 10), ("harmonies", 4, {"spirits": True, "side": "B"}, 11),
    ("japan", 1, {}, 12), ("japan", 3, {}, 13),
    ("citytour", 2, {}, 10), ("citytour", 3, {"side": "red", "two_directions": True}, 11),
    ("delphi", 2, {}, 12), ("delphi", 4, {"ships": "draft"}, 13),
]
BOT_OF_V2_GAMES = registry.get("travel").bot("best", 2)
EVERY = 3            # check every third state (and the events since the last check)
MAX_MOVES = 240      # a bound on each game's length in this test


def play_and_check(slug, players, options, seed, secrets=None, checks=None, rules_version=None, bot=None):
    entry = registry.get(slug)
    rules = entry.rules if rules_version is None else registry.rules_for(slug, rules_version)
    secrets = secrets or SECRETS[slug]
    bot = bot or entry.bots.get("best") or next(iter(entry.bots.values()))
    table = Table(rules, players, options, seed)
    checked_events, marked = 0, 0
    for move in range(MAX_MOVES):
        if move % EVERY == 0 or table.over:
            events = table.game.events[checked_events:]
            marked += assert_hidden(rules, secrets, table.state, events, players)
            checked_events += len(events)
        if table.over:
            break
        table.bot_move(min(rules.to_move(table.state)), bot)
    if checks is not None:
        checks.append(table)
    return marked


@pytest.mark.parametrize("slug, players, options, seed", PLAYS, ids=[f"{p[0]}-{p[1]}p" for p in PLAYS])
def test_no_seat_sees_a_secret_item(slug, players, options, seed):
    marked = play_and_check(slug, players, options, seed)
    if slug == "medina":
        assert marked == 0       # the rules hide nothing
    else:
        assert marked > 0, "the game's states had secrets to look for"


@pytest.mark.parametrize("players, options, seed", [(2, {}, 3), (4, TRAVEL_ALL, 4)], ids=["2p", "4p"])
def test_travel_under_rules_version_2_keeps_trades_from_third_seats(players, options, seed):
    # Games begun before rules version 3 keep trades closed. The bot of those days
    # (version 2) reaches offers, counter-offers and completed trades in these plays.
    checks = []
    marked = play_and_check("travel", players, options, seed, secrets=SECRETS["travel-closed-trades"],
                            checks=checks, rules_version=2, bot=BOT_OF_V2_GAMES)
    assert marked > 0
    kinds = {event.type for event in checks[0].game.events}
    assert {"OfferMade", "TradeCompleted"} <= kinds


def test_travel_closed_trades_are_found_if_shown_under_rules_version_2(monkeypatch):
    rules = registry.rules_for("travel", 2)
    monkeypatch.setattr(type(rules), "public_trades", ("TradeCompleted",))
    with pytest.raises(AssertionError, match=r"TradeCompleted for seat \d"):
        play_and_check("travel", 4, TRAVEL_ALL, 4, secrets=SECRETS["travel-closed-trades"], rules_version=2,
                       bot=BOT_OF_V2_GAMES)


def test_the_sealed_choices_of_soleils_are_compared_against_other_choices():
    from tests.support.secrets import soleils_alternatives

    entry = registry.get("soleils")
    table = Table(entry.rules, 3, {}, 11)
    compared = 0
    for _ in range(30):
        compared += sum(1 for _ in soleils_alternatives(entry.rules, table.state, 0))
        table.bot_move(min(entry.rules.to_move(table.state)))
    assert compared > 0


def test_the_sealed_steps_of_citytour_are_compared_against_other_steps():
    from tests.support.secrets import citytour_alternatives

    entry = registry.get("citytour")
    table = Table(entry.rules, 3, {}, 12)
    compared = 0
    for _ in range(20):
        compared += sum(1 for _ in citytour_alternatives(entry.rules, table.state, 2))
        table.bot_move(min(entry.rules.to_move(table.state)))
    assert compared > 0


# -- the oracle finds a secret in any shape -----------------------------------------------
@pytest.mark.parametrize("shape", ["list", "count map", "single value", "text", "nested"])
def test_the_oracle_finds_one_item_in_any_shape(shape):
    state = {"hands": [["red-1", "red-2"], ["red-1", "blue-3"]], "deck": ["red-1", "green-0"]}
    marked, marks = mark(state, [("hands", 1, 0), ("hands", 1, 1), ("deck", 0), ("deck", 1)])
    secret = marked["hands"][1][1]
    received = {
        "list": {"seen": ["red-1", secret]},
        "count map": {"seen": dict(collections.Counter([secret, secret]))},
        "single value": {"top": secret},
        "text": {"line": f"Seat 2 holds {secret} now."},
        "nested": {"a": [{"b": {"c": [secret]}}]},
    }[shape]
    leaks = find(received, marks, "toy")
    assert [leak.path for leak in leaks] == [("hands", 1, 1)]
    assert find({"seen": ["red-1", "red-2", "blue-3", "green-0"]}, marks, "toy") == [], \
        "cards that repeat elsewhere are not mistaken for the secret ones"


def test_the_oracle_finds_a_secret_number():
    marked, marks = mark({"lines": [3, 5]}, [("lines", 1)])
    assert [leak.shape for leak in find({"x": marked["lines"][1]}, marks, "toy")] == ["a value"]
    assert [leak.shape for leak in find({"t": f"line {marked['lines'][1]}"}, marks, "toy")] == ["a text"]


# -- the audit's two Momiji leaks are caught ----------------------------------------------
def _with(monkeypatch, name, wrapper):
    original = getattr(MomijiRules, name)
    monkeypatch.setattr(MomijiRules, name, lambda self, *args: wrapper(original(self, *args), self, *args))


def test_a_view_showing_the_top_of_the_deck_is_caught(monkeypatch):
    def leak(view, _rules, state, _seat):
        return {**view, "next_card": state["deck"][0]} if state["deck"] else view

    _with(monkeypatch, "view", leak)
    with pytest.raises(AssertionError, match=r"view for seat .*deck/0 shows as a value"):
        play_and_check("momiji", 2, {}, 1)


def test_a_setup_event_showing_the_next_seats_hand_as_a_count_map_is_caught(monkeypatch):
    def leak(redacted, _rules, event, seat):
        if event.type != "GameSetUp" or seat is None:
            return redacted
        hands = event.payload["hands"]
        following = hands[(seat + 1) % len(hands)]
        return Event(redacted.type, {**redacted.payload, "next_hand": dict(collections.Counter(following))})

    _with(monkeypatch, "redact", leak)
    with pytest.raises(AssertionError, match=r"GameSetUp for seat 0: the secret at payload/hands/1/\d+ shows as "
                                             r"a key of a map"):
        play_and_check("momiji", 2, {}, 1)


def test_an_empty_declaration_would_let_the_leaks_through(monkeypatch):
    """The catch above is the declaration's doing: with no secrets declared, nothing is found."""
    _with(monkeypatch, "view", lambda view, _r, state, _s: {**view, "next_card": state["deck"][:1]})
    play_and_check("momiji", 2, {}, 1, secrets=GameSecrets("momiji", lambda s, seat: [], lambda e, seat: []))


# -- and a leak in each other game with secrets ---------------------------------------------
def _linie1_route_letter(monkeypatch):
    from games.catalog.linie1.rules import Linie1Rules

    view = Linie1Rules.view
    monkeypatch.setattr(Linie1Rules, "view", lambda self, state, seat: {
        **view(self, state, seat), "hint": state["routes"][((seat or 0) + 1) % state["players"]][-1]})


def _soleils_choice_length(monkeypatch):
    from games.catalog.soleils.rules import SoleilsRules

    view = SoleilsRules.view
    monkeypatch.setattr(SoleilsRules, "view", lambda self, state, seat: {
        **view(self, state, seat), "busy": [len(str(moves)) for moves in state["moves"]]} if state else {})


def _travel_draws_shown(monkeypatch):
    from games.catalog.travel.rules import TravelRules

    redact = TravelRules.redact
    monkeypatch.setattr(TravelRules, "redact", lambda self, event, seat:
                        event if event.type == "CardDrawn" else redact(self, event, seat))


def _harmonies_returned_card_shown(monkeypatch):
    from games.catalog.harmonies.rules import HarmoniesRules

    redact = HarmoniesRules.redact
    monkeypatch.setattr(HarmoniesRules, "redact", lambda self, event, seat:
                        event if event.type == "SpiritChosen" else redact(self, event, seat))


def _japan_walks_counted(monkeypatch):
    # A walk's card lies face down even for its owner: a count of the owner's walk cards
    # by card leaks them.
    from games.catalog.japan.rules import JapanRules

    view = JapanRules.view

    def leaky(self, state, seat):
        seen = view(self, state, seat)
        if seat is not None and state and state["phase"] == "planning":
            walks = [entry["walk"] for column in state["seats"][seat]["plan"] for entry in column if "walk" in entry]
            seen = {**seen, "walks": dict(collections.Counter(walks))}
        return seen

    monkeypatch.setattr(JapanRules, "view", leaky)


@pytest.mark.parametrize("slug, players, options, seed, leak", [
    ("linie1", 2, {}, 7, _linie1_route_letter), ("soleils", 2, {}, 5, _soleils_choice_length),
    ("travel", 2, {}, 3, _travel_draws_shown), ("harmonies", 2, {"spirits": True}, 10, _harmonies_returned_card_shown),
    ("japan", 3, {}, 13, _japan_walks_counted)], ids=["linie1", "soleils", "travel", "harmonies", "japan"])
def test_a_leak_in_each_game_is_caught(monkeypatch, slug, players, options, seed, leak):
    leak(monkeypatch)
    with pytest.raises(AssertionError, match="hidden information leaks"):
        play_and_check(slug, players, options, seed)


@pytest.mark.parametrize("slug, players, options", [("momiji", 2, {}), ("soleils", 3, {}),
                                                     ("harmonies", 2, {"spirits": True}), ("japan", 3, {})])
def test_a_seat_number_nobody_holds_sees_what_a_spectator_sees(slug, players, options):
    # These games guard their views with 0 <= seat < players: such a seat is shown
    # nothing of its own.
    entry = registry.get(slug)
    rules = entry.rules
    table = Table(rules, players, options, 21)
    for _ in range(12):
        for nobody in (players, -1):
            for key, seen in rules.view(table.state, nobody).items():
                if key not in ("seat", "you"):
                    assert seen == rules.view(table.state, None)[key], (nobody, key)
            for event in table.game.events:
                assert rules.redact(event, nobody).payload == rules.redact(event, None).payload, event.type
        table.bot_move(min(rules.to_move(table.state)))


def test_travel_hides_buried_cards_and_the_guides_take_from_everyone_else():
    # docs/games/travel.md: the Tour Guide's peek and the cards put under the draw
    # pile are seen by their player only; a take of nothing shows as nothing.
    rules = registry.get("travel").rules
    buried = Event("CardsBuried", {"seat": 0, "cards": ["map-1", "camera-1"]})
    assert rules.redact(buried, 0).payload == buried.payload
    for seat in (1, None):
        assert rules.redact(buried, seat).payload == {"seat": 0, "cards": [None, None]}
    took = Event("GuideTook", {"seat": 0, "card": "map-1"})
    assert rules.redact(took, 0).payload["card"] == "map-1"
    assert rules.redact(took, 1).payload == {"seat": 0, "card": "?"}
    assert rules.redact(Event("GuideTook", {"seat": 0, "card": None}), 1).payload == {"seat": 0, "card": None}


@pytest.mark.parametrize("slug, shown", [("japan", {"started": False}), ("soleils", {"started": False}),
                                         ("medina", {})])
def test_before_the_setup_a_view_shows_nothing(slug, shown):
    rules = registry.get(slug).rules
    for seat in (0, None):
        assert rules.view(rules.initial_state(), seat) == shown
