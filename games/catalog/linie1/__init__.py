"""Linie 1 / Streetcar (Stefan Dorra, Goldsieber 1995; BGA "Streetcar")."""
from games.engine.bots import random_bot

from .bot import choose_move, random_player
from .bot_strong import choose_move_strong, choose_move_strong_v1
from .rules import Linie1Rules, Linie1RulesV1

RULES = Linie1Rules()
# Games keep the rules version they were created under (v1: the first seat began and
# the trip took the shortest route).
RULES_BY_VERSION = {1: Linie1RulesV1(), 2: RULES}
BOTS = {"best": choose_move, "random": random_player}
BOTS["strong"] = choose_move_strong   # determinized Monte Carlo (bot_strong.py)
# Games whose bots' moves were made by an earlier bot verify against that bot.
BOTS_BY_VERSION = {"random": {1: random_bot}, "strong": {1: choose_move_strong_v1}}
