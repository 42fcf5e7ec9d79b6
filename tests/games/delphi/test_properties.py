"""Protocol properties: legal moves are exactly the accepted moves, the state is JSON and
unchanged by questions, replay reproduces the game; out-of-turn offers are taken too."""
import random

import pytest

from games.catalog.delphi import BOTS, RULES
from games.catalog.delphi import components as C
from games.engine import IllegalMove
from games.engine.bots import random_bot
from games.engine.harness import Table
from games.engine.testing import check_game_properties


def mixed(rules, state, seat, rng):
    """Mostly the basic bot (so games end), now and then a random legal move."""
    if rng.randbelow(4, "mix") == 0:
        return random_bot(rules, state, seat, rng)
    return BOTS["best"](rules, state, seat, rng)


@pytest.mark.parametrize("players, options", [(2, {"ships": "draft"}), (4, {"zeus_tiles": 8})])
def test_games_keep_the_protocol(players, options):
    game = check_game_properties(RULES, players, options, seed=players, bots=[mixed] * players)
    assert game.state["phase"] == "over" and game.outcome.winners
    assert all(game.state["seats"][s]["returned"] for s in game.outcome.winners)


def variations(state, seat, legal):
    """Moves near the legal ones: other dice, spaces, colours, fields; and malformed ones."""
    rnd = random.Random(len(legal) * 31 + seat)
    keys = sorted(state["sea"]["water"]) + sorted(state["sea"]["islands"]) + [state["sea"]["zeus"], "9,9"]
    out = [{"type": "end"}, {"type": "pass"}, {"type": "fight_on"}, {"type": "retreat"}, {"type": "decline_offers"},
           {"type": "bless_favour"}, {"type": "skip"}, {"type": "sail"}, {"type": "sail", "to": 3, "die": "red"},
           {"type": "take_favour", "die": "red", "card": "red"}, {"type": "take_favour", "extra": True}]
    for move in rnd.sample(legal, min(12, len(legal))):
        for field, value in move.items():
            if field == "type":
                continue
            if isinstance(value, str):
                for other in rnd.sample(list(C.COLOURS) + keys, 4):
                    out.append({**move, field: other})
            elif isinstance(value, int) and not isinstance(value, bool):
                out.append({**move, field: value + 1})
            elif isinstance(value, list):
                out.append({**move, field: list(reversed(value))})
        out.append({**move, "bogus": 1})
        source = next((f for f in ("die", "card", "extra") if f in move), None)
        if source:
            body = {k: v for k, v in move.items() if k != source}
            out += [{**body, "die": c} for c in C.COLOURS] + [{**body, "card": c} for c in C.COLOURS]
            out.append({**body, "extra": True})
    return out


def accepted(table, seat, move):
    try:
        RULES.decide(table.state, seat, move, table.rng_for(table.version + 1))
    except IllegalMove as error:
        assert error.message and error.code
        return False
    return True


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3)])
def test_legal_moves_are_exactly_the_accepted_moves(players, seed):
    table = Table(RULES, players, {"ships": "draft"} if seed == 2 else {}, seed=200 + seed)
    kinds, step = set(), 0
    while not table.over and step < 400:
        if step % 5 == 0:
            for seat in range(players):
                legal = RULES.legal_moves(table.state, seat)
                kinds |= {m["type"] for m in legal}
                assert len({repr(sorted(m.items())) for m in legal}) == len(legal), "duplicates"
                for move in legal[:: max(1, len(legal) // 20)]:
                    assert accepted(table, seat, move), move
                for move in variations(table.state, seat, legal or [{"type": "end"}]):
                    assert accepted(table, seat, move) == (move in legal), (seat, move)
        seat = min(RULES.to_move(table.state))
        table.bot_move(seat, mixed)
        step += 1
    assert {"sail", "end", "take_favour"} <= kinds
