"""Forest Shuffle: Smoky Mountains (Kosmos): trees, rivers and the life around them."""
from .bot import choose_move
from .rules import ForestSmRules
from .strong import choose_move_strong

RULES = ForestSmRules()
BOTS = {"best": choose_move}
BOTS["strong"] = choose_move_strong   # determinized Monte Carlo (strong.py)

__all__ = ["BOTS", "RULES", "ForestSmRules", "choose_move"]
