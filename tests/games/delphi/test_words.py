"""Log lines: a sentence for every event, players as "Player N" (named by the platform),
spaces by their names on the map, never by raw map keys; peeks in words only to the peeker."""
import re

from games.catalog.delphi import BOTS, RULES
from games.catalog.delphi.fold import HANDLERS
from games.engine.harness import Table

RAW_KEY = re.compile(r"-?\d+,-?\d+")


def test_every_event_of_whole_games_reads_as_a_sentence_with_map_names():
    seen = set()
    for players, seed, options in ((2, 1, {"ships": "draft"}), (4, 2, {})):
        table = Table(RULES, players, options, seed)
        while not table.over:
            table.bot_move(min(RULES.to_move(table.state)), BOTS["best"])
        for event in table.game.events:
            seen.add(event.type)
            for seat in list(range(players)) + [None]:
                text = RULES.describe(RULES.redact(event, seat), seat)
                assert text and text[0].isupper() and text.rstrip().endswith((".", "!", ")")), (event.type, text)
                assert not RAW_KEY.search(text), text
                assert "seat" not in text.lower(), text
                if "seat" in event.payload and event.payload["seat"] is not None:
                    assert f"Player {event.payload['seat'] + 1}" in text, text
    assert {"GameStarted", "TurnStarted", "ShipMoved", "OracleConsulted", "TitanAttacked", "GameEnded"} <= seen
    assert seen <= set(HANDLERS) | {"GameStarted"}


def test_places_are_named_like_the_map_text():
    table = Table(RULES, 2, {}, 4)
    while not any(e.type == "ShipMoved" for e in table.game.events):
        table.bot_move(min(RULES.to_move(table.state)), BOTS["best"])
    moved = next(e for e in table.game.events if e.type == "ShipMoved")
    text = RULES.describe(moved, 0)
    assert re.search(r"sails to (red|black|pink|blue|yellow|green) water [RKPBYG]\d+", text), text
