"""Citytrip Brugge: a flip-and-write city tour for 1-6 players with simultaneous turns."""
from .bot import choose_move
from .bot_strong import choose_move_strong
from .rules import CitytourRules

RULES = CitytourRules()
BOTS = {"best": choose_move}
BOTS["strong"] = choose_move_strong   # determinized Monte Carlo (bot_strong.py)

__all__ = ["BOTS", "RULES", "CitytourRules", "choose_move", "choose_move_strong"]
