"""62 Soleils d'Été: a roll-and-write for 1-6 players with simultaneous rounds."""
from .bot import choose_move
from .bot_strong import choose_move_strong
from .rules import SoleilsRules

RULES = SoleilsRules()
BOTS = {"best": choose_move}
BOTS["strong"] = choose_move_strong   # determinized Monte Carlo (bot_strong.py)
