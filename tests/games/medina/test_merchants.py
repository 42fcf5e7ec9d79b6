"""Merchants never touch two merchants, built from the rule text (seed 004, "Händler"):

    "Ein neuer Händler kann nur orthogonal zu einem bestehenden Händler an beiden Enden
    des Marktes platziert werden. Ein neuer Händler darf nicht an 2 bestehende Händler
    angrenzen (kein Klumpen). Sind beide Enden der Marktgasse blockiert, kann ein neuer
    Händler an beliebiger Stelle platziert werden."

So a new merchant touches exactly one merchant at an end of the alley; a square that
touches two is refused, also when it touches an end, and also when both ends are
blocked and the alley may restart anywhere.
"""
from games.catalog.medina.placement import board_of
from tests.games.medina.test_medina_rules import make_state, play, put, refused, squares

TWO = "A merchant may not touch two merchants."


def bent_alley():
    """The alley (5,5)-(6,5)-(7,5)-(7,6): its ends are (5,5) and (7,6)."""
    state = make_state(3, merchant=(5, 5))
    for x, y in [(6, 5), (7, 5), (7, 6)]:
        put(state, 0, "merchant", x, y)
    return state


def test_a_square_next_to_an_end_and_another_merchant_is_refused():
    state = bent_alley()
    # (6,6) touches the end (7,6) and the middle merchant (6,5).
    assert squares(state, 0, "merchant") == {(4, 5), (5, 4), (5, 6), (8, 6), (7, 7)}
    assert refused(state, 0, {"type": "merchant", "x": 6, "y": 6}).message == TWO
    state, events = play(state, 0, {"type": "merchant", "x": 7, "y": 7})
    assert [e.type for e in events][0] == "PiecePlaced"
    assert state["cells"][board_of(state).index(7, 7)] == "M"


def test_a_middle_merchant_grows_no_branch():
    state = bent_alley()
    assert refused(state, 0, {"type": "merchant", "x": 6, "y": 4}).message.startswith(
        "A merchant must continue the market alley")


def test_when_both_ends_are_blocked_the_new_merchant_still_may_not_touch_two():
    # Two merchants (1,1) and (1,3) by the west wall, the square between them empty,
    # every other neighbour taken by a white palace: no end can grow.
    state = make_state(3, merchant=(1, 1))
    put(state, 0, "merchant", 1, 3)
    for x, y in [(2, 1), (2, 2), (2, 3), (2, 4), (1, 4)]:
        put(state, 0, "building", x, y, "white")
    anywhere = squares(state, 0, "merchant")
    assert (9, 9) in anywhere and (16, 11) in anywhere, "the alley may restart anywhere"
    assert (1, 2) not in anywhere
    assert refused(state, 0, {"type": "merchant", "x": 1, "y": 2}).message == TWO
    state, _ = play(state, 0, {"type": "merchant", "x": 9, "y": 9})
    assert squares(state, 0, "merchant") == {(8, 9), (10, 9), (9, 8), (9, 10)}
