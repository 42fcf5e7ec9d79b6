"""Sailing: range 3, favour for more, the die's colour at the end, water only, Zeus only
at the finish; recolouring round the oracle; creatures, equipment and ships."""
from games.catalog.delphi import queries as Q
from games.catalog.delphi.board import FIRST_GAME

from .helpers import actions_now, legal, new_game, of_type, play, refused

WATER = FIRST_GAME["water"]
ZEUS = FIRST_GAME["zeus"]


def steps_from_zeus():
    state = new_game()
    return Q.sail_steps(state, 0)


def test_a_move_of_up_to_three_spaces_ends_on_the_die_colour():
    state = actions_now(new_game(), dice=["red", "blue", "green"])
    steps = Q.sail_steps(state, 0)
    target = next(k for k, n in sorted(steps.items()) if n == 3 and WATER[k] in ("blue", "red", "green"))
    colour = WATER[target]
    favour = state["seats"][0]["favour"]
    state, events = play(state, 0, {"type": "sail", "to": target, "die": colour})
    assert state["seats"][0]["pos"] == target
    assert state["seats"][0]["favour"] == favour            # within range: free
    assert of_type(events, "ShipMoved")[0]["steps"] == 3
    assert sorted(state["unused"]) == sorted({"red", "blue", "green"} - {colour})


def test_each_space_beyond_three_costs_a_favour_and_the_end_colour_must_match():
    state = actions_now(new_game(), dice=["red", "blue", "green"])
    state["seats"][0]["favour"] = 2
    steps = Q.sail_steps(state, 0)
    five = next(k for k, n in sorted(steps.items()) if n == 5 and WATER[k] == "green")
    six = next(k for k, n in sorted(steps.items()) if n == 6 and WATER[k] == "green")
    state2, _ = play(state, 0, {"type": "sail", "to": five, "die": "green"})
    assert state2["seats"][0]["favour"] == 0
    assert "enough favour" in refused(state, 0, {"type": "sail", "to": six, "die": "green"})
    # A red die would have to become green: red -> black -> pink -> blue -> yellow -> green is 5 steps.
    near = next(k for k, n in sorted(steps.items()) if n == 1 and WATER[k] == "green")
    assert Q.recolour_cost(state, 0, "red", "green") == 5
    assert "enough favour" in refused(state, 0, {"type": "sail", "to": near, "die": "red"})
    state["seats"][0]["favour"] = 5
    state3, events = play(state, 0, {"type": "sail", "to": near, "die": "red"})
    assert state3["seats"][0]["favour"] == 0
    assert of_type(events, "DieUsed")[0]["recolour"] == 5


def test_recolouring_goes_clockwise_round_the_oracle():
    state = new_game()
    assert Q.recolour_cost(state, 0, "red", "black") == 1
    assert Q.recolour_cost(state, 0, "black", "red") == 5
    assert Q.recolour_cost(state, 0, "green", "red") == 1
    state["seats"][0]["ship"] = 2          # Deep Hold: either way round
    assert Q.recolour_cost(state, 0, "black", "red") == 1
    state["seats"][0]["ship"] = 7          # Thrifty Wheel: one step less
    assert Q.recolour_cost(state, 0, "red", "pink") == 1
    assert Q.recolour_cost(state, 0, "red", "black") == 0


def test_paths_cross_no_island_or_shallows_and_the_ship_must_move():
    state = actions_now(new_game())
    steps = Q.sail_steps(state, 0)
    assert ZEUS not in steps and not set(steps) & set(FIRST_GAME["shallows"])
    assert not set(steps) & set(FIRST_GAME["islands"])
    # Every step of a path is a water neighbour (a breadth-first check of the distances).
    for key, n in steps.items():
        if n > 1:
            assert any(steps.get(k) == n - 1 for k in Q.neighbours(key))
    island = next(iter(FIRST_GAME["islands"]))
    assert "water spaces only" in refused(state, 0, {"type": "sail", "to": island, "die": "red"})


def test_zeus_is_the_finish_only_with_every_task_done():
    state = actions_now(new_game(), dice=["red", "blue", "green"])
    start = next(k for k in Q.neighbours(ZEUS) if WATER.get(k) == "red")
    state["seats"][0]["pos"] = start
    assert "only when all your tasks" in refused(state, 0, {"type": "sail", "to": ZEUS, "die": "green"})
    for tile in state["seats"][0]["tiles"]:
        tile["done"] = True
    assert legal(state, 0, type="sail", to=ZEUS)
    state, events = play(state, 0, {"type": "sail", "to": ZEUS, "die": "green"})    # any colour
    assert state["seats"][0]["returned"] and state["ending"]
    assert of_type(events, "ShipReturned")
    # Back at Zeus, the ship stays: only oracle cards, favour and peeks are left.
    kinds = {m["type"] for m in legal(state, 0) if "die" in m}
    assert kinds <= {"draw_oracle", "take_favour", "peek"}


def test_a_creature_adds_three_to_the_range_and_ends_on_any_colour():
    state = actions_now(new_game(), dice=["red", "blue", "green"])
    state["seats"][0]["companions"] = [["red", "creature"]]
    steps = Q.sail_steps(state, 0)
    far = next(k for k, n in sorted(steps.items()) if n == 6 and WATER[k] != "red")
    favour = state["seats"][0]["favour"]
    state2, _ = play(state, 0, {"type": "sail", "to": far, "die": "red", "creature": "red"})
    assert state2["seats"][0]["pos"] == far and state2["seats"][0]["favour"] == favour
    # Another die may be recoloured to the creature's colour (green -> red: 1 step).
    state3, _ = play(state, 0, {"type": "sail", "to": far, "die": "green", "creature": "red"})
    assert state3["seats"][0]["favour"] == favour - 1
    assert "no creature" in refused(state, 0, {"type": "sail", "to": far, "die": "blue", "creature": "blue"})


def test_equipment_and_ships_lengthen_the_range():
    state = new_game()
    assert Q.ship_range(state, 0) == 3
    state["seats"][0]["equipment"] = [8]
    assert Q.ship_range(state, 0) == 4
    state["seats"][0]["ship"] = 5
    assert Q.ship_range(state, 0) == 6


def test_legal_sail_moves_are_exactly_the_affordable_ones():
    state = actions_now(new_game(), dice=["red", "blue", "green"])
    state["seats"][0]["favour"] = 1
    sails = legal(state, 0, type="sail")
    steps = Q.sail_steps(state, 0)
    for move in sails:
        need = max(0, steps[move["to"]] - 3) + Q.recolour_cost(state, 0, move["die"], WATER[move["to"]])
        assert need <= 1
    expected = {(k, d) for k, n in steps.items() for d in ("red", "blue", "green")
                if max(0, n - 3) + Q.recolour_cost(state, 0, d, WATER[k]) <= 1}
    assert {(m["to"], m["die"]) for m in sails} == expected
