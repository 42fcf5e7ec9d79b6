"""Let's Go to Japan: plan a six-day trip by simultaneous drafting, then take it."""
from .bot import choose_move
from .rules import JapanRules
from .strong import choose_strong

RULES = JapanRules()
BOTS = {"best": choose_move, "strong": choose_strong}
