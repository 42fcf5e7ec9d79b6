"""The basic Forest Shuffle: Smoky Mountains bot: a greedy player with a sense of value.

* Playing a card is worth what it adds to the seat's final score now (the whole forest
  rescored with the card in place), plus its effect and the bonus when the hand can pay
  with matching tree symbols, plus the slots a tree or river opens while dwellers wait in
  the hand, minus the cards it costs. Drawing two cards is worth a fixed amount, more
  when the hand is short. The better of the two is done.
* Second draws and "take" effects take a clearing card when it is clearly better than
  an unseen deck card; payment uses matching symbols when that earns the bonus, else the
  least useful cards; "tuck" always tucks (a cave card is a point).

It reads only its own hand and what is public.
"""
from __future__ import annotations

import copy

from . import components as C
from .scoring import all_scores, seat_score, stem_kind, summary

CARD_WORTH = 1.1      # what one hand card is worth when spent or kept
DRAW_WORTH = 2.6      # the value of action A with an ordinary hand


def species_worth(species: str) -> float:
    """A rough value of having this species in the forest, before its cost."""
    info = C.SPECIES[species]
    rule = info["score"]
    points = rule.get("flat", 3) if len(rule) == 1 and "flat" in rule else 3.0
    if info["effect"] or info["bonus"]:
        points += 0.7
    return points - 0.7 * info["cost"]


def card_worth(state: dict, seat: int, card: int) -> float:
    """How useful a hand card looks: its best form, slightly less if it has nowhere to go."""
    entry = C.CARDS[card]
    if entry["kind"] == "tree":
        return 3.5 - 0.4 * C.cost(card)
    if entry["kind"] == "river":
        return 2.8 - 0.4 * C.cost(card)
    best = -1.0
    kinds = {stem_kind(stem) for stem in state["forests"][seat]}
    for half in C.halves(card):
        species = C.species_of(card, half)
        worth = species_worth(species)
        if C.SPECIES[species]["water"] and not kinds & {"river", "river_tree"}:
            worth -= 1.0
        best = max(best, worth)
    return best


def _effect_worth(effect: dict | None, state: dict, room: int) -> float:
    if not effect or "whenever" in effect:
        return 1.5 if effect else 0.0
    if "draw" in effect:
        return 0.9 * min(effect["draw"], max(room, 0))
    if "take" in effect:
        return 1.2 if state["clearing"] and room > 0 else 0.0
    if "tuck" in effect:
        return 1.0
    if effect.get("clearing_to_cave"):
        return float(len(state["clearing"]))
    if effect.get("extra_turn"):
        return 2.5
    return 0.0


def _matching(hand: list[int], card: int, exclude=()) -> int:
    return sum(1 for other in hand if other != card and other not in exclude
               and C.symbol(other) == C.symbol(card))


def play_value(state: dict, seat: int, move: dict, base: float, scorer) -> float:
    hand = state["hands"][seat]
    card = move["card"]
    half = move.get("half")
    species = C.species_of(card, half)
    info = C.SPECIES[species]
    cost = info["cost"]
    forests = copy.copy(state["forests"])
    forest = [dict(stem, slots=dict(stem["slots"])) for stem in forests[seat]]
    forests[seat] = forest
    river = move.get("river")
    if half:
        forest[move["stem"]]["slots"][move["slot"]] = {"card": card, "half": half}
    else:
        forest.append({"card": card, "river": river, "slots": {}})
    gain = scorer(forests) - base
    room = C.HAND_LIMIT - (len(hand) - 1 - cost - (1 if river else 0))
    value = gain + _effect_worth(info["effect"], state, room)
    spare = [c for c in hand if c != card and c != river]
    if info["bonus"] and cost and _matching(spare, card) >= cost:
        value += _effect_worth(info["bonus"], state, room)
    value -= CARD_WORTH * cost
    if not half:
        # New slots matter while dwellers wait in the hand for a place.
        dwellers = sum(1 for c in spare if C.CARDS[c]["kind"] == "split")
        free = sum(1 for stem in state["forests"][seat] for slot in C.SLOTS[stem_kind(stem)]
                   if stem["slots"].get(slot) is None)
        slots = len(C.SLOTS["river_tree" if river else C.CARDS[card]["kind"]])
        value += min(slots, max(dwellers - free // 2, 0)) * 0.9 + 0.5
        if river is not None:
            value -= card_worth(state, seat, river)
    return value


def choose_move(rules, state: dict, seat: int, rng) -> dict:
    moves = rules.legal_moves(state, seat)
    kind = moves[0]["type"]
    step = state["step"]["kind"]
    hand = state["hands"][seat]
    if step == "pay":
        return {"type": "pay", "card": _payment(state, seat)}
    if step == "take":
        return max(moves, key=lambda m: card_worth(state, seat, m["card"]))
    if step == "tuck":
        return min((m for m in moves if m["type"] == "tuck"),
                   key=lambda m: card_worth(state, seat, m["card"]), default=moves[-1])
    if kind == "shelter":
        worst = sorted(hand, key=lambda c: card_worth(state, seat, c))[:2]
        return {"type": "shelter", "cards": sorted(worst)}
    if step == "draw":
        return _best_draw(state, seat, moves)
    plays = [m for m in moves if m["type"] == "play"]
    draws = [m for m in moves if m["type"] == "draw"]
    best, best_value = None, float("-inf")
    if plays:
        caves = [len(cave) for cave in state["caves"]]
        summaries = [summary(forest, cave) for forest, cave in zip(state["forests"], caves)]

        def scorer(forests):
            mine = list(summaries)
            mine[seat] = summary(forests[seat], caves[seat])
            return seat_score(forests, caves, seat, mine)["total"]

        base = all_scores(state["forests"], caves)[seat]["total"]
        for move in _distinct_plays(state, seat, plays):
            value = play_value(state, seat, move, base, scorer)
            if value > best_value:
                best, best_value = move, value
    if draws:
        draw_value = DRAW_WORTH if len(hand) < 9 else DRAW_WORTH / 2
        if len(hand) <= 3:
            draw_value += 2.0
        if best is None or draw_value > best_value:
            return _best_draw(state, seat, draws)
    return best


def _distinct_plays(state, seat, plays):
    """One play per (species, half, stem) - the slot does not change the score - and for
    a tree with a river only the least useful river card."""
    kept = {}
    rivers = {}
    for move in plays:
        card = move["card"]
        if "river" in move:
            worth = card_worth(state, seat, move["river"])
            key = ("river", C.species_of(card))
            if key not in rivers or worth < rivers[key][0]:
                rivers[key] = (worth, move)
            continue
        key = (C.species_of(card, move.get("half")), move.get("half"), move.get("stem"))
        kept.setdefault(key, move)
    return list(kept.values()) + [move for _worth, move in rivers.values()]


def _best_draw(state, seat, moves):
    best, best_worth = {"type": "draw", "source": "deck"}, 2.2
    for move in moves:
        if move["source"] == "clearing":
            worth = card_worth(state, seat, move["card"])
            if worth > best_worth:
                best, best_worth = move, worth
    if best not in moves:
        return moves[0]
    return best


def _payment(state, seat) -> int:
    step = state["step"]
    hand = state["hands"][seat]
    card = step["card"]
    left = step["cost"] - len(step["paid"])
    info = C.SPECIES[C.species_of(card, step["half"])]
    by_worth = sorted(hand, key=lambda c: (card_worth(state, seat, c), c))
    still_matching = all(C.symbol(paid) == C.symbol(card) for paid in step["paid"])
    if info["bonus"] and still_matching:
        matching = [c for c in by_worth if C.symbol(c) == C.symbol(card)]
        if len(matching) >= left:
            return matching[0]
    return by_worth[0]
