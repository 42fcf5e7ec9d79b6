"""Harmonies (Johan Benvenuto; Libellud): landscapes on a hex board, habitats for animals."""
from .bot import choose_move
from .rules import HarmoniesRules
from .strong import choose_move as strong_move

RULES = HarmoniesRules()
BOTS = {"best": choose_move, "strong": strong_move}

__all__ = ["BOTS", "RULES", "HarmoniesRules", "choose_move"]
