"""The JSON schema of Linie 1's ``view`` (published as View_linie1; docs/games/linie1.md)."""
from __future__ import annotations

from games.engine.viewschema import array, integer, mapping, nullable, obj, per_seat, seat, string

from . import components as C

SQUARE = array(integer("row, then column (0 is the top row, the left column).", 0, C.BOARD_SIZE - 1),
               "A square [row, column].", 2, 2)
TILE = integer("A tile type, the index into the tile list of docs/games/linie1.md (0 = straight, "
               "1 = curve, ...).", 0, len(C.TILE_NAMES) - 1)
LETTER = string("A building's letter.", "ABCDEFGHIKLM")
SIDE = string("A side of the board, where a line's terminals are.", ["top", "right", "bottom", "left"])
FACE = string("A die face: 'red' stay, '1'..'4' move that many squares, 'H' to the next stop or terminal, "
              "'tool' back to the workshop.", sorted(set(C.DIE_BGA + C.DIE_PUBLISHED + C.DIE_1995)))
PATH = array(SQUARE, "Squares in driving order.")

PLAYER = obj("A seat's line, hand and tram; line, stops and terminals only to its owner until revealed "
             "(when the tram sets off) or the game is over.", {
    "seat": seat("The seat."),
    "status": string("building track, driving the tram, arrived at the far terminal, or gave up.",
                     ["building", "driving", "arrived", "gave_up"]),
    "hand": array(TILE, "The seat's tiles in hand (open to all)."),
    "line": nullable(integer("The seat's line number.", 1, 6), "while it is secret to you."),
    "stops": nullable(string("The letters of the stops its route must pass, in order."),
                      "while it is secret to you."),
    "terminals": nullable(array(SIDE, "The sides of the line's two terminals.", 2, 2),
                          "while it is secret to you."),
    "trip": nullable(obj("The tram's trip.", {
        "start": SIDE,
        "path": PATH,
        "position": integer("Index in path where the tram stands.", 0),
        "reached": array(LETTER, "Stops reached so far."),
    }), "until the tram sets off."),
    "milestones_reached": integer("Stops and terminal connections done so far.", 0),
    "milestones": integer("Stops and terminal connections to do in all.", 0),
})

VIEW = obj("Linie 1 as one seat (or a spectator) may see it.", {
    "board": string("Which board (the 'board' option).", ["1995", "bga"]),
    "dice_mode": string("How trams move (the 'dice' option).",
                        ["traffic_lights_bga", "traffic_lights_published", "single_die_1995"]),
    "buildings": mapping(obj("A building.", {"name": string("Its name on this board."), "square": SQUARE}),
                         "The buildings by letter.", "^[A-Z]$"),
    "tiles": array(obj("A tile on the board.", {
        "row": integer("Row.", 0, C.BOARD_SIZE - 1), "col": integer("Column.", 0, C.BOARD_SIZE - 1),
        "tile": TILE, "rotation": integer("Quarter turns clockwise.", 0, 3),
    }), "The tiles laid."),
    "signs": mapping(SQUARE, "Stop signs by building letter: the square the sign stands on (once placed).",
                     "^[A-Z]$"),
    "pile_size": integer("Tiles left in the pile.", 0),
    "players": per_seat(PLAYER, "Every seat"),
    "current": nullable(seat("The seat whose turn it is."), "once the game is over."),
    "stage": string("What the current seat does: build (lay tiles), roll (the dice), choose (a die or "
                    "a route), continue (driving), over.", ["build", "roll", "choose", "continue", "over"]),
    "placed_this_turn": array(SQUARE, "Squares tiled this turn."),
    "dice": array(FACE, "The dice rolled and not used yet."),
    "dice_left": integer("Dice still to use this turn.", 0),
    "winner": nullable(seat("The seat whose tram arrived first."), "until then, or when nobody arrived."),
    "end": nullable(string("How it ended: a tram arrived, nobody can move (blocked), everybody gave up.",
                           ["arrived", "blocked", "all_gave_up"]), "until the game is over."),
    "turn": integer("The turn number, from 1.", 1),
}, {
    "pile": array(TILE, "Once over: the tiles left in the pile, in order."),
    "trip_routes": mapping(array(obj("A route the tram may take.", {
        "route": integer("Its number, to send in the move (0 is the shortest).", 0),
        "squares": integer("Its length in squares.", 1),
        "stop_signs": array(LETTER, "Stop signs on it."),
        "path": PATH,
    }), "Routes from this terminal."), "Rules version 2, your turn, when your tram may set off: "
        "per starting terminal side, the routes to choose from."),
})
