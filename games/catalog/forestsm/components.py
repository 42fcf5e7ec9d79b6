"""The cards of Forest Shuffle: Smoky Mountains, as data.

No public source lists the Smoky Mountains cards, so the catalogue below is our own
design in the published game's structure (docs/games/forestsm.md lists every card):

* 45 trees of six species; a tree's tree symbol is its own species;
* 24 river cards (played alone, as single rivers: two slots above, two below);
* 56 top/bottom split cards and 47 left/right split cards: each half is a species
  with its own cost, types, scoring rule, effect and bonus, and some halves carry the
  water condition (they may sit only where water is: at a single river, or at the
  two bottom slots - or any slot - of a tree with a river);
* 3 winter cards and 5 caves (one per player; caves have no effects here).

Every card shows one tree symbol (its colour); paying a card only with cards of its
own symbol earns its bonus. Every card is marked ``design: True``.

The vocabulary of scoring rules (``score``), effects and bonuses is small and read by
scoring.py and rules.py:

score:   {"flat": n}, {"per_type": t, "points": n}, {"per_species": s, "points": n},
         {"per_attached": n} (trees and rivers), {"table": group} (points by how many
         cards of the group you have, counted once), {"distinct": t, "table": [...]}
         (points by how many different species of type t, counted once),
         {"min_distinct": t, "count": k, "points": n}, {"majority": what, "points": n,
         "else": m}, {"own_count": s, "min": k, "points": n}, {"flat": n, "over_river": m},
         {"at_tree": [species], "points": n}, {"per_tree_species": n}, {"per_river": n},
         {"per_river_tree": n}, {"per_water": n}, {"if_has": s, "points": n}, {"per_cave": n}
effect:  instant {"draw": n}, {"take": 1} (a card of the clearing to your hand),
         {"tuck": 1} (you may put a hand card into your cave), {"clearing_to_cave": true};
         permanent {"whenever": "tree" | "river", "draw": n}
bonus:   {"draw": n}, {"take": 1}, {"tuck": 1}, {"extra_turn": true}
"""
from __future__ import annotations

HAND_LIMIT = 10
START_HAND = 6
CLEARING_LIMIT = 10
WINTERS = 3

# Tree symbols (the card colours), one per tree species.
SYMBOLS = ["tulip_tree", "hemlock", "red_maple", "yellow_birch", "red_spruce", "dogwood"]

# Cards removed unseen before play, by player count (about 25 %, 17 %, 8 %, 0 of the
# playable deck, as Dartmoor scales its 45/30/15/0).
REMOVED = {2: 43, 3: 29, 4: 14, 5: 0}

# Slots of each kind of stem, and where a water half may go.
SLOTS = {
    "tree": ["top", "left", "right", "bottom"],
    "river_tree": ["top", "left", "right", "bottom", "bottom2"],
    "river": ["top", "top2", "bottom", "bottom2"],
}
SLOT_SIDE = {"top": "top", "top2": "top", "bottom": "bottom", "bottom2": "bottom",
             "left": "left", "right": "right"}

SLOT_WORDS = {"top": "top", "top2": "second top", "bottom": "bottom",
              "bottom2": "second bottom", "left": "left", "right": "right"}


def slot_takes(stem_kind: str, slot: str, water: bool) -> bool:
    """The water condition (seed 206-213): a tree without a river takes only halves
    without it, a single river only halves with it, a tree with a river any half at
    the top, left and right and only water halves at its two bottom slots."""
    if stem_kind == "tree":
        return not water
    if stem_kind == "river":
        return water
    return water or SLOT_SIDE[slot] != "bottom"


# -- species --------------------------------------------------------------------------
def _sp(name, types, cost, score, water=False, effect=None, bonus=None, group=None):
    return {"name": name, "types": list(types), "cost": cost, "score": score,
            "water": water, "effect": effect, "bonus": bonus, "group": group}


TREES = {
    "tulip_tree": _sp("Tulip Tree", ["tree"], 1, {"own_count": "tulip_tree", "min": 4, "points": 5},
                      bonus={"draw": 1}),
    "hemlock": _sp("Eastern Hemlock", ["tree"], 2, {"per_attached": 2}, bonus={"take": 1}),
    "red_maple": _sp("Red Maple", ["tree"], 0, {"flat": 1}, effect={"draw": 1}),
    "yellow_birch": _sp("Yellow Birch", ["tree"], 1, {"table": "yellow_birch"}, bonus={"draw": 1}),
    "red_spruce": _sp("Red Spruce", ["tree"], 2, {"flat": 2, "over_river": 4},
                      bonus={"extra_turn": True}),
    "dogwood": _sp("Flowering Dogwood", ["tree"], 1, {"majority": "dogwood", "points": 3, "else": 1},
                   bonus={"tuck": 1}),
}
TREE_COUNTS = {"tulip_tree": 9, "hemlock": 8, "red_maple": 8, "yellow_birch": 7,
               "red_spruce": 7, "dogwood": 6}

RIVERS = {
    "creek": _sp("Mountain Creek", ["river"], 0, {"flat": 1}),
    "stream": _sp("Trout Stream", ["river"], 1, {"per_attached": 1}, bonus={"draw": 1}),
    "pool": _sp("Plunge Pool", ["river"], 1, {"flat": 2}, effect={"draw": 1}),
    "waterfall": _sp("Waterfall", ["river"], 2, {"flat": 5}, bonus={"extra_turn": True}),
}
RIVER_COUNTS = {"creek": 8, "stream": 8, "pool": 4, "waterfall": 4}

BAT_RULE = {"min_distinct": "bat", "count": 3, "points": 5}
BUTTERFLY_RULE = {"distinct": "butterfly", "table": [3, 7, 12, 20]}

HALVES = {
    # -- top halves: birds, bats, butterflies, insects -------------------------------
    "woodpecker": _sp("Pileated Woodpecker", ["bird"], 2, {"majority": "trees", "points": 10, "else": 0}),
    "owl": _sp("Barred Owl", ["bird"], 2, {"flat": 5}, effect={"draw": 1}, bonus={"draw": 1}),
    "tanager": _sp("Scarlet Tanager", ["bird"], 1, {"per_type": "bird", "points": 1}, bonus={"draw": 1}),
    "warbler": _sp("Black-throated Blue Warbler", ["bird"], 1,
                   {"at_tree": ["red_spruce", "hemlock"], "points": 4}, bonus={"take": 1}),
    "kingfisher": _sp("Belted Kingfisher", ["bird"], 1, {"per_type": "fish", "points": 2},
                      water=True, bonus={"take": 1}),
    "heron": _sp("Great Blue Heron", ["bird"], 2, {"per_river": 2}, water=True,
                 bonus={"extra_turn": True}),
    "dragonfly": _sp("Ebony Jewelwing", ["insect"], 0, {"per_water": 1}, water=True),
    "firefly": _sp("Synchronous Firefly", ["insect"], 0, {"table": "firefly"}),
    "swallowtail": _sp("Eastern Tiger Swallowtail", ["butterfly"], 0, BUTTERFLY_RULE, group="butterfly"),
    "fritillary": _sp("Diana Fritillary", ["butterfly"], 0, BUTTERFLY_RULE, group="butterfly"),
    "spicebush": _sp("Spicebush Swallowtail", ["butterfly"], 0, BUTTERFLY_RULE, group="butterfly"),
    "luna_moth": _sp("Luna Moth", ["butterfly"], 0, BUTTERFLY_RULE, group="butterfly"),
    "indiana_bat": _sp("Indiana Bat", ["bat"], 1, BAT_RULE, bonus={"draw": 1}),
    "big_brown_bat": _sp("Big Brown Bat", ["bat"], 1, BAT_RULE),
    "tricolored_bat": _sp("Tricolored Bat", ["bat"], 1, BAT_RULE),
    # -- bottom halves: mushrooms, plants, amphibians, reptiles, fish -----------------
    "chanterelle": _sp("Chanterelle", ["mushroom"], 2, {"flat": 0}, effect={"whenever": "tree", "draw": 1}),
    "lions_mane": _sp("Lion's Mane", ["mushroom"], 1, {"flat": 0}, effect={"whenever": "river", "draw": 1}),
    "trillium": _sp("Large-flowered Trillium", ["plant"], 0, {"flat": 1}),
    "ramps": _sp("Ramps", ["plant"], 1, {"flat": 2}, bonus={"draw": 1}),
    "ginseng": _sp("American Ginseng", ["plant"], 2, {"majority": "plant", "points": 8, "else": 2},
                   bonus={"extra_turn": True}),
    "mayapple": _sp("Mayapple", ["plant"], 0, {"at_tree": ["tulip_tree"], "points": 3}),
    "ghost_pipe": _sp("Ghost Pipe", ["plant"], 1, {"per_cave": 1}, effect={"tuck": 1}),
    "salamander": _sp("Red-cheeked Salamander", ["amphibian"], 1, {"table": "salamander"}, bonus={"take": 1}),
    "box_turtle": _sp("Eastern Box Turtle", ["reptile"], 1, {"flat": 3}),
    "hellbender": _sp("Hellbender", ["amphibian"], 2, {"flat": 4}, water=True, bonus={"draw": 2}),
    "trout": _sp("Brook Trout", ["fish"], 1, {"flat": 3}, water=True, bonus={"draw": 1}),
    "bass": _sp("Smallmouth Bass", ["fish"], 2, {"per_type": "insect", "points": 2}, water=True,
                bonus={"extra_turn": True}),
    "crayfish": _sp("Crayfish", ["crustacean"], 0, {"per_type": "fish", "points": 1}, water=True),
    "peeper": _sp("Spring Peeper", ["amphibian"], 0, {"per_type": "amphibian", "points": 1}, water=True),
    # -- left/right halves: mammals and ground birds ----------------------------------
    "deer": _sp("White-tailed Deer", ["hoofed", "mammal"], 1, {"flat": 3}, bonus={"draw": 1}),
    "elk": _sp("Elk", ["hoofed", "mammal"], 2, {"per_type": "hoofed", "points": 1},
               bonus={"extra_turn": True}),
    "bear": _sp("Black Bear", ["mammal"], 3, {"flat": 2}, effect={"clearing_to_cave": True},
                bonus={"extra_turn": True}),
    "fox": _sp("Red Fox", ["mammal"], 2, {"per_species": "cottontail", "points": 2}, bonus={"take": 1}),
    "cottontail": _sp("Eastern Cottontail", ["mammal"], 0, {"flat": 1}),
    "bobcat": _sp("Bobcat", ["mammal"], 1, {"if_has": "cottontail", "points": 6}),
    "otter": _sp("River Otter", ["mammal"], 2, {"per_type": "fish", "points": 2}, water=True,
                 bonus={"draw": 1}),
    "beaver": _sp("American Beaver", ["mammal"], 2, {"per_river_tree": 3}, water=True,
                  bonus={"extra_turn": True}),
    "mink": _sp("Mink", ["mammal"], 1, {"flat": 4}, water=True),
    "raccoon": _sp("Raccoon", ["mammal"], 1, {"flat": 1}, effect={"tuck": 1}),
    "squirrel": _sp("Eastern Gray Squirrel", ["mammal"], 1, {"at_tree": ["tulip_tree"], "points": 5}),
    "turkey": _sp("Wild Turkey", ["bird"], 1, {"per_tree_species": 1}, bonus={"draw": 1}),
    "boar": _sp("Wild Boar", ["hoofed", "mammal"], 2, {"flat": 4}, bonus={"take": 1}),
}

# Points by how many cards of the group a forest holds (counted once per forest).
TABLES = {
    "yellow_birch": [1, 4, 9, 16, 25, 36, 49],
    "firefly": [1, 3, 6, 10, 15, 21],
    "salamander": [2, 6, 12, 20, 30, 42],
}

TOP_HALVES = [("woodpecker", 4), ("owl", 4), ("tanager", 5), ("warbler", 5), ("kingfisher", 4),
              ("heron", 3), ("dragonfly", 4), ("firefly", 6), ("swallowtail", 3),
              ("fritillary", 3), ("spicebush", 3), ("luna_moth", 3), ("indiana_bat", 3),
              ("big_brown_bat", 3), ("tricolored_bat", 3)]
BOTTOM_HALVES = [("chanterelle", 3), ("lions_mane", 3), ("trillium", 6), ("ramps", 4),
                 ("ginseng", 3), ("mayapple", 4), ("ghost_pipe", 3), ("salamander", 6),
                 ("box_turtle", 4), ("hellbender", 4), ("trout", 5), ("bass", 3),
                 ("crayfish", 4), ("peeper", 4)]
SIDE_HALVES = [("deer", 8), ("elk", 4), ("bear", 3), ("fox", 4), ("cottontail", 6),
               ("bobcat", 3), ("otter", 3), ("beaver", 2), ("mink", 3), ("raccoon", 3),
               ("squirrel", 3), ("turkey", 3), ("boar", 2)]  # each count on the left AND the right

SPECIES = {**TREES, **RIVERS, **HALVES}


def _expand(table):
    return [name for name, count in table for _ in range(count)]


def _build_cards() -> dict[int, dict]:
    cards: dict[int, dict] = {}
    next_id = 1
    symbol_turn = 0
    for species, count in TREE_COUNTS.items():
        for _ in range(count):
            cards[next_id] = {"id": next_id, "kind": "tree", "species": species, "symbol": species,
                              "design": True}
            next_id += 1
    for species, count in RIVER_COUNTS.items():
        for _ in range(count):
            cards[next_id] = {"id": next_id, "kind": "river", "species": species,
                              "symbol": SYMBOLS[symbol_turn % len(SYMBOLS)], "design": True}
            symbol_turn += 1
            next_id += 1
    tops, bottoms = _expand(TOP_HALVES), _expand(BOTTOM_HALVES)
    assert len(tops) == len(bottoms) == 56
    for index, top in enumerate(tops):
        # A stride coprime with 56 mixes the bottoms under the tops.
        bottom = bottoms[(index * 17) % len(bottoms)]
        cards[next_id] = {"id": next_id, "kind": "split", "orientation": "tb",
                          "halves": {"top": top, "bottom": bottom},
                          "symbol": SYMBOLS[(index * 5 + 1) % len(SYMBOLS)], "design": True}
        next_id += 1
    lefts, rights = _expand(SIDE_HALVES), _expand(SIDE_HALVES)
    assert len(lefts) == 47
    order = [(index * 13 + 7) % len(rights) for index in range(len(lefts))]
    for index in range(len(lefts)):
        if lefts[index] == rights[order[index]]:
            for other in range(len(lefts)):
                if (rights[order[other]] != lefts[index] and rights[order[index]] != lefts[other]):
                    order[index], order[other] = order[other], order[index]
                    break
    for index, left in enumerate(lefts):
        right = rights[order[index]]
        assert left != right
        cards[next_id] = {"id": next_id, "kind": "split", "orientation": "lr",
                          "halves": {"left": left, "right": right},
                          "symbol": SYMBOLS[(index * 5 + 3) % len(SYMBOLS)], "design": True}
        next_id += 1
    for number in range(1, WINTERS + 1):
        cards[200 + number] = {"id": 200 + number, "kind": "winter", "design": True}
    return cards


CARDS = _build_cards()
PLAYABLE_IDS = [card_id for card_id, card in CARDS.items() if card["kind"] != "winter"]
WINTER_IDS = [card_id for card_id, card in CARDS.items() if card["kind"] == "winter"]
CAVES = [{"id": 300 + number, "design": True} for number in range(1, 6)]


def card(card_id: int) -> dict:
    return CARDS[card_id]


def is_winter(card_id) -> bool:
    return CARDS[card_id]["kind"] == "winter"


def symbol(card_id: int) -> str:
    return CARDS[card_id]["symbol"]


def halves(card_id: int) -> list[str]:
    """The sides a card may be played as: ["top", "bottom"], ["left", "right"], or [] for a
    tree or a river card (played whole)."""
    entry = CARDS[card_id]
    return list(entry["halves"]) if entry["kind"] == "split" else []


def species_of(card_id: int, half: str | None = None) -> str:
    entry = CARDS[card_id]
    return entry["halves"][half] if half else entry["species"]


def info(species: str) -> dict:
    return SPECIES[species]


def card_name(card_id: int, half: str | None = None) -> str:
    entry = CARDS[card_id]
    if entry["kind"] == "winter":
        return "Winter"
    if entry["kind"] == "split":
        if half:
            return SPECIES[entry["halves"][half]]["name"]
        return " / ".join(SPECIES[s]["name"] for s in entry["halves"].values())
    return SPECIES[entry["species"]]["name"]


def cost(card_id: int, half: str | None = None) -> int:
    return SPECIES[species_of(card_id, half)]["cost"]
