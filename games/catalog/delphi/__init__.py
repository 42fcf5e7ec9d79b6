"""The Oracle of Delphi (Stefan Feld): twelve tasks for Zeus, sailed for with three oracle dice a turn."""
from .bot import choose_move
from .rules import DelphiRules

RULES = DelphiRules()
BOTS = {"best": choose_move}
