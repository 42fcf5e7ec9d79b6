"""Let's Go to Japan: the components as data.

Where the numbers come from
---------------------------
* Cards (80 Tokyo, 80 Kyoto; numbers 72-80 of each deck are the yellow cards that may
  be assigned to either city): top icons, points, highlight condition and reward are
  the facts of the published card list as Board Game Arena's implementation records it
  (its material file, one entry per card); transcribed here into our own compact
  notation, read by ``conditions.py``. Landmark names are kept for the words; the
  flavour texts are left out.
* Walk card kept face down: 1 point, 1 relaxing-joy icon, 1 walk; as the highlight card
  of its day, +2 points with no condition (published rulebook, BGA data).
* Experience levels 0-3: 0, 4-6: 4, 7-9: 8, 10-11: 12, 12+: 15 points; mood track of three
  spaces either side of the centre; stress 1/2/3 = -3/-8/-15, joy 1/2/3 = +5/+12/+20
  (BGA data; the seed gives only the maxima 20 and 15).
* Tickets: start 0, standard -2, luxury +2 and a green mood icon when used (seed).
* Day symbols: the five experience colours and "happiness", shuffled onto Monday to
  Saturday once for all players (seed).
* The round table (draw, keep, pass) is the published one (games/japan.md, ruling 9).

Icon letters of the card notation
---------------------------------
Experience: t temple (red), f food (green), n nature (pink), s shopping (yellow),
u unique experience (turquoise). Mood: j joy by relaxing (green bolt), c joy by a cheap
activity (green yen), x stress by exertion (red bolt), e stress by expense (red yen).
In conditions also w (a walk) and k (a ticket used); ``!s`` means "no s at all".
Rewards: ``8`` points; ``+uu`` gains icons (``W`` a joker marker); ``1/f`` one point
per icon; ``2/[su]`` two points per complete set; ``3/tokyo`` per day spent only in
Tokyo; ``2/k`` per ticket used.
"""
from __future__ import annotations

DAYS = ("mon", "tue", "wed", "thu", "fri", "sat")
DAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday")
CITIES = ("tokyo", "kyoto")
CITY_NAMES = {"tokyo": "Tokyo", "kyoto": "Kyoto"}

EXPERIENCE = ("temple", "food", "nature", "shopping", "unique")
MOOD_ICONS = ("relax", "cheap", "strain", "pricey")
GREEN = ("relax", "cheap")
RED = ("strain", "pricey")
LETTERS = {"t": "temple", "f": "food", "n": "nature", "s": "shopping", "u": "unique",
           "j": "relax", "c": "cheap", "x": "strain", "e": "pricey", "w": "walk", "k": "ticket",
           "W": "wild"}
ICON_WORDS = {"temple": "temple", "food": "food", "nature": "nature", "shopping": "shopping",
              "unique": "unique experience", "relax": "relaxing joy", "cheap": "cheap joy",
              "strain": "exertion stress", "pricey": "expense stress", "walk": "walk",
              "ticket": "ticket", "wild": "joker"}
EXPERIENCE_COLOURS = {"temple": "red", "food": "green", "nature": "pink", "shopping": "yellow",
                      "unique": "turquoise"}

# Day symbols: the five experience colours and happiness (matches both green mood icons).
DAY_SYMBOLS = EXPERIENCE + ("happiness",)

MOOD_END = 3                    # spaces from the centre to either end of the mood track
JOY_POINTS = (0, 5, 12, 20)     # joy track position -> points
STRESS_POINTS = (0, -3, -8, -15)
EXPERIENCE_LEVELS = ((12, 15), (10, 12), (7, 8), (4, 4))   # (reached, points), best first

TICKET_POINTS = {"start": 0, "standard": -2, "luxury": 2}
WALK_POINTS = 1
WALK_HIGHLIGHT_POINTS = 2
AGENT_EXPERIENCE_START = 2      # the solo travel agent's experience markers start on 2

ROUNDS = 13
CARDS_PER_DAY = 3

# Round table: where the hand comes from, how many cards are kept, where the rest go.
# source: "deck" (draw per city), "stack" (the cards passed to you), "stack+choice"
# (round 13: your stack plus one card from the deck you name first).
ROUND_TABLE = {
    1: ("deck", 1, "left"), 2: ("deck", 1, "left"), 3: ("deck", 1, "left"), 4: ("deck", 1, "left"),
    5: ("stack", 2, "left"), 6: ("deck", 2, "left"), 7: ("stack", 2, "left"),
    8: ("deck", 2, "right"), 9: ("stack", 2, "right"), 10: ("stack", 1, "right"),
    11: ("deck", 1, "right"), 12: ("stack", 1, "right"), 13: ("stack+choice", 1, "discard"),
}
DRAW_PER_CITY = {1: 1, 2: 1, 3: 1, 4: 1, 6: 2, 8: 2, 11: 1}
YELLOW_FROM = 72

# number: (name, top icons, points, highlight condition, highlight reward)
TOKYO = {
    1: ("Visit an anime museum", "su", 2, "ee", "2/[su]"),
    2: ("Visit an anime museum", "su", 2, "sss", "3 1/s"),
    3: ("Zojoji Temple", "tc", 3, "sstt", "8"),
    4: ("Zojoji Temple", "tc", 3, "fff", "7"),
    5: ("Sensoji Temple and Nakamise", "tf", 2, "fftt", "3 1/f"),
    6: ("Sensoji Temple and Nakamise", "tfs", 1, "xx", "2/[tf]"),
    7: ("Meiji Jingu Shrine", "tn", 3, "nntt", "3/tokyo"),
    8: ("Meiji Jingu Shrine", "tn", 3, "uuu", "2/[tn]"),
    9: ("Gotokuji Temple", "ts", 2, "ssss", "2/[ts]"),
    10: ("Gotokuji Temple", "ts", 2, "uuu", "8"),
    11: ("Department stores in Ginza", "fssee", 1, "fff", "2/[ef]"),
    12: ("Department stores in Ginza", "se", 4, "ee", "7"),
    13: ("Shopping in Shibuya", "sx", 4, "xxxx", "14"),
    14: ("Shopping in Shibuya", "se", 4, "cc", "6 +s"),
    15: ("See the Hachiko statue", "c", 4, "kk", "8 +u"),
    16: ("Watch sumo", "ue", 4, "ff", "6 +u"),
    17: ("Watch sumo", "ue", 4, "ftt", "4 1/f"),
    18: ("Go to a baseball game", "", 5, "xx", "8 +us"),
    19: ("Go to a baseball game", "u", 3, "uuu", "6 +uu"),
    20: ("Tokyo Metropolitan Government Building", "c", 4, "nn", "6"),
    21: ("Tokyo Metropolitan Government Building", "c", 4, "sssnnn", "11"),
    22: ("Tokyo Tower", "x", 7, "sssfff", "10"),
    23: ("Tokyo Tower", "x", 7, "uuu", "2/[sf]"),
    24: ("Miyashita Park", "ns", 2, "jj", "3 1/n"),
    25: ("Miyashita Park", "ns", 2, "xx", "2/[sn]"),
    26: ("Imperial Palace Gardens", "nj", 3, "jj", "5"),
    27: ("Imperial Palace Gardens", "nj", 3, "ttt", "2/[st]"),
    28: ("Visit a rescue cat cafe", "fj", 2, "xx", "8 +j"),
    29: ("Visit a rescue cat cafe", "fj", 2, "xx", "4 1/n"),
    30: ("Board game store in Akihabara", "se", 4, "cc", "7 +s"),
    31: ("Board game store in Akihabara", "ssxe", 2, "ssss", "3 1/s"),
    32: ("Ueno Park", "n", 4, "nn", "4 +utn"),
    33: ("Ueno Park", "n", 4, "j", "3 +ttc"),
    34: ("Shinjuku Gyoen Park", "nj", 3, "sss", "5 1/x"),
    35: ("Shinjuku Gyoen Park", "nj", 3, "jjj", "4 1/n"),
    36: ("Gachapon vending machines", "sc", 2, "ccc", "6 +Ws"),
    37: ("Sushi at the Tsukiji market", "fx", 4, "fff", "5 +u"),
    38: ("Sushi at the Tsukiji market", "ffx", 1, "ss", "6 +f"),
    39: ("Yakitori in Omoide Yokocho", "fu", 2, "ffuu", "5 1/u"),
    40: ("Yakitori in Omoide Yokocho", "fc", 2, "!x", "4 1/f"),
    41: ("Stay in a capsule hotel", "cc", 1, "x", "5 1/u"),
    42: ("Stay in a capsule hotel", "cc", 1, "cccc", "2/c"),
    43: ("Tokyo Station", "s", 3, "kkk", "5 1/u"),
    44: ("Tokyo Station", "s", 3, "uuu", "2/[su]"),
    45: ("Tokyo National Museum", "", 5, "uu", "3/[fsnt]"),
    46: ("A new outfit in Harajuku", "s", 3, "sstt", "3 1/t"),
    47: ("Crepes in Harajuku", "fc", 2, "ss", "5 +ss"),
    48: ("Ikebukuro", "s", 3, "nn", "7"),
    49: ("Ikebukuro", "s", 3, "x", "8 +x"),
    50: ("Daikanyama", "su", 2, "ssss", "5 1/u"),
    51: ("Daikanyama", "s", 3, "uu", "7"),
    52: ("Go to a themed cafe", "fue", 3, "ss", "5 +u"),
    53: ("Go to a themed cafe", "fu", 2, "sss", "2/[sf]"),
    54: ("See a kabuki show", "u", 3, "uuu", "1/t +uu"),
    55: ("See a kabuki show", "u", 3, "ttt", "7"),
    56: ("Stay at a really nice hotel", "ee", 7, "xx", "5 +jjjj"),
    57: ("Stay at a really nice hotel", "e", 6, "ff", "5 1/j"),
    58: ("Dine at a top restaurant", "ffe", 1, "ffff", "3 +uuu"),
    59: ("Dine at a top restaurant", "ffe", 1, "uu", "5 1/e"),
    60: ("Monjayaki in Tsukishima", "fu", 2, "uuu", "2/[nf]"),
    61: ("Monjayaki in Tsukishima", "f", 3, "uu", "3 1/f"),
    62: ("Conveyor belt sushi", "fc", 2, "ccc", "8"),
    63: ("Nezu Shrine", "ttx", 1, "nn", "6"),
    64: ("Todoroki Valley Park", "nx", 5, "jt", "5 +tu"),
    65: ("Todoroki Valley Park", "n", 4, "tttfff", "11"),
    66: ("Kanda Shrine", "t", 4, "uuss", "2/[st]"),
    67: ("Kanda Shrine", "t", 4, "ww", "5 +ss"),
    68: ("Food from a konbini", "fc", 2, "uu", "7 +s"),
    69: ("Grab some street food", "f", 3, "nnnn", "2/[nf]"),
    70: ("Grab some street food", "f", 3, "ee", "6 +ff"),
    71: ("Soba and tempura", "f", 3, "tfu", "7"),
    72: ("Attend a festival", "t", 2, "uuu", "2/[tf]"),
    73: ("Take a hike outside of town", "nx", 3, "ww", "7 +n"),
    74: ("See some cherry blossoms", "n", 2, "ee", "7 +nu"),
    75: ("Eat ramen at the best place", "f", 2, "uu", "3 1/f"),
    76: ("Visit a small shrine", "t", 2, "sf", "3 1/t"),
    77: ("Photo sticker booth", "s", 2, "uuu", "2/[sn]"),
    78: ("Buy a gift in an interesting shop", "s", 2, "ee", "9 +eu"),
    79: ("Take a cooking class", "fe", 3, "ffff", "3 1/f"),
    80: ("See a concert", "u", 2, "uuuu", "6 1/u"),
}

KYOTO = {
    1: ("Ginkakuji Temple", "tn", 2, "!s", "5 +n"),
    2: ("Tofukuji Temple", "tn", 2, "uu", "3 1/n"),
    3: ("Ryoanji Temple", "tj", 2, "x", "5 +jj"),
    4: ("Ryoanji Temple", "tj", 2, "uuu", "2/j"),
    5: ("Kinkakuji Temple", "t", 3, "tttt", "8 +n"),
    6: ("Kinkakuji Temple", "t", 3, "nn", "5 1/u"),
    7: ("Kiyomizudera Temple", "tnu", 1, "ssff", "2/[tn]"),
    8: ("Kiyomizudera Temple", "tn", 2, "nnnn", "8 +u"),
    9: ("Nanzenji Temple", "t", 3, "j", "4 +jt"),
    10: ("Nanzenji Temple", "t", 3, "nn", "2/c"),
    11: ("Fushimi Inari Shrine", "ttx", 1, "ww", "2/[tu]"),
    12: ("Fushimi Inari Shrine", "ttx", 1, "jj", "3 1/t"),
    13: ("Yasaka Shrine", "tc", 2, "uu", "2/[sf]"),
    14: ("Yasaka Shrine", "tc", 2, "ee", "2/[sf]"),
    15: ("Heian Shrine", "tn", 2, "ttnn", "7"),
    16: ("Tea ceremony", "fuj", 1, "uuu", "2/[uf]"),
    17: ("Tea ceremony", "fuj", 1, "tt", "6 +u"),
    18: ("Kyoto Tower", "s", 4, "!t", "4 1/s"),
    19: ("Kyoto Tower", "s", 4, "sss", "2/[tn]"),
    20: ("Monkey park", "nx", 4, "nnn", "5 +uu"),
    21: ("Monkey park", "nx", 4, "jj", "6 +uu"),
    22: ("Manga museum", "", 5, "sss", "8 +j"),
    23: ("Manga museum", "", 5, "!n", "4 1/s"),
    24: ("Sannenzaka slope", "s", 4, "ee", "2/[sf]"),
    25: ("Sannenzaka slope", "s", 4, "ttt", "7"),
    26: ("Take an ikebana class", "nne", 1, "ww", "3 1/n"),
    27: ("Take an ikebana class", "nne", 1, "nnnn", "2/[nu]"),
    28: ("Geisha show at Gion Corner", "u", 3, "tt", "5 +uu"),
    29: ("Geisha show at Gion Corner", "u", 3, "ff", "5 1/u"),
    30: ("Kyoto Imperial Palace", "c", 4, "nntt", "3/kyoto"),
    31: ("Kyoto Imperial Palace", "c", 4, "uu", "2/[nt]"),
    32: ("Philosopher's Path", "nx", 4, "uu", "4 +jjj"),
    33: ("Philosopher's Path", "nx", 4, "tttt", "8 +W"),
    34: ("Kyoto Railway Museum", "u", 3, "kk", "5 2/k"),
    35: ("Kyoto Railway Museum", "", 5, "kkk", "9"),
    36: ("Nishiki Market", "f", 4, "nnn", "2/[nf]"),
    37: ("Nishiki Market", "f", 4, "fff", "1/u +ff"),
    38: ("Kyoto Handicraft Center", "s", 4, "sss", "2/[ts]"),
    39: ("Kyoto Handicraft Center", "s", 4, "sss", "7"),
    40: ("Otagi Nenbutsuji Temple", "t", 3, "ttt", "5 1/u"),
    41: ("Otagi Nenbutsuji Temple", "t", 3, "nnn", "2/[tu]"),
    42: ("Temple lodging", "tc", 2, "ttt", "4 +ctf"),
    43: ("Temple lodging", "tc", 2, "!s", "3 1/t"),
    44: ("Arashiyama bamboo grove", "nc", 2, "j", "5 +c"),
    45: ("Arashiyama bamboo grove", "nc", 2, "uu", "3 1/n"),
    46: ("Stay at a ryokan", "fue", 3, "eee", "2/e"),
    47: ("Stay at a ryokan", "fue", 3, "nn", "6 +jj"),
    48: ("Stay at a machiya", "ue", 4, "sftnu", "10"),
    49: ("Stay at a machiya", "ue", 4, "tt", "6"),
    50: ("Nijo Castle", "n", 3, "ssfftt", "12"),
    51: ("Nijo Castle", "n", 3, "nnn", "3 1/t"),
    52: ("Ponto-cho", "fn", 2, "ww", "2/[nf]"),
    53: ("Ponto-cho", "f", 4, "fff", "7"),
    54: ("Tour Shugakuin Villa", "nj", 2, "nnk", "8"),
    55: ("Tour Shugakuin Villa", "nj", 2, "nntt", "7"),
    56: ("Higashiyama district", "sx", 5, "ttt", "8"),
    57: ("Higashiyama district", "sx", 5, "jj", "2/[nf]"),
    58: ("Tenryuji Temple", "tn", 2, "uuu", "8 +u"),
    59: ("Tenryuji Temple", "tn", 2, "tt", "5 +t"),
    60: ("Kokedera Temple", "tnnue", 0, "uuuu", "2/[nu]"),
    61: ("Onsen", "jj", 1, "xx", "5 1/j"),
    62: ("Onsen", "jj", 1, "e", "+jjuunn"),
    63: ("Tour the sake district", "f", 4, "ww", "4 1/f"),
    64: ("Tour the sake district", "f", 4, "e", "6"),
    65: ("Shopping arcades", "fsx", 4, "ww", "2/[sf]"),
    66: ("Shopping arcades", "fsx", 4, "sssfff", "9"),
    67: ("Flea market", "sc", 3, "cccc", "12"),
    68: ("Flea market", "sc", 3, "cc", "4 1/s"),
    69: ("Kyoto National Museum", "", 5, "uu", "3/[fsnt]"),
    70: ("Take a drumming class", "uxx", 5, "xxxx", "11"),
    71: ("Take a drumming class", "xx", 7, "ff", "7"),
    72: ("Attend a festival", "t", 2, "uu", "5 +WW"),
    73: ("Take a hike outside of town", "nx", 3, "jj", "3 1/n"),
    74: ("See some cherry blossoms", "n", 2, "ee", "2/[nu]"),
    75: ("Eat ramen at the best place", "f", 2, "fff", "5 +u"),
    76: ("Visit a small shrine", "t", 2, "nn", "3 1/t"),
    77: ("Photo sticker booth", "s", 2, "uuu", "8 +s"),
    78: ("Buy a gift in an interesting shop", "s", 2, "sss", "5 +uu"),
    79: ("Take a cooking class", "fe", 3, "uuu", "3 1/f"),
    80: ("See a concert", "u", 2, "uuu", "8"),
}

DECKS = {"tokyo": TOKYO, "kyoto": KYOTO}
PREFIX = {"tokyo": "T", "kyoto": "K"}


def card_id(city: str, number: int) -> str:
    return f"{PREFIX[city]}{number}"


def city_of(card: str) -> str:
    """The city on the card's back (its deck)."""
    return "tokyo" if card[0] == "T" else "kyoto"


def number_of(card: str) -> int:
    return int(card[1:])


def is_yellow(card: str) -> bool:
    return number_of(card) >= YELLOW_FROM


def all_cards(city: str) -> list[str]:
    return [card_id(city, number) for number in sorted(DECKS[city])]


def experience_points(position: int) -> int:
    for reached, points in EXPERIENCE_LEVELS:
        if position >= reached:
            return points
    return 0
