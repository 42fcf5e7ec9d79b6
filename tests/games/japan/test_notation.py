"""The short text notation and the words of the turn email."""
from games.catalog.japan import BOTS, RULES
from games.catalog.japan.notation import move_words, parse, situation
from games.engine.harness import Table
from tests.games.japan.helpers import give, new_game, play


def test_parse_names_exactly_one_legal_move_or_nothing():
    state = new_game(2)
    give(state, 0, plan=[["T3"], [], [], [], [], []], explore=1)
    legal = RULES.legal_moves(state, 0)
    view = RULES.view(state, 0)
    assert parse("T1 mon 0", legal, view) == {"type": "place", "card": "T1", "day": "mon", "position": 0}
    assert parse("t1 Monday", legal, view) == {"type": "place", "card": "T1", "day": "mon", "position": 1}
    assert parse("walk K1 kyoto sat 0", legal, view) == {"type": "walk", "card": "K1", "city": "kyoto",
                                                         "day": "sat", "position": 0}
    assert parse("explore 2", legal, view) == {"type": "explore", "tokyo": 2}
    assert parse("T1 mon 5", legal, view) is None
    assert parse("T80 mon 0", legal, view) is None
    assert parse("", legal, view) is None
    assert parse("hello there", legal, view) is None


def test_every_legal_move_has_words_and_the_bot_moves_parse_back():
    table = Table(RULES, 2, {}, seed=9)
    parsed = 0
    while not table.over:
        seat = min(RULES.to_move(table.state))
        legal = RULES.legal_moves(table.state, seat)
        view = RULES.view(table.state, seat)
        assert situation(view, {0: "Aiko", 1: "Ben"})
        move = BOTS["best"](RULES, table.state, seat, table.rng_for(table.version + 1))
        assert move_words(move, view)
        text = notation_of(move)
        if text is not None:
            assert parse(text, legal, view) == move, text
            parsed += 1
        table.play(seat, move)
    assert parsed > 30


def notation_of(move):
    kind = move["type"]
    if kind == "place":
        return f"{move['card']} {move['day']} {move['position']}"
    if kind == "walk":
        return f"walk {move['card']} {move['city']} {move['day']} {move['position']}"
    if kind == "bonus":
        return (f"bonus walk {move['city']} {move['position']}" if move["bonus"] == "walk"
                else f"bonus {move['bonus']}")
    if kind == "ticket":
        return f"ticket {move['kind']}"
    if kind == "city":
        return f"{move['card']} {move['city']}"
    if kind == "face":
        return f"{move['face']} {move['card']}"
    if kind == "joker":
        return f"joker {move['track']}"
    if kind in ("pass", "continue"):
        return "pass" if kind == "pass" else "go"
    if kind == "draw":
        return f"draw {move['city']}"
    return None


def test_the_situation_speaks_of_players_by_name_and_hides_their_hands():
    state = new_game(2)
    state, _ = play(state, 1, {"type": "place", "card": "K2", "day": "tue", "position": 0})
    text = situation(RULES.view(state, 0), {0: "Aiko", 1: "Ben"})
    assert "Ben" in text and "Player 2" not in text
    assert "T1 " in text and "T2" not in text and "K2" not in text


def test_every_legal_move_written_in_the_notation_reads_back_as_itself():
    """Property: in positions of a bot game, ``notation(m)`` of every legal move (places,
    walks, explorations, bonuses, the trip's questions) parses back to ``m``."""
    from games.catalog.japan.notation import notation

    kinds = set()
    table = Table(RULES, 3, {}, seed=4)
    number = 0
    while not table.over:
        seat = min(RULES.to_move(table.state))
        legal = RULES.legal_moves(table.state, seat)
        if number % 3 == 0 or table.state["phase"] != "planning":
            view = RULES.view(table.state, seat)
            for move in legal:
                written = notation(move, view)
                assert parse(written, legal, view) == move, (move, written)
                assert parse(written.upper(), legal, view) == move, written
                assert move_words(move, view)
                kinds.add(move["type"])
        number += 1
        table.play(seat, BOTS["best"](RULES, table.state, seat, table.rng_for(table.version + 1)))
    assert kinds >= {"place", "walk", "explore", "ticket", "continue"}, kinds
