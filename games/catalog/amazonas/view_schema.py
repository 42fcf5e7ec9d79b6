"""The JSON schema of Amazonas's ``view`` (published as View_amazonas; docs/games/amazonas.md,
"What a seat sees", explains each field)."""
from __future__ import annotations

from games.engine.viewschema import array, boolean, integer, nullable, obj, outcome, per_seat, seat, string

from . import components as C

VILLAGE = string("A village id.", C.VILLAGE_IDS)
TYPE = string("A research type ('reptile' is the iguana).", C.TYPES)
EVENT = string("An event card: jaguar, crocodile, fire (forest fire), theft, indio, or research_<type> "
               "(extra research money for that type).", sorted(set(C.EVENTS)))
CARD = integer("An income card, 0-6 (0 counts the longest row, 6 is the Indio).", 0, max(C.INCOME_CARDS))
CHIP = integer("A five-type chip's points.", min(min(chips) for chips in C.FIVE_TYPE_CHIPS.values()),
               max(max(chips) for chips in C.FIVE_TYPE_CHIPS.values()))
MISSION = array(VILLAGE, "The four villages of a mission card.", 4, 4)
OWNER = integer("A site's owner: a seat number, or -1 for a neutral hut.", -1, 3)


def per_type(description: str) -> dict:
    return obj(description, {kind: integer(f"{C.TYPE_NAMES[kind].capitalize()}.", 0) for kind in C.TYPES})


SEAT = obj("One seat's public state.", {
    "seat": seat("The seat."),
    "money": integer("Money in silver (3 silver = 1 gold).", 0),
    "copper": integer("The copper coin held (higher wins ties of turn order).", 1, 4),
    "tiles": per_type("Research tiles from huts, per type."),
    "indios": per_type("Hired Indios, per research type they joined."),
    "counts": per_type("Tiles and Indios together, per type (what cards, theft, majority and scoring count)."),
    "huts_left": integer("Own huts not yet built (further huts cost 1 silver more).", 0, C.HUTS),
    "neutral_left": integer("Neutral huts left (two players only; otherwise 0).", 0, C.NEUTRAL_HUTS),
    "huts": array(VILLAGE, "Villages with this seat's hut, in map order."),
    "hand": array(CARD, "Income cards still to play this cycle (public: played cards are seen)."),
    "played": array(CARD, "Income cards played this cycle, in order."),
    "chosen": {"description": "While cards are chosen (phase choose): whether this seat has chosen (true/false), "
                              "never which card. Otherwise the card revealed this round; null before the first "
                              "round.",
               "anyOf": [boolean("Has chosen (phase choose)."),
                         nullable(CARD, "before the first round.")]},
    "value": nullable(integer("The revealed card's value this round (it sets the turn order).", 0),
                      "until the cards are revealed."),
    "income": nullable(integer("Net silver taken this round: income plus research money minus theft "
                               "(0 after hiring the Indio; may be negative after a theft)."),
                       "until this seat has taken its income this round."),
    "five_types_chip": nullable(CHIP, "until this seat owns all five types."),
    "majority_chips": array(TYPE, "Types whose majority chip this seat holds now."),
    "waiting_for": boolean("This seat is to move now."),
}, {
    "mission": MISSION,
})

SCORE = obj("A seat's final score breakdown.", {
    "tiles": integer("1 point per tile in each type of which the seat has at least 3.", 0),
    "five_types_chip": integer("Points of the five-type chip (0 without one).", 0),
    "majority_chips": integer("Points of majority chips (1 each).", 0),
    "missions": integer("Mission points: +3 per mission village with the seat's hut, or (the penalty "
                        "option) -3 per mission village without."),
    "mission_villages_built": integer("Mission villages with the seat's hut.", 0, 4),
    "total": integer("The score."),
    "tile_count": integer("Tiles and Indios in all (the first tie-break).", 0),
    "money": integer("Silver left (the second tie-break).", 0),
    "copper": integer("The copper coin (the last tie-break).", 1, 4),
    "mission": MISSION,
})

STARTED = obj("Amazonas as one seat (or a spectator) may see it.", {
    "started": boolean("The game has been set up."),
    "phase": string("start: the start round; choose: income cards being chosen in secret; turn: players "
                    "in turn order; over: the game has ended.", ["start", "choose", "turn", "over"]),
    "round": integer("This round (0 in the start round).", 0, C.ROUNDS),
    "rounds": integer("Rounds in the game.", C.ROUNDS, C.ROUNDS),
    "players": integer("Number of seats.", 2, 4),
    "you": nullable(seat("The seat this view is for."), "for a spectator."),
    "first": seat("The start player (copper coin 1 at the start)."),
    "event": nullable(EVENT, "in the start round."),
    "events_left": array(EVENT, "Event cards still to come, sorted (public: they can be counted)."),
    "indio_open": boolean("An Indio event is up and nobody has hired the Indio yet."),
    "order": array(seat("A seat."), "This round's turn order (the start round: clockwise from the start "
                                    "player).", 2, 4),
    "turn": integer("Index into order of the seat whose turn it is (equal to its length once all have "
                    "played).", 0, 4),
    "current": nullable(seat("The seat whose turn it is."), "while cards are chosen and once over."),
    "step": string("Where the current turn is: start (neutral hut, Indio or income to decide) or build.",
                   ["start", "build"]),
    "neutral_built": boolean("Two players: the current seat has built its neutral hut this turn."),
    "sites": obj("Village -> the owners of its filled sites, in order; the next hut takes the cheapest "
                 "free site.", {village: array(OWNER, f"Owners of {C.village_name(village)}'s filled sites.",
                                               0, len(C.site_costs(village)))
                                for village in C.VILLAGE_IDS}),
    "chips_left": array(CHIP, "Five-type chips not yet taken, highest first (the next goes to the next "
                              "seat to own all five types)."),
    "majority": obj("Type -> the seat holding its majority chip (strictly the most, at least 3); a type "
                    "nobody holds is absent.", {}, {kind: seat(f"The {C.TYPE_NAMES[kind]} majority holder.")
                                                     for kind in C.TYPES}),
    "seats": per_seat(SEAT, "Every seat"),
    "to_move": array(seat("A seat."), "Seats to move now (all who have not chosen while cards are chosen)."),
    "options": obj("The game's options.", {
        "missions": string("How missions score: bonus (+3 per hut in a mission village) or penalty "
                           "(-3 per mission village without your hut).", ["bonus", "penalty"]),
    }),
    "mission": nullable(MISSION, "for a spectator (your own mission; others' are shown only once over)."),
    "my_card": nullable(CARD, "for a spectator, before the first round, and while you have not chosen "
                              "this round's card."),
}, {
    "protected": boolean("Only while you are to move: your card 6 shields you from this round's bad event."),
    "links": array(string("A link kind.", [C.WATER, C.PATH]),
                   "Only while you are to move: the link kinds you may build along this round."),
    "outcome": outcome(SCORE),
})

NOT_STARTED = obj("A game not set up yet.", {"started": {"const": False, "description": "Not set up yet."}})

VIEW = {"description": "Amazonas as one seat (or a spectator) may see it.", "anyOf": [STARTED, NOT_STARTED]}
