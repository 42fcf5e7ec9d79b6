"""Momiji's components as data.

Sources, in order of precedence:

* SEED — the rule text (shared/seeds/003): hand of six, three landscape powers,
  4–6 leaf types by player count with values 0–3, four cards in the display,
  4–6 objective tokens, reveal four cards for an acorn, 1–2 cards of one type or
  2+ cards of different types, a 3 closes a stack with a torii, two acorns per
  pair of adjacent top cards whose touching corners both show an acorn, three
  acorns to activate an objective, discard two cards for an acorn, one acorn per
  landscape power, end after 4–6 torii or an empty deck, scoring.
* FACT — published material (see docs/games/momiji.md): six leaf colours, one
  removed for three players and two for two players; 1–4 players with a solo
  variant; torii counted across all players; starter trios for the first game.
* DESIGN — our own content where no source gives it (card counts, acorn
  corners, the list of landscapes and objectives, starting acorns, solo rules).
  Every DESIGN item is listed in docs/games/momiji.md.
"""
from __future__ import annotations

# FACT: six leaf colours; 3 players remove one, 2 players remove two (SEED: 4–6
# types by player count). DESIGN: the solo game uses four types, like two players.
LEAF_TYPES = ["red", "orange", "yellow", "green", "brown", "purple"]
TYPES_BY_PLAYERS = {1: 4, 2: 4, 3: 5, 4: 6}

# SEED: values 0–3 in each type. DESIGN: three copies of every value, 12 per type.
VALUES = [0, 1, 2, 3]
COPIES_PER_VALUE = 3

# SEED: "4–6" objective tokens and "4–6" closed stacks end the game, by player
# count (2: 4, 3: 5, 4: 6). DESIGN: solo as two players.
OBJECTIVES_BY_PLAYERS = {1: 4, 2: 4, 3: 5, 4: 6}
TORII_LIMIT_BY_PLAYERS = {1: 4, 2: 4, 3: 5, 4: 6}

HAND_SIZE = 6            # SEED: a hand of six leaf cards
DISPLAY_SIZE = 4         # SEED: four random cards in the central display
REVEAL_COUNT = 4         # SEED: an acorn reveals four new leaf cards
STARTING_ACORNS = 2      # DESIGN: "a few acorn tokens" (FACT) — we give two
ACTIVATION_COST = 3      # SEED: three acorns activate an objective
POWER_COST = 1           # SEED: one acorn uses a landscape power
DISCARD_COUNT = 2        # SEED: discard two cards ...
DISCARD_GAIN = 1         # SEED: ... for one acorn
ACORN_PAIR_GAIN = 2      # SEED: two acorns per matching pair of adjacent top cards
OBJECTIVE_HOLDER_POINTS = 10   # SEED
OBJECTIVE_OTHER_POINTS = 3     # SEED

# DESIGN: acorn corners. A card shows an acorn on its left corner and/or its
# right corner; two neighbouring top cards pay when the left card's right corner
# and the right card's left corner both show one. Per type, value 0..3 ->
# (left, right); every type has two left and two right acorns.
ACORN_CORNERS = {
    "red": [(0, 1), (1, 0), (1, 1), (0, 0)],
    "orange": [(1, 0), (0, 1), (0, 0), (1, 1)],
    "yellow": [(1, 1), (0, 0), (0, 1), (1, 0)],
    "green": [(0, 0), (1, 1), (1, 0), (0, 1)],
    "brown": [(0, 1), (1, 1), (1, 0), (0, 0)],
    "purple": [(1, 0), (0, 0), (1, 1), (0, 1)],
}


def card_code(leaf: str, value: int) -> str:
    return f"{leaf}-{value}"


# Lookup tables used on every move; cards are the strings "red-0" .. "purple-3"
# (the three copies of a card are identical, so a card is named by type and value).
CARD_LEAF: dict[str, str] = {}
CARD_VALUE: dict[str, int] = {}
CARD_ORDER: dict[str, int] = {}       # display / hand order: by type, then value
CARD_LEFT_ACORN: dict[str, bool] = {}
CARD_RIGHT_ACORN: dict[str, bool] = {}
for _t, _leaf in enumerate(LEAF_TYPES):
    for _v in VALUES:
        _code = card_code(_leaf, _v)
        CARD_LEAF[_code] = _leaf
        CARD_VALUE[_code] = _v
        CARD_ORDER[_code] = _t * 10 + _v
        CARD_LEFT_ACORN[_code] = bool(ACORN_CORNERS[_leaf][_v][0])
        CARD_RIGHT_ACORN[_code] = bool(ACORN_CORNERS[_leaf][_v][1])
ALL_CARDS = sorted(CARD_LEAF, key=CARD_ORDER.__getitem__)


def leaf_types_for(players: int) -> list[str]:
    return LEAF_TYPES[:TYPES_BY_PLAYERS[players]]


def deck_for(leaf_types: list[str]) -> list[str]:
    """The unshuffled deck for the given leaf types (12 cards per type)."""
    return [card_code(leaf, value) for leaf in leaf_types for value in VALUES
            for _ in range(COPIES_PER_VALUE)]


def sort_cards(cards) -> list[str]:
    return sorted(cards, key=CARD_ORDER.__getitem__)


# DESIGN: the landscape powers. Each is used once per game for one acorn, at
# most one per turn. ``params`` names the fields the power move carries.
POWERS = {
    "hot_spring": {
        "title": "Hot Spring",
        "text": "Gain 2 acorns.",
        "params": []},
    "bamboo_grove": {
        "title": "Bamboo Grove",
        "text": "Reveal up to 4 cards from the deck into the display, for free.",
        "params": []},
    "river": {
        "title": "River",
        "text": "Draw the top card of the deck into your hand.",
        "params": []},
    "mountain_path": {
        "title": "Mountain Path",
        "text": "Take one card of your choice from the display into your hand.",
        "params": ["take"]},
    "temple_garden": {
        "title": "Temple Garden",
        "text": "Take all leaves of one type from the display into your hand.",
        "params": ["leaf"]},
    "stone_lantern": {
        "title": "Stone Lantern",
        "text": "Place one card from your hand on your open stack of its type with any "
                "value not lower than the top card (a 3 closes the stack).",
        "params": ["card"]},
    "twin_bridge": {
        "title": "Twin Bridge",
        "text": "Swap two neighbouring stacks of your row "
                "(position = index of the left one, 0 = leftmost).",
        "params": ["position"]},
    "moon_viewing": {
        "title": "Moon Viewing",
        "text": "Gain 2 acorns for each of your stacks closed with a torii "
                "(needs at least one).",
        "params": []},
    "fox_shrine": {
        "title": "Fox Shrine",
        "text": "Take the top card of one of your open stacks of two or more cards "
                "back into your hand.",
        "params": ["leaf"]},
    "koi_pond": {
        "title": "Koi Pond",
        "text": "Discard one card from your hand and take one card from the display.",
        "params": ["card", "take"]},
    "autumn_wind": {
        "title": "Autumn Wind",
        "text": "Discard the whole display and deal four new cards from the deck.",
        "params": []},
    "pilgrim_road": {
        "title": "Pilgrim Road",
        "text": "Gain 1 acorn for every two stacks in your row.",
        "params": []},
    "sunset_pier": {
        "title": "Sunset Pier",
        "text": "Gain the acorns of your row now: 2 for each pair of neighbouring top "
                "cards whose touching corners both show an acorn.",
        "params": []},
    "lotus_pond": {
        "title": "Lotus Pond",
        "text": "Discard one or two cards from your hand and draw as many from the deck.",
        "params": ["cards"]},
    "cedar_gate": {
        "title": "Cedar Gate",
        "text": "Play one more card from your hand on one of your existing open stacks, "
                "following the normal rule (equal or one higher).",
        "params": ["card"]},
}
POWER_NAMES = list(POWERS)

# FACT: the box has pre-set starter trios for the first game. DESIGN: their content.
STARTER_TRIOS = [
    ["hot_spring", "mountain_path", "stone_lantern"],
    ["bamboo_grove", "twin_bridge", "moon_viewing"],
    ["river", "sunset_pier", "fox_shrine"],
    ["temple_garden", "pilgrim_road", "koi_pond"],
    ["autumn_wind", "lotus_pond", "cedar_gate"],
]
POWERS_PER_PLAYER = 3    # SEED: three landscape powers per player

# DESIGN: the objective tokens, built from the seed's examples (most 0s, most
# cards of one type, highest sum of visible cards). ``measure`` says what is
# compared at the end; ``solo_target`` is what the solo player must reach.
# "leaf:<type>" objectives exist only for the leaf types in play.
OBJECTIVES = {
    "most_0": {"title": "Most 0s", "measure": ("value", 0), "solo_target": 4,
               "text": "Most cards of value 0 in your stacks."},
    "most_1": {"title": "Most 1s", "measure": ("value", 1), "solo_target": 4,
               "text": "Most cards of value 1 in your stacks."},
    "most_2": {"title": "Most 2s", "measure": ("value", 2), "solo_target": 4,
               "text": "Most cards of value 2 in your stacks."},
    "most_3": {"title": "Most 3s", "measure": ("value", 3), "solo_target": 3,
               "text": "Most cards of value 3 in your stacks."},
    **{f"most_{leaf}": {"title": f"Most {leaf} leaves", "measure": ("leaf", leaf),
                        "solo_target": 6,
                        "text": f"Most {leaf} cards in your stacks."}
       for leaf in LEAF_TYPES},
    "top_sum": {"title": "Brightest row", "measure": ("top_sum", None), "solo_target": 6,
                "text": "Highest sum of the visible top cards of your open stacks "
                        "(a stack under a torii shows no card)."},
    "most_torii": {"title": "Most torii", "measure": ("torii", None), "solo_target": 2,
                   "text": "Most stacks closed with a torii."},
    "longest_stack": {"title": "Longest stack", "measure": ("longest", None),
                      "solo_target": 7, "text": "The longest single stack."},
    "most_stacks": {"title": "Widest row", "measure": ("stacks", None), "solo_target": 4,
                    "text": "Most stacks (leaf types) in your row."},
}


def objectives_for(leaf_types: list[str]) -> list[str]:
    return [name for name, spec in OBJECTIVES.items()
            if spec["measure"][0] != "leaf" or spec["measure"][1] in leaf_types]
