"""Amazonas (Stefan Dorra, Kosmos 2005): the components as data.

Where each number comes from (see docs/games/amazonas.md, "Components"):

* SEED (the BGA rule summary): 12 huts, 7 income cards (values 0 to 6) and 3 gold per
  player, a copper coin per player (1 for the start player, then 2, 3, 4), 18 rounds,
  the 18 event cards (2 jaguar, 2 crocodile, 3 forest fire, 2 theft, 5 extra research
  money, 4 Indio), the bonus chips per player count, 6 neutral huts each with 2 players,
  site costs of 2 to 5 gold, the iguana (reptile) income card of value 3.
* FACT (the published component list): 60 research tiles in five types, 8 mission
  cards of 4 villages, about 30 villages of one to three building sites.
* DESIGN (no public source gives them): the map below (30 villages, 60 sites, 12 per
  research type, water edges along the Amazon and its tributaries, jungle paths
  between them), the 8 mission cards and the research types of income cards 1, 2, 4
  and 5. They are built in the published board's structure and marked as designed in
  the docs.
"""
from __future__ import annotations

TYPES = ("orchid", "fish", "butterfly", "parrot", "reptile")
TYPE_NAMES = {"orchid": "orchid", "fish": "fish", "butterfly": "butterfly", "parrot": "parrot",
              "reptile": "iguana"}

ROUNDS = 18
HUTS = 12
NEUTRAL_HUTS = 6            # per player, only with two players
START_GOLD = 3
SILVER_PER_GOLD = 3
EXTRA_HUT_SILVER = 1        # after the twelfth hut, on top of the site's cost
HAND_RETURNED_AFTER = (7, 14)

# Income cards: value -> research type counted with it. 0 counts the longest row,
# 6 the Indio tiles. SEED: iguana = 3; DESIGN: the others, one type per value.
INCOME_CARDS = (0, 1, 2, 3, 4, 5, 6)
CARD_TYPE = {1: "fish", 2: "butterfly", 3: "reptile", 4: "orchid", 5: "parrot"}

# Five-type bonus chips by player count (SEED), awarded in the order players complete
# the set; the majority chip is worth 1.
FIVE_TYPE_CHIPS = {2: (4, 2), 3: (4, 3, 2), 4: (5, 4, 3, 2)}
MAJORITY_CHIP = 1
MAJORITY_MINIMUM = 3
SCORING_MINIMUM = 3         # a type scores 1 per tile only from 3 tiles up
MISSION_POINTS = 3

# Event cards (SEED counts). Extra research money is one card per type.
EVENTS = (["jaguar"] * 2 + ["crocodile"] * 2 + ["fire"] * 3 + ["theft"] * 2
          + [f"research_{kind}" for kind in TYPES] + ["indio"] * 4)
NEGATIVE_EVENTS = {"jaguar", "crocodile", "fire", "theft"}
EVENT_NAMES = {"jaguar": "Jaguar", "crocodile": "Crocodile", "fire": "Forest fire", "theft": "Theft",
               "indio": "Indio", **{f"research_{kind}": f"Extra research money ({TYPE_NAMES[kind]})"
                                    for kind in TYPES}}
EVENT_TEXT = {
    "jaguar": "No jungle paths may be used to build this round; waterways may.",
    "crocodile": "No waterways may be used to build this round; jungle paths may.",
    "fire": "Everyone takes only half their income, rounded down.",
    "theft": "After income, everyone loses 1 silver per tile of their largest research type.",
    "indio": "In turn order each player may hire the Indio instead of taking this round's income.",
    **{f"research_{kind}": f"Everyone gains 1 silver per {TYPE_NAMES[kind]} tile they hold."
       for kind in TYPES},
}

# -- the map (DESIGN) -------------------------------------------------------------------
# village id: (name, research type, site costs in gold cheapest first, x, y on a
# 1000 x 640 drawing). Per type: one village of 3 sites, one of 1, four of 2 = 12 sites.
VILLAGES = {
    "sao_gabriel": ("São Gabriel", "orchid", (2,), 70, 80),
    "santa_isabel": ("Santa Isabel", "parrot", (2, 4), 250, 70),
    "barcelos": ("Barcelos", "fish", (2, 3), 450, 80),
    "caracarai": ("Caracaraí", "reptile", (3, 4), 650, 70),
    "oriximina": ("Oriximiná", "parrot", (3,), 850, 90),
    "japura": ("Japurá", "butterfly", (2, 3), 110, 200),
    "maraa": ("Maraã", "orchid", (2, 4), 270, 190),
    "codajas": ("Codajás", "parrot", (3, 5), 420, 205),
    "novo_airao": ("Novo Airão", "butterfly", (2, 4), 570, 180),
    "urucara": ("Urucará", "orchid", (3, 4), 740, 200),
    "obidos": ("Óbidos", "butterfly", (2, 5), 920, 200),
    "tabatinga": ("Tabatinga", "reptile", (2, 3), 50, 315),
    "fonte_boa": ("Fonte Boa", "fish", (2, 4), 185, 325),
    "tefe": ("Tefé", "reptile", (2, 3, 5), 320, 300),
    "coari": ("Coari", "orchid", (2, 3, 4), 460, 325),
    "manaus": ("Manaus", "fish", (3, 4, 5), 600, 300),
    "itacoatiara": ("Itacoatiara", "reptile", (3, 5), 740, 325),
    "parintins": ("Parintins", "fish", (2, 3), 850, 300),
    "santarem": ("Santarém", "parrot", (3, 4, 5), 955, 330),
    "benjamin": ("Benjamin Constant", "orchid", (3, 5), 90, 440),
    "carauari": ("Carauari", "reptile", (2, 4), 240, 445),
    "tapaua": ("Tapauá", "fish", (3, 4), 420, 430),
    "borba": ("Borba", "butterfly", (2, 3), 640, 445),
    "maues": ("Maués", "parrot", (2, 3), 800, 435),
    "itaituba": ("Itaituba", "butterfly", (2, 4, 5), 940, 455),
    "eirunepe": ("Eirunepé", "butterfly", (2,), 120, 570),
    "labrea": ("Lábrea", "orchid", (3, 4), 320, 575),
    "humaita": ("Humaitá", "parrot", (2, 5), 520, 565),
    "apui": ("Apuí", "fish", (3,), 700, 575),
    "jacareacanga": ("Jacareacanga", "reptile", (2,), 880, 580),
}
VILLAGE_IDS = tuple(VILLAGES)

WATER, PATH = "water", "path"
# Waterways follow the Amazon (west to east) and its tributaries; jungle paths cross
# the land between them, so Jaguar and Crocodile rounds cut different links.
EDGES = (
    # the Amazon
    ("tabatinga", "fonte_boa", WATER), ("fonte_boa", "tefe", WATER), ("tefe", "coari", WATER),
    ("coari", "manaus", WATER), ("manaus", "itacoatiara", WATER), ("itacoatiara", "parintins", WATER),
    ("parintins", "santarem", WATER), ("tabatinga", "benjamin", WATER),
    # Rio Negro
    ("sao_gabriel", "santa_isabel", WATER), ("santa_isabel", "barcelos", WATER),
    ("barcelos", "novo_airao", WATER), ("novo_airao", "manaus", WATER),
    # Japurá, Juruá, Purus, Madeira, Tapajós, Trombetas
    ("japura", "maraa", WATER), ("maraa", "tefe", WATER),
    ("eirunepe", "carauari", WATER), ("carauari", "fonte_boa", WATER),
    ("labrea", "tapaua", WATER), ("tapaua", "coari", WATER),
    ("humaita", "borba", WATER), ("borba", "itacoatiara", WATER),
    ("jacareacanga", "itaituba", WATER), ("itaituba", "santarem", WATER),
    ("oriximina", "obidos", WATER), ("obidos", "santarem", WATER),
    # jungle paths
    ("sao_gabriel", "japura", PATH), ("santa_isabel", "maraa", PATH), ("barcelos", "codajas", PATH),
    ("barcelos", "caracarai", PATH), ("caracarai", "novo_airao", PATH), ("caracarai", "urucara", PATH),
    ("caracarai", "oriximina", PATH), ("oriximina", "urucara", PATH), ("japura", "tabatinga", PATH),
    ("japura", "fonte_boa", PATH), ("maraa", "codajas", PATH), ("codajas", "coari", PATH),
    ("codajas", "novo_airao", PATH), ("novo_airao", "urucara", PATH), ("urucara", "itacoatiara", PATH),
    ("urucara", "parintins", PATH), ("parintins", "obidos", PATH), ("benjamin", "carauari", PATH),
    ("benjamin", "eirunepe", PATH), ("carauari", "tefe", PATH), ("carauari", "tapaua", PATH),
    ("tapaua", "manaus", PATH), ("tapaua", "borba", PATH), ("labrea", "eirunepe", PATH),
    ("labrea", "humaita", PATH), ("borba", "maues", PATH), ("maues", "parintins", PATH),
    ("maues", "itaituba", PATH), ("maues", "apui", PATH), ("apui", "humaita", PATH),
    ("apui", "jacareacanga", PATH),
)


def _neighbours() -> dict:
    links: dict = {village: [] for village in VILLAGES}
    for a, b, kind in EDGES:
        links[a].append((b, kind))
        links[b].append((a, kind))
    return {village: tuple(sorted(items)) for village, items in links.items()}


NEIGHBOURS = _neighbours()

# Mission cards (DESIGN): four villages each, one from each quarter of the map, so
# every card asks for a journey across it; every village is on one or two cards.
MISSIONS = (
    ("sao_gabriel", "coari", "maues", "labrea"),
    ("santa_isabel", "manaus", "itaituba", "carauari"),
    ("barcelos", "tefe", "parintins", "humaita"),
    ("caracarai", "fonte_boa", "borba", "eirunepe"),
    ("oriximina", "maraa", "tapaua", "jacareacanga"),
    ("japura", "novo_airao", "santarem", "apui"),
    ("codajas", "tabatinga", "itacoatiara", "benjamin"),
    ("urucara", "obidos", "tefe", "labrea"),
)


def village_name(village: str) -> str:
    return VILLAGES[village][0]


def village_type(village: str) -> str:
    return VILLAGES[village][1]


def site_costs(village: str) -> tuple:
    return VILLAGES[village][2]


def card_name(card: int) -> str:
    if card == 0:
        return "0 (longest row)"
    if card == 6:
        return "6 (Indio)"
    return f"{card} ({TYPE_NAMES[CARD_TYPE[card]]})"
