"""Delphi's notation (games/catalog/delphi/notation.py) as pure functions: every legal move
of bot games, written in the notation, reads back as itself; the short forms a person
writes (no payment named, a temple by its colour, a god by its name) find the move meant;
the words and the situation never show a raw map key or a seat number."""
from __future__ import annotations

import random
import re

import pytest

from games import registry
from games.catalog.delphi import notation as N
from games.catalog.delphi import sea_text
from games.engine import harness

NAMES = ["Ann", "Bob", "Cleo", "Dan"]
KEY = re.compile(r"-?\d+,-?\d+")


def reader_view(rules, state, seat):
    return {**rules.view(state, seat), "you": seat, "player_names": NAMES[:state["players"]]}


def _positions(players: int, seed: int, moves: int = 300, every: int = 4, options=None):
    """(state, seat) pairs from a bot game, every few moves, optional god advances included."""
    entry = registry.get("delphi")
    rules, bot = entry.rules, entry.bot("best")
    table = harness.Table(rules, players, options or {}, seed=seed)
    for number in range(moves):
        if table.over:
            break
        seats = sorted(rules.to_move(table.state) | rules.may_move(table.state))
        if number % every == 0:
            for seat in seats:
                yield rules, table.state, seat
        optional = sorted(rules.may_move(table.state) - rules.to_move(table.state))
        if optional and number % 5 == 0:
            table.bot_move(optional[0])           # an advance offered by another's roll
            continue
        table.bot_move(min(rules.to_move(table.state)), bot)


@pytest.mark.parametrize("players,seed,options", [(2, 1, {}), (3, 2, {"ships": "draft"}), (4, 3, {"zeus_tiles": 9})])
def test_every_legal_move_reads_back_from_its_notation(players, seed, options):
    chooser = random.Random(seed)
    kinds: set[str] = set()
    checked = 0
    for rules, state, seat in _positions(players, seed, options=options):
        view = reader_view(rules, state, seat)
        legal = rules.legal_moves(state, seat)
        sample = legal if len(legal) <= 30 else chooser.sample(legal, 30)
        for move in sample:
            written = N.notation(move, view)
            assert N.parse(written, legal, view) == move, (move, written)
            assert N.parse(written.upper(), legal, view) == move, written
            words = N.move_words(move, view)
            assert words and not KEY.search(words) and "{" not in words, (move, words)
            kinds.add(move["type"])
            checked += 1
        assert N.parse("no such move at all", legal, view) is None
    assert checked > 200
    assert {"sail", "end", "advance_god", "draw_oracle", "take_favour"} <= kinds, kinds


def test_the_situation_names_players_and_spaces_never_seats_or_keys():
    for rules, state, seat in _positions(3, 5, moves=200, every=40):
        view = reader_view(rules, state, seat)
        text = N.situation(view, NAMES[:3])
        others = [NAMES[n] for n in range(3) if n != seat]
        assert all(f"{name} (" in text for name in others) and "You (" in text, text
        assert not KEY.search(text), text
        assert "Player 1" not in text and "seat" not in text.lower()
        assert "The sea (rows as on the board" in text and " Z " in text + " "


# -- hand-made positions: the short forms a person writes --------------------------------

def _start():
    """A two-player game just set up: its view (Ann reading) and the sea's codes."""
    rules = registry.get("delphi").rules
    table = harness.Table(rules, 2, {}, seed=4)
    view = reader_view(rules, table.state, 0)
    sea = N._sea(view)
    return view, (lambda code: sea_text.space_from_code(sea, code)), sea


def test_a_payment_left_out_takes_a_die_of_the_needed_colour_before_recolouring_or_a_card():
    view, at, sea = _start()
    blue = next(k for k, c in sea.water.items() if c == "blue" and k in sea.zeus_neighbours())
    code = sea_text.space_code(sea, blue)
    view = {**view, "dice_left": ["red", "blue"], "card_used": False}
    view["seats"] = [dict(s) for s in view["seats"]]
    view["seats"][0] = {**view["seats"][0], "position": sea.zeus, "oracle_cards": ["blue"], "favour": 5}
    legal = [{"type": "sail", "to": blue, "card": "blue"}, {"type": "sail", "to": blue, "die": "red"},
             {"type": "sail", "to": blue, "die": "blue"}]
    assert N.parse(f"sail {code}", legal, view) == {"type": "sail", "to": blue, "die": "blue"}
    assert N.parse(f"Sail to {code.lower()}.", legal[:2], view) == {"type": "sail", "to": blue, "card": "blue"}
    assert N.parse(f"sail {code} with red die", legal, view) == {"type": "sail", "to": blue, "die": "red"}
    assert N.parse(f"sail {code} die red", legal, view) == {"type": "sail", "to": blue, "die": "red"}
    assert N.parse(f"sail {code} with green die", legal, view) is None
    assert N.parse(f"with the red die sail to {code}", legal, view) is None   # the action comes first
    creature = [{"type": "sail", "to": blue, "die": "red", "creature": "red"}, *legal]
    assert N.parse(f"sail {code} with red die creature red", creature, view) == creature[0]
    assert N.parse(f"sail {code} creature red with red die", creature, view) == creature[0]
    assert N.parse(f"sail {code} with red die", creature, view) == legal[1]
    # Recolouring red to blue is 3 steps round the oracle (red, black, pink, blue): 3 favour.
    assert N.action_cost(view, {"type": "sail", "to": blue, "die": "red"}) == 3
    assert "3 favour" in N.move_words({"type": "sail", "to": blue, "die": "red"}, view)


def test_short_forms_name_the_move_meant():
    view, at, sea = _start()
    temple = sea.temple("red")
    monster2 = next(k for k, i in sea.islands.items() if i["kind"] == "monster2")
    offering = next(k for k, i in sea.islands.items() if i["kind"] == "offering")
    water = sorted(sea.water)[0]
    legal = [
        {"type": "deliver", "island": temple, "colour": "red", "die": "red"},
        {"type": "fight", "island": monster2, "monster": "yellow", "die": "yellow"},
        {"type": "fight", "island": monster2, "monster": "pink", "die": "yellow"},
        {"type": "load_offering", "island": offering, "colour": "green", "die": "green"},
        {"type": "god_power", "colour": "blue", "to": water},
        {"type": "god_power", "colour": "black", "island": monster2, "monster": "pink"},
        {"type": "god_card", "colour": "blue"}, {"type": "advance_god", "colour": "black", "die": "red"},
        {"type": "end"},
    ]
    code = lambda key: sea_text.space_code(sea, key)  # noqa: E731
    assert N.parse("deliver red", legal, view) == legal[0]
    assert N.parse(f"deliver {code(temple)}", legal, view) == legal[0]
    assert N.parse(f"fight {code(monster2)} pink", legal, view) == legal[2]
    assert N.parse(f"fight {code(monster2)}", legal, view) is None        # two monsters: say which
    assert N.parse(f"load {code(offering)} g", legal, view) == legal[3]   # a colour by its letter
    assert N.parse(f"Poseidon {code(water)}", legal, view) == legal[4]
    assert N.parse(f"ares {code(monster2)} pink", legal, view) == legal[5]
    assert N.parse("back Poseidon", legal, view) == legal[6]
    assert N.parse("god ares", legal, view) == legal[7]                   # a god by its name
    assert N.parse("advance black with red die", legal, view) == legal[7]
    assert N.parse("END", legal, view) == legal[8]
    assert N.parse("sail", legal, view) is None and N.parse("", legal, view) is None


def test_the_start_of_a_turn_and_the_choices():
    view, at, sea = _start()
    legal = [{"type": "take_offer", "roller": 1, "colour": "red"},
             {"type": "take_offer", "roller": 1, "colour": "blue"}, {"type": "decline_offers"}]
    assert N.parse("offer red from Bob", legal, view) == legal[0]
    assert N.parse("offer poseidon from bob", legal, view) == legal[1]
    assert N.parse("offer blue", legal, view) == legal[1]
    assert N.parse("offer red from Cleo", legal, view) is None
    assert N.parse("decline", legal, view) == legal[2]
    assert N.move_words(legal[0], view) == "Advance Aphrodite (red) 1 step after Bob's roll"
    recover = [{"type": "recover", "colours": ["red", "black", "black"]}]
    assert N.parse("discard black red black", recover, view) == recover[0]
    bless = [{"type": "bless_favour"}, {"type": "bless_god", "colour": "green"}]
    assert N.parse("bless favour", bless, view) == bless[0] and N.parse("favour", bless, view) == bless[0]
    assert N.parse("bless artemis", bless, view) == bless[1]
    choices = [{"type": "equipment", "card": 7}, {"type": "equipment", "card": 12}]
    assert N.parse("equipment gift of the gods", choices, view) == choices[0]
    assert N.parse("equipment long-oars", choices, view) == choices[1]
    assert N.parse("equipment 12", choices, view) == choices[1]
    assert N.parse("fight on", [{"type": "fight_on"}, {"type": "retreat"}], view) == {"type": "fight_on"}
    assert N.parse("retreat", [{"type": "fight_on"}, {"type": "retreat"}], view) == {"type": "retreat"}
    # "give up" is the gateway's word for resigning the game: never a retreat.
    assert N.parse("give up", [{"type": "fight_on"}, {"type": "retreat"}], view) is None


def test_the_text_map_puts_neighbours_next_to_each_other():
    view, at, sea = _start()
    lines = N.text_map(view)
    codes = sea_text.codes(sea)
    zeus_line = next(line for line in lines if " Z " in line + " ")
    column = zeus_line.index(" Z ") + 1
    for key in sea.zeus_neighbours():
        code = codes[key]
        row = next(line for line in lines if re.search(rf"(^| ){code}( |$)", line))
        at_col = re.search(rf"(^| ){code}( |$)", row).start() + (1 if row[0] == " " else 0)
        assert abs(at_col - column) <= 4, (code, row, zeus_line)


def test_a_player_waiting_with_an_offered_god_advance_reads_it_in_the_situation():
    entry = registry.get("delphi")
    rules, bot = entry.rules, entry.bot("best")
    table = harness.Table(rules, 3, {}, seed=8)
    for _ in range(600):
        waiting = sorted(rules.may_move(table.state) - rules.to_move(table.state))
        if waiting:
            break
        table.bot_move(min(rules.to_move(table.state)), bot)
    assert waiting, "no god advance was offered in 600 moves"
    seat = waiting[0]
    view = reader_view(rules, table.state, seat)
    offer = view["seats"][seat]["offers"][0]
    text = N.situation(view, NAMES[:3])
    assert f"After {NAMES[offer['roller']]}'s roll you may advance one god of: " in text, text
    legal = rules.legal_moves(table.state, seat)
    written = N.notation(legal[0], view)
    assert written.startswith("offer ") and f"from {NAMES[offer['roller']]}" in written
    assert N.parse(written, legal, view) == legal[0]
