"""Momiji (Massarenti & Testini): collect autumn leaves, build stacks, claim objectives."""
from .bot import choose_move, choose_move_v1
from .bot_strong import choose_move_strong
from .rules import MomijiRules, MomijiRulesV1

RULES = MomijiRules()
# Games keep the rules version they were created under (v1: the first seat began and
# the game ended mid-round).
RULES_BY_VERSION = {1: MomijiRulesV1(), 2: RULES}
BOTS = {"best": choose_move}
BOTS["strong"] = choose_move_strong   # determinized Monte Carlo (bot_strong.py)
# Games whose bots' moves were made by an earlier bot verify against that bot.
BOTS_BY_VERSION = {"best": {1: choose_move_v1}}

__all__ = ["BOTS", "BOTS_BY_VERSION", "RULES", "RULES_BY_VERSION", "MomijiRules", "MomijiRulesV1",
           "choose_move"]
