"""Players by name in the web pages: the names are games.names' (one place for all)."""
from games.names import name_players, seat_names, seat_rows  # noqa: F401
