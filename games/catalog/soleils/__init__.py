"""62 Soleils d'Été: a roll-and-write for 1-6 players with simultaneous rounds."""
from .bot import choose_move
from .rules import SoleilsRules

RULES = SoleilsRules()
BOTS = {"best": choose_move}
