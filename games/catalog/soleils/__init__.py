"""62 Soleils d'Été: a roll-and-write for 1-6 players with simultaneous rounds."""
from .bot import choose_move
from .bot_strong import choose_move_strong, choose_move_strong_v1, choose_move_strong_v2
from .rules import SoleilsRules, SoleilsRulesV1

RULES = SoleilsRules()
# Games keep the rules version they were created under (v1: a round's choice was one
# move per step, which showed the others how many steps it took).
RULES_BY_VERSION = {1: SoleilsRulesV1(), 2: RULES}
BOTS = {"best": choose_move}
BOTS["strong"] = choose_move_strong   # determinized Monte Carlo (bot_strong.py)
# Games whose bots' moves were made by an earlier bot verify against that bot.
BOTS_BY_VERSION = {"strong": {1: choose_move_strong_v1, 2: choose_move_strong_v2}}
