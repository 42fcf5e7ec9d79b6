"""The Oracle of Delphi (Stefan Feld): twelve tasks for Zeus, sailed for with three oracle dice a turn."""
from .bot import choose_move
from .rules import DelphiRules
from .strong import choose_strong

RULES = DelphiRules()
BOTS = {"best": choose_move}
BOTS["strong"] = choose_strong   # a search over its own turn (strong.py)
