"""Citytrip Brugge: a flip-and-write city tour for 1-6 players with simultaneous turns."""
from .rules import CitytourRules

RULES = CitytourRules()
BOTS: dict = {}
