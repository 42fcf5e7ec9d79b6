"""Medina: palaces, walls and a market alley, in four colours (2-4 players)."""
from .bot import choose_move
from .rules import MedinaRules

RULES = MedinaRules()
BOTS = {"best": choose_move}
