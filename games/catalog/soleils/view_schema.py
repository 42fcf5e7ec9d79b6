"""The JSON schema of Soleils' ``view`` (published as View_soleils; docs/games/soleils.md)."""
from __future__ import annotations

from games.engine.viewschema import (array, boolean, integer, mapping, nullable, obj, outcome, per_seat, seat,
                                     string)

from .components import CELL_IDS, GROUPS, MAX_ROUNDS, ZONES

CELL = string("A cell of the sheet.", CELL_IDS)
GROUP = string("A group of cells (a hut, a koi pond, a boat row, the bottles, the gulls).", list(GROUPS))
ZONE = string("A zone of the sheet.", list(ZONES))
NUMBER = integer("A number written, 1-6.", 1, 6)
CELLS = mapping(nullable(NUMBER, "while the cell is empty."), "The sheet's cells by id: the number written.",
                "^[a-z0-9-]+$")
REWARD = {"starfish": integer("Starfish.", 0), "shells": integer("Shells.", 0)}

MOVE = obj("One step of a turn (the move format of docs/games/soleils.md).", {
    "type": string("The kind of step.", ["write", "sun_only", "crab", "crab_skip", "sun", "question",
                                         "question_skip"]),
}, {"cell": CELL, "value": NUMBER})

TALLY = obj("What the sheet is worth so far (before the shell majority).", {
    "pearls": integer("Pearls of the cells written.", 0),
    "group_starfish": integer("Starfish of the completed groups.", 0),
    "flag_starfish": integer("Starfish of the zone flags won.", 0),
    "sun_starfish": integer("Starfish of the sun bonuses reached.", 0),
    "shells": integer("Shells from groups, flags and the sun.", 0),
    "points": integer("pearls + all starfish.", 0),
    "completed_groups": array(GROUP, "Groups completed."),
    "completed_zones": array(ZONE, "Zones completed."),
    "sun_total": integer("The sun track's total.", 0),
})

LAYOUT = obj("The sheet as data, for clients that draw it (the same in every game).", {
    "cells": array(obj("A cell.", {
        "id": CELL, "row": integer("Row on the sheet.", 0), "col": integer("Column on the sheet.", 0),
        "zone": ZONE, "group": GROUP, "pearl": integer("The pearls it is worth when written.", 0),
        "crab": boolean("Writing here sets off the crab."), "hat": boolean("Writing here wins the frog hat."),
    }), "Every cell."),
    "groups": array(obj("A group of cells.", {
        "id": GROUP, "name": string("Its name in words."), "zone": ZONE,
        "rule": string("How its numbers must relate: all the same, all different, or by the signs.",
                       ["same", "different", "signs"]),
        "cells": array(CELL, "Its cells, in order."),
        "signs": string("For 'signs': the sign between neighbouring cells, '<' or '>' each."),
        "reward": obj("What completing it is worth.", REWARD),
    }), "Every group."),
    "zones": array(obj("A zone.", {
        "id": ZONE, "name": string("Its name in words."), "groups": array(GROUP, "Its groups."),
        "flag": obj("The flag for completing it first.", REWARD),
    }), "Every zone."),
    "sun_bonuses": mapping(obj("The bonus.", {**REWARD, "question": boolean("A question mark to use.")}),
                           "Sun totals (keys) that give a bonus when reached.", "^[0-9]+$"),
    "max_rounds": integer("At most this many rounds.", 1),
    "sun_goal": integer("The round in which a sun total reaches this is the last.", 1),
})

YOUR_TURN = obj("Your choice for this round as it stands, while the game runs.", {
    "phase": string("The step your turn is at: place a number, move the crab, use the frog hat on the sun, "
                    "use a question mark, or done.", ["place", "crab", "sun", "question", "done"]),
    "cells": CELLS,
    "sun": array(integer("A running total.", 0), "The sun track after your steps so far."),
    "sun_die": nullable(NUMBER, "until a die is given to the sun."),
    "frog_hat": boolean("You hold the frog hat."),
    "crab_from": nullable(CELL, "unless the crab waits to be moved (the cell that set it off)."),
    "questions": integer("Question marks you may still use.", 0),
    "written": array(CELL, "Cells written this round."),
    "moves": array(MOVE, "Your steps so far this round."),
}, {
    "legal_moves": array(MOVE, "Rules version 1: the steps possible now."),
    "step_moves": array(MOVE, "The steps possible now (a move sends the whole round's steps at once)."),
})

STARTED = obj("Soleils as one seat (or a spectator) may see it.", {
    "started": boolean("The game has been set up."),
    "round": integer("The round being played.", 1, MAX_ROUNDS),
    "max_rounds": integer("At most this many rounds.", 1),
    "dice": array(NUMBER, "This round's three dice, shared by everybody.", 3, 3),
    "options": obj("The game's options.", {
        "sailboat_rule": string("How the boats of a row must differ.", ["row_all_different", "adjacent_different"]),
    }),
    "finished": boolean("The game is over."),
    "end_reason": nullable(string("sun: a sun total reached the goal; rounds: the last round was played.",
                                  ["sun", "rounds"]), "until the game is over."),
    "to_move": array(seat("A seat."), "Seats that have not made this round's choice yet."),
    "players": per_seat(obj("A seat's sheet, as of the last resolved round.", {
        "seat": seat("The seat."),
        "cells": CELLS,
        "sun": array(integer("A running total.", 0), "The sun track, one total per round."),
        "tally": TALLY,
        "finished_round": boolean("Has made this round's choice."),
    }), "Every seat's sheet"),
    "layout": LAYOUT,
    "you": nullable(seat("The seat this view is for."), "for a spectator."),
    "your_turn": nullable(YOUR_TURN, "for a spectator and once the game is over."),
}, {
    "outcome": outcome(obj("A seat's score.", {
        "pearls": integer("Pearls.", 0),
        "zone_starfish": integer("Starfish of completed groups.", 0),
        "flag_starfish": integer("Starfish of zone flags.", 0),
        "sun_starfish": integer("Starfish of sun bonuses.", 0),
        "shells": integer("Shells.", 0),
        "shell_majority": integer("Starfish for the most shells (5, or 0).", 0),
        "sun_total": integer("The sun track's total.", 0),
        "completed_zones": array(ZONE, "Zones completed."),
        "total": integer("The score.", 0),
    })),
})

NOT_STARTED = obj("A game not set up yet.", {"started": {"const": False, "description": "Not set up yet."}})

VIEW = {"description": "Soleils as one seat (or a spectator) may see it.", "anyOf": [STARTED, NOT_STARTED]}
