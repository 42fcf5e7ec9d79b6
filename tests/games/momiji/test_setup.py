"""Setup for every player count, the options, and the landscape draft."""
from collections import Counter

import pytest

from games.catalog.momiji import RULES
from games.catalog.momiji import components as C
from games.engine import IllegalMove

from tests.games.momiji.helpers import refused, table


@pytest.mark.parametrize("players,types,objectives,torii", [
    (1, 4, 4, 4), (2, 4, 4, 4), (3, 5, 5, 5), (4, 6, 6, 6)])
def test_setup_scales_with_player_count(players, types, objectives, torii):
    state = table(players).state
    assert state["leaf_types"] == C.LEAF_TYPES[:types]
    assert len(state["objectives"]) == objectives == len(set(state["objectives"]))
    assert state["torii_limit"] == torii
    assert [len(hand) for hand in state["hands"]] == [6] * players
    assert len(state["display"]) == 4
    assert state["acorns"] == [2] * players
    # Every card of the 12-per-type deck is somewhere: deck, hands or display.
    everything = Counter(state["deck"] + state["display"]
                         + [card for hand in state["hands"] for card in hand])
    assert everything == Counter({C.card_code(leaf, v): 3
                                  for leaf in C.LEAF_TYPES[:types] for v in range(4)})
    assert len(state["deck"]) == 12 * types - 6 * players - 4
    # Objectives for a leaf type only come with that type in play.
    for name in state["objectives"]:
        kind, arg = C.OBJECTIVES[name]["measure"]
        assert kind != "leaf" or arg in state["leaf_types"]


def test_display_is_sorted_by_type_then_value():
    for seed in range(5):
        display = table(4, seed=seed).state["display"]
        keys = [(C.LEAF_TYPES.index(C.CARD_LEAF[c]), C.CARD_VALUE[c]) for c in display]
        assert keys == sorted(keys)


def test_first_game_assigns_distinct_starter_trios():
    state = table(4).state
    assert state["phase"] == "play" and state["current"] == 0
    trios = [tuple(p) for p in state["powers"]]
    assert len(set(trios)) == 4
    assert all(list(trio) in C.STARTER_TRIOS for trio in trios)


def test_starter_trios_use_every_landscape_once():
    names = [name for trio in C.STARTER_TRIOS for name in trio]
    assert sorted(names) == sorted(C.POWER_NAMES) and len(names) == 15


def test_draft_is_a_snake_and_ends_in_play():
    t = table(3, "draft")
    assert t.state["phase"] == "draft"
    assert t.state["draft"]["order"] == [0, 1, 2, 2, 1, 0, 0, 1, 2]
    assert RULES.to_move(t.state) == {0}
    assert len(RULES.legal_moves(t.state, 0)) == 15
    assert RULES.legal_moves(t.state, 1) == []
    refused(t, 0, {"type": "collect", "leaf": "red"}, "draft_first")
    picks = ["stone_lantern", "hot_spring", "river", "koi_pond", "twin_bridge",
             "cedar_gate", "sunset_pier", "lotus_pond", "autumn_wind"]
    for pick in picks:
        seat = next(iter(RULES.to_move(t.state)))
        t.play(seat, {"type": "choose_landscape", "power": pick})
    assert t.state["powers"] == [["stone_lantern", "cedar_gate", "sunset_pier"],
                                 ["hot_spring", "twin_bridge", "lotus_pond"],
                                 ["river", "koi_pond", "autumn_wind"]]
    assert t.state["phase"] == "play" and t.state["current"] == 0


def test_a_drafted_landscape_is_gone_from_the_pool():
    t = table(2, "draft")
    t.play(0, {"type": "choose_landscape", "power": "river"})
    refused(t, 1, {"type": "choose_landscape", "power": "river"}, "landscape_unavailable")


def test_solo_draft_picks_three():
    t = table(1, "draft")
    assert t.state["draft"]["order"] == [0, 0, 0]


@pytest.mark.parametrize("players", [0, 5])
def test_player_counts_outside_one_to_four_are_refused(players):
    with pytest.raises(IllegalMove) as error:
        RULES.check_options(players, {})
    assert error.value.code == "invalid_player_count"


@pytest.mark.parametrize("options", [{"landscapes": "random"}, {"landscapes": 3}, {"speed": 1}])
def test_bad_options_are_refused(options):
    with pytest.raises(IllegalMove) as error:
        RULES.check_options(2, options)
    assert error.value.code == "invalid_options"


def test_options_schema_has_defaults_and_descriptions():
    schema = RULES.options_schema()
    for spec in schema["properties"].values():
        assert "default" in spec and spec["description"]
    assert RULES.check_options(2, {}) == {"landscapes": "assigned"}


def test_move_schema_has_one_entry_per_move_type():
    names = [entry["properties"]["type"]["const"] for entry in RULES.move_schema()["oneOf"]]
    assert sorted(names) == sorted(["choose_landscape", "reveal", "collect", "play", "activate",
                                    "discard", "power", "pass"])
    for entry in RULES.move_schema()["oneOf"]:
        assert entry["additionalProperties"] is False


def test_registry_finds_momiji():
    from games import registry
    entry = registry.get("momiji")
    assert entry is not None and "best" in entry.bots
