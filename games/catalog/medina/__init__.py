"""Medina: palaces, walls and a market alley, in four colours (2-4 players)."""
from .bot import choose_move
from .bot_strong import choose_move_strong
from .rules import MedinaRules, MedinaRulesV1

RULES = MedinaRules()
# Games keep the rules version they were created under (v1: stables touched buildings
# only, and a tea tile came only after the first piece of a turn).
RULES_BY_VERSION = {1: MedinaRulesV1(), 2: RULES}
BOTS = {"best": choose_move}
BOTS["strong"] = choose_move_strong   # determinized Monte Carlo (bot_strong.py)

__all__ = ["BOTS", "RULES", "RULES_BY_VERSION", "MedinaRules", "MedinaRulesV1", "choose_move"]
