"""Play by mail: turn emails you can answer, and the replies that come back.

``tokens`` signs the reply address of a turn email (game, seat, version);
``reading`` takes the new text out of a reply and tells auto-replies from people;
``turns`` puts a seat's situation and legal moves into words with the game's
``notation`` module; ``service`` is the one place a reply is judged and a move
appended, whichever way it came in: ``gateway`` (an SMTP server, ``manage.py
mail_gateway``) or ``inbound`` (hosted providers' webhooks through django-anymail).
"""
