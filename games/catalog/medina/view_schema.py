"""The JSON schema of Medina's ``view`` (published as View_medina; docs/games/medina.md).

Medina hides nothing: every seat and a spectator see the same board."""
from __future__ import annotations

from games.engine.viewschema import array, boolean, integer, nullable, obj, per_seat, seat, string

from .components import COLOURS

COLOUR = string("A palace colour.", COLOURS)
SQUARE = array(integer("x, then y (y = 0 is the top row; the wall ring is x = 0, y = 0 and the far edges).", 0),
               "A square (x, y) of the grid.", 2, 2)
CONTENT = string("What stands on a square: '' nothing, 'T' a tower, 'W1'..'W4' a wall grown from that tower, "
                 "'F' the fountain, 'M' a merchant, 'S' a stable, or a colour: a building.",
                 ["", "T", "W1", "W2", "W3", "W4", "F", "M", "S", *COLOURS])
COUNT = integer("How many.", 0)

SET_UP = obj("Medina as one seat (or a spectator) may see it: everything.", {
    "you": nullable(seat("The seat this view is for."), "for a spectator."),
    "players": integer("Number of seats.", 2, 4),
    "options": obj("The game's options, complete.", {
        "first_edition": boolean("First-edition rules."),
        "fountain": boolean("A fountain scores palace parts two squares away in a straight line."),
        "tea_tiles": boolean("Tea tiles for the first three violet palaces."),
        "tower_merchants": boolean("Merchants waiting on the towers' guard tiles."),
        "neutral_roofs_for_three": boolean("Neutral roofs with three players."),
    }),
    "width": integer("City squares across (16, or 14 with two players).", 1),
    "height": integer("City squares down (11, or 10 with two players).", 1),
    "grid": array(array(CONTENT, "A row, x = 0 first."), "The board including the wall ring, row by row "
                  "(y = 0 first): height + 2 rows of width + 2 squares."),
    "fountain": nullable(SQUARE, "without the fountain."),
    "palaces": array(obj("A palace.", {
        "id": integer("Its number (the order palaces were begun).", 0),
        "colour": COLOUR,
        "status": string("open: still growing; owned: claimed by a roof; neutral: under a neutral roof.",
                         ["open", "owned", "neutral"]),
        "owner": nullable(seat("The seat whose roof claimed it."), "unless owned."),
        "buildings": array(SQUARE, "Its buildings.", 1),
        "stables": array(SQUARE, "Its stables."),
        "roof": nullable(SQUARE, "until it is roofed."),
        "size": integer("Buildings and stables.", 1),
        "points": obj("What it is worth now.", {
            "parts": COUNT, "walls": COUNT, "merchants": COUNT, "fountain": COUNT,
            "total": integer("The sum.", 0),
        }),
    }), "Every palace begun."),
    "supply": per_seat(obj("A seat's pieces left.", {
        **{colour: integer(f"{colour.capitalize()} buildings.", 0) for colour in COLOURS},
        "roofs": COUNT, "neutral_roofs": COUNT, "stables": COUNT, "walls": COUNT, "merchants": COUNT,
        "tea": integer("Tea tiles held.", 0),
    }), "Pieces in each seat's supply"),
    "claimed_colours": per_seat(array(COLOUR, "Colours it has claimed."), "Colours claimed"),
    "closed_colours": array(COLOUR, "Colours nobody may begin a new palace of."),
    "guard_tiles": array(obj("A tower's guard tile.", {
        "tower": integer("The tower, 1-4.", 1, 4),
        "value": integer("Its points.", 1),
        "holder": nullable(seat("The seat holding it."), "while nobody holds it."),
        "merchants_waiting": integer("Merchants still on it (the tower_merchants option).", 0),
    }), "One per tower.", 4, 4),
    "palace_tiles": array(obj("A colour's palace tile (for the largest palace of that colour).", {
        "colour": COLOUR, "value": integer("Its points.", 1),
        "holder": nullable(seat("The seat holding it."), "while nobody holds it."),
    }), "One per colour.", 4, 4),
    "tea_tiles_left": integer("Tea tiles not yet given out.", 0),
    "scores": per_seat(integer("Points as things stand.", 0), "Scores"),
    "score_details": per_seat(obj("A seat's score as things stand.", {
        "palaces": integer("Points of its palaces.", 0), "parts": COUNT, "walls": COUNT, "merchants": COUNT,
        "fountain": COUNT, "palace_tiles": COUNT, "guard_tiles": COUNT,
        "largest_palace": integer("Size of its largest palace (the tie-break).", 0),
        "largest_claimed_at": nullable(integer("When that palace was claimed (earlier wins a tie).", 0),
                                       "without a palace."),
        "total": integer("The score.", 0),
    }), "Score breakdowns"),
    "turn": nullable(obj("The turn under way.", {
        "seat": seat("The seat to move."),
        "pieces": integer("Pieces it places this turn.", 1),
        "placed": integer("Pieces placed so far.", 0),
        "roof_placed": boolean("A roof was placed this turn."),
        "tea_used": boolean("A tea tile was used this turn."),
    }), "once the game is over."),
    "first_player": seat("The seat that took the first turn."),
    "finished": boolean("The game is over."),
})

VIEW = {"description": "Medina as one seat (or a spectator) may see it: everything.",
        "anyOf": [SET_UP, {"type": "object", "maxProperties": 0, "description": "A game not set up yet."}]}
