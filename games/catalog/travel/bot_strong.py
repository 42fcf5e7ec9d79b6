"""Travel's strong bot: determinized Monte Carlo over the rules, the basic bot playing out.

Hidden from a seat: the other hands and the order of the draw pile. Some of those
cards the seat has seen and keeps in place: the cards an offer made to it gives (also
while it drafts a counter-offer), the
whole hand of a traveller whose journey it may still react to, and the cards a Local
Tour Guide showed it on top of the pile.
"""
from __future__ import annotations

from collections import Counter

from games.engine.search import Budget, SimulationRng, canonical_key, clone, margin_value, redeal, strong_bot

from .bot import card_value, choose_move, choose_move_v2, hand_value


def _known_cards(state: dict, seat: int) -> dict[int, Counter]:
    """Cards of other hands the seat has seen, by holder."""
    known: dict[int, Counter] = {}
    offer = state["offer"]
    if offer is not None and seat == offer["to"]:
        known.setdefault(offer["by"], Counter()).update(offer["give"])
    draft = state["draft"]
    if draft is not None and seat == draft["by"] and draft.get("previous"):
        # a counter-offer: the offer it answers showed what its sender would give
        known.setdefault(draft["to"], Counter()).update(draft["previous"]["give"])
    window, revealed = state["window"], state["revealed"]
    if window is not None and window["kind"] == "travel" and revealed is not None and revealed["seat"] != seat:
        known[revealed["seat"]] = Counter(revealed["hand"])
    return known


def determinize(state: dict, seat: int, rng) -> dict:
    """The other hands and the pile dealt anew from the cards the seat has not seen,
    every size kept; seen cards stay where the seat saw them."""
    others = [other for other in range(state["players"]) if other != seat]
    known = _known_cards(state, seat)
    hidden_hands = []
    for other in others:
        rest = Counter(state["hands"][other]) - known.get(other, Counter())
        hidden_hands.append(sorted(rest.elements()))
    guide = state["guide"]
    shown = set(guide["cards"]) if guide is not None and guide["seat"] == seat else set()
    pile_slots = [index for index, card in enumerate(state["deck"]) if card not in shown]
    dealt = redeal(hidden_hands + [[state["deck"][index] for index in pile_slots]], rng)
    for other, hand in zip(others, dealt):
        state["hands"][other] = sorted(known.get(other, Counter()).elements()) + hand
    for index, card in zip(pile_slots, dealt[-1]):
        state["deck"][index] = card
    return state


def _progress(state: dict, seat: int) -> float:
    return (40.0 if state["visited"][seat] else 0.0) + hand_value(state, seat, state["hands"][seat])


def evaluate(rules, state: dict, seat: int) -> float:
    scores = [_progress(state, other) for other in range(state["players"])]
    return margin_value(scores[seat], [value for other, value in enumerate(scores) if other != seat], 8.0)


# Version 1 searched every decision, among the basic bot's move and four moves drawn at
# random, with rollouts cut off after 30 moves, played out by the basic bot's version 2;
# kept so the audit re-runs its moves.
choose_move_strong_v1 = strong_bot(basic=choose_move_v2, determinize=determinize, evaluate=evaluate,
                                   budget=Budget(worlds=4, candidates=5, rollout_moves=30), version=1)


def _action_gain(state: dict, seat: int, move: dict) -> float:
    """A rough worth of an action, for the order of the shortlist: the hand after it,
    against the hand before. Actions without a card cost (draw, propose, specials)
    rank just above a neutral recycle."""
    hand = state["hands"][seat]
    kind = move["type"]
    if kind == "travel":
        return 100.0
    if kind == "recycle":
        after = [card for card in hand if card not in move["pay"]] + [move["take"]]
        return hand_value(state, seat, after) - hand_value(state, seat, hand)
    if kind == "steal":
        return 0.5 - (card_value(state, seat, hand, move["pay"]) if move.get("pay") else 0.0)
    return 1.0


def shortlist(rules, state: dict, seat: int, moves: list[dict], rng) -> list[dict]:
    """The moves of a decision in the order of ``_action_gain`` (ties canonical)."""
    if state["discards_due"] or state["step"] != "action":
        return sorted(moves, key=canonical_key)
    return sorted(moves, key=lambda move: (-_action_gain(state, seat, move), canonical_key(move)))


_search = strong_bot(basic=choose_move, determinize=determinize, evaluate=evaluate, shortlist=shortlist,
                     budget=Budget(worlds=4, candidates=3, rollout_moves=40))

# The decisions worth a search: the turn's action and the answer to an offer. The
# steps of drafting an offer, a discard and a reaction follow the basic bot.
SEARCHED_STEPS = ("action", "offer")


def choose_move_strong(rules, state: dict, seat: int, rng) -> dict:
    if state["discards_due"] or state["step"] not in SEARCHED_STEPS:
        return _basic_in_a_sampled_world(rules, state, seat, rng)
    return _search(rules, state, seat, rng)


def _basic_in_a_sampled_world(rules, state: dict, seat: int, rng) -> dict:
    # The basic bot decides in a world sampled from what the seat knows, so the
    # strong level reads no hidden card even where it does not search.
    world = determinize(clone(state), seat, SimulationRng(rng.randbelow(1 << 62, "bot")))
    return choose_move(rules, world, seat, rng)


choose_move_strong.version = 2
choose_move_strong.budget = _search.budget
