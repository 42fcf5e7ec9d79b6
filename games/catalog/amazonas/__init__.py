"""Amazonas (Stefan Dorra): secret income cards, events and research huts on the river map."""
from .bot import choose_move
from .rules import AmazonasRules

RULES = AmazonasRules()
BOTS = {"best": choose_move}
