"""The log in words: every event of a game reads as a sentence naming players (the
platform puts their names in for "Player N"), never a seat number, and hides what the
reader may not know."""
from __future__ import annotations

import re

from games.catalog.forestsm import BOTS, RULES
from games.catalog.forestsm import components as C
from games.catalog.forestsm.words import effect_words, score_words
from games.engine.harness import play_game


def test_every_event_reads_as_a_sentence_for_every_reader():
    game = play_game(RULES, 3, {}, seed="words", bots=[BOTS["best"]] * 3)
    kinds = set()
    for event in game.events:
        kinds.add(event.type)
        for seat in (0, 1, 2, None):
            line = RULES.describe(RULES.redact(event, seat), seat)
            assert line.endswith(".") and line[0].isupper(), line
            assert not re.search(r"\bseat\b|\bNone\b", line), line
    assert {"GameSetUp", "CardDrawn", "PlayStarted", "CardPaid", "CardPlaced", "ClearingRevealed",
            "TurnEnded", "WinterSetAside", "GameEnded"} <= kinds


def test_every_species_has_its_rules_in_words():
    for species, info in C.SPECIES.items():
        assert score_words(species)
        for effect in (info["effect"], info["bonus"]):
            if effect:
                assert effect_words(effect) and "no effect" not in effect_words(effect)
