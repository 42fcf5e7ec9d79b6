"""The Oracle of Delphi (Stefan Feld): twelve tasks for Zeus, sailed for with three oracle dice a turn."""
from .bot import choose_move
from .rules import DelphiRules
from .strong import choose_strong
from .strong_v1 import choose_strong as choose_strong_v1

RULES = DelphiRules()
BOTS = {"best": choose_move}
BOTS["strong"] = choose_strong   # the basic bot's turn, overruled where rollouts find better (strong.py)
# Games whose bots' moves were made by an earlier strong bot verify against that bot.
BOTS_BY_VERSION = {"strong": {1: choose_strong_v1}}
