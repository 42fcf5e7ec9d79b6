"""The short text notation and the words for moves and positions (turn email)."""
from games.catalog.harmonies import BOTS, RULES
from games.catalog.harmonies.notation import move_words, parse, situation
from games.engine.harness import Table
from tests.games.harmonies.helpers import give_tokens, hold, set_board, space, table


def _legal(t, seat=0):
    return RULES.legal_moves(t.state, seat), RULES.view(t.state, seat)


def test_take_and_place_in_the_notation():
    t = table(2)
    moves, view = _legal(t)
    assert parse("take 2", moves, view) == {"type": "take_tokens", "space": 1}
    assert parse("T3", moves, view) == {"type": "take_tokens", "space": 2}
    assert parse("take 9", moves, view) is None
    set_board(t, 0, {"c3": "MM"})
    give_tokens(t, ["grey", "green", "red"])
    moves, view = _legal(t)
    assert parse("grey c3", moves, view) == {"type": "place_token", "colour": "grey", "space": space("A", "c3")}
    assert parse("m c3", moves, view) == parse("gray on c3", moves, view) == parse("grey c3", moves, view)
    assert parse("G a1", moves, view) == {"type": "place_token", "colour": "green", "space": 0}
    assert parse("green c3", moves, view) is None          # not on a mountain
    assert parse("blue a1", moves, view) is None           # no blue in hand
    assert parse("grey z9", moves, view) is None


def test_cards_cubes_spirits_and_the_end_in_the_notation():
    t = table(2, spirits=True)
    t.state["display"][0] = 23                             # fox
    moves, view = _legal(t)
    assert parse("card fox", moves, view) == {"type": "take_card", "card": 23, "place": 0}
    assert parse("card 23 3", moves, view) == {"type": "take_card", "card": 23, "place": 2}
    assert parse("card fox place 2", moves, view) == {"type": "take_card", "card": 23, "place": 1}
    keep = t.state["spirit_deal"][0][0]
    assert parse(f"spirit {keep}", moves, view) == {"type": "choose_spirit", "card": keep}
    t = table(2)
    set_board(t, 0, {"c3": "W", "c2": "MR"})       # duck: building by water
    hold(t, 0, 6)
    give_tokens(t, [])
    moves, view = _legal(t)
    assert parse("cube duck c3", moves, view) == {"type": "place_cube", "card": 6, "space": space("A", "c3")}
    assert parse("cube duck c2", moves, view) is None
    assert parse("end", moves, view) == {"type": "end_turn"}
    assert parse("", moves, view) is None and parse("hello there", moves, view) is None
    t = table(1)
    give_tokens(t, [])
    moves, view = _legal(t)
    shown = t.state["display"][1]
    from games.catalog.harmonies import components as C
    name = C.CARDS[shown]["name"]
    assert parse(f"end discard {name}", moves, view) == {"type": "end_turn", "discard": shown}


def test_every_legal_move_has_words_and_a_notation_that_names_it():
    """Each legal move met in a game is parsed back from a text built for it."""
    from games.catalog.harmonies import components as C
    from games.catalog.harmonies import board as B

    table_ = Table(RULES, 2, {"spirits": True, "side": "B"}, seed=8)
    while not table_.over:
        seat = min(RULES.to_move(table_.state))
        moves = RULES.legal_moves(table_.state, seat)
        view = RULES.view(table_.state, seat)
        for move in moves:
            assert move_words(move, view)
            kind = move["type"]
            if kind == "take_tokens":
                text = f"take {move['space'] + 1}"
            elif kind == "place_token":
                text = f"{move['colour']} {B.names('B')[move['space']]}"
            elif kind == "take_card":
                text = f"card {move['card']} {move['place'] + 1}"
            elif kind == "place_cube":
                text = f"cube {C.CARDS[move['card']]['name']} {B.names('B')[move['space']]}"
            elif kind == "choose_spirit":
                text = f"spirit {move['card']}"
            else:
                text = "end" + (f" discard {move['discard']}" if "discard" in move else "")
            assert parse(text, moves, view) == move, text
        table_.bot_move(seat, BOTS["best"])


def test_situation_speaks_of_players_by_name_and_shows_the_board():
    t = table(3, spirits=True)
    set_board(t, 0, {"c3": "TTG", "a1": "W"}, cubes={"c3": 20})
    text = situation(RULES.view(t.state, 0), ["Ada", "Bea", "Cy"])
    assert "Ada is to move" in text and "Bea's board" in text and "Cy's board" in text
    assert "TTG*" in text and "Your board" in text
    assert "Nature's Spirit cards to choose from" in text
    assert "Player" not in text and "seat" not in text.lower()
    spectator = situation(RULES.view(t.state, None), ["Ada", "Bea", "Cy"])
    assert "choose from" not in spectator and "Ada's board" in spectator


def test_every_legal_move_written_in_the_notation_reads_back_as_itself():
    """Property: in positions of bot games (2 players side A with spirits, solo side B),
    ``notation(m)`` of every legal move parses back to ``m`` in any letter case."""
    from games.catalog.harmonies.notation import notation

    kinds = set()
    for players, options in ((2, {"side": "A", "spirits": True}), (1, {"side": "B", "spirits": False})):
        t = Table(RULES, players, options, seed=5)
        for number in range(160):
            if t.over:
                break
            seat = min(RULES.to_move(t.state))
            if number % 4 == 0:
                legal = RULES.legal_moves(t.state, seat)
                view = RULES.view(t.state, seat)
                for move in legal:
                    written = notation(move, view)
                    assert parse(written, legal, view) == move, (move, written)
                    assert parse(written.upper(), legal, view) == move, written
                    kinds.add(move["type"])
            t.play(seat, BOTS["best"](RULES, t.state, seat, t.rng_for(t.version + 1)))
    assert kinds >= {"take_tokens", "place_token", "take_card", "place_cube", "choose_spirit", "end_turn"}, kinds


def _page_positions(text: str, heading: str, names) -> dict:
    """Where each space's name stands in the board drawn under ``heading``: (line, column)."""
    lines = text.split("\n")
    first = lines.index(next(line for line in lines if line.startswith(heading))) + 1
    found = {}
    for offset, line in enumerate(lines[first:first + 20]):
        for name in names:
            at = line.find(f" {name} ")
            if at >= 0 and name not in found:
                found[name] = (offset, at)
    return found


def test_the_email_board_draws_neighbours_touching_on_the_page():
    import re

    from games.catalog.harmonies import board as B

    for side in ("A", "B"):
        t = table(2, side=side)
        set_board(t, 0, {"c3": "TTG", "a1": "W", "b1": "MM"}, cubes={"c3": 1})
        text = situation(RULES.view(t.state, 0), ["Ann", "Ben"])
        names = B.names(side)
        at = _page_positions(text, "Your board", names)
        assert set(at) == set(names)
        assert re.search(r" c3 TTG\* ", text + " ") and " a1 W " in text and " b1 MM " in text
        assert re.search(r" e1 \.( |$)", text, re.M)
        neighbours = B.neighbours(side)
        for i, one in enumerate(names):
            for j, other in enumerate(names):
                if i == j:
                    continue
                (line_a, col_a), (line_b, col_b) = at[one], at[other]
                touching = (col_a == col_b and abs(line_a - line_b) == 2) or \
                    (abs(col_a - col_b) == 8 and abs(line_a - line_b) == 1)
                assert touching == (j in neighbours[i]), (side, one, other)
