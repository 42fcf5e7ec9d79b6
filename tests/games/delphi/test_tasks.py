"""The island actions and their rewards: exploring (a shrine or a Greek letter), building a
shrine, loading and making offerings, loading and raising statues (a companion), and the
dice-only actions (discard injuries, advance a god, oracle card, favour, peek)."""
from games.catalog.delphi import components as C
from games.catalog.delphi import queries as Q

from .helpers import actions_now, islands_of, legal, new_game, of_type, play, refused, shore

TILE_SPACES = islands_of("tile")


def with_tile(colour, letter, dice=("red", "blue", "green", )):
    """Seat 0 (red) beside the first island-tile space, which holds the given tile."""
    tiles = {key: list(C.ISLAND_TILES[i]) for i, key in enumerate(TILE_SPACES)}
    key = TILE_SPACES[0]
    index = next(k for k, t in tiles.items() if t == [colour, letter])
    tiles[index], tiles[key] = tiles[key], [colour, letter]
    state = actions_now(new_game(tiles=tiles), dice=list(dice))
    state["seats"][0]["pos"] = shore(key)[0]
    ring = state["sea"]["islands"][key]["ring"]
    state["unused"] = [ring, "red", "blue"]
    return state, key, ring


def test_exploring_a_tile_of_your_colour_builds_a_shrine_and_advances_a_god():
    state, key, ring = with_tile("red", "psi")
    state, events = play(state, 0, {"type": "explore", "island": key, "die": ring})
    assert of_type(events, "TileUncovered")[0]["colour"] == "red"
    assert state["board"]["tiles"][key] == {"up": True, "colour": "red", "letter": "psi", "shrine": 0}
    assert sum(t["done"] for t in state["seats"][0]["tiles"] if t["kind"] == "shrine") == 1
    assert state["pending"][0]["kind"] == "god_step"
    state, _ = play(state, 0, {"type": "god_step", "colour": "blue"})
    assert state["seats"][0]["gods"]["blue"] == C.ENTRY_ROW[2]       # from the lowest row: the 2-player row


def test_exploring_another_colour_gives_the_letter_reward():
    rewards = {}
    for letter in ("psi", "phi", "sigma", "omega"):
        colour = next(c for c, l in C.ISLAND_TILES if l == letter and c != "red")
        state, key, ring = with_tile(colour, letter)
        state["seats"][0]["injuries"]["pink"] = 2
        before = {"favour": state["seats"][0]["favour"], "cards": len(state["seats"][0]["oracle"])}
        state, events = play(state, 0, {"type": "explore", "island": key, "die": ring})
        rewards[letter] = (before, state)
        assert state["board"]["tiles"][key]["shrine"] is None and state["board"]["tiles"][key]["up"]
    before, state = rewards["psi"]
    assert state["seats"][0]["favour"] == before["favour"] + 4
    before, state = rewards["phi"]
    assert len(state["seats"][0]["oracle"]) == before["cards"] + 2
    before, state = rewards["sigma"]
    assert [c["kind"] for c in state["pending"]] == ["god_step"] * 3
    before, state = rewards["omega"]
    assert state["seats"][0]["shield"] == 1 and state["pending"][0]["kind"] == "heal_colour"
    state, _ = play(state, 0, {"type": "heal_colour", "colour": "pink"})
    assert state["seats"][0]["injuries"]["pink"] == 0


def test_a_face_up_tile_of_your_colour_takes_a_shrine_with_its_ring_colour():
    state, key, ring = with_tile("red", "phi")
    state["board"]["tiles"][key] = {"up": True, "colour": "red", "letter": "phi", "shrine": None}
    del state["hidden"][key]
    assert "face up already" in refused(state, 0, {"type": "explore", "island": key, "die": ring})
    state, events = play(state, 0, {"type": "shrine", "island": key, "die": ring})
    assert state["board"]["tiles"][key]["shrine"] == 0 and state["pending"][0]["kind"] == "god_step"
    state["pending"] = []
    assert "has a shrine" in refused(state, 0, {"type": "shrine", "island": key, "die": "red"})
    other = new_game()
    actions_now(other, seat=1, dice=[ring])
    other["board"]["tiles"][key] = {"up": True, "colour": "red", "letter": "phi", "shrine": None}
    other["seats"][1]["pos"] = shore(key)[0]
    assert "your colour" in refused(other, 1, {"type": "shrine", "island": key, "die": ring})


def offering_state(colour="blue"):
    state = actions_now(new_game(), dice=[colour, colour, "red"])
    island = next(k for k in islands_of("offering") if colour in state["board"]["offerings"][k])
    state["seats"][0]["pos"] = shore(island)[0]
    return state, island


def test_an_offering_is_loaded_with_its_colour_and_made_at_its_temple_for_three_favour():
    state, island = offering_state("blue")
    state, _ = play(state, 0, {"type": "load_offering", "island": island, "colour": "blue", "die": "blue"})
    assert state["seats"][0]["cargo"] == [["offering", "blue"]]
    assert "blue" not in state["board"]["offerings"][island]
    temple = next(k for k in islands_of("temple") if state["sea"]["islands"][k]["colour"] == "blue")
    state["seats"][0]["pos"] = shore(temple)[0]
    favour = state["seats"][0]["favour"]
    state, _ = play(state, 0, {"type": "deliver", "island": temple, "colour": "blue", "die": "blue"})
    assert state["seats"][0]["favour"] == favour + 3 and state["seats"][0]["cargo"] == []
    tile = next(t for t in state["seats"][0]["tiles"] if t["kind"] == "offering" and t["colour"] == "blue")
    assert tile["done"] and state["board"]["temples"][temple] == ["blue"]


def test_no_offering_task_twice_in_one_colour():
    state, island = offering_state("blue")
    state["seats"][0]["cargo"] = [["offering", "blue"]]
    # The blue tile is taken by the carried cube; the white tile may not take blue.
    assert "fits none" in refused(state, 0, {"type": "load_offering", "island": island, "colour": "blue",
                                             "die": "blue"})
    assert Q.offering_fits(state, 0, "red") and not Q.offering_fits(state, 0, "blue")
    state["seats"][0]["cargo"] = [["offering", "red"]]
    assert not Q.offering_fits(state, 0, "green")      # red already fills the white tile
    assert Q.offering_fits(state, 0, "yellow")         # the yellow tile is open


def test_storage_limits_loading():
    state, island = offering_state("blue")
    state["seats"][0]["cargo"] = [["statue", "red"], ["statue", "pink"]]
    assert "no room" in refused(state, 0, {"type": "load_offering", "island": island, "colour": "blue",
                                           "die": "blue"})
    state["seats"][0]["equipment"] = [16]
    assert legal(state, 0, type="load_offering", colour="blue", die="blue")


def test_statues_come_from_their_city_and_are_raised_on_a_site_of_their_colour_for_a_companion():
    state = actions_now(new_game(), dice=["pink", "pink", "red"])
    city = next(k for k in islands_of("city") if state["sea"]["islands"][k]["colour"] == "pink")
    state["seats"][0]["pos"] = shore(city)[0]
    state, _ = play(state, 0, {"type": "load_statue", "island": city, "colour": "pink", "die": "pink"})
    assert state["seats"][0]["cargo"] == [["statue", "pink"]] and state["board"]["statues"][city] == ["pink"] * 2
    site_island = next(k for k in islands_of("statue") if "pink" in state["sea"]["islands"][k]["sites"])
    state["seats"][0]["pos"] = shore(site_island)[0]
    state, events = play(state, 0, {"type": "raise_statue", "island": site_island, "colour": "pink", "die": "pink"})
    site = of_type(events, "StatueRaised")[0]["site"]
    assert state["sea"]["islands"][site_island]["sites"][site] == "pink"
    assert state["board"]["sites"][site_island][site] == 0
    assert state["pending"][0] == {"seat": 0, "kind": "companion", "colour": "pink"}
    state, _ = play(state, 0, {"type": "companion", "kind": "hero"})
    assert state["seats"][0]["shield"] == 2 and ["pink", "hero"] in state["seats"][0]["companions"]
    # A second pink statue may be carried but never raised.
    state["seats"][0]["cargo"] = [["statue", "pink"]]
    state["unused"] = ["pink"]
    other = next(k for k in islands_of("statue") if k != site_island and "pink" in state["sea"]["islands"][k]["sites"])
    state["seats"][0]["pos"] = shore(other)[0]
    assert "raised a pink statue" in refused(state, 0, {"type": "raise_statue", "island": other,
                                                          "colour": "pink", "die": "pink"})


def test_a_demigod_draws_a_card_and_makes_its_dice_any_colour():
    state = actions_now(new_game(), dice=["pink", "red", "red"])
    state["pending"] = [{"seat": 0, "kind": "companion", "colour": "pink"}]
    state, _ = play(state, 0, {"type": "companion", "kind": "demigod"})
    assert len(state["seats"][0]["oracle"]) == 1
    assert Q.recolour_cost(state, 0, "pink", "green") == 0 and Q.recolour_cost(state, 0, "red", "green") == 5


def test_dice_only_actions():
    state = actions_now(new_game(), dice=["red", "blue", "green"])
    state["seats"][0]["injuries"].update({"red": 2, "blue": 1})
    favour = state["seats"][0]["favour"]
    s, _ = play(state, 0, {"type": "heal", "colour": "red", "die": "red"})
    assert s["seats"][0]["injuries"]["red"] == 0 and s["seats"][0]["injuries"]["blue"] == 1
    s, _ = play(state, 0, {"type": "advance_god", "colour": "green", "die": "green"})
    assert s["seats"][0]["gods"]["green"] == C.ENTRY_ROW[2]
    s, _ = play(s, 0, {"type": "take_favour", "die": "red"})
    assert s["seats"][0]["favour"] == favour + 2
    s, _ = play(state, 0, {"type": "draw_oracle", "die": "blue"})
    assert len(s["seats"][0]["oracle"]) == 1
    assert "no pink injury" in refused(state, 0, {"type": "heal", "colour": "pink", "die": "red"})


def test_an_oracle_card_is_an_extra_die_once_per_turn():
    state = actions_now(new_game(), dice=["red", "blue", "green"])
    state["seats"][0]["oracle"] = ["black", "pink"]
    state, _ = play(state, 0, {"type": "advance_god", "colour": "black", "card": "black"})
    assert state["seats"][0]["oracle"] == ["pink"] and state["card_used"]
    assert "already used an oracle card" in refused(state, 0, {"type": "take_favour", "card": "pink"})


def test_a_peek_shows_two_face_down_tiles_to_the_peeker_only():
    state = actions_now(new_game(), dice=["red", "blue", "green"])
    pair = sorted(TILE_SPACES[:2])
    state, events = play(state, 0, {"type": "peek", "islands": pair, "die": "red"})
    from games.catalog.delphi import RULES
    assert set(RULES.view(state, 0)["seen"]) == set(pair)
    assert RULES.view(state, 1)["seen"] == {} and RULES.view(state, None)["seen"] == {}
    peek = next(e for e in events if e.type == "TilesPeeked")
    assert "tiles" in RULES.redact(peek, 0).payload
    assert "tiles" not in RULES.redact(peek, 1).payload and "tiles" not in RULES.redact(peek, None).payload
    assert "Choose 2" in refused(state, 0, {"type": "peek", "islands": pair[:1], "die": "blue"})


def test_an_empty_deck_takes_its_discards_back():
    state = actions_now(new_game(), dice=["red", "blue"])
    state["decks"]["oracle"] = {c: 0 for c in C.COLOURS}
    state["decks"]["oracle_discard"] = {**{c: 0 for c in C.COLOURS}, "pink": 2}
    state, events = play(state, 0, {"type": "draw_oracle", "die": "red"})
    assert of_type(events, "OracleCardDrawn")[0]["colour"] == "pink"
    assert state["decks"]["oracle"]["pink"] == 1 and state["decks"]["oracle_discard"]["pink"] == 0
    # Nothing left anywhere: no card, and no error.
    state["decks"]["oracle"] = {c: 0 for c in C.COLOURS}
    state, events = play(state, 0, {"type": "draw_oracle", "die": "blue"})
    assert not of_type(events, "OracleCardDrawn")
