"""The card catalogue: the published structure (counts of trees, rivers, split cards,
winters and caves), the water condition where it can be met, the vocabulary every card
uses, and the deck by player count."""
from __future__ import annotations

from collections import Counter

from games.catalog.forestsm import components as C

SCORE_KINDS = {"flat", "per_type", "per_species", "per_attached", "table", "distinct", "min_distinct",
               "majority", "own_count", "over_river", "at_tree", "per_tree_species", "per_river",
               "per_river_tree", "per_water", "if_has", "per_cave"}


def test_the_deck_has_the_published_structure():
    kinds = Counter(card["kind"] for card in C.CARDS.values())
    assert kinds == {"tree": 45, "river": 24, "split": 103, "winter": 3}
    orientations = Counter(card["orientation"] for card in C.CARDS.values() if card["kind"] == "split")
    assert orientations == {"tb": 56, "lr": 47}
    assert len(C.PLAYABLE_IDS) == 172 and len(C.CAVES) == 5
    assert all(card["design"] for card in C.CARDS.values()) and all(cave["design"] for cave in C.CAVES)


def test_every_card_shows_one_tree_symbol_and_trees_their_own():
    for card in C.CARDS.values():
        if card["kind"] == "winter":
            continue
        assert card["symbol"] in C.SYMBOLS
        if card["kind"] == "tree":
            assert card["symbol"] == card["species"]


def test_halves_sit_on_their_side_and_water_halves_can_reach_water():
    for card in C.CARDS.values():
        if card["kind"] != "split":
            continue
        a, b = card["halves"].values()
        assert a != b
        assert set(card["halves"]) in ({"top", "bottom"}, {"left", "right"})
    # Every water half has slots: a single river takes top and bottom water halves, a tree
    # with a river left and right ones.
    for side in ("top", "bottom", "left", "right"):
        slots = [s for s, where in C.SLOT_SIDE.items() if where == side]
        for kind in ("river", "river_tree"):
            if any(s in C.SLOTS[kind] and C.slot_takes(kind, s, True) for s in slots):
                break
        else:
            raise AssertionError(f"no slot takes a water {side} half")
    assert not C.slot_takes("tree", "top", True) and C.slot_takes("tree", "top", False)
    assert C.slot_takes("river", "top2", True) and not C.slot_takes("river", "bottom", False)
    assert C.slot_takes("river_tree", "left", True) and C.slot_takes("river_tree", "left", False)
    assert not C.slot_takes("river_tree", "bottom2", False)


def test_every_species_uses_the_vocabulary_and_no_free_half_has_a_bonus():
    for name, info in C.SPECIES.items():
        rule = info["score"]
        assert set(rule) & SCORE_KINDS, name
        # Ruling 7: with nothing paid there is no matching payment, so no 0-cost bonus.
        if info["cost"] == 0:
            assert info["bonus"] is None, name
        for effect in (info["effect"], info["bonus"]):
            if effect:
                assert set(effect) <= {"draw", "take", "tuck", "clearing_to_cave", "extra_turn", "whenever"}
        if "table" in rule and isinstance(rule["table"], str):
            assert rule["table"] in C.TABLES


def test_cards_removed_by_player_count():
    assert C.REMOVED == {2: 43, 3: 29, 4: 14, 5: 0}


def test_the_docs_list_every_card_and_species():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[3] / "docs" / "games" / "forestsm.md").read_text()
    for card_id in C.CARDS:
        assert f"\n| {card_id} |" in text, f"card {card_id} is missing from docs/games/forestsm.md"
    for info in C.SPECIES.values():
        assert f"| {info['name']} |" in text


def test_the_water_halves_the_docs_count():
    water = Counter()
    for card in C.CARDS.values():
        if card["kind"] == "split":
            for side, species in card["halves"].items():
                if C.SPECIES[species]["water"]:
                    water["left/right" if side in ("left", "right") else side] += 1
    assert water == {"top": 11, "bottom": 20, "left/right": 16}
