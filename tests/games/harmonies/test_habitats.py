"""Board geometry and habitat matching: every card's shape in every rotation, exact
heights, any building base, one cube per space (seed lines 45-49, rulings 9-10)."""
import pytest

from games.catalog.harmonies import board as B
from games.catalog.harmonies import components as C
from games.catalog.harmonies.rules import cube_spaces
from tests.games.harmonies.helpers import set_board, space, table

EXACT = {"W": "W", "F": "F", "M1": "M", "M2": "MM", "M3": "MMM",
         "T1": "G", "T2": "TG", "T3": "TTG"}
WRONG = {"W": "F", "F": "W", "M1": "MM", "M2": "M", "M3": "MM",
         "T1": "TG", "T2": "G", "T3": "TG", "B": "R"}
BASES = ["M", "T", "R"]


def test_the_two_sides_have_23_and_28_spaces_with_symmetric_neighbours():
    assert len(B.spaces("A")) == 23 and len(B.spaces("B")) == 28
    for side in B.SIDES:
        adjacent = B.neighbours(side)
        for index, others in enumerate(adjacent):
            assert 2 <= len(others) <= 6
            for other in others:
                assert index in adjacent[other]
    assert sorted(B.names("A")[j] for j in B.neighbours("A")[space("A", "c3")]) == \
        ["b2", "b3", "c2", "c4", "d2", "d3"]
    assert sorted(B.names("A")[j] for j in B.neighbours("A")[space("A", "a1")]) == ["a2", "b1"]
    # side B: 7 columns of 4, odd columns half a space lower
    assert sorted(B.names("B")[j] for j in B.neighbours("B")[space("B", "b4")]) == ["a4", "b3", "c4"]


def test_a_rotation_six_times_is_the_identity_and_never_a_mirror():
    for offset in [(1, 0), (2, -1), (1, -1)]:
        turns = {B.rotate(offset, k) for k in range(6)}
        assert len(turns) == 6 and B.rotate(offset, 6) == offset


def _spec(card_id, turns, anchor="c3", wrong_cell=None, base=0):
    """The card's habitat turned ``turns`` times with its cube space on ``anchor`` (side A)."""
    col, row = B.spaces("A")[space("A", anchor)]
    q0, r0 = B.to_axial(col, row)
    by_axial = {B.to_axial(c, r): i for i, (c, r) in enumerate(B.spaces("A"))}
    spec = {}
    for number, (offset, requirement) in enumerate(C.CARDS[card_id]["cells"]):
        dq, dr = B.rotate(offset, turns)
        target = B.names("A")[by_axial[(q0 + dq, r0 + dr)]]
        if number == wrong_cell:
            spec[target] = WRONG[requirement]
        elif requirement == "B":
            spec[target] = BASES[(base + number) % 3] + "R"
        else:
            spec[target] = EXACT[requirement]
    return spec


CASES = [(card, turns) for card in sorted(C.CARDS) for turns in range(6)]


@pytest.mark.parametrize("card,turns", CASES, ids=[f"card{c}-rot{t}" for c, t in CASES])
def test_every_habitat_matches_in_every_rotation_and_fails_with_any_cell_wrong(card, turns):
    t = table(2)
    anchor = space("A", "c3")
    set_board(t, 0, _spec(card, turns))
    assert anchor in cube_spaces(t.state, 0, card)
    for base in (1, 2):      # any building base will do
        set_board(t, 0, _spec(card, turns, base=base))
        assert anchor in cube_spaces(t.state, 0, card)
    for wrong in range(len(C.CARDS[card]["cells"])):
        set_board(t, 0, _spec(card, turns, wrong_cell=wrong))
        assert anchor not in cube_spaces(t.state, 0, card), (card, turns, wrong)


def test_every_card_has_its_habitat_fitting_on_both_sides():
    for side in B.SIDES:
        for card in C.CARDS:
            assert B.placements(side, card), (side, card)


def test_heights_must_match_exactly():
    t = table(2)
    # bat: a tree of 3 next to the cube space, a mountain of 1
    set_board(t, 0, {"c3": "M", "c2": "TTG"})
    assert cube_spaces(t.state, 0, 22) == [space("A", "c3")]
    set_board(t, 0, {"c3": "M", "c2": "TG"})
    assert cube_spaces(t.state, 0, 22) == []
    set_board(t, 0, {"c3": "MM", "c2": "TTG"})
    assert cube_spaces(t.state, 0, 22) == []


def test_a_lone_red_or_a_red_on_two_tokens_is_no_building():
    t = table(2)
    set_board(t, 0, {"c3": "W", "c2": "R"})          # duck: building next to water
    assert cube_spaces(t.state, 0, 6) == []
    for base in "MTR":
        set_board(t, 0, {"c3": "W", "c2": base + "R"})
        assert cube_spaces(t.state, 0, 6) == [space("A", "c3")]


def test_one_cube_per_space_but_shared_tokens_serve_several_habitats():
    t = table(2)
    # two fields with a tree of 1 between them: butterfly (F*, T1) fits twice
    set_board(t, 0, {"c3": "G", "c2": "F", "c4": "F"})
    assert cube_spaces(t.state, 0, 31) == [space("A", "c2"), space("A", "c4")]
    set_board(t, 0, {"c3": "G", "c2": "F", "c4": "F"}, cubes={"c2": 31})
    assert cube_spaces(t.state, 0, 31) == [space("A", "c4")]
    # the tree carrying another card's cube still serves as part of a habitat
    set_board(t, 0, {"c3": "G", "c2": "F"}, cubes={"c3": 18})
    assert cube_spaces(t.state, 0, 31) == [space("A", "c2")]
