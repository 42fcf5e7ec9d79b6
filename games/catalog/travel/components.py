"""The cards of Itchy Feet: The Travel Game, as data.

Where the numbers come from:

* SEED (the German rulebook, shared/seeds/002): 13 countries, 32 items, 12 passports;
  every country needs three items; 4 events, 9 special items, 3 forbidden items,
  6 postcards and 6 characters in the five expansions; the special items Mouse Trap,
  Mom's Credit Card, Local Tour Guide, Trading Post and Poorly Drawn Map and the
  character Smuggler are named in its FAQ.
* FACT (the publisher's "Bucket List" rules page): an event is called Civil Unrest.
* DESIGN (no public source lists them): which 13 countries, which 16 item kinds (two
  copies each, so 32 cards), which three items each country needs, the passport
  nationalities, every card text and the other card names. docs/games/travel.md lists
  them all under "Designed by us".

A card is identified by a string id ("camera-1", "passport-canada", "mouse_trap").
Its *kind* is what matters for the rules: both cameras are of kind "camera", every
passport is of kind "passport", every postcard of kind "postcard"; each expansion
card other than postcards is its own kind.
"""
from __future__ import annotations

import math

HAND_LIMIT = 7                  # SEED: "maximal 7 Karten auf der Hand"
EMPTY_HAND_DRAW = 3             # SEED: an empty hand at the start of a turn draws 3
START_HAND = 3                  # SEED: every player takes three items
POSTCARDS_TO_WIN = 4            # SEED: four postcards win at once
MAX_OFFERS_PER_TURN = 4         # DESIGN: see docs (keeps a mail game from stalling)

# DESIGN: 16 item kinds, two copies of each (16 x 2 = 32, SEED count).
ITEM_KINDS = [
    "bicycle", "bug_spray", "camera", "chopsticks", "guidebook", "hiking_boots",
    "map", "phrasebook", "power_adapter", "sleeping_bag", "sun_hat", "sunglasses",
    "sunscreen", "swimsuit", "umbrella", "winter_coat",
]
ITEM_COPIES = 2

# DESIGN: 13 real countries (SEED count), each needing three distinct item kinds;
# the capital's coordinates (public geography) decide who starts (SEED: the player
# whose country is closest in the real world to the shared country).
COUNTRIES = {
    "Australia": {"capital": "Canberra", "lat": -35.28, "lon": 149.13,
                  "needs": ["sunscreen", "sun_hat", "bicycle"]},
    "Brazil": {"capital": "Brasilia", "lat": -15.79, "lon": -47.88,
               "needs": ["swimsuit", "bug_spray", "sunscreen"]},
    "Canada": {"capital": "Ottawa", "lat": 45.42, "lon": -75.70,
               "needs": ["winter_coat", "hiking_boots", "map"]},
    "China": {"capital": "Beijing", "lat": 39.90, "lon": 116.40,
              "needs": ["chopsticks", "map", "guidebook"]},
    "France": {"capital": "Paris", "lat": 48.86, "lon": 2.35,
               "needs": ["camera", "guidebook", "phrasebook"]},
    "Germany": {"capital": "Berlin", "lat": 52.52, "lon": 13.40,
                "needs": ["bicycle", "umbrella", "phrasebook"]},
    "India": {"capital": "New Delhi", "lat": 28.61, "lon": 77.21,
              "needs": ["power_adapter", "bug_spray", "umbrella"]},
    "Italy": {"capital": "Rome", "lat": 41.90, "lon": 12.50,
              "needs": ["sunglasses", "camera", "sun_hat"]},
    "Japan": {"capital": "Tokyo", "lat": 35.68, "lon": 139.69,
              "needs": ["chopsticks", "power_adapter", "camera"]},
    "Kenya": {"capital": "Nairobi", "lat": -1.29, "lon": 36.82,
              "needs": ["sleeping_bag", "bug_spray", "guidebook"]},
    "Mexico": {"capital": "Mexico City", "lat": 19.43, "lon": -99.13,
               "needs": ["sun_hat", "map", "phrasebook"]},
    "Norway": {"capital": "Oslo", "lat": 59.91, "lon": 10.75,
               "needs": ["winter_coat", "hiking_boots", "sleeping_bag"]},
    "Spain": {"capital": "Madrid", "lat": 40.42, "lon": -3.70,
              "needs": ["sunscreen", "swimsuit", "sunglasses"]},
}

# DESIGN: the 12 passports (SEED count); they differ only in the picture.
PASSPORTS = [
    "canada", "brazil", "ireland", "korea", "nigeria", "peru",
    "poland", "sweden", "turkey", "vietnam", "new_zealand", "egypt",
]

# Events (SEED: 4; Civil Unrest is a FACT, the texts and other names DESIGN).
EVENTS = {
    "civil_unrest": {"name": "Civil Unrest",
                     "text": "Every player passes one random card from their hand to the player on their left."},
    "lost_luggage": {"name": "Lost Luggage",
                     "text": "Every player discards one random card from their hand (forbidden items are never lost)."},
    "holiday_season": {"name": "Holiday Season",
                       "text": "Every player draws one card, starting with the player who drew this event."},
    "airport_strike": {"name": "Airport Strike",
                       "text": "Nobody may travel until the player who drew this event starts their next turn."},
}

# Special items (SEED: 9; five names from the FAQ, all texts DESIGN).
# "when": "action" = played as your action; "travel" = used as part of a Travel;
# "reaction" = played out of turn, in the reaction window the card names.
SPECIALS = {
    "mouse_trap": {"name": "Mouse Trap", "when": "reaction",
                   "text": "Play when another player steals from you: the steal fails and their turn ends."},
    "cancelled_flight": {"name": "Cancelled Flight", "when": "reaction",
                         "text": "Play when another player travels: the journey is cancelled, they keep their cards and their turn ends."},
    "moms_credit_card": {"name": "Mom's Credit Card", "when": "travel",
                         "text": "When you travel, counts as any one required item (never as a passport or a postcard)."},
    "poorly_drawn_map": {"name": "Poorly Drawn Map", "when": "travel",
                         "text": "Travel to your own country with only two of its three items (never to the shared country)."},
    "local_tour_guide": {"name": "Local Tour Guide", "when": "action",
                         "text": "Action: look at the top three cards of the draw pile, take one, put the rest back in order."},
    "trading_post": {"name": "Trading Post", "when": "action",
                     "text": "Action: put one to three cards from your hand under the draw pile, then draw as many from the top."},
    "sticky_fingers": {"name": "Sticky Fingers", "when": "action",
                       "text": "Action: steal a random card from another player without paying a card."},
    "duty_free": {"name": "Duty Free", "when": "action",
                  "text": "Action: draw two cards."},
    "flea_market": {"name": "Flea Market", "when": "action",
                    "text": "Action: take any card (not an event) from the discard pile without paying."},
}

# Forbidden items (SEED: 3 and all their rules; the names DESIGN).
FORBIDDEN = {
    "exotic_pet": {"name": "Exotic Pet"},
    "fireworks": {"name": "Fireworks"},
    "smelly_cheese": {"name": "Smelly Cheese"},
}

POSTCARD_COUNT = 6  # SEED
POSTCARD_PLACES = ["Lisbon", "Kyoto", "Havana", "Cairo", "Reykjavik", "Quito"]  # DESIGN: pictures only

# Characters (SEED: 6, one per player, face up, never traded; the Smuggler and the FAQ
# line about him are SEED, the other five and all texts DESIGN, inspired by the
# review's "drawing more cards, or make it easier to recycle").
CHARACTERS = {
    "smuggler": {"name": "Smuggler",
                 "text": "Action: hand one card from your own hand (forbidden items too) to another player, who must take it; then draw one card."},
    "backpacker": {"name": "Backpacker", "text": "Your hand limit is 8 instead of 7."},
    "recycler": {"name": "Recycler", "text": "Recycling costs you one card instead of two."},
    "diplomat": {"name": "Diplomat", "text": "After a successful trade on your turn you draw two bonus cards instead of one."},
    "photographer": {"name": "Photographer", "text": "After travelling you draw two cards instead of one."},
    "con_artist": {"name": "Con Artist", "text": "Your Steal costs no card."},
}

OPTION_CATEGORIES = {  # option name -> card category it shuffles into the draw pile
    "events": "event",
    "special_items": "special",
    "forbidden_items": "forbidden",
    "postcards": "postcard",
}


def _build_cards() -> dict:
    cards = {}
    for kind in ITEM_KINDS:
        for copy in range(1, ITEM_COPIES + 1):
            cards[f"{kind}-{copy}"] = {"category": "item", "kind": kind,
                                       "name": kind.replace("_", " ").capitalize()}
    for nation in PASSPORTS:
        cards[f"passport-{nation}"] = {"category": "passport", "kind": "passport",
                                       "name": f"Passport ({nation.replace('_', ' ').title()})"}
    for key, data in EVENTS.items():
        cards[key] = {"category": "event", "kind": key, "name": data["name"]}
    for key, data in SPECIALS.items():
        cards[key] = {"category": "special", "kind": key, "name": data["name"]}
    for key, data in FORBIDDEN.items():
        cards[key] = {"category": "forbidden", "kind": key, "name": data["name"]}
    for number, place in enumerate(POSTCARD_PLACES, start=1):
        cards[f"postcard-{number}"] = {"category": "postcard", "kind": "postcard",
                                       "name": f"Postcard from {place}"}
    return cards


CARDS = _build_cards()
KIND_CATEGORY = {data["kind"]: data["category"] for data in CARDS.values()}
KINDS = list(dict.fromkeys(data["kind"] for data in CARDS.values()))   # in card order
ITEM_IDS = [card for card, data in CARDS.items() if data["category"] == "item"]
PASSPORT_IDS = [card for card, data in CARDS.items() if data["category"] == "passport"]


def category(card: str) -> str:
    return CARDS[card]["category"]


def kind(card: str) -> str:
    return CARDS[card]["kind"]


def card_name(card: str) -> str:
    return CARDS[card]["name"]


def is_forbidden(card: str) -> bool:
    return CARDS[card]["category"] == "forbidden"


def cards_of_category(name: str) -> list[str]:
    return [card for card, data in CARDS.items() if data["category"] == name]


def distance_km(country_a: str, country_b: str) -> float:
    """Great-circle distance between two capitals (haversine, mean Earth radius)."""
    a, b = COUNTRIES[country_a], COUNTRIES[country_b]
    lat1, lon1, lat2, lon2 = map(math.radians, (a["lat"], a["lon"], b["lat"], b["lon"]))
    h = (math.sin((lat2 - lat1) / 2) ** 2
         + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2)
    return 2 * 6371.0 * math.asin(math.sqrt(h))
