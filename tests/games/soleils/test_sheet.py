"""Zone rules and sheet scoring on hand-built sheets (rule text: "Die Zonenregeln",
"Symbole und Boni", "Spielende und Wertung")."""
from games.catalog.soleils.components import CELLS, CELL_IDS, GROUPS, NEIGHBOURS, ZONES
from games.catalog.soleils.sheet import (ADJACENT_DIFFERENT, empty_sheet, filled_pearls,
                                         fits, tally, why_not)


def sheet_with(values, sun=()):
    sheet = empty_sheet()
    sheet["cells"].update(values)
    sheet["sun"] = list(sun)
    return sheet


# -- the sheet data -------------------------------------------------------------

def test_sheet_has_five_zones_of_35_cells_with_pearls_spread():
    assert set(ZONES) == {"huts", "koi", "boats", "bottles", "gulls"}
    assert len(CELL_IDS) == 35
    sizes = {zone: sum(len(g.cells) for g in ZONES[zone].groups) for zone in ZONES}
    assert sizes == {"huts": 8, "koi": 12, "boats": 6, "bottles": 3, "gulls": 6}
    counts = [sum(1 for c in CELLS.values() if c.pearl == v) for v in range(1, 7)]
    assert counts == [6, 6, 5, 6, 6, 6]
    assert sum(c.crab for c in CELLS.values()) == 4
    assert sum(c.hat for c in CELLS.values()) == 3


def test_neighbours_are_orthogonal_and_cross_zones():
    assert sorted(NEIGHBOURS["bottle-2"]) == ["boat2-2", "bottle-1", "bottle-3", "gull-2"]
    assert sorted(NEIGHBOURS["hut1-t"]) == ["hut1-b", "hut2-t"]
    assert "koi1-4" in NEIGHBOURS["bottle-1"]        # across the zone border
    assert "koi2-4" not in NEIGHBOURS["bottle-1"]    # diagonal is not a neighbour


# -- zone rules -----------------------------------------------------------------

def test_beach_hut_cells_must_match():
    cells = sheet_with({"hut1-t": 3})["cells"]
    assert fits(cells, "hut1-b", 3)
    assert not fits(cells, "hut1-b", 4)
    assert "same number" in why_not(cells, "hut1-b", 4)
    assert fits(cells, "hut2-b", 4)          # another hut is free


def test_koi_signs_hold_in_any_filling_order():
    # koi1 is  a < b < c > d
    cells = sheet_with({"koi1-3": 4})["cells"]
    assert fits(cells, "koi1-2", 3)
    assert not fits(cells, "koi1-2", 4)      # strict
    assert not fits(cells, "koi1-2", 5)
    assert fits(cells, "koi1-4", 1)
    assert not fits(cells, "koi1-4", 6)
    assert fits(cells, "koi1-1", 6)          # only neighbouring signs are checked
    assert "needs" in why_not(cells, "koi1-2", 5)
    # koi2 is  a > b > c < d
    cells = sheet_with({"koi2-1": 4, "koi2-3": 2})["cells"]
    assert fits(cells, "koi2-2", 3)
    assert not fits(cells, "koi2-2", 2)
    assert not fits(cells, "koi2-2", 4)
    assert fits(cells, "koi2-4", 3)
    assert not fits(cells, "koi2-4", 1)


def test_sailboat_row_all_different_by_default():
    cells = sheet_with({"boat1-1": 2})["cells"]
    assert not fits(cells, "boat1-3", 2)     # the seed: the three boats all differ
    assert fits(cells, "boat1-3", 3)
    assert fits(cells, "boat2-1", 2)         # the other row is independent


def test_sailboat_adjacent_variant():
    cells = sheet_with({"boat1-1": 2})["cells"]
    assert fits(cells, "boat1-3", 2, ADJACENT_DIFFERENT)
    assert not fits(cells, "boat1-2", 2, ADJACENT_DIFFERENT)
    assert "neighbouring boat" in why_not(cells, "boat1-2", 2, ADJACENT_DIFFERENT)


def test_bottles_all_equal_and_gulls_all_different():
    cells = sheet_with({"bottle-3": 5, "gull-1": 5, "gull-6": 1})["cells"]
    assert fits(cells, "bottle-1", 5)
    assert not fits(cells, "bottle-1", 4)
    assert fits(cells, "gull-2", 2)
    assert not fits(cells, "gull-2", 5)
    assert not fits(cells, "gull-4", 1)


def test_a_filled_cell_takes_nothing():
    cells = sheet_with({"gull-1": 5})["cells"]
    assert not fits(cells, "gull-1", 1)


# -- scoring ------------------------------------------------------------------

def test_pearls_count_where_the_number_equals_the_pearl():
    cells = sheet_with({"gull-1": 1, "gull-2": 3, "koi2-3": 1, "hut1-t": 4, "hut1-b": 4})["cells"]
    assert sorted(filled_pearls(cells)) == ["gull-1", "hut1-b", "koi2-3"]


def test_completed_hut_koi_and_boat_row_score_their_starfish():
    sheet = sheet_with({"hut3-t": 2, "hut3-b": 2,
                        "koi3-1": 1, "koi3-2": 5, "koi3-3": 2, "koi3-4": 3,
                        "boat2-1": 6, "boat2-2": 4, "boat2-3": 1,
                        "boat1-1": 1})
    result = tally(sheet)
    # hut 1 + koi 2 + boat row 1; pearls: hut3-b=2, koi3-2=5
    assert result["group_starfish"] == 1 + 2 + 1
    assert result["pearls"] == 2
    assert result["flag_starfish"] == 0 and result["shells"] == 0
    assert result["points"] == 6
    assert sorted(result["completed_groups"]) == ["boats2", "hut3", "koi3"]


def test_zone_flags_on_completing_a_zone():
    gulls = {"gull-1": 6, "gull-2": 5, "gull-3": 4, "gull-4": 3, "gull-5": 2, "gull-6": 1}
    bottles = {"bottle-1": 2, "bottle-2": 2, "bottle-3": 2}
    result = tally(sheet_with({**gulls, **bottles}))
    # flags: gulls 3 starfish + 1 shell, bottles 1 starfish + 2 shells; no pearls hit
    assert result["completed_zones"] == ["bottles", "gulls"]
    assert result["flag_starfish"] == 4
    assert result["shells"] == 3
    assert result["pearls"] == 0
    assert result["points"] == 4


def test_whole_boat_zone_gives_flag_and_rows():
    boats = {"boat1-1": 1, "boat1-2": 2, "boat1-3": 3, "boat2-1": 1, "boat2-2": 2, "boat2-3": 3}
    result = tally(sheet_with(boats))
    assert result["group_starfish"] == 2       # two rows
    assert result["shells"] == 2               # the boats' flag
    assert result["points"] == 2


def test_sun_track_rewards_only_exact_hits():
    # 12 -> shell, 22 -> question (nothing at the end), 32 -> 2 starfish,
    # 42 -> shell, 52 -> question, 62 -> 3 starfish
    result = tally(sheet_with({}, sun=[5, 12, 18, 22, 27, 32, 38, 43, 47, 52, 58, 62]))
    assert result["sun_starfish"] == 5
    assert result["shells"] == 1
    assert result["points"] == 5                # the sun's starfish count like any other
    result = tally(sheet_with({}, sun=[6, 13, 23, 33, 41, 47, 53, 63]))
    assert result["sun_starfish"] == 0 and result["shells"] == 0
    assert result["sun_total"] == 63
    assert tally(sheet_with({}))["sun_total"] == 0   # no sun die written yet


def test_every_group_is_registered_once():
    seen = [cell for group in GROUPS.values() for cell in group.cells]
    assert sorted(seen) == sorted(CELL_IDS)


def test_every_pearl_of_a_koi_and_of_the_gulls_can_be_filled_together():
    sheet = sheet_with({cell_id: CELLS[cell_id].pearl for group in ("koi1", "koi2", "koi3", "gulls")
                        for cell_id in GROUPS[group].cells})
    for group in ("koi1", "koi2", "koi3", "gulls"):
        for cell_id in GROUPS[group].cells:
            held = sheet["cells"][cell_id]
            sheet["cells"][cell_id] = None
            assert fits(sheet["cells"], cell_id, held), cell_id
            sheet["cells"][cell_id] = held
    assert tally(sheet)["pearls"] == 18
