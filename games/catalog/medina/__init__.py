"""Medina: palaces, walls and a market alley, in four colours (2-4 players)."""
from .bot import choose_move
from .bot_strong import choose_move_strong, choose_move_strong_v1
from .rules import MedinaRules, MedinaRulesV1

RULES = MedinaRules()
# Games keep the rules version they were created under (v1: stables touched buildings
# only, and a tea tile came only after the first piece of a turn).
RULES_BY_VERSION = {1: MedinaRulesV1(), 2: RULES}
BOTS = {"best": choose_move}
BOTS["strong"] = choose_move_strong   # determinized Monte Carlo (bot_strong.py)
# Games whose bots' moves were made by an earlier bot verify against that bot.
BOTS_BY_VERSION = {"strong": {1: choose_move_strong_v1}}

__all__ = ["BOTS", "BOTS_BY_VERSION", "RULES", "RULES_BY_VERSION", "MedinaRules", "MedinaRulesV1", "choose_move"]
