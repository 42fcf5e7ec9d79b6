"""Forest Shuffle: Smoky Mountains (Kosmos): trees, rivers and the life around them."""
from .bot import choose_move
from .rules import ForestSmRules

RULES = ForestSmRules()
BOTS = {"best": choose_move}

__all__ = ["BOTS", "RULES", "ForestSmRules", "choose_move"]
