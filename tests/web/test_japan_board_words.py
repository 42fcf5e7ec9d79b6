"""The Japan board speaks to the reader: "Still choosing: you, Ben", not the reader's own name."""
from games import registry
from games.engine.harness import Table
from web.boards import japan

NAMES = ["Ann", "Ben"]


def test_the_reader_is_you_in_the_waiting_and_finished_lists():
    rules = registry.get("japan").rules
    table = Table(rules, 2, {}, seed="words")
    while rules.view(table.state, 0).get("phase") != "planning":
        table.bot_move(min(rules.to_move(table.state)))
    board = japan.present(rules.view(table.state, 0), legal=rules.legal_moves(table.state, 0), names=NAMES, seat=0)
    assert board["planning"] and board["waiting"] == ["you", "Ben"] and board["done"] == []
    spectator = japan.present(rules.view(table.state, None), legal=[], names=NAMES, seat=None)
    assert spectator["waiting"] == ["Ann", "Ben"]
    # Ann finishes her picks for the round; Ben is still choosing.
    while 0 in rules.to_move(table.state):
        table.bot_move(0)
    board = japan.present(rules.view(table.state, 1), legal=rules.legal_moves(table.state, 1), names=NAMES, seat=1)
    assert board["waiting"] == ["you"] and board["done"] == ["Ann"]
