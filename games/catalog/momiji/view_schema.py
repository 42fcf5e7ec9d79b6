"""The JSON schema of Momiji's ``view`` (published as View_momiji; docs/games/momiji.md)."""
from __future__ import annotations

from games.engine.viewschema import array, boolean, integer, mapping, nullable, obj, per_seat, seat, string

from . import components as C

CARD = string("A leaf card, '<leaf>-<value>' (three identical copies of each).", C.ALL_CARDS)
LEAF = string("A leaf type (colour).", C.LEAF_TYPES)
LANDSCAPE = string("A landscape power.", C.POWER_NAMES)
OBJECTIVE = string("An objective token.", list(C.OBJECTIVES))
END_REASONS = ["deck_empty", "torii_limit"]

STACK = obj("One stack of a player's row, left to right.", {
    "leaf": LEAF,
    "values": array(integer("A card's value.", 0, 3), "The stack's card values, bottom first.", 1),
    "closed": boolean("Closed by a torii (a 3 was laid on it): no more cards, its corners hidden."),
})

SCORE = obj("One seat's final score breakdown.", {
    "stacks": integer("Points from the stacks.", 0),
    "acorns": integer("Points from the acorns left.", 0),
    "objectives": integer("Points from the active objectives.", 0),
    "objective_detail": mapping(integer("Points from this objective.", 0),
                                "Points per active objective that gave this seat any."),
    "torii": integer("Stacks this seat closed with a torii.", 0),
    "total": integer("stacks + acorns + objectives.", 0),
})

VIEW = obj("Momiji as one seat (or a spectator) may see it.", {
    "phase": string("draft: choosing landscape powers; play: turns; over: the game has ended.",
                    ["draft", "play", "over"]),
    "players": integer("Number of seats.", 1, 4),
    "seat": nullable(seat("The seat this view is for."), "for a spectator."),
    "solo": boolean("A one-player game (the solo rules)."),
    "landscapes": string("How landscape powers were given (the 'landscapes' option).", ["assigned", "draft"]),
    "leaf_types": array(LEAF, "The leaf types in play (fewer with fewer players).", 4, 6),
    "current": seat("The seat whose turn it is."),
    "to_move": array(seat("A seat to move."), "Seats to move now (empty once over)."),
    "turn": obj("What the current seat has done this turn.", {
        "main": boolean("Played its main action (laid or collected leaves)."),
        "revealed": boolean("Paid an acorn to reveal new display cards."),
        "discarded": boolean("Discarded two cards for an acorn."),
        "power": boolean("Used a landscape power."),
    }),
    "turns": integer("Turns taken so far, all seats together.", 0),
    "display": array(CARD, "The face-up display, sorted by leaf type then value."),
    "deck_count": integer("Cards left in the face-down deck.", 0),
    "discard_count": integer("Cards in the face-down discard pile.", 0),
    "hand_counts": per_seat(integer("Cards in hand.", 0), "How many cards each hand holds"),
    "rows": per_seat(array(STACK, "A seat's stacks, left to right."), "Each seat's row of stacks"),
    "acorns": per_seat(integer("Acorns held.", 0), "Acorns"),
    "powers": per_seat(array(LANDSCAPE, "A seat's landscape powers.", 0, 3), "Landscape powers"),
    "powers_used": per_seat(array(LANDSCAPE, "Powers already used (each once per game)."),
                            "Landscape powers used"),
    "objectives": array(OBJECTIVE, "Objective tokens still on the table (not yet activated)."),
    "active_objectives": array(obj("An activated objective.", {
        "objective": OBJECTIVE,
        "holder": seat("The seat that activated it (10 points if it leads, others 3)."),
    }), "Objectives activated so far."),
    "torii": integer("Stacks closed with a torii so far, all seats together.", 0),
    "torii_limit": integer("The game ends after the round in which this many torii are reached.", 4, 6),
    "draft": nullable(obj("The landscape draft (the 'draft' option).", {
        "pool": array(LANDSCAPE, "Landscapes still to choose from."),
        "order": array(seat("A seat."), "The snake order of picks."),
        "index": integer("How many picks have been made (the next picker is order[index]).", 0),
    }), "when there is no draft going on."),
    "end_reason": nullable(string("Why the game ended.", END_REASONS), "until the game is over."),
    "first": seat("The seat that took the first turn."),
    "final_round": nullable(string("Why the last round is being played.", END_REASONS),
                            "until the last round begins (always null under rules version 1)."),
}, {
    "hand": array(CARD, "Your own hand (absent from a spectator's view)."),
    "hands": per_seat(array(CARD, "A hand."), "Once over: every hand"),
    "deck": array(CARD, "Once over: the cards left in the deck, top first."),
    "scores": per_seat(SCORE, "Once over: the final score breakdown"),
})
