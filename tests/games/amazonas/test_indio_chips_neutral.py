"""Worked examples: the Indio offer chain, the bonus chips, neutral huts, extra huts, start round."""
from games.catalog.amazonas import RULES

from .helpers import choose, finish_round, in_round, new_game, of_type, play, put, refused


def indio_round():
    state = new_game(3)
    put(state, 0, "tabatinga", "carauari", "tefe")   # three iguanas
    put(state, 1, "manaus")
    put(state, 2, "coari")
    return in_round(state, "indio")


def test_the_indio_is_offered_down_the_turn_order_until_someone_hires_it():
    state, events = choose(indio_round(), [3, 6, 0])      # values 6, 6, 1
    assert of_type(events, "IncomeRevealed")[0]["order"] == [1, 0, 2]   # tie: higher coin first
    # Seat 1 (first) is offered the Indio: take the whole income of 6 or the Indio.
    assert RULES.current(state) == 1 and state["step"] == "start"
    moves = RULES.legal_moves(state, 1)
    assert {"type": "collect"} in moves and {"type": "hire", "research": "fish"} in moves
    assert {"type": "hire", "research": "orchid"} not in moves       # only a type already owned
    state, events = play(state, 1, {"type": "collect"})
    state, events = finish_turn(state, 1, events)
    # Declined: the next player in turn order may hire it.
    assert RULES.current(state) == 0 and state["step"] == "start"
    money = state["money"][0]
    state, events = play(state, 0, {"type": "hire", "research": "reptile"})
    assert of_type(events, "IndioHired")[0] == {"seat": 0, "research": "reptile", "round": 1}
    assert state["money"][0] == money                     # the whole income is the price
    assert state["indios"][0]["reptile"] == 1 and not state["indio_open"]
    state, events = finish_turn(state, 0, events)
    # Taken: the last player simply collects (no offer left).
    assert not [m for m in RULES.legal_moves(state, 2) if m["type"] == "hire"]
    # The Indio counts as a reptile tile and raises card 6 by one.
    from games.catalog.amazonas.rules import card_value
    assert card_value(state, 0, 3) == 3 + 4
    assert card_value(state, 0, 6) == 7


def finish_turn(state, seat, events):
    if RULES.current(state) == seat and state["phase"] == "turn" and state["step"] == "build":
        state, more = play(state, seat, {"type": "end"})
        events = events + more
    return state, events


def test_an_indio_nobody_hires_leaves_the_game():
    state, _ = choose(indio_round(), [3, 6, 0])
    state, events = finish_round(state)
    assert not of_type(events, "IndioHired")
    assert sum(sum(indios.values()) for indios in state["indios"]) == 0
    assert state["round"] == 2 and state["indio_open"] == (state["event"] == "indio")


def test_hiring_is_refused_without_an_offer_or_for_an_unowned_type():
    state, _ = choose(indio_round(), [3, 6, 0])
    assert "already own" in refused(state, 1, {"type": "hire", "research": "orchid"})
    state = new_game(3)
    put(state, 0, "tabatinga")
    put(state, 1, "manaus")
    put(state, 2, "coari")
    state = in_round(state, "fire")
    state["money"][0] = 30
    state, _ = choose(state, [5, 0, 0])
    assert "no Indio" in refused(state, 0, {"type": "hire", "research": "reptile"})


def test_five_type_chips_go_5_4_3_2_in_the_order_the_sets_are_completed():
    state = new_game(4)
    put(state, 0, "tabatinga", "fonte_boa", "japura", "maraa")      # reptile fish butterfly orchid
    put(state, 1, "carauari", "tapaua", "borba", "labrea")          # the same four types
    put(state, 2, "sao_gabriel")
    put(state, 3, "apui")
    state = in_round(state, "research_fish")
    state["money"] = [60, 60, 60, 60]
    state, _ = choose(state, [6, 4, 0, 0])                           # 6 then 4 + 1 orchid
    assert state["order"][:2] == [0, 1]
    state, events = play(state, 0, {"type": "build", "village": "santa_isabel"})   # a parrot
    assert of_type(events, "HutBuilt")[0]["chip"] == 5
    state, events = play(state, 0, {"type": "end"})
    state, events = play(state, 1, {"type": "build", "village": "humaita"})        # a parrot
    assert of_type(events, "HutBuilt")[0]["chip"] == 4
    assert state["five_chips"][:2] == [5, 4] and state["chips_left"] == [3, 2]


def test_two_players_have_chips_4_and_2_and_three_players_4_3_2():
    assert new_game(2)["chips_left"] == [4, 2]
    assert new_game(3)["chips_left"] == [4, 3, 2]


def test_the_majority_chip_needs_three_and_vanishes_on_a_tie():
    from games.catalog.amazonas.scoring import majority_holders

    state = new_game(3)
    put(state, 0, "coari", "maraa")
    assert "orchid" not in majority_holders(state)                   # only 2
    put(state, 0, "labrea")
    assert majority_holders(state)["orchid"] == 0
    put(state, 1, "urucara", "benjamin", "sao_gabriel")
    assert "orchid" not in majority_holders(state)                   # 3 against 3
    state["indios"][1]["orchid"] = 1
    assert majority_holders(state)["orchid"] == 1                    # an Indio counts


def two_player_round():
    state = new_game(2)
    put(state, 0, "tabatinga")
    put(state, 1, "santarem")
    return in_round(state, "research_fish")


def test_a_neutral_hut_is_free_once_a_round_before_income_never_on_the_last_site():
    state, _ = choose(two_player_round(), [5, 0])
    assert RULES.current(state) == 0 and state["step"] == "start"
    moves = RULES.legal_moves(state, 0)
    assert {"type": "neutral", "village": "manaus"} in moves          # anywhere, no connection
    assert {"type": "neutral", "village": "sao_gabriel"} not in moves  # a single site is the last one
    assert {"type": "neutral", "village": "santarem"} in moves         # beside a hut, 2 sites still free
    assert {"type": "neutral", "village": "tabatinga"} not in moves    # its last free site
    assert "last free site" in refused(state, 0, {"type": "neutral", "village": "oriximina"})
    money = state["money"][0]
    state, events = play(state, 0, {"type": "neutral", "village": "manaus"})
    assert state["sites"]["manaus"] == [-1] and state["neutral_left"][0] == 5
    # Nothing is left to decide before income, so it is taken at once: 5 silver, no cost.
    assert of_type(events, "IncomeCollected")[0]["income"] == 5
    assert state["money"][0] == money + 5 and state["step"] == "build"
    assert "before your income" in refused(state, 0, {"type": "neutral", "village": "coari"})
    assert "already built a neutral hut" in RULES.neutral_problem(state, 0, "coari")
    state, events = finish_round(state)
    # Round 2: the other player may not add a second neutral hut to Manaus.
    state, _ = choose(state, [4, 5])
    seat = RULES.current(state)
    if state["step"] == "start":
        assert "already has a neutral hut" in refused(state, seat, {"type": "neutral", "village": "manaus"})
    # Neutral huts give no tile and a later own hut pays the next site.
    assert state["tiles"][0]["fish"] == 0
    assert RULES.build_cost(state, 0, "manaus") == 4 * 3


def test_neutral_huts_are_only_for_two_players():
    state = new_game(3)
    put(state, 0, "tabatinga")
    put(state, 1, "manaus")
    put(state, 2, "coari")
    state = in_round(state, "fire")
    state["money"][0] = 30
    state, _ = choose(state, [5, 0, 0])
    assert "only used with two players" in refused(state, 0, {"type": "neutral", "village": "tefe"})


def test_huts_after_the_twelfth_cost_one_silver_more():
    state = new_game(3)
    put(state, 0, "tabatinga")
    state["huts_left"][0] = 0
    state = in_round(state, "research_fish")
    state["money"][0] = 30
    state, _ = choose(state, [5, 0, 0])
    state, events = play(state, 0, {"type": "build", "village": "japura"})
    built = of_type(events, "HutBuilt")[0]
    assert built["cost"] == 2 * 3 + 1 and built["extra"]


def test_the_start_round_builds_anywhere_for_2_or_3_gold_in_seat_order_from_the_start_player():
    state = new_game(3, first=1)
    assert RULES.to_move(state) == {1}
    assert state["copper"] == [3, 1, 2]
    state, events = play(state, 1, {"type": "build", "village": "manaus"})    # 3 gold
    assert state["money"][1] == 0 and state["tiles"][1]["fish"] == 1
    assert RULES.to_move(state) == {2}
    # Manaus's next site costs 4 gold: more than the 3 gold a player starts with.
    assert {"type": "build", "village": "manaus"} not in RULES.legal_moves(state, 2)
    state, events = play(state, 2, {"type": "build", "village": "tefe"})
    state, events = play(state, 0, {"type": "build", "village": "tefe"})       # second site, 3 gold
    assert state["money"][0] == 0
    assert state["phase"] == "choose" and state["round"] == 1
    assert of_type(events, "RoundStarted")[0]["event"] in RULES_EVENTS


RULES_EVENTS = {"jaguar", "crocodile", "fire", "theft", "indio", "research_orchid", "research_fish",
                "research_butterfly", "research_parrot", "research_reptile"}


def test_neutral_huts_ignore_the_jaguar_and_never_join_a_network():
    state = new_game(2)
    put(state, 0, "tabatinga")
    put(state, 1, "santarem")
    state = in_round(state, "jaguar")
    state["money"][0] = 30
    state, _ = choose(state, [5, 0])
    assert {"type": "neutral", "village": "japura"} in RULES.legal_moves(state, 0)   # a path away
    state, _ = play(state, 0, {"type": "neutral", "village": "manaus"})
    # Manaus now holds a (neutral) hut, but it is nobody's: Coari, next to Manaus only by
    # water and far from Tabatinga, stays out of reach.
    assert "not joined" in refused(state, 0, {"type": "build", "village": "coari"})
