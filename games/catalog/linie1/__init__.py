"""Linie 1 / Streetcar (Stefan Dorra, Goldsieber 1995; BGA "Streetcar")."""
from .bot import choose_move
from .rules import Linie1Rules

RULES = Linie1Rules()
BOTS = {"best": choose_move}
