"""The strong bot: what it counts as still to do, that it finishes a task in reach, and
that it decides alike whatever the face-down island tiles it has not seen hide."""
import copy
import math

from games.catalog.delphi import BOTS, RULES
from games.catalog.delphi import components as C
from games.catalog.delphi.strong import (choose_strong, determinize, fight_cost, geometry, remaining,
                                          value)
from games.engine.harness import Table
from games.engine.rng import rng_for_testing

from .helpers import actions_now, islands_of, new_game, shore


def all_done(state, seat):
    for tile in state["seats"][seat]["tiles"]:
        tile["done"] = True
    return state


def test_with_every_task_done_only_the_voyage_home_is_left():
    state = all_done(new_game(), 0)
    geo = geometry(state)
    zeus = state["sea"]["zeus"]
    around = [key for key in Q_neighbours(zeus) if key in state["sea"]["water"]]
    state["seats"][0]["pos"] = around[0]
    assert remaining(state, 0, geo) == 1                 # one sail onto Zeus
    far = max(geo.dist[zeus], key=lambda key: (geo.dist[zeus][key], key))
    state["seats"][0]["pos"] = far
    assert geo.home[far] == geo.dist[zeus][far]          # Zeus is where the search began
    assert remaining(state, 0, geo) == math.ceil(geo.home[far] / C.BASE_RANGE)
    state["seats"][0]["returned"] = True
    assert remaining(state, 0, geo) == 0 and value(state, 0, geo) >= 1000


def Q_neighbours(key):
    from games.catalog.delphi.hexes import neighbours
    return neighbours(key)


def test_a_carried_offering_beside_its_temple_is_one_action_from_done():
    state = all_done(new_game(), 0)
    me = state["seats"][0]
    offering = next(tile for tile in me["tiles"] if tile["kind"] == "offering" and tile["colour"])
    offering["done"] = False
    temple = next(key for key in islands_of("temple") if state["sea"]["islands"][key]["colour"] == offering["colour"])
    geo = geometry(state)
    me["cargo"] = [["offering", offering["colour"]]]
    me["pos"] = shore(temple)[0]
    home = math.ceil(geo.home[me["pos"]] / C.BASE_RANGE)
    assert remaining(state, 0, geo) == 1 + home
    me["cargo"] = []                                     # now it must be fetched first
    assert remaining(state, 0, geo) > 1 + home


def test_a_fight_costs_less_with_a_stronger_shield_and_more_favour():
    assert fight_cost(0, 0) > fight_cost(0, 4) > fight_cost(3, 4) > fight_cost(5, 6) >= 1.0
    assert fight_cost(9, 0) == 1.0                       # strength 0: every roll wins


def test_the_strong_bot_makes_an_offering_within_reach():
    state = new_game()
    me = state["seats"][0]
    offering = next(tile for tile in me["tiles"] if tile["kind"] == "offering" and tile["colour"])
    colour = offering["colour"]
    temple = next(key for key in islands_of("temple") if state["sea"]["islands"][key]["colour"] == colour)
    me["cargo"] = [["offering", colour]]
    me["pos"] = shore(temple)[0]
    state = actions_now(state, 0, dice=[colour, "red", "red"])
    for version in range(8):
        if not offering_pending(state, colour):
            break
        move = choose_strong(RULES, state, 0, rng_for_testing(version))
        assert move in RULES.legal_moves(state, 0)
        for event in RULES.decide(state, 0, move, rng_for_testing(50 + version)):
            state = RULES.evolve(state, event)
        if state["turn"] != 0:
            break
    assert not offering_pending(state, colour)


def offering_pending(state, colour):
    return any(tile["kind"] == "offering" and tile["colour"] == colour and not tile["done"]
               for tile in state["seats"][0]["tiles"])


def unseen_swapped(state, seat):
    """The same table with two face-down tiles the seat has not seen swapped."""
    twin = copy.deepcopy(state)
    unseen = sorted(key for key in twin["hidden"] if key not in twin["known"][seat])
    pair = next((a, b) for a in unseen for b in unseen if twin["hidden"][a] != twin["hidden"][b])
    twin["hidden"][pair[0]], twin["hidden"][pair[1]] = twin["hidden"][pair[1]], twin["hidden"][pair[0]]
    for other, seen in enumerate(twin["known"]):
        for key in pair:
            if other != seat and key in seen:
                seen[key] = list(twin["hidden"][key])
    return twin


def test_the_strong_bot_decides_the_same_whatever_the_tiles_it_has_not_seen_hide():
    table = Table(RULES, 2, {}, seed=4)
    checked = 0
    while checked < 3 and not table.over:
        seat = min(RULES.to_move(table.state))
        state = table.state
        if seat == 0 and state["step"] == "actions" and not state["pending"] and len(state["unused"]) >= 2:
            twin = unseen_swapped(state, 0)
            assert twin["hidden"] != state["hidden"]
            rng = table.rng_for(table.version + 1)
            chosen = choose_strong(RULES, state, 0, rng)
            assert chosen in RULES.legal_moves(state, 0)
            assert choose_strong(RULES, twin, 0, table.rng_for(table.version + 1)) == chosen
            assert determinize(copy.deepcopy(twin), 0, rng_for_testing(9)) == \
                determinize(copy.deepcopy(state), 0, rng_for_testing(9))
            checked += 1
        table.bot_move(seat, BOTS["best"])
    assert checked == 3


def test_a_statue_that_can_never_be_raised_is_dead_weight():
    """A second statue of a colour (only one of a colour is ever raised) never leaves the
    ship: the estimate must not count it as a task under way."""
    state = new_game()
    me = state["seats"][0]
    geo = geometry(state)
    colour = next(c for c in C.COLOURS if any(c in (isl.get("sites") or ())
                                              for isl in state["sea"]["islands"].values()))
    me["cargo"] = [["statue", colour]]
    one = remaining(state, 0, geo)
    me["cargo"] = [["statue", colour], ["statue", colour]]
    assert remaining(state, 0, geo) > one


def test_the_strong_bot_never_loads_a_statue_it_cannot_raise():
    state = new_game()
    me = state["seats"][0]
    city = next(iter(islands_of("city")))
    colour = state["board"]["statues"][city][0]
    me["cargo"] = [["statue", colour]]
    me["pos"] = shore(city)[0]
    state = actions_now(state, 0, dice=[colour, colour, colour])
    for version in range(3):
        move = choose_strong(RULES, state, 0, rng_for_testing(version))
        assert move in RULES.legal_moves(state, 0)
        assert not (move["type"] == "load_statue" and move["colour"] == colour)


def test_the_strong_bot_is_registered_with_a_version_and_keeps_the_first():
    from games import registry
    from games.catalog.delphi.strong_v1 import choose_strong as choose_strong_v1

    assert BOTS["strong"] is choose_strong and choose_strong.version == 2
    entry = registry.get("delphi")
    assert entry.bot("strong") is choose_strong
    assert entry.bot("strong", 1) is choose_strong_v1 and choose_strong_v1.version == 1
