"""The turn email's words for a Citytrip Brugge sheet: counts agree with their nouns."""
from games.catalog.citytour import RULES
from games.catalog.citytour.notation import _count, situation
from tests.games.citytour.helpers import new_game


def test_counts_agree_with_their_nouns():
    assert [_count(1, "church"), _count(2, "church"), _count(3, "brewery"), _count(0, "shop"),
            _count(2, "large historic building"), _count(4, "almshouse"), _count(2, "place")] == \
        ["1 church", "2 churches", "3 breweries", "0 shops", "2 large historic buildings", "4 almshouses",
         "2 places"]


def test_a_new_sheet_has_a_route_of_one_place():
    text = situation(RULES.view(new_game(), 0), ["Ann", "Ben"])
    assert "You: route E4 (1 place);" in text and "Ben: route E4 (1 place);" in text
