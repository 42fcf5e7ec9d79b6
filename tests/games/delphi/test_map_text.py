"""Names and codes of the Delphi sea's spaces (games/catalog/delphi/sea_text.py)."""
from __future__ import annotations

from collections import Counter

import pytest

from games.catalog.delphi import board as B
from games.catalog.delphi import sea_text as S
from games.catalog.delphi.tiles import COLOURS
from games.engine.rng import rng_for_testing

SMALL = {
    "water": {"0,-1": "yellow", "1,-1": "black", "-1,0": "red", "1,0": "green", "-1,1": "blue",
              "0,1": "pink", "2,0": "red", "3,0": "blue", "2,-2": "red"},
    "zeus": "0,0",
    "shallows": ["0,0", "4,0"],
    "islands": {"2,-1": {"kind": "monster", "colour": None, "ring": None, "sites": None},
                "4,-1": {"kind": "temple", "colour": "red", "ring": None, "sites": None},
                "3,-2": {"kind": "tile", "colour": None, "ring": "green", "sites": None},
                "1,-2": {"kind": "tile", "colour": None, "ring": "pink", "sites": None},
                "5,-1": {"kind": "city", "colour": "black", "ring": None, "sites": None}},
}


def test_water_is_numbered_per_colour_in_reading_order():
    sea = B.Sea(SMALL)
    # Red water at 2,-2 (top row), -1,0 (middle row, left) and 2,0 (middle row, right).
    assert [S.space_code(sea, k) for k in ("2,-2", "-1,0", "2,0")] == ["R1", "R2", "R3"]
    assert S.space_code(sea, "1,-1") == "K1"
    assert S.space_code(sea, "3,0") == "B1" and S.space_code(sea, "-1,1") == "B2"   # row 0 before row 1


def test_islands_zeus_and_shallows_codes():
    sea = B.Sea(SMALL)
    assert S.space_code(sea, "0,0") == "Z"
    assert S.space_code(sea, "1,-2") == "T1" and S.space_code(sea, "3,-2") == "T2"
    assert S.space_code(sea, "4,-1") == "RT"
    assert S.space_code(sea, "5,-1") == "KC"
    assert S.space_code(sea, "2,-1") == "M1"
    assert S.space_code(sea, "4,0") == "X1"


def test_names_and_descriptions():
    sea = B.Sea(SMALL)
    assert S.space_name(sea, "3,0") == "blue water B1"
    assert S.space_name(sea, "4,-1") == "the red temple"
    assert S.space_name(sea, "5,-1") == "the black city"
    assert S.space_name(sea, "3,-2") == "island tile T2"
    assert S.space_name(sea, "2,-1") == "monster island M1"
    assert S.space_name(sea, "0,0") == "Zeus"
    assert S.describe(sea, "3,0") == "blue water B1, beside the red temple"
    assert S.describe(sea, "2,0") == "red water R3, beside monster island M1"
    assert S.describe(sea, "1,0") == "green water G1, beside Zeus"
    assert S.describe(sea, "4,-1") == "the red temple, east of Zeus"


def test_codes_read_back_whatever_the_case_and_spacing():
    sea = B.Sea(SMALL)
    assert S.space_from_code(sea, "b1") == "3,0"
    assert S.space_from_code(sea, " R 03 ") == "2,0"
    assert S.space_from_code(sea, "rt") == "4,-1"
    assert S.space_from_code(sea, "z") == "0,0" == S.space_from_code(sea, "Zeus")
    with pytest.raises(ValueError, match="no space 'B9'"):
        S.space_from_code(sea, "B9")


@pytest.mark.parametrize("board", [B.FIRST_GAME] + [B.generate(rng_for_testing(s), 4) for s in range(3)])
def test_every_space_of_a_full_map_has_its_own_code(board):
    sea = B.Sea(board)
    codes = S.codes(sea)
    assert len(codes) == 120 and len(set(codes.values())) == 120
    assert all(S.space_from_code(sea, code) == key for key, code in codes.items())
    water = Counter(codes[k][0] for k in sea.water)
    assert water == {S.LETTER[c]: 12 for c in COLOURS}
    assert {codes[k] for k in sea.water if sea.water[k] == "blue"} == {f"B{n}" for n in range(1, 13)}
    kinds = Counter(code.rstrip("0123456789") for k, code in codes.items() if k in sea.islands)
    assert kinds == {"T": 12, "O": 6, "S": 6, "M": 9, **{S.LETTER[c] + "T": 1 for c in COLOURS},
                     **{S.LETTER[c] + "C": 1 for c in COLOURS}}
    for key in sea.water:
        assert S.describe(sea, key).startswith(f"{sea.water[key]} water {codes[key]}")


def test_colour_letters():
    assert S.parse_colour("K") == "black" and S.parse_colour("pink") == "pink" and S.parse_colour(" y") == "yellow"
    with pytest.raises(ValueError):
        S.parse_colour("white")


def test_the_map_dict_itself_is_accepted():
    assert S.space_code(SMALL, "3,0") == "B1"
    assert S.describe(SMALL, "3,0") == "blue water B1, beside the red temple"
    assert S.space_from_code(SMALL, "KC") == "5,-1"
