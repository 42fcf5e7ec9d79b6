"""Fighting monsters: strength 9 minus the shield, the 0-9 battle die, paid rounds, the
injury on a 0, the equipment reward and which Zeus tile a monster completes."""
from games.catalog.delphi import queries as Q

from .helpers import Scripted, actions_now, islands_of, legal, new_game, of_type, play, refused, shore


def beside_monster(colour="red"):
    state = actions_now(new_game(), dice=["red", "black", "blue"])
    island = next(k for k in islands_of("monster") + islands_of("monster2")
                  if colour in state["board"]["monsters"][k])
    state["seats"][0]["pos"] = shore(island)[0]
    return state, island


def my_monster_colours(state):
    return [t["colour"] for t in state["seats"][0]["tiles"] if t["kind"] == "monster" and t["colour"]]


def test_a_roll_at_least_the_strength_wins_the_monster_and_an_equipment_card():
    state, island = beside_monster("red")
    assert "red" in my_monster_colours(state)     # blue/yellow offerings: red and black monsters
    state["seats"][0]["shield"] = 2
    state, events = play(state, 0, {"type": "fight", "island": island, "monster": "red", "die": "red"},
                         Scripted(battle=[7]))
    began = of_type(events, "BattleBegan")[0]
    assert began["strength"] == 7
    assert of_type(events, "BattleRolled")[0]["won"]
    assert "red" not in state["board"]["monsters"][island]
    tile = next(t for t in state["seats"][0]["tiles"] if t["kind"] == "monster" and t["colour"] == "red")
    assert tile["done"]
    assert state["pending"][0]["kind"] == "equipment"
    state, events = play(state, 0, {"type": "equipment", "card": 8})
    assert 8 in state["seats"][0]["equipment"] and 8 not in state["decks"]["display"]
    assert len(state["decks"]["display"]) == 6                # refilled from the deck


def test_a_lost_round_may_go_on_for_a_favour_one_weaker_and_a_zero_hurts():
    state, island = beside_monster("red")
    state["seats"][0]["favour"] = 2
    state, events = play(state, 0, {"type": "fight", "island": island, "monster": "red", "die": "red"},
                         Scripted(battle=[0], injury=[0]))
    assert not of_type(events, "BattleRolled")[0]["won"]
    assert of_type(events, "InjuryDrawn")                     # a 0 gives an injury
    assert state["step"] == "battle" and state["battle"]["strength"] == 9
    assert {m["type"] for m in legal(state, 0)} == {"fight_on", "retreat"}
    state, events = play(state, 0, {"type": "fight_on"}, Scripted(battle=[7]))
    assert of_type(events, "BattleContinued")[0]["strength"] == 8 and state["seats"][0]["favour"] == 1
    assert not of_type(events, "InjuryDrawn")                 # a lost round without a 0: nothing
    state, events = play(state, 0, {"type": "fight_on"}, Scripted(battle=[7]))
    assert of_type(events, "BattleRolled")[0]["won"]          # 7 against 7
    assert state["step"] == "actions" and state["pending"][0]["kind"] == "equipment"


def test_giving_up_leaves_the_monster_and_running_out_of_favour_ends_the_fight():
    state, island = beside_monster("red")
    state["seats"][0]["favour"] = 0
    state, events = play(state, 0, {"type": "fight", "island": island, "monster": "red", "die": "red"},
                         Scripted(battle=[3]))
    assert of_type(events, "BattleEnded") and state["step"] == "actions"
    assert "red" in state["board"]["monsters"][island]
    state2, island2 = beside_monster("red")
    state2, _ = play(state2, 0, {"type": "fight", "island": island2, "monster": "red", "die": "red"},
                     Scripted(battle=[3]))
    state2, events = play(state2, 0, {"type": "retreat"})
    assert state2["battle"] is None and "red" in state2["board"]["monsters"][island2]


def test_only_monsters_of_open_tasks_may_be_fought_the_white_one_any_other_colour():
    state, island = beside_monster("red")
    coloured = my_monster_colours(state)                 # red and black
    other = next(c for c in state["board"]["monsters"][island] if c not in coloured) \
        if any(c not in coloured for c in state["board"]["monsters"][island]) else None
    assert Q.task_tile(state, 0, "monster", "pink") is not None        # the white tile takes pink
    for tile in state["seats"][0]["tiles"]:
        if tile["kind"] == "monster" and tile["colour"] is None:
            tile["done"], tile["with"] = True, "pink"
    assert Q.task_tile(state, 0, "monster", "green") is None            # white used: no other colour
    assert Q.task_tile(state, 0, "monster", "red") is not None
    for tile in state["seats"][0]["tiles"]:
        if tile["kind"] == "monster" and tile["colour"] == "red":
            tile["done"], tile["with"] = True, "red"
    # The red task is done and the white one may not take red: no second red monster.
    assert Q.task_tile(state, 0, "monster", "red") is None
    assert "fits none" in refused(state, 0, {"type": "fight", "island": island, "monster": "red", "die": "red"})
    del other


def test_fighting_needs_the_monster_colour_and_the_ship_beside_the_island():
    state, island = beside_monster("red")
    state["seats"][0]["favour"] = 0
    assert "enough favour" in refused(state, 0, {"type": "fight", "island": island, "monster": "red", "die": "blue"})
    far = next(k for k in state["sea"]["water"] if k not in shore(island)
               and all(island not in Q.neighbours(n) for n in Q.neighbours(k)))
    state["seats"][0]["pos"] = far
    assert "beside" in refused(state, 0, {"type": "fight", "island": island, "monster": "red", "die": "red"})
    state["seats"][0]["equipment"] = [10]       # Spyglass: from 1 water space away
    near = next(n for k in shore(island) for n in Q.neighbours(k)
                if n in state["sea"]["water"] and n not in shore(island))
    state["seats"][0]["pos"] = near
    assert legal(state, 0, type="fight", island=island, monster="red", die="red")


def test_ares_defeats_a_monster_without_a_roll():
    state, island = beside_monster("red")
    state["seats"][0]["gods"]["black"] = 6
    state, events = play(state, 0, {"type": "god_power", "colour": "black", "island": island, "monster": "red"})
    assert not of_type(events, "BattleRolled") and of_type(events, "MonsterDefeated")
    assert state["seats"][0]["gods"]["black"] == 0
    assert state["pending"][0]["kind"] == "equipment"
