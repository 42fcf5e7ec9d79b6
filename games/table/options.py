"""The platform's per-game options, beside the rules' own ``options``.

They live in ``Game.table_options`` (never in ``Game.options``, which the rules
validate and read), chosen at creation as the ``table`` object of the request.
"""
from __future__ import annotations

from games.errors import InvalidInput

TAKEBACK_MODES = ("off", "ask", "automatic")
ON_RESIGN = ("bot", "end")
MAX_CANCEL_HOURS = 24 * 30
DEFAULTS = {"takebacks": "off", "on_resign": "bot", "cancel_after_hours": None}

SCHEMA = {
    "type": "object", "additionalProperties": False,
    "properties": {
        "takebacks": {"type": "string", "enum": list(TAKEBACK_MODES), "default": "off", "description": (
            "off: no takebacks; ask: the other players accept or refuse; automatic (friendly games only): "
            "granted at once when no other player has moved since.")},
        "on_resign": {"type": "string", "enum": list(ON_RESIGN), "default": "bot", "description": (
            "bot: a basic bot plays a resigned seat on (the game ends anyway when fewer than two seats "
            "or no person would play on); end: any resignation ends the game.")},
        "cancel_after_hours": {"type": ["integer", "null"], "minimum": 1, "maximum": MAX_CANCEL_HOURS,
                               "default": None, "description": (
            "A cancel proposal that nobody objects to within this many hours cancels the game; "
            "null: every player must agree.")},
    },
}


def normalize(raw, *, rated: bool = False) -> dict:
    """The table options a game is created with, or InvalidInput saying what is wrong."""
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise InvalidInput("table must be an object of table options.", code="invalid_table_options")
    unknown = sorted(set(raw) - set(DEFAULTS))
    if unknown:
        raise InvalidInput(f"Unknown table option(s): {', '.join(unknown)}; known: {', '.join(DEFAULTS)}.",
                           code="invalid_table_options")
    options = {**DEFAULTS, **raw}
    if options["takebacks"] not in TAKEBACK_MODES:
        raise InvalidInput(f"takebacks must be one of {', '.join(TAKEBACK_MODES)}.", code="invalid_table_options")
    if options["on_resign"] not in ON_RESIGN:
        raise InvalidInput(f"on_resign must be one of {', '.join(ON_RESIGN)}.", code="invalid_table_options")
    hours = options["cancel_after_hours"]
    if hours is not None and (not isinstance(hours, int) or isinstance(hours, bool)
                              or not 1 <= hours <= MAX_CANCEL_HOURS):
        raise InvalidInput(f"cancel_after_hours must be a whole number of hours from 1 to {MAX_CANCEL_HOURS}, "
                           f"or null.", code="invalid_table_options")
    if rated and options["takebacks"] == "automatic":
        raise InvalidInput("Automatic takebacks are for friendly games; a rated game may only ask.",
                           code="invalid_table_options")
    return options


def of(game) -> dict:
    return {**DEFAULTS, **(game.table_options or {})}
