"""Momiji (Massarenti & Testini): collect autumn leaves, build stacks, claim objectives."""
from .bot import choose_move
from .rules import MomijiRules

RULES = MomijiRules()
BOTS = {"best": choose_move}

__all__ = ["BOTS", "RULES", "MomijiRules", "choose_move"]
