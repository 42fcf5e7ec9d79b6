"""The JSON schema of Harmonies' ``view`` (published as View_harmonies; docs/games/harmonies.md,
"What players see", explains each field)."""
from __future__ import annotations

from games.engine.viewschema import array, boolean, integer, nullable, obj, per_seat, seat, string

from .components import ANIMAL_IDS, COLOURS, SPIRIT_IDS

TOKEN = string("A token colour.", COLOURS)
ANIMAL = integer("An animal card's number.", min(ANIMAL_IDS), max(ANIMAL_IDS))
SPIRIT = integer("A spirit card's number.", min(SPIRIT_IDS), max(SPIRIT_IDS))
CARD = integer("A card's number (animal or spirit).", min(ANIMAL_IDS + SPIRIT_IDS), max(ANIMAL_IDS + SPIRIT_IDS))
PLACED = integer("Cubes placed from it so far.", 0)

VIEW = obj("Harmonies as one seat (or a spectator) may see it.", {
    "phase": string("play, or over.", ["play", "over"]),
    "players": integer("Number of seats.", 1, 4),
    "seat": nullable(seat("The seat this view is for."), "for a spectator."),
    "solo": boolean("A one-player game (the solo side of the central board)."),
    "side": string("The personal boards' side (the 'side' option).", ["A", "B"]),
    "spirits": boolean("The Nature's Spirit variant (the 'spirits' option)."),
    "first": seat("The first player."),
    "current": seat("The seat whose turn it is."),
    "to_move": array(seat("A seat."), "Seats to move now (empty once over)."),
    "turns": integer("Turns ended so far, all seats together.", 0),
    "turn": obj("The turn under way.", {
        "taken": nullable(integer("The central space taken this turn.", 0), "until one is taken."),
        "hand": array(TOKEN, "Tokens taken and still to place."),
        "card_taken": boolean("An animal card was taken this turn."),
    }),
    "pouch_count": integer("Tokens left in the pouch.", 0),
    "pouch": obj("Tokens left in the pouch by colour (anyone could count them).",
                 {colour: integer(f"{colour.capitalize()} tokens.", 0) for colour in COLOURS}),
    "central": array(array(TOKEN, "A central space's tokens ([] while taken)."), "The central board's spaces."),
    "display": array(ANIMAL, "The face-up animal cards."),
    "deck_count": integer("Animal cards left in the deck.", 0),
    "reserve": integer("Animal cubes left in the reserve.", 0),
    "spaces": array(obj("A space of the personal board.", {
        "index": integer("Its index (as in moves).", 0), "name": string("Its name, e.g. a1."),
        "col": integer("Its column.", 0), "row": integer("Its row.", 0),
    }), "Every space of the personal board's side."),
    "boards": per_seat(array(obj("A space of a personal board, by index.", {
        "stack": array(TOKEN, "Its tokens, bottom to top.", 0, 3),
        "cube": nullable(CARD, "when no animal cube sits there (else the card whose cube it is)."),
    }), "A personal board."), "Every personal board"),
    "places": per_seat(array(nullable(obj("A card on a card place.", {
        "card": CARD, "cubes": integer("Cubes still on the card.", 0), "placed": PLACED,
    }), "while the place is empty."), "The four card places.", 4, 4), "Card places"),
    "done": per_seat(array(obj("A completed animal card.", {"card": CARD, "placed": PLACED}),
                           "Completed animal cards."), "Completed cards"),
    "spirit": per_seat(nullable(obj("The kept spirit card.", {"card": SPIRIT, "placed": PLACED}),
                                "without one."), "Spirit cards kept"),
    "spirit_choosing": per_seat(boolean("Still has to choose a spirit card."), "Spirit choices pending"),
    "end_trigger": nullable(obj("Why the last round is on.", {
        "reasons": array(string("pouch_empty: the pouch could not refill the central board; board_full: a "
                                "board has two or fewer empty spaces.", ["pouch_empty", "board_full"]),
                         "The reasons.", 1),
        "seat": seat("The seat whose turn triggered it."),
    }), "until the last round begins."),
    "scores": per_seat(obj("The score if the game ended now.", {
        **{name: integer(f"Points from {name}.", 0)
           for name in ("trees", "mountains", "fields", "buildings", "water", "animals", "spirit")},
        "total": integer("The score.", 0),
        "animal_cubes": integer("Animal cubes placed (the tie-break).", 0),
    }), "Scores so far"),
}, {
    "spirit_deal": array(SPIRIT, "Your own view only: the spirit cards you were dealt, until you choose."),
    "spirit_deals": per_seat(array(SPIRIT, "A deal."), "Once over: every seat's spirit deal"),
    "spirit_returned": per_seat(nullable(SPIRIT, "without one."), "Once over: the spirit card each returned"),
    "deck": array(ANIMAL, "Once over: the cards left in the deck."),
})
