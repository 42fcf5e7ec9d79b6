"""One package per game. Each exports RULES and BOTS; see games.registry."""
