"""Amazonas (Stefan Dorra): secret income cards, events and research huts on the river map."""
from .bot import choose_move
from .rules import AmazonasRules
from .strong import choose_strong

RULES = AmazonasRules()
BOTS = {"best": choose_move, "strong": choose_strong}
