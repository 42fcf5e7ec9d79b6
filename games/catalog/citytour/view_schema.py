"""The JSON schema of Citytrip Brugge's ``view`` (published as View_citytour;
docs/games/citytour.md, "The view", explains each field)."""
from __future__ import annotations

from games.engine.viewschema import array, boolean, integer, nullable, obj, outcome, per_seat, seat, string

from . import components as C
from .missions import BACKS, MISSIONS, SOLO_LEVELS

PLACE_IDS = sorted(C.places(C.GREEN), key=C.place_order)   # the same coordinates on both sides
PLACE = string("A place on the map: its column A-J and row 1-8, like 'E4'.", PLACE_IDS)
TYPE = string("A place type: a sight (monument is the large historic building) or a gastronomy type.",
              C.TYPES)
MISSION_TYPE = string("A place type, or 'gastronomy' for any of the four gastronomy types.",
                      C.TYPES + ("gastronomy",))
KIND = string("An action symbol's kind.", C.KINDS)
CELL = integer("A position in the display: 0-2 the left card top to bottom, 3-5 the right card.", 0, 5)
BOX = string("A red-side bonus box, 'type:n' (the n-th box of that type's row).",
             [f"{ptype}:{n}" for ptype, boxes in C.BONUS_BOXES.items() for n in boxes])
BONUS_VALUES = sorted({value for boxes in C.BONUS_BOXES.values() for value in boxes.values()})
MISSION_NUMBER = r"^[1-9][0-9]?$"
TURNS = max(C.DECK_SIZES) - 1
TURN = integer("A turn number.", 1, TURNS)
POINTS = integer("Points.", 0)


def keyed(values: dict, description: str, keys: list | None = None, key_pattern: str | None = None) -> dict:
    """An object used as a dictionary, its keys from ``keys`` or matching ``key_pattern``."""
    names = {"enum": list(keys)} if keys is not None else {"pattern": key_pattern}
    return {"type": "object", "description": description, "propertyNames": names,
            "additionalProperties": values}


def per_kind(description: str) -> dict:
    return obj(description, {kind: integer(f"{kind.capitalize()} actions.", 0) for kind in C.KINDS})


# -- the moves of a turn, as the view shows them (own steps, legal moves) ------------
BONUS = obj("A bonus box used: its value added to one chosen symbol.", {
    "value": integer("The box's value.", min(BONUS_VALUES), max(BONUS_VALUES)),
    "cell": CELL,
})
CHOOSE = obj("Step 1: the symbols of this turn.", {
    "type": {"const": "choose", "description": "The step."},
    "cells": array(CELL, "The chosen symbols, in rising order (three = a rush).", 2, 3),
}, {
    "bonuses": array(BONUS, "Red side: bonus boxes used, by value then cell (absent when none).", 1,
                     C.BONUS_PER_TURN),
    "end": string("Two-direction variant only: the route end continued, head (last place) or tail "
                  "(first place).", ["head", "tail"]),
})
ROUTE = obj("Step 2: the places the route moves through.", {
    "type": {"const": "route", "description": "The step."},
    "path": array(PLACE, "The places moved to, in order (empty: the route stays)."),
})
MARK = obj("Step 3: the places crossed off, in route order.", {
    "type": {"const": "mark", "description": "The step."},
    "marks": array(obj("A place crossed off.", {
        "place": PLACE,
        "as": TYPE,
    }), "The places crossed off and the type each is marked as (a special place: one of its two)."),
})
STEP = {"description": "A move of a turn (as Move_citytour states it).", "anyOf": [CHOOSE, ROUTE, MARK]}

YOUR_TURN = obj("Your part of the current turn, while you have a step left.", {
    "phase": string("Your next step: choose, route or mark.", ["choose", "route", "mark"]),
    "steps": array({"description": "A step you took this turn.", "anyOf": [CHOOSE, ROUTE]},
                   "Your own sealed steps of this turn so far (nobody else sees them until the turn is "
                   "revealed).", 0, 2),
    "legal_moves": array(STEP, "Every move of your next step."),
}, {
    "budget": per_kind("From the route step on: the actions of each kind your chosen symbols and "
                       "bonuses give."),
    "from": string("From the route step on: the place your route continues from this turn.", PLACE_IDS),
    "markable": array(PLACE, "In the mark step: the places of this turn's part of the route that could "
                             "be crossed off (unmarked, not squares)."),
})

# -- missions -----------------------------------------------------------------------
_COMMON = {
    "number": integer("The mission card's number (its id).", 1, len(MISSIONS)),
    "back": integer("The number on the card's back.", min(BACKS), max(BACKS)),
    "points": integer("Points the mission gives (a set: per complete set).", 1),
    "words": string("The mission in words."),
}


def _mission(kind: str, description: str, fields: dict) -> dict:
    return obj(description, {"kind": {"const": kind, "description": "The mission family."}, **_COMMON, **fields})


MISSION = {"description": "A mission on the table, shared by everybody.", "anyOf": [
    _mission("visit", "Visit every one of the places.", {
        "places": array(PLACE, "The places to visit (mark).", 1)}),
    _mission("race", "Be first to visit count places of the type (all who reach it in the earliest "
                     "turn anybody does score).", {
        "type": MISSION_TYPE, "count": integer("Places of the type needed.", 1)}),
    _mission("most", "Visit the most places of the type (every tied leader with at least one scores).", {
        "type": MISSION_TYPE}),
    _mission("set", "Points for each complete set of the types.", {
        "types": array(MISSION_TYPE, "The types of one set.", 1)}),
]}

# -- sheets and scores ----------------------------------------------------------------
SCORE_FIELDS = {
    "rows": obj("Each sight's row: the points in its next free box.",
                {ptype: integer(f"The {C.TYPE_WORDS[ptype]} row.", 0, max(C.ROW_VALUES[C.GREEN][ptype]))
                 for ptype in C.SIGHTS}),
    "gastronomy": integer("Cafe 3, frituur 3, brewery 4 as crossed off, doubled by a restaurant.", 0),
    "missions": keyed(POINTS, "Mission number -> the points it gives this seat (so far).",
                      key_pattern=MISSION_NUMBER),
    "missions_fulfilled": integer("Missions giving this seat points (the second tie-break).", 0, 6),
    "rush_penalty": integer("Points lost for the rush boxes crossed off.", 0, max(C.RUSH_PENALTY)),
    "rushes": integer("Rush boxes crossed off (fewer wins a tie).", 0, C.RUSH_BOXES),
    "total": integer("Rows, gastronomy and missions minus the rush penalty (may be negative)."),
}
SCORE = obj("The score the sheet would make now.", SCORE_FIELDS)
DETAILS = obj("A seat's final score breakdown.", SCORE_FIELDS, {
    "target": integer("Solo only: the level's target score.", 0),
    "won": boolean("Solo only: the target is reached and every mission fulfilled."),
})

SHEET = obj("One seat's sheet as written at the end of the turns revealed so far (this turn's sealed "
            "steps never show).", {
    "seat": seat("The seat."),
    "route": array(PLACE, "The route from its first to its last place (the start place included).", 1),
    "marks": keyed(TYPE, "Place -> the type it was crossed off as.", PLACE_IDS),
    "counts": obj("Places crossed off per type (a type with none is absent).", {},
                  {ptype: integer(f"{C.TYPE_WORDS[ptype].capitalize()}.", 1) for ptype in C.TYPES}),
    "rush": integer("Rush boxes crossed off.", 0, C.RUSH_BOXES),
    "bonus_active": array(BOX, "Red side: bonus boxes activated and not used yet (always empty on the "
                               "green side)."),
    "bonus_used": array(BOX, "Red side: bonus boxes already used."),
    "reached": keyed(TURN, "Race mission number -> the turn this seat reached it.",
                     key_pattern=MISSION_NUMBER),
    "score": SCORE,
    "finished_turn": boolean("This seat has made all three steps of this turn (public, as at the table)."),
})

SYMBOL = {"type": "array", "description": "A symbol: [kind, number].", "minItems": 2,
          "prefixItems": [KIND, integer("How many actions the symbol gives.", 1, 3)], "items": False}
SIX = array(SYMBOL, "The six visible symbols, positions 0-5 as in choose.", 6, 6)

STARTED = obj("Citytrip Brugge as one seat (or a spectator) may see it.", {
    "started": boolean("The game has been set up."),
    "side": string("The sheet side played: green (base game) or red (advanced).", C.SIDES),
    "options": obj("The game's options as played.", {
        "side": string("The sheet side (solo: the level's).", C.SIDES),
        "deck": integer("Action cards in the deck (16: 15 turns, 20: 19 turns).", min(C.DECK_SIZES),
                        max(C.DECK_SIZES)),
        "two_directions": boolean("The variant: the route may grow from both ends."),
        "missions": integer("Missions on the table.", 3, 6),
        "level": integer("The solo level (1 in a game of several players).", 1, len(SOLO_LEVELS)),
    }),
    "turn": integer("This turn (0 only before the first card is turned).", 0, TURNS),
    "turns": integer("The last turn.", min(C.DECK_SIZES) - 1, TURNS),
    "finished": boolean("The game has ended."),
    "display": {"description": "The six visible symbols (empty only before the first card is turned).",
                "anyOf": [SIX, array(SYMBOL, "Nothing turned yet.", 0, 0)]},
    "start": string("The start place, crossed off on every sheet.", C.START_PLACES),
    "missions": array(MISSION, "The missions on the table.", 3, 6),
    "claims": keyed(TURN, "Race mission number -> the turn somebody first reached it.",
                    key_pattern=MISSION_NUMBER),
    "to_move": array(seat("A seat."), "Seats with a step of this turn left (empty once over)."),
    "you": nullable(seat("The seat this view is for."), "for a spectator."),
    "sheets": per_seat(SHEET, "Every seat's sheet"),
    "your_turn": nullable(YOUR_TURN, "for a spectator, once you have finished this turn, and once over."),
}, {
    "solo": obj("Solo only: the level played.", {
        "level": integer("The level.", 1, len(SOLO_LEVELS)),
        "target": integer("The score to reach (with every mission fulfilled) to win.", 0),
    }),
    "outcome": outcome(DETAILS),
})

NOT_STARTED = obj("A game not set up yet.", {"started": {"const": False, "description": "Not set up yet."}})

VIEW = {"description": "Citytrip Brugge as one seat (or a spectator) may see it.", "anyOf": [STARTED, NOT_STARTED]}
