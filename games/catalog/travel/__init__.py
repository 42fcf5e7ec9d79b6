"""Itchy Feet: The Travel Game (Rempen & Rioux): collect items, travel home, then to the middle."""
from .bot import choose_move, choose_move_v1, choose_move_v2
from .bot_strong import choose_move_strong, choose_move_strong_v1
from .rules import TravelRules, TravelRulesV1, TravelRulesV2

RULES = TravelRules()
# Games keep the rules version they were created under (v1: offers had to be let stand;
# v2: trades hidden from third players, hand limit at the end of a command).
RULES_BY_VERSION = {1: TravelRulesV1(), 2: TravelRulesV2(), 3: RULES}
BOTS = {"best": choose_move}
BOTS["strong"] = choose_move_strong   # determinized Monte Carlo (bot_strong.py)
# Games whose bots' moves were made by an earlier bot verify against that bot.
BOTS_BY_VERSION = {"best": {1: choose_move_v1, 2: choose_move_v2}, "strong": {1: choose_move_strong_v1}}

__all__ = ["BOTS", "BOTS_BY_VERSION", "RULES", "RULES_BY_VERSION", "TravelRules", "TravelRulesV1", "TravelRulesV2", "choose_move"]
