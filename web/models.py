"""The web client keeps no tables of its own: invitations to a seat live in the table app
(table/models.py), games in games/."""
