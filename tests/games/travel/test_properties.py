"""Protocol properties over every player count and every option combination."""
import itertools
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from games.catalog.travel import RULES, choose_move
from games.catalog.travel.moves import canonical
from games.engine import IllegalMove
from games.engine.bots import random_bot
from games.engine.harness import Table, play_game, replay
from games.engine.testing import check_game_properties, check_table

EXPANSIONS = ["events", "special_items", "forbidden_items", "postcards", "characters"]
COMBOS = [dict(zip(EXPANSIONS, flags)) for flags in itertools.product([False, True], repeat=5)]


def mixed_bot(rules, state, seat, rng):
    """Mostly the greedy bot (so games end), sometimes a random legal move (so odd ones get tried)."""
    if rng.randbelow(8, "bot") == 0:
        return random_bot(rules, state, seat, rng)
    return choose_move(rules, state, seat, rng)


def checked_game(players, options, seed, every=8):
    """check_game_properties, with the per-position checks on every ``every``-th move.

    Checking every position of every game would take minutes (a 6-player game runs
    to a thousand moves); a sample over 40+ games still visits every kind of step.
    """
    def check(table):
        if table.version % every == 0 or table.state["step"] in ("window", "offer", "guide"):
            check_table(table, max_moves_checked=12)

    # optional_every: now and then an offer's sender withdraws it, unasked (may_move)
    game = play_game(RULES, players, options, seed=seed, bots=[mixed_bot] * players, check=check, optional_every=5)
    assert replay(RULES, game.batches) == game.state
    assert RULES.outcome(game.state) is not None
    for seat in [*range(players), None]:
        json.dumps(RULES.view(game.state, seat))
        for event in game.events:
            json.dumps(RULES.redact(event, seat).to_json())
    return game


def test_every_option_combination_plays_with_the_protocol_properties():
    for index, options in enumerate(COMBOS):
        players = 2 + index % 5
        first = "random" if index % 3 == 0 else "closest"
        checked_game(players, {**options, "first_player": first}, seed=index)


def test_every_player_count_with_all_and_no_expansions():
    for players in range(2, 7):
        for options in (COMBOS[0], COMBOS[-1]):
            checked_game(players, options, seed=100 + players)


def test_full_property_check_on_short_games():
    for players, options in ((2, COMBOS[0]), (2, COMBOS[-1]), (3, COMBOS[-1])):
        check_game_properties(RULES, players, options, seed=1, bots=[choose_move] * players)


def _positions(count=40):
    """Positions from mixed games, every option on, to probe moves against."""
    table = Table(RULES, 3, COMBOS[-1], seed=7)
    positions = []
    while not table.over and len(positions) < count:
        positions.append((json.loads(json.dumps(table.state)), table.version))
        seat = min(RULES.to_move(table.state))
        table.bot_move(seat, mixed_bot)
    return table, positions


TABLE, POSITIONS = _positions()


def test_every_legal_move_is_accepted_and_permuted_card_lists_too():
    for state, version in POSITIONS:
        for seat in RULES.to_move(state):
            for move in RULES.legal_moves(state, seat):
                RULES.decide(state, seat, move, TABLE.rng_for(version + 1))
                for field in ("pay", "cards"):
                    if isinstance(move.get(field), list) and len(move[field]) > 1:
                        flipped = {**move, field: list(reversed(move[field]))}
                        RULES.decide(state, seat, flipped, TABLE.rng_for(version + 1))


FIELD_VALUES = st.one_of(st.none(), st.booleans(), st.integers(-2, 8), st.floats(allow_nan=False),
                         st.sampled_from(["map-1", "camera-2", "passport", "mouse_trap", "France", "x"]),
                         st.lists(st.sampled_from(["map-1", "camera-1", "fireworks", "postcard-1"]), max_size=3))
MOVES = st.fixed_dictionaries(
    {"type": st.sampled_from(["draw", "recycle", "propose", "offer_give", "offer_want", "offer_send",
                              "accept", "reject", "counter", "withdraw", "pass", "steal", "travel",
                              "dispose", "smuggle", "guide", "guide_take", "trading_post",
                              "sticky_fingers", "duty_free", "flea_market", "mouse_trap",
                              "cancel_flight", "discard", "offer_undo", "offer_cancel", "fly"])},
    optional={"to": FIELD_VALUES, "target": FIELD_VALUES, "pay": FIELD_VALUES, "take": FIELD_VALUES,
              "card": FIELD_VALUES, "cards": FIELD_VALUES, "kind": FIELD_VALUES, "country": FIELD_VALUES,
              "extra": FIELD_VALUES, "junk": FIELD_VALUES})


@settings(max_examples=400, deadline=None)
@given(index=st.integers(0, len(POSITIONS) - 1), seat=st.integers(0, 2), move=MOVES)
def test_decide_accepts_exactly_the_legal_moves(index, seat, move):
    state, version = POSITIONS[index]
    frozen = json.dumps(state, sort_keys=True)
    legal = RULES.legal_moves(state, seat)
    try:
        RULES.decide(state, seat, move, TABLE.rng_for(version + 1))
    except IllegalMove as error:
        assert error.message and error.code
        accepted = False
    else:
        accepted = True
    assert accepted == (isinstance(move.get("type"), str) and canonical(move) in legal
                        and not any(isinstance(v, (bool, float)) for v in move.values()))
    assert json.dumps(state, sort_keys=True) == frozen


def test_garbage_is_refused():
    state, version = POSITIONS[0]
    seat = min(RULES.to_move(state))
    for move in (None, [], {"type": 3}, {}, {"type": "draw", "extra": True}, {"type": "propose", "to": True}):
        try:
            RULES.decide(state, seat, move, TABLE.rng_for(version + 1))
        except IllegalMove:
            pass
        else:
            raise AssertionError(move)


def test_schemas_describe_every_move_and_option():
    schema = RULES.move_schema()
    names = {variant["properties"]["type"]["const"] for variant in schema["oneOf"]}
    seen = set()
    for state, _version in POSITIONS:
        for seat in RULES.to_move(state):
            seen |= {move["type"] for move in RULES.legal_moves(state, seat)}
    assert seen <= names
    for variant in schema["oneOf"]:
        assert variant["additionalProperties"] is False
    for spec in RULES.options_schema()["properties"].values():
        assert "default" in spec and "description" in spec


def test_every_legal_move_matches_the_move_schema():
    from jsonschema import Draft202012Validator

    validator = Draft202012Validator(RULES.move_schema())
    options_validator = Draft202012Validator(RULES.options_schema())
    assert options_validator.is_valid(RULES.default_options())
    assert options_validator.is_valid(dict.fromkeys(EXPANSIONS, True))
    for state, _version in POSITIONS:
        for seat in RULES.to_move(state):
            for move in RULES.legal_moves(state, seat):
                assert validator.is_valid(move), move
