"""The JSON schema of Delphi's ``view`` (published as View_delphi; docs/games/delphi.md,
"What a seat sees", explains the fields)."""
from __future__ import annotations

from games.engine.viewschema import (array, boolean, integer, mapping, nullable, obj, outcome, per_seat,
                                     seat, string)

from . import components as C

COLOUR = string("A colour.", C.COLOURS)
SPACE_PATTERN = r"^-?\d+,-?\d+$"
SPACE = string("A map space as 'q,r' (axial coordinates).", pattern=SPACE_PATTERN)
LETTER = string("An island tile's Greek letter (its reward).", list(C.LETTERS))
ROW = integer("A god's row on the track: 0 the lowest, 6 the top (its special action).", 0, C.TOP)


def per_colour(item: dict, description: str) -> dict:
    return obj(description, {colour: item for colour in C.COLOURS})


ISLAND = obj("A printed island of the map.", {
    "kind": string("What the island is.", ["offering", "temple", "statue", "monster", "monster2", "tile", "city"]),
    "colour": nullable(COLOUR, "except on temples and cities."),
    "ring": nullable(COLOUR, "except on island-tile spaces (the ring's colour is the die needed there)."),
    "sites": nullable(array(COLOUR, "The statue sites' colours.", 3, 3), "except on statue islands."),
})
SEA = obj("The map (board.py): generated at setup, fixed for the game.", {
    "water": mapping(COLOUR, "Water space -> its colour.", SPACE_PATTERN),
    "zeus": SPACE,
    "shallows": array(SPACE, "The shallows (Zeus among them): no ship sails across."),
    "islands": mapping(ISLAND, "Island space -> what is printed there.", SPACE_PATTERN),
    "pieces": array(obj("A laid board tile.", {
        "piece": string("The board or city tile's name."),
        "anchor": SPACE, "rotation": integer("Sixths of a turn clockwise.", 0, 5)}), "The tiles laid."),
})
TILE = obj("An island tile on its space.", {
    "up": boolean("Face up."),
    "colour": nullable(COLOUR, "while face down (a finished game shows every tile)."),
    "letter": nullable(LETTER, "while face down."),
    "shrine": nullable(seat("The seat whose shrine stands on it."), "while no shrine stands on it."),
})
BOARD = obj("The pieces on the map.", {
    "offerings": mapping(array(COLOUR, "Offering cubes still there."), "Offering island -> its cubes.", SPACE_PATTERN),
    "monsters": mapping(array(COLOUR, "Monsters still there."), "Monster island -> its monsters.", SPACE_PATTERN),
    "statues": mapping(array(COLOUR, "Statues still there."), "City -> the statues still in it.", SPACE_PATTERN),
    "sites": mapping(array(nullable(seat("The seat whose statue stands on the site."), "while free."),
                           "Per statue site (in the island's sites order)."),
                     "Statue island -> who raised statues on its sites.", SPACE_PATTERN),
    "temples": mapping(array(COLOUR, "Offerings made there."), "Temple -> offerings made.", SPACE_PATTERN),
    "tiles": mapping(TILE, "Island-tile space -> its tile.", SPACE_PATTERN),
})
ZEUS_TILE = obj("A Zeus tile (task).", {
    "kind": string("The task.", C.TASK_KINDS),
    "colour": nullable(COLOUR, "for a white tile (any colour, different from the seat's other tiles of "
                               "that kind; statues: all different)."),
    "done": boolean("The task is done."),
    "with": nullable(COLOUR, "until done, and for shrines (the colour the task was done with)."),
})
OFFER = obj("A god advance another player's roll offers.", {
    "roller": seat("The player who rolled."),
    "colours": array(COLOUR, "Rolled colours whose god (not on the lowest row, below the top) may advance 1 step."),
})
SEAT = obj("One seat's public state.", {
    "seat": seat("The seat."),
    "colour": string("The player's colour (shrines, island tiles).", C.PLAYER_COLOURS),
    "ship": nullable(integer("The ship tile.", 0, 7), "before a draft choice."),
    "ship_name": nullable(string("The ship tile's name."), "before a draft choice."),
    "position": SPACE,
    "shield": integer("Shield strength (monsters are 9 minus it; the Titan hurts a lower shield).", 0, C.SHIELD_MAX),
    "favour": integer("Favour tokens.", 0),
    "gods": per_colour(ROW, "Each god's row, by colour."),
    "oracle_cards": array(COLOUR, "Oracle cards held (public)."),
    "injuries": per_colour(integer("Cards.", 0), "Injury cards held, by colour (public)."),
    "injury_total": integer("Injury cards held.", 0),
    "cargo": array(obj("A piece in the ship.", {"kind": string("What.", ["offering", "statue"]),
                                                 "colour": COLOUR}), "What the ship carries."),
    "storage": integer("Cargo room.", 0),
    "range": integer("Spaces sailed per move before favour is paid.", 0),
    "equipment": array(integer("An equipment card.", 0, 21), "Equipment cards taken."),
    "companions": array(obj("A companion.", {"colour": COLOUR, "kind": string("Kind.", C.COMPANION_KINDS)}),
                        "Companions taken."),
    "tiles": array(ZEUS_TILE, "Zeus tiles (tasks)."),
    "tasks_done": integer("Tasks done.", 0, 12),
    "tasks_needed": integer("Tasks to do before returning to Zeus.", 0, 12),
    "returned": boolean("Back at Zeus with every task done."),
    "dice": array(COLOUR, "The oracle dice as last rolled.", 3, 3),
    "offers": array(OFFER, "God advances still open to this seat (until its next turn begins)."),
})
CHOICE = obj("A choice owed before anything else (a reward, a ship's start effect).", {
    "seat": seat("Who chooses."),
    "kind": string("What to choose.", ["ship", "drop_tile", "equipment", "companion", "god_step", "heal_colour",
                                      "grab", "chart", "uncover", "god_top"]),
}, {
    "why": string("What gave the choice."),
    "colour": COLOUR,
    "card": integer("The equipment card.", 0, 21),
    "islands": array(SPACE, "The tiles looked at."),
    "places": array(string("A space's name on the map."), "The same tiles by name."),
})
SCORE = obj("A seat's result.", {
    "returned": boolean("Back at Zeus: among the winners unless the tie-breaks say otherwise."),
    "tasks": integer("Tasks done.", 0, 12),
    "tasks_needed": integer("Tasks the seat had.", 0, 12),
    "oracle_cards": integer("Oracle cards (the first tie-break).", 0),
    "favour": integer("Favour (the second tie-break).", 0),
})

STARTED = obj("The Oracle of Delphi as one seat (or a spectator) may see it.", {
    "started": boolean("The game has been set up."),
    "phase": string("prepare: ship choices before play; play; over.", ["prepare", "play", "over"]),
    "round": integer("The round.", 1),
    "players": integer("Number of seats.", 2, 4),
    "you": nullable(seat("The seat this view is for."), "for a spectator."),
    "first": seat("The start player."),
    "order": array(seat("A seat."), "Turn order from the start player.", 2, 4),
    "turn": nullable(seat("Whose turn it is."), "before play and once over."),
    "step": nullable(string("Where the turn is: offers (god advances from others' rolls), recover (too "
                            "many injuries), blessing (no injuries), actions, battle, done.",
                            ["offers", "recover", "blessing", "actions", "battle", "done"]),
                     "before play and once over."),
    "to_move": array(seat("A seat."), "The seat to move."),
    "may_move": array(seat("A seat."), "Seats that may take an offered god advance now, unasked."),
    "options": obj("The game's options.", {
        "ships": string("Ship tiles dealt at random or drafted.", ["random", "draft"]),
        "zeus_tiles": integer("Zeus tiles per player.", 8, 12),
    }),
    "offering_colours": array(COLOUR, "The two double-sided Zeus tiles showing offerings (for everybody).", 2, 2),
    "sea": SEA,
    "board": BOARD,
    "seen": mapping(obj("A face-down tile this seat has looked at.", {"colour": COLOUR, "letter": LETTER}),
                    "Face-down tiles your peeks showed you (only yours).", SPACE_PATTERN),
    "decks": obj("The decks.", {
        "oracle": integer("Oracle cards in the deck.", 0),
        "injury": integer("Injury cards in the deck.", 0),
        "oracle_discard": per_colour(integer("Cards.", 0), "Discarded oracle cards by colour."),
        "injury_discard": per_colour(integer("Cards.", 0), "Discarded injury cards by colour."),
        "equipment": integer("Equipment cards left in the deck.", 0),
        "display": array(integer("An equipment card.", 0, 21), "The face-up equipment display.", 0, C.DISPLAY),
    }),
    "companions_left": array(obj("A companion.", {"colour": COLOUR, "kind": string("Kind.", C.COMPANION_KINDS)}),
                             "Companions still to be taken."),
    "ships_offered": array(integer("A ship tile.", 0, 7), "Draft: ship tiles still on offer."),
    "dice_left": array(COLOUR, "The current seat's unused dice this turn.", 0, 3),
    "card_used": boolean("The current seat has used an oracle card this turn."),
    "extra_used": boolean("The current seat has taken the extra action this turn."),
    "wild": boolean("Apollo's action: the current seat's dice and card count as any colour this turn."),
    "pending": nullable(CHOICE, "when no choice is owed."),
    "battle": nullable(obj("A battle under way.", {
        "island": SPACE, "monster": COLOUR,
        "strength": integer("The monster's strength this round (a roll at least this wins)."),
    }), "outside a battle."),
    "titan": nullable(integer("The Titan's last roll.", 1, 6), "before the first attack."),
    "ending": boolean("Someone is back at Zeus: this is the last round."),
    "seats": per_seat(SEAT, "Every seat"),
}, {
    "outcome": outcome(SCORE),
})

NOT_STARTED = obj("A game not set up yet.", {"started": {"const": False, "description": "Not set up yet."}})

VIEW = {"description": "The Oracle of Delphi as one seat (or a spectator) may see it.",
        "anyOf": [STARTED, NOT_STARTED]}
