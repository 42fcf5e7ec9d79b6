"""Itchy Feet: The Travel Game (Rempen & Rioux): collect items, travel home, then to the middle."""
from .bot import choose_move
from .rules import TravelRules

RULES = TravelRules()
BOTS = {"best": choose_move}

__all__ = ["BOTS", "RULES", "TravelRules", "choose_move"]
