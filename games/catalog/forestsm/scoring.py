"""End scoring: every visible card by its own rule, plus one point per card in the cave.

A forest is a list of stems (a tree, possibly over a face-down universal river, or a
single river card), each with the split-card halves attached to its slots. Face-down
universal rivers score nothing and count for nothing but making a "tree with river".
Majorities compare forests: every player with the most (at least one) scores.
"""
from __future__ import annotations

from collections import Counter

from . import components as C


def stem_kind(stem: dict) -> str:
    if C.CARDS[stem["card"]]["kind"] == "river":
        return "river"
    return "river_tree" if stem.get("river") is not None else "tree"


def forest_cards(forest: list[dict]):
    """Every visible card of a forest as (species, stem, is_half)."""
    for stem in forest:
        yield C.species_of(stem["card"]), stem, False
        for slot in C.SLOTS[stem_kind(stem)]:
            entry = stem["slots"].get(slot)
            if entry is not None:
                yield C.species_of(entry["card"], entry["half"]), stem, True


def summary(forest: list[dict], cave: int) -> dict:
    species = Counter()
    types = Counter()
    water = 0
    for name, _stem, _half in forest_cards(forest):
        species[name] += 1
        info = C.SPECIES[name]
        for kind in info["types"]:
            types[kind] += 1
        if info["water"]:
            water += 1
    kinds = Counter(stem_kind(stem) for stem in forest)
    return {
        "species": species, "types": types, "water": water, "cave": cave,
        "trees": kinds["tree"] + kinds["river_tree"], "river_trees": kinds["river_tree"],
        "rivers": kinds["river"],
        "tree_species": len({C.species_of(s["card"]) for s in forest if stem_kind(s) != "river"}),
    }


def _count(summary_: dict, what: str) -> int:
    if what == "trees":
        return summary_["trees"]
    if what in summary_["types"]:
        return summary_["types"][what]
    return summary_["species"].get(what, 0)


def has_majority(summaries: list[dict], seat: int, what: str) -> bool:
    mine = _count(summaries[seat], what)
    return mine > 0 and all(_count(other, what) <= mine for other in summaries)


def card_points(rule: dict, stem: dict, summaries: list[dict], seat: int) -> int:
    """Points of one card under ``rule`` (group rules are scored elsewhere, once)."""
    mine = summaries[seat]
    if "per_type" in rule:
        return rule["points"] * mine["types"][rule["per_type"]]
    if "per_species" in rule:
        return rule["points"] * mine["species"][rule["per_species"]]
    if "per_attached" in rule:
        return rule["per_attached"] * sum(1 for entry in stem["slots"].values() if entry)
    if "min_distinct" in rule:
        kinds = {name for name in mine["species"]
                 if rule["min_distinct"] in C.SPECIES[name]["types"]}
        return rule["points"] if len(kinds) >= rule["count"] else 0
    if "majority" in rule:
        return rule["points"] if has_majority(summaries, seat, rule["majority"]) else rule["else"]
    if "own_count" in rule:
        return rule["points"] if mine["species"][rule["own_count"]] >= rule["min"] else 0
    if "over_river" in rule:
        return rule["flat"] + (rule["over_river"] if stem_kind(stem) == "river_tree" else 0)
    if "at_tree" in rule:
        return rule["points"] if C.species_of(stem["card"]) in rule["at_tree"] else 0
    if "per_tree_species" in rule:
        return rule["per_tree_species"] * mine["tree_species"]
    if "per_river" in rule:
        return rule["per_river"] * (mine["rivers"] + mine["river_trees"])
    if "per_river_tree" in rule:
        return rule["per_river_tree"] * mine["river_trees"]
    if "per_water" in rule:
        return rule["per_water"] * mine["water"]
    if "if_has" in rule:
        return rule["points"] if mine["species"][rule["if_has"]] > 0 else 0
    if "per_cave" in rule:
        return rule["per_cave"] * mine["cave"]
    if "flat" in rule:
        return rule["flat"]
    raise ValueError(f"unknown scoring rule {rule}")


def table_points(group: str, count: int) -> int:
    table = C.TABLES[group]
    return table[min(count, len(table)) - 1] if count else 0


def seat_score(forests: list[list[dict]], caves: list[int], seat: int,
               summaries: list[dict] | None = None) -> dict:
    """The score of ``seat``: {"total", "cave", "by_species": {species: points}}."""
    if summaries is None:
        summaries = [summary(forest, cave) for forest, cave in zip(forests, caves)]
    mine = summaries[seat]
    by_species: Counter = Counter()
    groups_done = set()
    for name, stem, _half in forest_cards(forests[seat]):
        rule = C.SPECIES[name]["score"]
        if "table" in rule and isinstance(rule["table"], str):
            if rule["table"] not in groups_done:
                groups_done.add(rule["table"])
                by_species[name] += table_points(rule["table"], mine["species"][name])
            continue
        if "distinct" in rule:
            if rule["distinct"] not in groups_done:
                groups_done.add(rule["distinct"])
                kinds = {n for n in mine["species"] if rule["distinct"] in C.SPECIES[n]["types"]}
                by_species[name] += rule["table"][min(len(kinds), len(rule["table"])) - 1]
            continue
        by_species[name] += card_points(rule, stem, summaries, seat)
    cave = mine["cave"]
    total = sum(by_species.values()) + cave
    return {"total": total, "cave": cave,
            "by_species": {name: points for name, points in sorted(by_species.items())}}


def all_scores(forests: list[list[dict]], caves: list[int]) -> list[dict]:
    summaries = [summary(forest, cave) for forest, cave in zip(forests, caves)]
    return [seat_score(forests, caves, seat, summaries) for seat in range(len(forests))]
