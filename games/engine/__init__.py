"""Framework-free core of LudoPost: the rules protocol, the RNG, errors, helpers.

Nothing in this package imports Django, a database or the network. Game packages
under ``games.catalog`` depend only on this package, which is what lets a game be
replayed, audited, simulated and played by bots without a server.
"""
from .errors import IllegalMove
from .events import Event
from .outcome import Outcome
from .protocol import Rules
from .rng import GameRng

__all__ = ["Event", "GameRng", "IllegalMove", "Outcome", "Rules"]
