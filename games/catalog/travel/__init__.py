"""Itchy Feet: The Travel Game (Rempen & Rioux): collect items, travel home, then to the middle."""
from .bot import choose_move, choose_move_v1
from .rules import TravelRules

RULES = TravelRules()
BOTS = {"best": choose_move}
# Games whose bots' moves were made by an earlier bot verify against that bot.
BOTS_BY_VERSION = {"best": {1: choose_move_v1}}

__all__ = ["BOTS", "BOTS_BY_VERSION", "RULES", "TravelRules", "choose_move"]
