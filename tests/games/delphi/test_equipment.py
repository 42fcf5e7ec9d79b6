"""Equipment cards and ship tiles that change the rules."""
from games.catalog.delphi import components as C
from games.catalog.delphi import queries as Q
from games.catalog.delphi.board import FIRST_GAME, Sea

from .helpers import Scripted, actions_now, islands_of, legal, new_game, of_type, play, refused, shore


def taking(card, **state_changes):
    """Seat 0 owes an equipment choice with ``card`` in the display."""
    state = actions_now(new_game(), dice=["red", "blue", "green"])
    if card not in state["decks"]["display"]:
        state["decks"]["display"][0] = card
        state["decks"]["equipment"].remove(card)
    state["pending"] = [{"seat": 0, "kind": "equipment", "why": "monster"}]
    return state


def test_one_time_cards_act_when_taken():
    state = taking(7)
    favour = state["seats"][0]["favour"]
    state, _ = play(state, 0, {"type": "equipment", "card": 7})
    assert state["seats"][0]["favour"] == favour + 3 and len(state["seats"][0]["oracle"]) == 1
    assert [c["kind"] for c in state["pending"]] == ["god_step", "god_step"]
    state = taking(16)
    state, _ = play(state, 0, {"type": "equipment", "card": 16})
    assert state["seats"][0]["shield"] == 1 and Q.storage(state, 0) == 3
    state = taking(21)
    state, _ = play(state, 0, {"type": "equipment", "card": 21})
    assert {m["colour"] for m in legal(state, 0)} == {"blue", "pink", "green", "red"}
    state, _ = play(state, 0, {"type": "god_top", "colour": "pink"})
    assert state["seats"][0]["gods"]["pink"] == C.TOP


def test_a_grab_takes_an_offering_from_any_island_or_is_let_go():
    state = taking(17)
    state, _ = play(state, 0, {"type": "equipment", "card": 17})
    grabs = legal(state, 0, type="grab")
    assert grabs and all(m["colour"] in C.WARM for m in grabs)
    island = next(k for k, cubes in state["board"]["offerings"].items() if "red" in cubes)
    state2, _ = play(state, 0, {"type": "grab", "island": island, "colour": "red"})
    assert state2["seats"][0]["cargo"] == [["offering", "red"]]
    state3, events = play(state, 0, {"type": "skip"})
    assert state3["seats"][0]["cargo"] == [] and not state3["pending"]


def test_the_sea_chart_shows_two_tiles_and_uncovers_one():
    state = taking(13)
    state, _ = play(state, 0, {"type": "equipment", "card": 13})
    pair = sorted(islands_of("tile")[:2])
    state, events = play(state, 0, {"type": "chart", "islands": pair})
    assert set(state["known"][0]) == set(pair)
    assert state["pending"][0]["kind"] == "uncover"
    state, events = play(state, 0, {"type": "uncover", "island": pair[1]})
    assert state["board"]["tiles"][pair[1]]["up"] and not state["board"]["tiles"][pair[0]]["up"]


def test_charms_pay_when_the_roll_shows_their_colour():
    state = actions_now(new_game(), dice=["red"])
    state["seats"][0]["equipment"] = [1]        # the red charm
    favour = state["seats"][0]["favour"]
    state, events = play(state, 0, {"type": "end"}, Scripted(dice=[0, 3, 3]))   # red, blue, blue
    assert state["seats"][0]["favour"] == favour + 2


def test_an_amulet_turns_a_die_into_favour_a_card_and_a_god_step():
    state = actions_now(new_game(), dice=["pink", "red"])
    assert not legal(state, 0, type="amulet")
    state["seats"][0]["equipment"] = [4]
    favour = state["seats"][0]["favour"]
    state, _ = play(state, 0, {"type": "amulet", "colour": "pink", "die": "pink"})
    assert state["seats"][0]["favour"] == favour + 1 and len(state["seats"][0]["oracle"]) == 1
    assert state["seats"][0]["gods"]["pink"] == C.ENTRY_ROW[2]


def test_the_extra_action_costs_three_favour_once_a_turn_any_colour():
    state = actions_now(new_game(), dice=["red"])
    state["seats"][0]["equipment"] = [3]
    state["seats"][0]["favour"] = 6
    state, _ = play(state, 0, {"type": "advance_god", "colour": "green", "extra": True})
    assert state["seats"][0]["favour"] == 3 and state["extra_used"]
    assert "already taken the extra action" in refused(state, 0, {"type": "take_favour", "extra": True})


def test_laurel_adds_a_god_step_to_an_offering():
    state = actions_now(new_game(), dice=["blue"])
    state["seats"][0]["equipment"] = [11]
    state["seats"][0]["cargo"] = [["offering", "blue"]]
    temple = next(k for k in islands_of("temple") if state["sea"]["islands"][k]["colour"] == "blue")
    state["seats"][0]["pos"] = shore(temple)[0]
    state, _ = play(state, 0, {"type": "deliver", "island": temple, "colour": "blue", "die": "blue"})
    assert [c["kind"] for c in state["pending"]] == ["god_step"]


def test_the_flat_keel_crosses_shallows_for_nothing():
    state = actions_now(new_game())
    shallow = next(k for k in FIRST_GAME["shallows"] if k != FIRST_GAME["zeus"])
    around = [k for k in Q.neighbours(shallow) if k in FIRST_GAME["water"]]
    state["seats"][0]["pos"] = around[0]
    plain = Q.sail_steps(state, 0)
    state["seats"][0]["equipment"] = [14]
    keel = Q.sail_steps(state, 0)
    assert all(keel[k] <= plain.get(k, 99) for k in keel)
    assert all(keel[k] == 1 for k in around[1:])      # every water space round the shallow: 1 step
    assert any(keel[k] < plain.get(k, 99) for k in around[1:])


def test_the_flat_keel_crosses_a_hole_between_the_tiles_too():
    # The first-game map leaves one hole between its tiles: a shallow like the tiles' own.
    [gap] = Sea(FIRST_GAME).gaps
    state = actions_now(new_game())
    around = [k for k in Q.neighbours(gap) if k in FIRST_GAME["water"]]
    state["seats"][0]["pos"] = around[0]
    plain = Q.sail_steps(state, 0)
    state["seats"][0]["equipment"] = [14]
    keel = Q.sail_steps(state, 0)
    assert all(keel[k] == 1 for k in around[1:])
    assert any(plain.get(k, 99) > 1 for k in around[1:])


def test_endurance_and_head_start():
    state = new_game()
    state["seats"][0]["injuries"]["red"] = 3
    assert Q.must_recover(state, 0)
    state["seats"][0]["equipment"] = [15]
    assert not Q.must_recover(state, 0)
    state["seats"][0]["injuries"].update({"blue": 3, "pink": 2})
    assert Q.must_recover(state, 0)                   # 8 in all
    state = new_game()
    state["pending"] = [{"seat": 0, "kind": "drop_tile"}]
    state, events = play(state, 0, {"type": "drop_tile", "tile": 0})
    assert len(state["seats"][0]["tiles"]) == 11 and of_type(events, "ZeusTileReturned")[0]["kind"] == "shrine"
