"""Every landscape power (DESIGN content, SEED cost: one acorn, once per game)."""
import pytest

from games.catalog.momiji import RULES
from games.catalog.momiji import components as C

from tests.games.momiji.helpers import refused, row_text, table, types

DECK = ["green-0", "green-1", "yellow-2", "red-3", "orange-0", "orange-1", "green-3"]


def with_power(power, **fields):
    defaults = dict(display=["red-0", "red-2", "orange-1", "yellow-3"], deck=list(DECK),
                    hands=[["red-1", "yellow-1"], ["green-2"]], acorns=[2, 2],
                    powers=[[power], []], rows=[[], []])
    defaults.update(fields)
    return table(2, **defaults)


def use(t, power, **params):
    return t.play(0, {"type": "power", "power": power, **params})


def test_every_power_is_data_with_a_text():
    for name, spec in C.POWERS.items():
        assert spec["title"] and spec["text"]
        assert set(spec["params"]) <= {"leaf", "card", "take", "position", "cards"}


def test_hot_spring():
    t = with_power("hot_spring")
    assert types(use(t, "hot_spring")) == ["LandscapeUsed", "AcornsGained"]
    assert t.state["acorns"][0] == 3
    assert t.state["powers_used"][0] == ["hot_spring"]


def test_bamboo_grove_reveals_for_free_without_forcing_a_collect():
    t = with_power("bamboo_grove")
    use(t, "bamboo_grove")
    assert len(t.state["display"]) == 8 and t.state["deck"] == DECK[4:]
    assert t.state["acorns"][0] == 1
    assert t.state["turn"]["revealed"] is False
    # Unlike a paid reveal the player may still play instead of collecting.
    t.state["hands"][0] = ["red-0"]
    t.play(0, {"type": "play", "cards": ["red-0"], "side": "right"})


def test_river_draws_the_top_card():
    t = with_power("river")
    use(t, "river")
    assert t.state["hands"][0] == ["red-1", "yellow-1", "green-0"]
    assert t.state["deck"] == DECK[1:]


def test_mountain_path_takes_one_display_card_and_refills():
    t = with_power("mountain_path")
    use(t, "mountain_path", take="orange-1")
    assert "orange-1" in t.state["hands"][0]
    assert t.state["display"] == ["red-0", "red-2", "yellow-3", "green-0"]
    refused(with_power("mountain_path"), 0,
            {"type": "power", "power": "mountain_path", "take": "green-1"}, "illegal_power")


def test_temple_garden_collects_a_type_and_the_action_is_still_open():
    t = with_power("temple_garden")
    use(t, "temple_garden", leaf="red")
    assert t.state["hands"][0] == ["red-0", "red-1", "red-2", "yellow-1"]
    assert len(t.state["display"]) == 4
    assert t.state["turn"]["main"] is False
    t.play(0, {"type": "collect", "leaf": "orange"})


def test_stone_lantern_ignores_the_plus_one_limit():
    t = with_power("stone_lantern", hands=[["red-3", "yellow-1"], []], rows=[["red:0,0"], []])
    use(t, "stone_lantern", card="red-3")
    assert row_text(t.state["rows"][0]) == ["red:0,0,3"]
    assert t.state["torii"] == 1
    assert t.state["turn"]["main"] is False


def test_stone_lantern_needs_an_open_stack_not_above_the_card():
    t = with_power("stone_lantern", hands=[["red-0", "yellow-2"], []], rows=[["red:0,1"], []])
    refused(t, 0, {"type": "power", "power": "stone_lantern", "card": "red-0"}, "illegal_power")
    refused(t, 0, {"type": "power", "power": "stone_lantern", "card": "yellow-2"}, "illegal_power")


def test_cedar_gate_is_an_extra_normal_play():
    t = with_power("cedar_gate", hands=[["red-2", "red-3"], []], rows=[["red:0,1"], []])
    refused(t, 0, {"type": "power", "power": "cedar_gate", "card": "red-3"}, "illegal_power")
    use(t, "cedar_gate", card="red-2")
    assert row_text(t.state["rows"][0]) == ["red:0,1,2"]
    t.play(0, {"type": "play", "cards": ["red-3"]})
    assert t.state["torii"] == 1


def test_twin_bridge_swaps_neighbours():
    rows = [["red:0", "orange:0", "yellow:0"], []]
    t = with_power("twin_bridge", rows=rows)
    refused(t, 0, {"type": "power", "power": "twin_bridge", "position": 2}, "illegal_power")
    refused(t, 0, {"type": "power", "power": "twin_bridge", "position": True}, "malformed_move")
    use(t, "twin_bridge", position=1)
    assert row_text(t.state["rows"][0]) == ["red:0", "yellow:0", "orange:0"]


def test_moon_viewing_pays_two_per_torii():
    t = with_power("moon_viewing", rows=[["red:0,1,2,3", "orange:3", "yellow:0"], []])
    use(t, "moon_viewing")
    assert t.state["acorns"][0] == 2 - 1 + 4
    refused(with_power("moon_viewing", rows=[["red:0"], []]), 0,
            {"type": "power", "power": "moon_viewing"}, "illegal_power")


def test_fox_shrine_takes_a_top_card_back():
    t = with_power("fox_shrine", rows=[["red:0,1,2", "orange:0", "yellow:0,1,2,3"], []])
    legal = [m for m in RULES.legal_moves(t.state, 0) if m["type"] == "power"]
    assert legal == [{"type": "power", "power": "fox_shrine", "leaf": "red"}]
    use(t, "fox_shrine", leaf="red")
    assert row_text(t.state["rows"][0])[0] == "red:0,1"
    assert t.state["hands"][0] == ["red-1", "red-2", "yellow-1"]


def test_koi_pond_swaps_a_hand_card_for_a_display_card():
    t = with_power("koi_pond")
    events = use(t, "koi_pond", card="yellow-1", take="orange-1")
    assert types(events) == ["LandscapeUsed", "CardsDiscarded", "LeavesCollected",
                             "DisplayRefilled"]
    assert t.state["hands"][0] == ["red-1", "orange-1"]
    assert t.state["display"] == ["red-0", "red-2", "yellow-3", "green-0"]
    assert t.state["discarded"] == 1 and t.state["acorns"][0] == 1


def test_autumn_wind_replaces_the_display():
    t = with_power("autumn_wind")
    use(t, "autumn_wind")
    assert t.state["display"] == C.sort_cards(DECK[:4])
    assert t.state["discarded"] == 4


def test_pilgrim_road_pays_one_per_two_stacks():
    t = with_power("pilgrim_road", rows=[["red:0", "orange:0", "yellow:0", "green:0", "brown:0"],
                                         []])
    use(t, "pilgrim_road")
    assert t.state["acorns"][0] == 2 - 1 + 2
    refused(with_power("pilgrim_road", rows=[["red:0"], []]), 0,
            {"type": "power", "power": "pilgrim_road"}, "illegal_power")


def test_sunset_pier_collects_the_row_acorns_now():
    t = with_power("sunset_pier", rows=[["red:0", "orange:0"], []])
    use(t, "sunset_pier")
    assert t.state["acorns"][0] == 2 - 1 + 2
    refused(with_power("sunset_pier", rows=[["orange:0", "red:0"], []]), 0,
            {"type": "power", "power": "sunset_pier"}, "illegal_power")


def test_lotus_pond_exchanges_one_or_two_cards():
    t = with_power("lotus_pond")
    use(t, "lotus_pond", cards=["red-1", "yellow-1"])
    assert t.state["hands"][0] == ["green-0", "green-1"]
    assert t.state["deck"] == DECK[2:] and t.state["discarded"] == 2
    short = with_power("lotus_pond", deck=["green-0"])
    refused(short, 0, {"type": "power", "power": "lotus_pond", "cards": ["red-1", "yellow-1"]},
            "illegal_power")
    use(short, "lotus_pond", cards=["yellow-1"])
    assert short.state["hands"][0] == ["red-1", "green-0"]


@pytest.mark.parametrize("move", [
    {"type": "power", "power": "mountain_path"},
    {"type": "power", "power": "mountain_path", "take": "red-0", "leaf": "red"},
    {"type": "power", "power": "nowhere"},
    {"type": "power", "power": ["mountain_path"], "take": "red-0"},
])
def test_malformed_power_moves(move):
    refused(with_power("mountain_path"), 0, move, "malformed_move")
