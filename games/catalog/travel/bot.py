"""A greedy bot for the travel game.

It values a hand by how close it is to the next journey (the items of the country
it must visit next, a passport, substitutes for missing items), a little by the
shared country's items while still on the way home, by postcards when they are in
play, and badly by forbidden items. Each turn it travels if it can, gets rid of
forbidden items, and otherwise picks the action with the best expected gain:
recycling a needed card from the discard pile, asking another player for a needed
item in exchange for a card it does not need, stealing, playing a special item,
or drawing. Offers it receives are accepted when they improve its hand more than
(with several rivals: enough more than) they help the player who made them.

Version 3 (``choose_move``) plays like a careful table: version 2 (kept for the audit
of the games it played, and as the strong bot's playout policy) refused every trade to
a player on the last leg, hoarded the shared country's items on the way home and robbed
small hands, so six of them fought over six cards for hundreds of turns. ``Style``
lists every difference.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from .components import (CARDS, COUNTRIES, POSTCARDS_TO_WIN, category, is_forbidden, kind)
from .moves import legal_moves, want_capacity
from .table import draft_lists, option, others, payable, pick_wanted, target_country

REACTION_VALUE = {"mouse_trap": 1.5, "cancelled_flight": 2.0}


@dataclass(frozen=True)
class Style:
    """What tells the bot's versions apart (each kept so that its games still verify).

    Version 1 broke ties between rivals by seat number, which made seat 0 every bot's
    favourite victim; version 2 breaks them by turn order from the bot's own seat.
    """

    version: int
    fair_ties: bool = True
    # Version 3: answer an offer by what it gives each side, instead of refusing every
    # shared-country item to a player on the last leg (six such players then deadlocked).
    weigh_trades: bool = False
    # Version 3: offer only a card the partner needs, never a spare card for an item
    # they hold (which version 3 refuses, as a careful player does).
    hopeless_offers: bool = True
    # Version 3: a draw from an empty pile (and no discards to reshuffle) gains nothing;
    # version 2 still expected the unseen cards, so a table holding every card stalled.
    drawing_from_nothing: bool = True
    # Version 3: what an item of the shared country is worth before the player has been
    # home (2.0: everyone hoarded them on the way and then fought over them).
    center_item: float = 2.0
    # The cards a thief keeps (steals pay with one), with one rival and with more: every
    # steal shrinks the table's hands, and version 3 keeps one more card with two or
    # more rivals, whose steals would otherwise empty every hand of all but its needs.
    steal_hand: int = 4
    steal_hand_among_many: int = 4
    # Version 3 steals from the biggest hand (version 2 counted any hand of four or more
    # alike, so near-finished small hands were robbed again and again).
    victim_cap: int = 4
    # Version 3 mends a passport lost to a steal by trade (see _passport_plan).
    trades_passports: bool = False


V1 = Style(version=1, fair_ties=False)
V2 = Style(version=2)
V3 = Style(version=3, weigh_trades=True, hopeless_offers=False, drawing_from_nothing=False,
           center_item=1.0, steal_hand_among_many=5, victim_cap=7, trades_passports=True)


# -- valuing a hand -------------------------------------------------------------------

def hand_value(state, seat: int, hand: list[str], style: Style = V2) -> float:
    own = not state["visited"][seat]
    target = target_country(state, seat)
    needs = COUNTRIES[target]["needs"]
    kinds = [kind(card) for card in hand]
    value = 0.0
    passports = kinds.count("passport")
    value += 10.0 if passports else 0.0
    value += 0.3 * max(0, passports - 1)
    covered = sum(1 for need in needs if need in kinds)
    substitutes = ("moms_credit_card" in hand) + (own and "poorly_drawn_map" in hand)
    value += 6.0 * min(3, covered + substitutes) + (3.0 if covered + substitutes >= 3 else 0.0)
    if own:
        center_needs = COUNTRIES[state["center"]]["needs"]
        for need in center_needs:
            if need in kinds:
                value += style.center_item + (1.0 if need in needs and kinds.count(need) > 1 else 0.0)
    if option(state, "postcards"):
        postcards = kinds.count("postcard")
        value += 1.5 * postcards + (6.0 if postcards >= POSTCARDS_TO_WIN - 1 else 0.0)
    for card in hand:
        cat = category(card)
        if cat == "forbidden":
            value -= 8.0
        elif cat == "special":
            value += REACTION_VALUE.get(card, 1.0)
        value += 0.6                      # any card is worth a little: payment, trade fodder
    return value


def card_value(state, seat: int, hand: list[str], card: str, style: Style = V2) -> float:
    """What losing ``card`` from ``hand`` would cost."""
    rest = list(hand)
    rest.remove(card)
    return hand_value(state, seat, hand, style) - hand_value(state, seat, rest, style)


def cheapest(state, seat: int, hand: list[str], count: int, exclude=(),
             style: Style = V2) -> list[str] | None:
    choices = [card for card in payable(hand) if card not in exclude]
    if len(choices) < count:
        return None
    best, best_value = None, None
    for combo in combinations(sorted(choices), count):
        rest = [card for card in hand if card not in combo]
        value = hand_value(state, seat, rest, style)
        if best_value is None or value > best_value:
            best, best_value = list(combo), value
    return best


def missing_kinds(state, seat: int, hand: list[str]) -> list[str]:
    needs = COUNTRIES[target_country(state, seat)]["needs"]
    kinds = {kind(card) for card in hand}
    missing = [need for need in needs if need not in kinds]
    if "passport" not in kinds:
        missing.append("passport")
    return missing


def unseen_pool(state, seat: int) -> list[str]:
    """Cards that may be in the deck or another hand, as far as ``seat`` knows."""
    known = set(state["hands"][seat]) | set(state["discard"])
    pool = []
    for card, data in CARDS.items():
        if card in known or data["category"] == "event":
            continue
        if data["category"] == "passport":
            continue                     # passports not in play are unknown; skip them
        if data["category"] in ("special", "forbidden", "postcard"):
            name = {"special": "special_items", "forbidden": "forbidden_items",
                    "postcard": "postcards"}[data["category"]]
            if not option(state, name):
                continue
        pool.append(card)
    return pool


def expected_draw_gain(state, seat: int, hand: list[str], style: Style = V2) -> float:
    pool = unseen_pool(state, seat)
    if not pool:
        return 0.0
    base = hand_value(state, seat, hand, style)
    sample = pool[:: max(1, len(pool) // 24)]
    return sum(hand_value(state, seat, hand + [card], style) - base for card in sample) / len(sample)


# -- the bot -----------------------------------------------------------------------------



def _play(state, seat: int, rng, style: Style) -> dict:
    moves = legal_moves(state, seat)
    if not moves:
        raise RuntimeError("travel: seat is to move but has no legal move")
    if len(moves) == 1:
        return moves[0]
    chooser = {
        "discard": _choose_discard,
        "window": _choose_reaction,
        "offer": _choose_answer,
        "draft": _choose_draft_step,
        "guide": _choose_guide,
    }
    step = "discard" if state["discards_due"] else state["step"]
    move = chooser.get(step, _choose_action)(state, seat, moves, rng, style)
    return move if move in moves else moves[0]


def choose_move(rules, state, seat: int, rng) -> dict:
    """The bot's move (version 3)."""
    return _play(state, seat, rng, V3)


def choose_move_v2(rules, state, seat: int, rng) -> dict:
    return _play(state, seat, rng, V2)


def choose_move_v1(rules, state, seat: int, rng) -> dict:
    return _play(state, seat, rng, V1)


choose_move.version = 3
choose_move_v2.version = 2
choose_move_v1.version = 1


def _best(state, seat, moves, result_hand, style):
    return max(moves, key=lambda move: hand_value(state, seat, result_hand(move), style))


def _choose_discard(state, seat, moves, rng, style):
    hand = state["hands"][seat]
    return _best(state, seat, moves, lambda m: [c for c in hand if c not in m["cards"]], style)


def _choose_guide(state, seat, moves, rng, style):
    hand = state["hands"][seat]
    return _best(state, seat, moves, lambda m: hand + [m["card"]], style)


def _choose_reaction(state, seat, moves, rng, style):
    window = state["window"]
    if window["kind"] == "steal" and {"type": "mouse_trap"} in moves:
        return {"type": "mouse_trap"}
    if window["kind"] == "travel" and {"type": "cancel_flight"} in moves:
        if window["country"] == state["center"]:
            return {"type": "cancel_flight"}
    return {"type": "pass"}


def _choose_answer(state, seat, moves, rng, style):
    offer = state["offer"]
    if seat == offer["by"]:
        return {"type": "pass"}                       # let the offer stand
    hand = state["hands"][seat]
    picked = pick_wanted(hand, offer["want"])
    if picked is not None:
        after = [c for c in hand if c not in picked] + offer["give"]
        gain = hand_value(state, seat, after, style) - hand_value(state, seat, hand, style)
        if style.weigh_trades:
            rival_gain = _rival_gain(state, offer["by"], offer["want"], offer["give"])
            if gain >= 0 and gain >= _rival_weight(state) * rival_gain:
                return {"type": "accept"}
        elif gain >= 0 and not _hands_rival_the_win(state, offer["by"], offer["want"]):
            return {"type": "accept"}
    # counter: their offered cards for something we can spare
    if {"type": "counter"} in moves and any(card_value(state, seat, hand + [c], c, style) > 1.0
                                            for c in offer["give"]):
        return {"type": "counter"}
    return {"type": "reject"}


def _hands_rival_the_win(state, rival: int, want: list[str]) -> bool:
    """Never give a player on the last leg an item of the shared country."""
    if not state["visited"][rival]:
        return False
    return any(k in COUNTRIES[state["center"]]["needs"] for k in want)


def _rival_weight(state) -> float:
    """How much a rival's gain counts against our own: fully with one rival, less with
    more, since what helps one rival also puts us ahead of the others."""
    return 2.0 / state["players"]


def _rival_gain(state, rival: int, want: list[str], give: list[str]) -> float:
    """What the kinds a rival asks for are worth to them, as far as the table can tell
    (their next country is known; their hand is not, so every kind counts as missing)."""
    needs = COUNTRIES[target_country(state, rival)]["needs"]
    center = COUNTRIES[state["center"]]["needs"]
    gain = 0.0
    for wanted in want:
        if wanted == "passport":
            gain += 10.0
        elif wanted in needs:
            gain += 6.0
        elif wanted in center:
            gain += 2.0
        else:
            gain += 0.6
    return gain - 0.6 * len(give)         # what they give, they could spare


def offer_plan(state, seat: int, style: Style = V2) -> tuple[int, list[str], list[str]] | None:
    """(partner, give, want) for an offer of ours, recomputed from the state alone."""
    draft = state["draft"]
    hand = state["hands"][seat]
    if draft is not None and draft.get("previous"):
        previous = draft["previous"]
        want = [kind(card) for card in previous["give"]
                if card_value(state, seat, hand + [card], card, style) > 1.0
                and want_capacity(state, seat, kind(card)) > 0][:1]
        give = cheapest(state, seat, hand, 1, style=style)
        if not want or not give:
            return None
        return draft["to"], give, want
    partners = [draft["to"]] if draft is not None else _trade_partners(state, seat, style)
    if style.trades_passports:
        plan = _passport_plan(state, seat, partners, style)
        if plan is not None:
            return plan
    missing = [k for k in missing_kinds(state, seat, hand)
               if k != "passport" and want_capacity(state, seat, k) > 0]
    if not missing:
        return None
    for partner in partners:
        give = _gifts_for(state, seat, partner, style)
        if give:
            return partner, give[:1], missing[:1]
    # nothing they need: offer a card we can spare, asking each player in turn
    give = cheapest(state, seat, hand, 1, style=style)
    if not give or card_value(state, seat, hand, give[0], style) > 1.0:
        return None
    if draft is not None:
        return draft["to"], give, missing[:1]
    if not style.hopeless_offers:
        return None    # a spare card for an item they hold: only a careless player agrees
    partner = partners[state["turn"] % len(partners)] if partners else None
    if partner is None or (state["visited"][partner] and not state["visited"][seat]):
        return None
    return partner, give, missing[:1]


def _passport_plan(state, seat, partners, style):
    """On the last leg, a steal can leave one player with two passports and another with
    none, and nobody travels without one. Whoever has none offers an item of the shared
    country for a passport; whoever has two offers the spare for an item they miss. The
    players racing with us are asked in turn; one who can mend it accepts."""
    racers = [partner for partner in partners if _races_with(state, seat, partner)]
    if not racers:
        return None
    partner = racers[state["turn"] % len(racers)]
    hand = state["hands"][seat]
    center = COUNTRIES[state["center"]]["needs"]
    passports = sorted(card for card in hand if kind(card) == "passport")
    if not passports and want_capacity(state, seat, "passport") > 0:
        items = sorted(card for card in hand if kind(card) in center)
        if items:
            give = min(items, key=lambda card: card_value(state, seat, hand, card, style))
            return partner, [give], ["passport"]
    if len(passports) >= 2:
        kinds = {kind(card) for card in hand}
        missing = [need for need in center if need not in kinds and want_capacity(state, seat, need) > 0]
        if missing:
            return partner, passports[-1:], missing[:1]
    return None


def _races_with(state, seat, partner) -> bool:
    """Both on the last leg: they need the very items we miss."""
    return state["visited"][seat] and state["visited"][partner]


def _gifts_for(state, seat, partner, style):
    """Cards of ours the partner needs for their next journey and we can spare."""
    hand = state["hands"][seat]
    partner_needs = COUNTRIES[target_country(state, partner)]["needs"]
    if state["visited"][partner] and not state["visited"][seat]:
        return []                          # never feed a rival on the last leg
    spare = [card for card in sorted(payable(hand))
             if kind(card) in partner_needs and card_value(state, seat, hand, card, style) < 1.5]
    return spare


def _trade_partners(state, seat, style):
    rivals = [other for other in others(state, seat) if state["hands"][other]]
    return sorted(rivals, key=lambda other: (state["visited"][other], -len(state["hands"][other]),
                                             _tie(state, seat, other, style)))


def _choose_draft_step(state, seat, moves, rng, style):
    plan = offer_plan(state, seat, style)
    draft = state["draft"]
    if plan is None or plan[0] != draft["to"]:
        return {"type": "offer_cancel"}
    _partner, give, want = plan
    have_give, have_want = draft_lists(draft)
    if have_give != give[:len(have_give)] or have_want != want[:len(have_want)]:
        return {"type": "offer_cancel"}
    for card in give[len(have_give):]:
        return {"type": "offer_give", "card": card}
    for wanted in want[len(have_want):]:
        move = {"type": "offer_want", "kind": wanted}
        return move if move in moves else {"type": "offer_cancel"}
    return {"type": "offer_send"}


def _choose_action(state, seat, moves, rng, style):
    hand = state["hands"][seat]
    by_type = {}
    for move in moves:
        by_type.setdefault(move["type"], []).append(move)

    if "travel" in by_type:
        return _best(state, seat, by_type["travel"],
                     lambda m: [c for c in hand if c not in m["cards"]], style)

    if any(is_forbidden(card) for card in hand):
        if "smuggle" in by_type:
            forbidden = [m for m in by_type["smuggle"] if is_forbidden(m["card"])]
            victim = _leader(state, seat, style)
            aimed = [m for m in forbidden if m["to"] == victim] or forbidden
            return aimed[0]
        if "dispose" in by_type:
            return _best(state, seat, by_type["dispose"],
                         lambda m: [c for c in hand if c not in (m["card"], m["extra"])], style)

    base = hand_value(state, seat, hand, style)
    draw_gain = expected_draw_gain(state, seat, hand, style)
    if not style.drawing_from_nothing and not state["deck"] and not state["discard"]:
        draw_gain = 0.0
    candidates = [(draw_gain, 0, {"type": "draw"})]

    def add(gain, priority, move):
        candidates.append((gain, priority, move))

    for move in by_type.get("recycle", []):
        after = [c for c in hand if c not in move["pay"]] + [move["take"]]
        add(hand_value(state, seat, after, style) - base, 1, move)
    for move in by_type.get("flea_market", []):
        after = [c for c in hand if c != "flea_market"] + [move["take"]]
        add(hand_value(state, seat, after, style) - base, 1, move)
    if "duty_free" in by_type:
        after = [c for c in hand if c != "duty_free"]
        add(hand_value(state, seat, after, style) - base + 2 * draw_gain, 1, by_type["duty_free"][0])
    if "guide" in by_type:
        after = [c for c in hand if c != "local_tour_guide"]
        add(hand_value(state, seat, after, style) - base + 2.2 * draw_gain, 1, by_type["guide"][0])
    if "trading_post" in by_type:
        junk = cheapest(state, seat, [c for c in hand if c != "trading_post"], 2, style=style)
        if junk:
            move = {"type": "trading_post", "cards": sorted(junk)}
            if move in by_type["trading_post"]:
                after = [c for c in hand if c not in junk and c != "trading_post"]
                add(hand_value(state, seat, after, style) - base + 2 * draw_gain, 1, move)

    steal_gain = _steal_gain(state, seat, hand, style)
    victim = _steal_victim(state, seat, style)
    if victim is not None and not _worth_stealing(state, seat, hand, victim, style):
        victim = None
    if victim is not None:
        for move in by_type.get("sticky_fingers", []):
            if move["target"] == victim:
                after = [c for c in hand if c != "sticky_fingers"]
                add(hand_value(state, seat, after, style) - base + steal_gain, 1, move)
        steals = [m for m in by_type.get("steal", []) if m["target"] == victim]
        if steals:
            if steals[0]["pay"] is None:
                add(steal_gain, 1, steals[0])
            else:
                pay = cheapest(state, seat, hand, 1, style=style)
                if pay:
                    move = {"type": "steal", "target": victim, "pay": pay[0]}
                    if move in steals:
                        add(steal_gain - card_value(state, seat, hand, pay[0], style) - 0.3, 1, move)

    if "propose" in by_type and state["offers_made"] == 0:
        plan = offer_plan(state, seat, style)
        if plan is not None:
            move = {"type": "propose", "to": plan[0]}
            if move in by_type["propose"]:
                add(draw_gain + 1.0, 2, move)

    # a random pick among the nearly best keeps bots out of endless stand-offs
    top = max(gain for gain, _priority, _move in candidates)
    near = sorted((c for c in candidates if c[0] >= top - 0.75), key=lambda c: (-c[0], -c[1]))
    return near[rng.randbelow(len(near), "bot")][2] if len(near) > 1 else near[0][2]


def _tie(state, seat, other, style):
    """Rank of ``other`` among the rivals when all else is equal: how many turns after
    ``seat`` they play, so that no seat is everyone's favourite victim (version 1:
    the seat number)."""
    return (other - seat) % state["players"] if style.fair_ties else other


def _leader(state, seat, style):
    rivals = others(state, seat)
    return max(rivals, key=lambda other: (state["visited"][other], len(state["hands"][other]),
                                          -_tie(state, seat, other, style)))


def _steal_victim(state, seat, style):
    rivals = [other for other in others(state, seat) if state["hands"][other]]
    if not rivals:
        return None
    hand = state["hands"][seat]
    # a big hand is likelier to hold what we miss and to survive the loss
    return max(rivals, key=lambda other: (_steal_odds(state, seat, hand, other)
                                          * min(style.victim_cap, len(state["hands"][other])),
                                          state["visited"][other], -_tie(state, seat, other, style)))


def _worth_stealing(state, seat, hand, victim, style):
    """Steal only from a full hand, or to stop a rival on the last leg.

    Every steal throws a card away, so a table that steals too often shrinks every
    hand below what a journey needs and nobody ever travels.
    """
    victim_size = len(state["hands"][victim])
    if state["visited"][victim] and not state["visited"][seat] and victim_size >= 4:
        return True
    if "passport" not in {kind(card) for card in hand} and victim_size >= 3:
        return True
    keep = style.steal_hand_among_many if state["players"] >= 3 else style.steal_hand
    return len(hand) >= keep and victim_size >= 4


def _steal_odds(state, seat, hand, victim):
    """Rough chance that a random card of ``victim`` is one we miss.

    Every unseen copy of a missing kind is spread evenly over the draw pile and the
    other hands, but players keep what their next country needs (and passports), so
    such a kind is weighted up for a victim who needs it too.
    """
    missing = missing_kinds(state, seat, hand)
    if not missing:
        return 0.0
    unseen = len(state["deck"]) + sum(len(h) for other, h in enumerate(state["hands"]) if other != seat)
    if unseen == 0:
        return 0.0
    victim_needs = COUNTRIES[target_country(state, victim)]["needs"]
    odds = 0.0
    for wanted in missing:
        copies = want_capacity(state, seat, wanted)
        bias = 2.5 if (wanted in victim_needs or wanted == "passport") else 1.0
        odds += bias * copies / unseen
    return min(1.0, odds)


def _steal_gain(state, seat, hand, style):
    victim = _steal_victim(state, seat, style)
    if victim is None:
        return 0.0
    gain = 0.6 + 6.0 * _steal_odds(state, seat, hand, victim)
    if state["visited"][victim]:
        gain += 1.0                       # slowing the leader down is worth something
    if len(hand) <= 3:
        gain -= 1.0                       # a small hand is better grown by drawing
    return gain
