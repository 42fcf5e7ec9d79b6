"""The Oracle of Delphi: the components as data.

Sources (see /docs/games/delphi.md, "Components"): the seed text (the BGA help page) for
the turn and the actions; the published rulebook and the BGA-studio implementation's
material list for the numbers below. Where no source names a thing (the companions'
names), it is named by its colour and kind, and the docs say so.
"""
from __future__ import annotations

# The six colours, in the order of the oracle's wheel: recolouring a die one step
# clockwise turns red into black, black into pink, and so on round to red again.
COLOURS = ("red", "black", "pink", "blue", "yellow", "green")

# Player colours (the shrines and the island tiles' building sites), by seat.
PLAYER_COLOURS = ("red", "yellow", "green", "blue")

GODS = {"red": "Aphrodite", "yellow": "Apollo", "black": "Ares", "green": "Artemis",
        "pink": "Hermes", "blue": "Poseidon"}
GOD_POWERS = {
    "blue": "move your ship to any water space",
    "yellow": "draw 1 oracle card; your dice and oracle card count as any colour this turn",
    "green": "uncover any face-down island tile and take its reward",
    "red": "discard all your injury cards",
    "black": "defeat a monster beside your ship without fighting",
    "pink": "beside a city, take a statue of any colour into your ship",
}
MONSTERS = {"yellow": "Chimera", "red": "Cyclops", "green": "Gorgon", "pink": "Hydra",
            "black": "Minotaur", "blue": "Siren"}

# The god track: row 0 is the lowest, TOP the row of the special action. A god leaving
# row 0 jumps to the row marked with the number of players.
TOP = 6
ENTRY_ROW = {2: 3, 3: 2, 4: 1}
SHIELD_MAX = 5
BATTLE_BASE = 9                      # a monster's strength is 9 minus your shield
BATTLE_FACES = 10                    # the battle die shows 0-9
TITAN_FACES = 6                      # the Titan die shows 1-6
BASE_RANGE = 3
BASE_STORAGE = 2
DICE = 3
FAVOUR_START = 3                     # the start player's favour; each next player 1 more
RECOVER_SAME, RECOVER_TOTAL = 3, 6   # injuries that force a recovering turn
TOLERANT_SAME, TOLERANT_TOTAL = 4, 8  # ... with the equipment that raises the limits

ORACLE_PER_COLOUR = 5                # 30 oracle cards
INJURY_PER_COLOUR = 7                # 42 injury cards
STATUES_PER_COLOUR = 3               # 3 statues on each city

# Island tiles: building site colour x Greek letter, 3 per player colour, all 12 in play.
LETTERS = {"psi": "4 favour", "phi": "2 oracle cards", "sigma": "3 god steps",
           "omega": "+1 shield and discard the injuries of one colour"}
ISLAND_TILES = (
    ("red", "omega"), ("red", "phi"), ("red", "psi"),
    ("yellow", "omega"), ("yellow", "psi"), ("yellow", "sigma"),
    ("green", "phi"), ("green", "psi"), ("green", "sigma"),
    ("blue", "omega"), ("blue", "phi"), ("blue", "sigma"),
)
GREEK = {"psi": "ψ", "phi": "φ", "sigma": "σ", "omega": "ω"}

# Zeus tiles. Four double-sided tiles show an offering on one side and a monster on the
# other; two of them are turned to the offering side at setup, the same for everybody.
DOUBLE_SIDED = (("blue", "blue"), ("yellow", "yellow"), ("pink", "red"), ("green", "black"))
TASK_KINDS = ("shrine", "statue", "offering", "monster")
TASK_NAMES = {"shrine": "shrine", "statue": "statue", "offering": "offering", "monster": "monster"}

# Ship tiles (8): storage 2 unless noted.
SHIPS = {
    0: {"name": "Bronze Aegis", "storage": 2, "text": "Your shield starts 2 steps higher."},
    1: {"name": "Quartermaster", "storage": 2,
        "text": "At the start take 1 equipment card from the display and draw 1 oracle card."},
    2: {"name": "Deep Hold", "storage": 4,
        "text": "You may recolour dice counter-clockwise too; storage 4."},
    3: {"name": "Golden Touch", "storage": 2,
        "text": "Whenever you take favour, take 1 more (the starting favour too)."},
    4: {"name": "Divine Patronage", "storage": 2,
        "text": "Your gods start on the player-count row and return there after a special action."},
    5: {"name": "Swift Sails", "storage": 2, "text": "Your ship's range is 2 more."},
    6: {"name": "Head Start", "storage": 2,
        "text": "Return one Zeus tile of your choice to the box: 11 tasks win."},
    7: {"name": "Thrifty Wheel", "storage": 2, "text": "Recolouring a die costs 1 favour less."},
}

# Equipment cards (22). "once" cards are carried out at once when taken (the seed:
# one-time cards are "sofort auszuführende Zusatzaktionen").
EQUIPMENT = {
    0: {"name": "Yellow charm", "once": False,
        "text": "When you consult the oracle and a die shows yellow, take 2 favour."},
    1: {"name": "Red charm", "once": False,
        "text": "When you consult the oracle and a die shows red, take 2 favour."},
    2: {"name": "Black charm", "once": False,
        "text": "When you consult the oracle and a die shows black, take 2 favour."},
    3: {"name": "Extra action", "once": False,
        "text": "Once per turn, pay 3 favour for an extra action of any colour."},
    4: {"name": "Hermes amulet", "once": False,
        "text": "A pink die may take 1 favour, draw 1 oracle card and advance Hermes 1 step."},
    5: {"name": "Artemis amulet", "once": False,
        "text": "A green die may take 1 favour, draw 1 oracle card and advance Artemis 1 step."},
    6: {"name": "Poseidon amulet", "once": False,
        "text": "A blue die may take 1 favour, draw 1 oracle card and advance Poseidon 1 step."},
    7: {"name": "Gift of the gods", "once": True,
        "text": "Take 3 favour, draw 1 oracle card and advance gods 2 steps in all."},
    8: {"name": "Sail", "once": False, "text": "Your ship's range is 1 more."},
    9: {"name": "Long ropes", "once": False,
        "text": "Load and raise statues from 1 water space away."},
    10: {"name": "Spyglass", "once": False,
         "text": "Fight monsters, explore islands and build shrines from 1 water space away."},
    11: {"name": "Laurel", "once": False,
         "text": "Whenever an offering, statue or monster gives its reward, advance a god 1 step too."},
    12: {"name": "Long oars", "once": False,
         "text": "Load and make offerings from 1 water space away."},
    13: {"name": "Sea chart", "once": True,
         "text": "Look at 2 face-down island tiles, put 1 back and uncover the other for its reward."},
    14: {"name": "Flat keel", "once": False,
         "text": "Your ship may cross shallows; a shallow does not count as a space."},
    15: {"name": "Endurance", "once": False,
         "text": "You recover at 4 injuries of one colour or 8 in all, not 3 and 6."},
    16: {"name": "Bigger hold", "once": False,
         "text": "Storage 1 more; when taken, your shield goes up 1."},
    17: {"name": "Warm offering", "once": True,
         "text": "Take a red, green or yellow offering from any island into your ship."},
    18: {"name": "Cool offering", "once": True,
         "text": "Take a pink, blue or black offering from any island into your ship."},
    19: {"name": "Cool statue", "once": True,
         "text": "Take a pink, blue or black statue from its city into your ship."},
    20: {"name": "Warm statue", "once": True,
         "text": "Take a red, green or yellow statue from its city into your ship."},
    21: {"name": "Divine favour", "once": True,
         "text": "Move Poseidon, Hermes, Artemis or Aphrodite to the top row."},
}
CHARMS = {0: "yellow", 1: "red", 2: "black"}
AMULETS = {4: "pink", 5: "green", 6: "blue"}
WARM, COOL = ("red", "green", "yellow"), ("pink", "blue", "black")
GRABS = {17: ("offering", WARM), 18: ("offering", COOL), 19: ("statue", COOL), 20: ("statue", WARM)}
TOP_GODS = ("blue", "pink", "green", "red")
EXTRA_ACTION_COST = 3
DISPLAY = 6

# Companions (18): a hero, a demigod and a creature in each colour.
COMPANION_KINDS = ("hero", "demigod", "creature")
COMPANION_TEXT = {
    "hero": "+2 shield; injuries of its colour are discarded as soon as you get them.",
    "demigod": "when taken, draw 1 oracle card; your dice showing its colour count as any colour.",
    "creature": "sailing with a die of its colour: range +3 and you may stop on any colour.",
}
HERO_SHIELD = 2
CREATURE_RANGE = 3

# The shortened game: Zeus tiles removed for everybody, in this order (rulebook).
SHORTEN_ORDER = ("statue", "shrine", "monster", "offering")


def god_name(colour: str) -> str:
    return GODS[colour]


def companion_name(colour: str, kind: str) -> str:
    return f"the {colour} {kind}"


def wheel_steps(start: str, end: str, both_ways: bool = False) -> int:
    """Recolouring steps from ``start`` to ``end`` (clockwise; either way with Deep Hold)."""
    forward = (COLOURS.index(end) - COLOURS.index(start)) % len(COLOURS)
    return min(forward, len(COLOURS) - forward) if both_ways else forward
