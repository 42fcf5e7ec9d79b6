"""Travel's strong bot: determinized Monte Carlo over the rules, the basic bot playing out.

Hidden from a seat: the other hands and the order of the draw pile. Some of those
cards the seat has seen and keeps in place: the cards an offer made to it gives (also
while it drafts a counter-offer), the
whole hand of a traveller whose journey it may still react to, and the cards a Local
Tour Guide showed it on top of the pile.
"""
from __future__ import annotations

from collections import Counter

from games.engine.search import Budget, margin_value, redeal, strong_bot

from .bot import choose_move_v2, hand_value


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


choose_move_strong = strong_bot(basic=choose_move_v2, determinize=determinize, evaluate=evaluate,
                                budget=Budget(worlds=4, candidates=5, rollout_moves=30), version=1)
