"""Forest Shuffle: Smoky Mountains' strong bot: determinized Monte Carlo over the rules'
own ``decide`` and ``evolve`` (games/engine/search.py), the basic bot playing out.

Hidden from a seat: the other hands, the cards removed at setup, what is left in the
deck, the faces of the others' universal rivers and what lies in their caves. A sampled
world pools every one of those cards (all cards but the ones the seat sees: its hand,
cave and rivers, the forests, the clearing, the winters) and deals them back in the same
numbers. The deck's three piles keep their sizes and their winters (which winter lies in
which pile follows from the setup alone), so the game still ends in the bottom third.

The search is spent where a turn is decided, on the choice of action (which card to
play, as which half and where, or to draw); the second draw, paying, taking and tucking
follow the basic bot. The candidates are the basic bot's move, its best draw and the
plays it values most. A rollout lets the basic bot play every seat for a few turns; a
cut-off position is scored by the points on the table plus what the hand promises.
The budget is small (a 2-core server plays these moves for every table), counted in
worlds, candidates and moves, never in time, so the audit re-derives every move.
"""
from __future__ import annotations

from games.engine.search import Budget, margin_value, redeal, strong_bot

from . import components as C
from .bot import CARD_WORTH, _best_draw, _distinct_plays, choose_move, play_value
from .scoring import all_scores, seat_score, summary

SEARCHED_STEPS = ("action",)


def determinize(state: dict, seat: int, rng) -> dict:
    """A state the seat cannot tell from the real one: every card it has not seen dealt
    anew to the places that hide cards, each place keeping its size."""
    players = state["players"]
    others = [other for other in range(players) if other != seat]
    places = [state["hands"][other] for other in others]
    places.append(state["removed"])
    places += [[card for card in pile if not C.is_winter(card)] for pile in state["piles"]]
    rivers = [(other, index) for other in others
              for index, stem in enumerate(state["forests"][other]) if stem.get("river") is not None]
    places.append([state["forests"][other][index]["river"] for other, index in rivers])
    places += [state["caves"][other] for other in others]
    dealt = iter(redeal(places, rng))
    for other in others:
        state["hands"][other] = sorted(next(dealt))
    state["removed"] = sorted(next(dealt))
    state["piles"] = [sorted(next(dealt) + [card for card in pile if C.is_winter(card)])
                      for pile in state["piles"]]
    for (other, index), card in zip(rivers, next(dealt)):
        state["forests"][other][index]["river"] = card
    for other in others:
        state["caves"][other] = sorted(next(dealt))
    return state


HAND_WORTH = CARD_WORTH       # a hand card, as the basic bot values a card kept or spent
HAND_CAP = 8                  # cards beyond these rarely reach the forest in time


def standing(state: dict, other: int, totals: list[int]) -> float:
    """A seat's points on the table plus the promise of its hand."""
    return totals[other] + HAND_WORTH * min(len(state["hands"][other]), HAND_CAP)


def evaluate(rules, state: dict, seat: int) -> float:
    totals = [row["total"] for row in all_scores(state["forests"], [len(cave) for cave in state["caves"]])]
    values = [standing(state, other, totals) for other in range(state["players"])]
    return margin_value(values[seat], [value for other, value in enumerate(values) if other != seat], 8.0)


def _scorer(state: dict, seat: int):
    """The basic bot's scorer of a changed forest, and the seat's points as they stand."""
    caves = [len(cave) for cave in state["caves"]]
    summaries = [summary(forest, cave) for forest, cave in zip(state["forests"], caves)]

    def scorer(forests):
        mine = list(summaries)
        mine[seat] = summary(forests[seat], caves[seat])
        return seat_score(forests, caves, seat, mine)["total"]

    return scorer, all_scores(state["forests"], caves)[seat]["total"]


def shortlist(rules, state: dict, seat: int, moves: list, rng) -> list:
    """The best draw, then the distinct plays by the basic bot's value, best first."""
    draws = [move for move in moves if move["type"] == "draw"]
    plays = [move for move in moves if move["type"] == "play"]
    ordered = [_best_draw(state, seat, draws)] if draws else []
    if plays:
        scorer, base = _scorer(state, seat)
        ranked = sorted(_distinct_plays(state, seat, plays),
                        key=lambda move: -play_value(state, seat, move, base, scorer))
        ordered += ranked
    return ordered


STRONG_BUDGET = Budget(worlds=2, candidates=4, rollout_moves=8)

_search = strong_bot(basic=choose_move, determinize=determinize, evaluate=evaluate, shortlist=shortlist,
                     budget=STRONG_BUDGET, version=1)


def choose_move_strong(rules, state: dict, seat: int, rng) -> dict:
    """Search the choice of action; every other step follows the basic bot."""
    if state["step"]["kind"] not in SEARCHED_STEPS:
        return choose_move(rules, state, seat, rng)
    return _search(rules, state, seat, rng)


choose_move_strong.version = 1
choose_move_strong.budget = STRONG_BUDGET
