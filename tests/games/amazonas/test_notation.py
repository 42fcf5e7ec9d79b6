"""The turn email's words and notation: every legal move reads back from its notation."""
from games.catalog.amazonas import BOTS, RULES
from games.catalog.amazonas import notation as N
from games.engine.harness import Table

from .helpers import choose, in_round, new_game, play, put


def test_every_legal_move_round_trips_through_the_notation():
    table = Table(RULES, 2, {}, seed=5)
    kinds = set()
    while not table.over:
        for seat in RULES.to_move(table.state):
            view = {**RULES.view(table.state, seat), "player_names": ["Ann", "Ben"]}
            legal = RULES.legal_moves(table.state, seat)
            for move in legal:
                assert N.parse(N.notation(move, view), legal, view) == move
                assert N.move_words(move, view)
                kinds.add(move["type"])
            text = N.situation(view, ["Ann", "Ben"])
            assert "Player 1" not in text and "Player 2" not in text and "seat" not in text.lower()
        table.bot_move(min(RULES.to_move(table.state)), BOTS["best"])
    assert {"income", "build", "neutral", "collect", "end"} <= kinds


def test_people_may_write_village_names_and_types_loosely():
    state = new_game(3)
    put(state, 0, "barcelos", "tefe")
    state = in_round(state, "indio")
    state["money"][0] = 30
    state, _ = choose(state, [6, 0, 0])
    view = RULES.view(state, 0)
    legal = RULES.legal_moves(state, 0)
    assert N.parse("Hire Iguana", legal, view) == {"type": "hire", "research": "reptile"}
    assert N.parse("indio fish", legal, view) == {"type": "hire", "research": "fish"}
    assert N.parse("collect", legal, view) == {"type": "collect"}
    assert N.parse("hire parrot", legal, view) is None            # a type not owned
    state, _ = play(state, 0, {"type": "collect"})
    legal = RULES.legal_moves(state, 0)
    view = RULES.view(state, 0)
    assert N.parse("build Santa Isabel", legal, view) == {"type": "build", "village": "santa_isabel"}
    assert N.parse("BUILD  santa_isabel.", legal, view) == {"type": "build", "village": "santa_isabel"}
    assert N.parse("build Maraã", legal, view) == {"type": "build", "village": "maraa"}
    assert N.parse("build manaus", legal, view) is None            # not joined to a hut of mine
    assert N.parse("end turn", legal, view) == {"type": "end"}
    assert N.parse("", legal, view) is None


def test_the_situation_names_the_event_the_order_and_only_the_readers_mission():
    state = new_game(3, missions=[0, 1, 2])
    put(state, 0, "tefe")
    put(state, 1, "manaus")
    put(state, 2, "coari")
    state = in_round(state, "crocodile")
    view = {**RULES.view(state, 1), "player_names": ["Ann", "Ben", "Cleo"]}
    text = N.situation(view, ["Ann", "Ben", "Cleo"])
    assert "Crocodile" in text and "No waterways" in text
    assert "Your mission villages: Santa Isabel, Manaus, Itaituba, Carauari." in text
    assert "Ann:" in text and "Cleo:" in text and "You:" in text
    assert "São Gabriel" not in text                                  # Ann's mission stays hidden
