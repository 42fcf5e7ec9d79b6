"""A greedy Momiji bot: scores every legal move by a quick estimate of the position.

The estimate of a seat's position is its points if the game ended now, plus the
promise of open stacks and of the cards in hand, scaled by how much of the game
is left. Moves are evaluated without running the rules (a play changes only the
row and the hand), which keeps a whole 4-player game well under a second.
"""
from __future__ import annotations

from . import components as C
from .rules import _find_stack, played_row
from .scoring import acorn_pair_gain, is_closed, measure

GROWTH = 1.2          # how much an open stack's top is expected to rise, at the start
POWER_ORDER = ["stone_lantern", "temple_garden", "hot_spring", "sunset_pier", "moon_viewing",
               "cedar_gate", "koi_pond", "mountain_path", "pilgrim_road", "bamboo_grove",
               "fox_shrine", "lotus_pond", "river", "twin_bridge", "autumn_wind"]


def _remaining(state) -> float:
    """Share of the game still to come (1 at the start, 0 at the end)."""
    total = C.COPIES_PER_VALUE * len(C.VALUES) * len(state["leaf_types"])
    dealt = C.HAND_SIZE * state["players"] + C.DISPLAY_SIZE
    by_deck = len(state["deck"]) / max(1, total - dealt)
    by_torii = 1 - state["torii"] / state["torii_limit"]
    return max(0.0, min(by_deck, by_torii, 1.0))


def _stack_value(stack: dict, r: float) -> float:
    values = stack["values"]
    top = values[-1]
    if top == 3:
        return 3.0 * len(values)
    return len(values) * (top + GROWTH * r)


def _card_value(card: str, row: list[dict], r: float) -> float:
    leaf, value = C.CARD_LEAF[card], C.CARD_VALUE[card]
    index = _find_stack(row, leaf)
    if index < 0:
        return 0.5 + 0.6 * r if value == 0 else 0.25 * r * (value + 1)
    top = row[index]["values"][-1]
    if top == 3 or value < top:
        return 0.1
    if value <= top + 1:
        return 0.5 * (value + GROWTH * r)
    return 0.3 * r * (value + 1)


def _objective_value(state, seat, row, extra=None) -> float:
    """Objective points this seat would score now (``extra``: a new token held by it)."""
    entries = list(state["active_objectives"])
    if extra:
        entries.append({"objective": extra, "holder": seat})
    total = 0.0
    for entry in entries:
        name = entry["objective"]
        mine = measure(row, name)
        if mine <= 0:
            continue
        if state["solo"]:
            if entry["holder"] == seat:
                target = C.OBJECTIVES[name]["solo_target"]
                total += 10.0 if mine >= target else 10.0 * mine / target * 0.6
            continue
        best_other = max(measure(other, name) for s, other in enumerate(state["rows"]) if s != seat)
        points = 10.0 if entry["holder"] == seat else 3.0
        if mine >= best_other:
            total += points
        elif mine == best_other - 1:
            total += points * 0.35
    return total


# Version 2 of the bot: a hand is worth only the cards it can still play. A seat plays
# about two cards a turn, so of the cards in hand only the best few count, fewer as
# the game runs out; in the last round (rules version 2) a kept card is worth nothing.
# Version 1 counted every card in hand, so it collected turn after turn and some seats
# never played a leaf.
PLAYS_AT_START = 14   # cards a seat can still hope to play at the start of the game


def _hand_value(state, row, hand, r, capped: bool) -> float:
    values = [_card_value(card, row, r) for card in hand]
    if not capped:
        return sum(values)
    if state.get("final_round"):
        return 0.0
    playable = max(2, round(PLAYS_AT_START * r))
    return sum(sorted(values, reverse=True)[:playable])


def _evaluate(state, seat, row, hand, acorns, r, extra_objective=None, capped=True) -> float:
    return (sum(_stack_value(stack, r) for stack in row)
            + _hand_value(state, row, hand, r, capped)
            + acorns
            + _objective_value(state, seat, row, extra_objective))


def _without(hand: list[str], cards: list[str]) -> list[str]:
    rest = list(hand)
    for card in cards:
        rest.remove(card)
    return rest


def choose_move(rules, state, seat, rng) -> dict:
    return _choose(rules, state, seat, rng, capped=True)


choose_move.version = 2


def choose_move_v1(rules, state, seat, rng) -> dict:
    """The first version, kept so the audit re-runs old games' bot moves exactly."""
    return _choose(rules, state, seat, rng, capped=False)


def _choose(rules, state, seat, rng, *, capped: bool) -> dict:
    moves = rules.legal_moves(state, seat)
    if not moves:
        raise RuntimeError("momiji bot asked to move with no legal move")
    if state["phase"] == "draft":
        pool = [move["power"] for move in moves]
        best = min(pool, key=POWER_ORDER.index)
        return {"type": "choose_landscape", "power": best}

    r = _remaining(state)
    row, hand, acorns = state["rows"][seat], state["hands"][seat], state["acorns"][seat]
    now = _evaluate(state, seat, row, hand, acorns, r, capped=capped)
    display = state["display"]

    def collect_gain(cards):
        if capped:
            return _evaluate(state, seat, row, hand + cards, acorns, r) - now
        return sum(_card_value(card, row, r) for card in cards)

    best_collect = 0.0
    for leaf in {C.CARD_LEAF[card] for card in display}:
        best_collect = max(best_collect, collect_gain([c for c in display if C.CARD_LEAF[c] == leaf]))

    best_score, best_moves = None, []
    for move in moves:
        kind = move["type"]
        if kind == "pass":
            score = now
        elif kind == "collect":
            cards = [card for card in display if C.CARD_LEAF[card] == move["leaf"]]
            score = now + collect_gain(cards)
        elif kind == "reveal":
            score = now - 1 + max(best_collect, 1.8) + (0.3 if best_collect < 1.0 else -1.0)
        elif kind == "play":
            new_row = played_row(row, move["cards"], move.get("side"))
            gain = 0
            if len({C.CARD_LEAF[card] for card in move["cards"]}) > 1:
                gain = acorn_pair_gain(new_row)
            score = _evaluate(state, seat, new_row, _without(hand, move["cards"]),
                              acorns + gain, r, capped=capped)
            # Future acorn pairs: a pair showing now pays again on later mixed plays.
            score += 0.5 * r * acorn_pair_gain(new_row)
        elif kind == "activate":
            score = _evaluate(state, seat, row, hand, acorns - C.ACTIVATION_COST, r,
                              move["objective"], capped=capped) + _objective_hope(state, seat, move["objective"], r)
        elif kind == "discard":
            if capped:
                score = _evaluate(state, seat, row, _without(hand, move["cards"]),
                                  acorns + C.DISCARD_GAIN, r)
            else:
                score = (now + C.DISCARD_GAIN - sum(_card_value(card, row, r) for card in move["cards"]))
        else:
            score = _power_score(state, seat, move, now, r, best_collect, capped)
        if best_score is None or score > best_score + 1e-9:
            best_score, best_moves = score, [move]
        elif abs(score - best_score) <= 1e-9:
            best_moves.append(move)
    return best_moves[rng.randbelow(len(best_moves), "bot")]


def _objective_hope(state, seat, objective, r) -> float:
    """A little credit for an objective we do not lead yet but might, early on."""
    if state["solo"]:
        return 0.0
    mine = measure(state["rows"][seat], objective)
    others = max(measure(other, objective) for s, other in enumerate(state["rows"]) if s != seat)
    if mine < others - 1:
        return 2.0 * r
    return 0.0


def _power_score(state, seat, move, now, r, best_collect, capped) -> float:
    power = move["power"]
    row, hand, acorns = state["rows"][seat], state["hands"][seat], state["acorns"][seat]
    cost = C.POWER_COST
    if power == "hot_spring":
        return now - cost + 2
    if power == "moon_viewing":
        return now - cost + 2 * sum(1 for stack in row if is_closed(stack))
    if power == "pilgrim_road":
        return now - cost + len(row) // 2
    if power == "sunset_pier":
        return now - cost + acorn_pair_gain(row)
    if power in ("bamboo_grove", "autumn_wind"):
        bonus = 1.2 if not state["turn"]["main"] and best_collect < 1.0 else 0.0
        return now - cost + bonus
    if power == "river":
        return now - cost + 0.6 * r + 0.2
    if power == "mountain_path":
        return now - cost + _card_value(move["take"], row, r)
    if power == "temple_garden":
        cards = [card for card in state["display"] if C.CARD_LEAF[card] == move["leaf"]]
        return now - cost + sum(_card_value(card, row, r) for card in cards)
    if power in ("stone_lantern", "cedar_gate"):
        new_row = played_row(row, [move["card"]], None)
        return _evaluate(state, seat, new_row, _without(hand, [move["card"]]), acorns - cost, r, capped=capped)
    if power == "twin_bridge":
        i = move["position"]
        swapped = list(row)
        swapped[i], swapped[i + 1] = swapped[i + 1], swapped[i]
        return now - cost + 0.5 * r * (acorn_pair_gain(swapped) - acorn_pair_gain(row))
    if power == "fox_shrine":
        index = _find_stack(row, move["leaf"])
        stack = row[index]
        card = C.card_code(stack["leaf"], stack["values"][-1])
        new_row = list(row)
        new_row[index] = {"leaf": stack["leaf"], "values": stack["values"][:-1]}
        return _evaluate(state, seat, new_row, hand + [card], acorns - cost, r, capped=capped)
    if power == "koi_pond":
        return (now - cost + _card_value(move["take"], row, r)
                - _card_value(move["card"], row, r))
    if power == "lotus_pond":
        return (now - cost + len(move["cards"]) * (0.6 * r + 0.2)
                - sum(_card_value(card, row, r) for card in move["cards"]))
    return now - 10
