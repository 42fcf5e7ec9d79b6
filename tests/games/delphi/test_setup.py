"""Setup: the pieces on the sea, the players' things, the decks, and what is secret."""
from collections import Counter

from games.catalog.delphi import RULES
from games.catalog.delphi import components as C
from games.engine.harness import Table


def started(players, seed=3, **options):
    return Table(RULES, players, options, seed)


def test_offerings_monsters_and_tiles_follow_the_player_count():
    for players in (2, 3, 4):
        state = started(players).state
        offerings = state["board"]["offerings"]
        assert len(offerings) == 6
        assert all(len(cubes) == players == len(set(cubes)) for cubes in offerings.values())
        assert Counter(c for cubes in offerings.values() for c in cubes) == {c: players for c in C.COLOURS}
        monsters = state["board"]["monsters"]
        kinds = {k: state["sea"]["islands"][k]["kind"] for k in monsters}
        assert all(len(set(m)) == len(m) for m in monsters.values())
        assert all(len(m) == 2 for k, m in monsters.items() if kinds[k] == "monster2")
        assert all(len(m) == players - 1 for k, m in monsters.items() if kinds[k] == "monster")
        assert Counter(c for m in monsters.values() for c in m) == {c: players for c in C.COLOURS}
        # All twelve island tiles lie face down, whatever the player count.
        assert sorted(tuple(t) for t in state["hidden"].values()) == sorted(C.ISLAND_TILES)
        assert not any(t["up"] for t in state["board"]["tiles"].values())
        assert all(stock == [state["sea"]["islands"][k]["colour"]] * 3 for k, stock in state["board"]["statues"].items())


def test_players_start_with_favour_by_order_a_god_moved_by_their_injury_and_twelve_tiles():
    table = started(4, ships="draft")      # no ship effects yet: the draft is open
    state = table.state
    assert state["phase"] == "prepare"
    for position, seat in enumerate(state["order"]):
        me = state["seats"][seat]
        assert me["favour"] == 3 + position
        injured = [c for c, n in me["injuries"].items() if n]
        assert len(injured) == 1 and me["injuries"][injured[0]] == 1
        assert me["gods"][injured[0]] == C.ENTRY_ROW[4]
        assert sum(me["gods"].values()) == C.ENTRY_ROW[4]
        assert me["pos"] == state["sea"]["zeus"] and me["shield"] == 0
        kinds = Counter(t["kind"] for t in me["tiles"])
        assert kinds == {"shrine": 3, "statue": 3, "offering": 3, "monster": 3}
        offering = sorted(t["colour"] or "white" for t in me["tiles"] if t["kind"] == "offering")
        monster = sorted(t["colour"] or "white" for t in me["tiles"] if t["kind"] == "monster")
        # The two double-sided tiles not turned to offerings show their monsters.
        offered = set(state["offering_colours"])
        assert set(offering) - {"white"} == offered
        assert set(monster) - {"white"} == {m for o, m in C.DOUBLE_SIDED if o not in offered}
    assert sum(state["decks"]["injury"].values()) == 42 - 4
    assert sum(state["decks"]["oracle"].values()) == 30
    assert len(state["decks"]["display"]) == 6 and len(state["decks"]["equipment"]) == 16
    # The draft: one ship more than players, the last player chooses first.
    assert len(state["ships_offered"]) == 5
    assert RULES.to_move(state) == {state["order"][-1]}


def test_draft_runs_counter_clockwise_and_then_play_begins_with_the_start_player():
    table = started(3, ships="draft", seed=5)
    choosers = []
    while table.state["phase"] == "prepare":
        seat = min(RULES.to_move(table.state))
        moves = RULES.legal_moves(table.state, seat)
        if moves[0]["type"] == "ship":
            choosers.append(seat)
            move = next((m for m in moves if m["ship"] not in (1, 6)), moves[0])
        else:
            move = moves[0]
        table.play(seat, move)
    order = table.state["order"]
    assert choosers == list(reversed(order))
    assert table.state["turn"] == order[0]
    assert all(s["ship"] is not None for s in table.state["seats"])


def test_the_shortened_game_removes_tiles_in_the_rulebook_order():
    for count, gone in ((11, {"statue"}), (10, {"statue", "shrine"}), (9, {"statue", "shrine", "monster"}),
                        (8, {"statue", "shrine", "monster", "offering"})):
        state = started(2, zeus_tiles=count).state
        tiles = state["seats"][0]["tiles"]
        assert len(tiles) == count
        kinds = Counter(t["kind"] for t in tiles)
        for kind in gone:
            assert kinds[kind] == 2
        assert state["seats"][0]["tiles"] == state["seats"][1]["tiles"]   # the same for everybody
        if "monster" in gone:
            # The coloured monster is removed; the white one stays.
            assert sum(1 for t in tiles if t["kind"] == "monster" and t["colour"] is None) == 1


def test_setup_is_deterministic_and_the_setup_event_hides_the_tiles():
    a, b = started(3, seed=11), started(3, seed=11)
    assert a.state == b.state
    first = a.game.events[0]
    assert first.type == "GameStarted" and "hidden" in first.payload
    for seat in (0, 1, 2, None):
        assert "hidden" not in RULES.redact(first, seat).payload
    view = RULES.view(a.state, 0)
    assert all(t["colour"] is None and t["letter"] is None for t in view["board"]["tiles"].values())


def test_ship_tiles_change_the_start():
    from tests.games.delphi.helpers import Scripted
    rng = Scripted()
    # Deal ships by hand: every ship in turn to seat 0 of a 2-player game.
    seen = {}
    for ship in C.SHIPS:
        from games.catalog.delphi.effects import Turn, ship_start
        from games.catalog.delphi.setup import game_started
        payload = game_started(2, RULES.check_options(2, {}), rng)
        turn = Turn({}, rng)
        turn.emit("GameStarted", **payload)
        before = {"favour": turn.state["seats"][0]["favour"], "gods": dict(turn.state["seats"][0]["gods"])}
        turn.emit("ShipTaken", seat=0, ship=ship)
        ship_start(turn, 0, ship)
        seen[ship] = (before, turn.state)
    assert seen[0][1]["seats"][0]["shield"] == 2                                  # Bronze Aegis
    assert seen[1][1]["pending"][0]["kind"] == "equipment"                        # Quartermaster
    assert len(seen[1][1]["seats"][0]["oracle"]) == 1
    assert seen[3][1]["seats"][0]["favour"] == seen[3][0]["favour"] + 1          # Golden Touch
    assert all(row >= C.ENTRY_ROW[2] for row in seen[4][1]["seats"][0]["gods"].values())  # Divine Patronage
    assert seen[6][1]["pending"][0]["kind"] == "drop_tile"                        # Head Start


def test_the_start_player_is_not_always_the_first_to_move():
    # In a draft the last player chooses first; simulations count turn order from the
    # start player the rules name (games.simulation.start_seat).
    table = started(3, ships="draft", seed=5)
    first_mover = min(RULES.to_move(table.state))
    assert RULES.start_seat(table.state) == table.state["order"][0] != first_mover
