"""The JSON schema of a Delphi move (one schema per move type)."""
from __future__ import annotations

from . import components as C

COLOUR = {"type": "string", "enum": list(C.COLOURS)}
SPACE = {"type": "string", "pattern": r"^-?\d+,-?\d+$", "description": "A map space as 'q,r'."}
SOURCES = {
    "die": {**COLOUR, "description": "Pay with an unused oracle die showing this colour."},
    "card": {**COLOUR, "description": "Pay with an oracle card of this colour (one per turn)."},
    "extra": {"const": True, "description": "Pay 3 favour for the extra action (equipment)."},
}


def _move(name, properties=None, description="", optional=None, paid=False):
    properties = dict(properties or {})
    required = ["type", *properties]
    props = {"type": {"const": name}, **properties, **(optional or {})}
    schema = {"type": "object", "description": description, "properties": props,
              "required": required, "additionalProperties": False}
    if paid:
        schema["properties"].update(SOURCES)
        schema["oneOf"] = [{"required": ["die"]}, {"required": ["card"]}, {"required": ["extra"]}]
    return schema


ISLANDS = {"type": "array", "items": SPACE, "minItems": 1, "maxItems": 2}
INJURIES = {"type": "array", "items": COLOUR, "minItems": 3, "maxItems": 3}

MOVE_SCHEMA = {"oneOf": [
    _move("ship", {"ship": {"type": "integer", "enum": list(C.SHIPS)}}, "draft: choose a ship tile"),
    _move("drop_tile", {"tile": {"type": "integer", "minimum": 0}},
          "Head Start ship: the index of the Zeus tile to return to the box"),
    _move("equipment", {"card": {"type": "integer", "enum": list(C.EQUIPMENT)}},
          "take an equipment card from the display"),
    _move("companion", {"kind": {"type": "string", "enum": list(C.COMPANION_KINDS)}},
          "choose the companion of the raised statue's colour"),
    _move("god_step", {"colour": COLOUR}, "a reward: advance the god of this colour 1 step"),
    _move("heal_colour", {"colour": COLOUR}, "omega reward: discard your injuries of this colour"),
    _move("grab", {"island": SPACE, "colour": COLOUR}, "equipment: take this offering or statue"),
    _move("chart", {"islands": {**ISLANDS, "minItems": 2}}, "Sea chart: look at these 2 face-down tiles"),
    _move("uncover", {"island": SPACE}, "Sea chart: uncover this one of the two"),
    _move("god_top", {"colour": COLOUR}, "Divine favour: move this god to the top row"),
    _move("skip", {}, "give up an equipment card's grab"),
    _move("take_offer", {"roller": {"type": "integer", "minimum": 0, "maximum": 3}, "colour": COLOUR},
          "after another player's roll: advance your god of a rolled colour 1 step"),
    _move("decline_offers", {}, "at the start of your turn: leave the remaining offered god advances"),
    _move("recover", {"colours": INJURIES}, "too many injuries: discard these 3 (oracle order); the turn ends"),
    _move("bless_favour", {}, "no injuries: take 2 favour"),
    _move("bless_god", {"colour": COLOUR}, "no injuries: advance this god 1 step"),
    _move("draw_oracle", {}, "draw 1 oracle card", paid=True),
    _move("take_favour", {}, "take 2 favour", paid=True),
    _move("peek", {"islands": ISLANDS}, "look at 2 face-down island tiles (sorted)", paid=True),
    _move("sail", {"to": SPACE}, "sail to this water space (or Zeus, with all tasks done)",
          {"creature": {**COLOUR, "description": "use your creature of this colour: +3 range, any colour"}},
          paid=True),
    _move("fight", {"island": SPACE, "monster": COLOUR}, "fight this monster", paid=True),
    _move("explore", {"island": SPACE}, "uncover this island tile", paid=True),
    _move("shrine", {"island": SPACE}, "build a shrine on this face-up tile of your colour", paid=True),
    _move("load_offering", {"island": SPACE, "colour": COLOUR}, "load an offering", paid=True),
    _move("deliver", {"island": SPACE, "colour": COLOUR}, "make an offering at its temple", paid=True),
    _move("load_statue", {"island": SPACE, "colour": COLOUR}, "load a statue from its city", paid=True),
    _move("raise_statue", {"island": SPACE, "colour": COLOUR}, "raise a statue on a statue island", paid=True),
    _move("heal", {"colour": COLOUR}, "discard all injuries of this colour", paid=True),
    _move("advance_god", {"colour": COLOUR}, "advance this god 1 step", paid=True),
    _move("amulet", {"colour": COLOUR}, "amulet equipment: 1 favour, 1 oracle card, a god step", paid=True),
    _move("god_power", {"colour": COLOUR}, "use a top-row god's special action",
          {"to": SPACE, "island": SPACE, "monster": COLOUR, "statue": COLOUR}),
    _move("god_card", {"colour": COLOUR}, "return a top-row god to its start row for 1 oracle card"),
    _move("end", {}, "end the actions: consult the oracle (roll the dice)"),
    _move("fight_on", {}, "in a battle: pay 1 favour for another round, the monster 1 weaker"),
    _move("retreat", {}, "in a battle: give up (the monster stays)"),
]}
