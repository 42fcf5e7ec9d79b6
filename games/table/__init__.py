"""What happens at the table beside the rules: resigning, cancelling by agreement,
taking back a move, and the platform's options for them.

Each is a command that appends platform events (games.platform_events) to the game's
log in one transaction under the game row lock, like a move: they are hashed into
the chain, exported and re-derived by the verifier (games.verify). What is pending
(an open cancel proposal, a takeback request) is kept on the game row
(``table_pending``), a projection of those events.

* options.py: the per-game table options and their schema;
* writes.py: appending a table command's events and moving the projection on;
* resign.py, cancel.py, takebacks.py: the three commands;
* endings.py: the outcome of a game the table ended (resignation, cancel), shared
  with the verifier;
* next_game.py: the game that has waited longest for a player's move.
"""
