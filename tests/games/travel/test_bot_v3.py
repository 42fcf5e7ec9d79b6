"""Version 3 of the travel bot: a table of careful players, not six hoarders.

Worked positions show each difference from version 2 (bot.py ``Style``); version 2
stays reachable for the audit of its games and keeps driving the strong bot's playouts.
"""
import inspect
import statistics

from games import registry
from games.catalog.travel import BOTS_BY_VERSION, RULES, choose_move, choose_move_v2
from games.catalog.travel import bot as travel_bot
from games.catalog.travel.bot import V2, V3, offer_plan
from games.catalog.travel.bot_strong import choose_move_strong_v1, determinize, evaluate
from games.engine.harness import play_game
from games.engine.rng import rng_for_testing
from games.engine.search import plan
from tests.support.strong_bot import midgame

from .helpers import build, offer

SIX = ["France", "Spain", "Germany", "Norway", "Japan", "Kenya"]
ALL_HOME = range(6)


def test_version_3_is_current_and_version_2_still_verifies_its_games():
    entry = registry.get("travel")
    assert entry.bot("best").version == 3 and entry.bot("best") is choose_move
    assert entry.bot("best", 2) is choose_move_v2 is BOTS_BY_VERSION["best"][2]
    assert choose_move_v2.version == 2


def test_the_strong_bot_version_1_still_plays_out_with_version_2():
    """Games that recorded strong bot version 1 had playouts of version 2's moves."""
    assert inspect.getclosurevars(choose_move_strong_v1).nonlocals["basic"] is choose_move_v2
    table = midgame("travel", 14)
    seat = min(RULES.to_move(table.state))
    move = choose_move_strong_v1(RULES, table.state, seat, rng_for_testing(3))
    budget = choose_move_strong_v1.budget
    assert move == plan(RULES, table.state, seat, rng_for_testing(3), basic=choose_move_v2,
                        determinize=determinize, budget=budget, evaluate=evaluate)


def test_a_player_without_a_passport_gives_an_item_of_the_shared_country_for_one():
    """Six players are back from home (Italy needs sunglasses, camera, sun hat). Anna has
    a spare passport and offers it to Ben, who lost his, for a camera. Version 2 never
    handed a player on the last leg an item of the shared country; version 3 weighs the
    passport it gets (nobody travels without one) against the camera Anna gets."""
    hands = [["passport-canada", "passport-peru", "sun_hat-1", "sunglasses-1"],
             ["camera-1", "sunglasses-2", "umbrella-1"],
             ["passport-brazil", "map-1"], ["passport-korea", "map-2"],
             ["passport-sweden", "umbrella-2"], ["passport-turkey", "bicycle-2"]]
    state = build(hands, countries=SIX, visited=ALL_HOME)
    assert offer_plan(state, 0, V3)[1:] == (["passport-peru"], ["camera"])
    state, _ = offer(state, 0, 1, ["passport-peru"], ["camera"])
    assert choose_move(RULES, state, 1, rng_for_testing(0)) == {"type": "accept"}
    assert choose_move_v2(RULES, state, 1, rng_for_testing(0)) != {"type": "accept"}


def test_an_item_of_the_shared_country_is_not_given_away_for_a_spare_card():
    """The same table: Anna offers a bicycle for Ben's camera. Ben keeps it."""
    hands = [["passport-canada", "sun_hat-1", "bicycle-1"],
             ["passport-peru", "camera-1", "umbrella-1"],
             ["passport-brazil", "map-1"], ["passport-korea", "map-2"],
             ["passport-sweden", "umbrella-2"], ["passport-turkey", "bicycle-2"]]
    state = build(hands, countries=SIX, visited=ALL_HOME)
    state, _ = offer(state, 0, 1, ["bicycle-1"], ["camera"])
    assert choose_move(RULES, state, 1, rng_for_testing(0)) != {"type": "accept"}


def test_no_offer_of_a_spare_card_for_an_item_the_partner_holds():
    """Anna (France: camera, guidebook, phrasebook) holds nothing Ben needs for Spain.
    Version 2 offered him a bicycle for a phrasebook, which he then refused; version 3
    asks only with a card the partner needs."""
    hands = [["passport-canada", "camera-1", "guidebook-1", "bicycle-1", "map-1"],
             ["passport-peru", "phrasebook-1", "umbrella-1"]]
    state = build(hands, countries=["France", "Spain"])
    assert offer_plan(state, 0, V2) is not None
    assert offer_plan(state, 0, V3) is None
    hands[0][3] = "sunscreen-1"        # Spain needs sunscreen: a card Ben wants
    state = build(hands, countries=["France", "Spain"])
    assert offer_plan(state, 0, V3) == (1, ["sunscreen-1"], ["phrasebook"])


def test_the_thief_keeps_a_fifth_card_with_several_rivals_and_robs_the_biggest_hand():
    hands = [["passport-canada", "camera-1", "bicycle-1", "map-1"],
             ["passport-peru", "umbrella-1", "map-2", "winter_coat-1"],
             ["passport-brazil", "umbrella-2", "bicycle-2", "winter_coat-2", "hiking_boots-1",
              "hiking_boots-2", "chopsticks-1"],
             ["passport-korea", "chopsticks-2", "sleeping_bag-1", "sleeping_bag-2"]]
    # Anna (France) misses a guidebook and a phrasebook; no rival's country needs either
    state = build(hands, countries=["France", "Spain", "Norway", "Japan"], deck=["swimsuit-1"])
    # four cards: version 2 would steal, version 3 with three rivals draws first
    assert travel_bot._worth_stealing(state, 0, hands[0], 2, V2)
    assert not travel_bot._worth_stealing(state, 0, hands[0], 2, V3)
    assert travel_bot._steal_victim(state, 0, V3) == 2
    assert travel_bot._steal_victim(state, 0, V2) == 1   # hands of four and seven counted alike


def test_no_draw_expected_from_an_empty_pile():
    """Every card is in a hand (no draw pile, no discards): a draw brings nothing, so the
    bot steals. Version 2 went on drawing, and a table holding every card stalled."""
    hands = [["passport-canada", "camera-1", "bicycle-1", "map-1", "umbrella-1"],
             ["passport-peru", "guidebook-1", "map-2", "winter_coat-1", "umbrella-2"]]
    state = build(hands, deck=[], countries=["France", "Spain"])
    assert choose_move(RULES, state, 0, rng_for_testing(0))["type"] == "steal"


def test_six_bots_finish_a_race_far_sooner_than_version_2():
    """Default options; version 2 took a median of 1,399 turns on these five seeds (one
    game 4,514) and 792.5 on 200 games (bench/balance.py; version 3 there: docs/games/travel.md)."""
    turns = []
    for index in range(5):
        game = play_game(RULES, 6, {}, seed=f"six:{index}", bots=[choose_move] * 6)
        movers = [batch.seat for batch in game.batches if batch.move is not None]
        turns.append(sum(1 for before, after in zip([None] + movers, movers) if before != after))
    assert statistics.median(turns) < 400 and max(turns) < 700, turns
