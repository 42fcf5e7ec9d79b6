"""The strong Harmonies bot: a determinized Monte Carlo search over the rules' own
``decide`` and ``evolve``, under a fixed budget of simulated moves.

The bot never looks at the real state beyond what ``view(state, seat)`` shows its
seat. From that view it rebuilds a complete state, filling what the seat cannot know
(the animal deck's contents in the solo game, other players' face-down spirit cards)
by sampling among the cards it has not seen. On that determinized state it searches
whole turn plans: which central space to take, whether and which card to take first,
where each token goes, which cubes follow. Each candidate first move is played out to
the end of the turn (its completions are sampled with the basic bot's policy, greedy
first, then with some randomness), and scored by the basic bot's board estimate plus
the points already won; the candidate whose best completion scores highest is played.
Within a turn every choice is the bot's own, so a plan is worth its best completion.
"""
from __future__ import annotations

import json
import random

from . import bot as basic
from . import components as C

MOVE_BUDGET = 160            # simulated moves per decision
PLAYOUT_LIMIT = 12           # moves per playout (a turn never needs more)
CARD_CHOICES = 3             # the best cards by the basic bot's judgement, plus "none"
PLACEMENT_CHOICES = 6        # the best token placements by the basic bot's judgement


class _SearchRng:
    """The small part of the RNG interface ``decide`` uses, for simulated moves."""

    def __init__(self, seed: int):
        self._random = random.Random(seed)

    def randbelow(self, n: int, purpose: str = "draw") -> int:
        return self._random.randrange(n)

    def sample(self, items, k, purpose="sample"):
        return self._random.sample(list(items), k)

    def shuffled(self, items, purpose="shuffle"):
        items = list(items)
        self._random.shuffle(items)
        return items


def determinize(view: dict, seat: int, rng: random.Random) -> dict:
    """A complete state consistent with ``view``, secrets sampled from the unseen."""
    players = view["players"]
    seen_animals = set(view["display"])
    for places in view["places"]:
        seen_animals |= {e["card"] for e in places if e}
    for done in view["done"]:
        seen_animals |= {e["card"] for e in done}
    unseen = sorted(set(C.ANIMAL_IDS) - seen_animals)
    deck = sorted(rng.sample(unseen, min(view["deck_count"], len(unseen))))
    seen_spirits = {s["card"] for s in view["spirit"] if s}
    seen_spirits |= set(view.get("spirit_deal") or [])
    spare = [card for card in C.SPIRIT_IDS if card not in seen_spirits]
    rng.shuffle(spare)
    deals = []
    for other in range(players):
        if other == seat:
            deals.append(list(view.get("spirit_deal") or []))
        elif view["spirit_choosing"][other]:
            deals.append(sorted(spare.pop() for _ in range(C.SPIRIT_CARDS_DEALT)))
        else:
            deals.append([])
    return {
        "phase": view["phase"], "players": players, "solo": view["solo"],
        "side": view["side"], "spirits": view["spirits"], "first": view["first"],
        "current": view["current"], "turns": view["turns"],
        "pouch": dict(view["pouch"]),
        "central": [list(tokens) for tokens in view["central"]],
        "deck": deck, "display": list(view["display"]), "reserve": view["reserve"],
        "boards": [[list(cell["stack"]) for cell in board] for board in view["boards"]],
        "cubes": [[cell["cube"] for cell in board] for board in view["boards"]],
        "places": [[dict(e) if e else None for e in places] for places in view["places"]],
        "done": [[dict(e) for e in done] for done in view["done"]],
        "spirit_deal": deals,
        "spirit_returned": [None] * players,
        "spirit": [dict(s) if s else None for s in view["spirit"]],
        "turn": {"taken": view["turn"]["taken"], "hand": list(view["turn"]["hand"]),
                 "card_taken": view["turn"]["card_taken"]},
        "end_trigger": (dict(view["end_trigger"]) if view["end_trigger"] else None),
    }


def _clone(state):
    return json.loads(json.dumps(state))


def _value(rules, state, seat) -> float:
    """Points won so far plus the basic bot's estimate of what the board promises."""
    weight = basic._weight(state)
    evaluator = basic._Evaluator(state, seat, weight)
    won = rules.scores(state)[seat]
    landscape = sum(won[key] for key in ("trees", "mountains", "fields", "buildings", "water"))
    return evaluator.base - landscape + won["total"]


def _policy(rules, state, seat, rng: random.Random, noisy: bool) -> dict:
    """The basic bot's move, or with ``noisy`` now and then one of its runners-up."""
    if noisy and state["turn"]["hand"] and rng.random() < 0.5:
        weight = basic._weight(state)
        table = basic._gain_table(state, seat, sorted(set(state["turn"]["hand"])), weight)
        ranked = sorted(table.items(), key=lambda item: -item[1])[:3]
        (colour, space), _ = ranked[rng.randrange(len(ranked))]
        return {"type": "place_token", "colour": colour, "space": space}
    return basic.choose_move(rules, state, seat, _SearchRng(rng.randrange(1 << 30)))


def _playout(rules, state, seat, first_move, rng, noisy) -> tuple[float, int]:
    """Play ``first_move`` and the rest of the turn on a copy; (value, moves used)."""
    state = _clone(state)
    search_rng = _SearchRng(rng.randrange(1 << 30))
    moves = 0
    move = first_move
    while True:
        for event in rules.decide(state, seat, move, search_rng):
            state = rules.evolve(state, event)
        moves += 1
        if state["phase"] != "play" or state["current"] != seat or moves >= PLAYOUT_LIMIT:
            break
        move = _policy(rules, state, seat, rng, noisy)
        if move["type"] == "end_turn":
            break
    return _value(rules, state, seat), moves


def _candidates(rules, state, seat, moves) -> list[dict]:
    by_type: dict[str, list[dict]] = {}
    for move in moves:
        by_type.setdefault(move["type"], []).append(move)
    candidates: list[dict] = []
    if "take_card" in by_type and state["turn"]["taken"] is None:
        cards = sorted({m["card"] for m in by_type["take_card"]},
                       key=lambda card: -basic._card_value(state, seat, card))[:CARD_CHOICES]
        for card in cards:
            place = min(m["place"] for m in by_type["take_card"] if m["card"] == card)
            candidates.append({"type": "take_card", "card": card, "place": place})
    candidates += by_type.get("take_tokens", [])
    if "place_token" in by_type:
        weight = basic._weight(state)
        table = basic._gain_table(state, seat, sorted(set(state["turn"]["hand"])), weight)
        best = sorted(table.items(), key=lambda item: -item[1])[:PLACEMENT_CHOICES]
        candidates += [{"type": "place_token", "colour": colour, "space": space}
                       for (colour, space), _ in best]
    return candidates


def choose_move(rules, state, seat, rng):
    view = rules.view(state, seat)          # the only look at the game the bot takes
    del state
    search = random.Random(rng.randbelow(1 << 62, "bot"))
    world = determinize(view, seat, search)
    moves = rules.legal_moves(world, seat)
    types = {move["type"] for move in moves}
    # Spirit choice, cubes and the end of the turn: the basic bot's judgement.
    if types & {"choose_spirit", "place_cube"} or len(moves) == 1:
        return basic.choose_move(rules, world, seat, _SearchRng(search.randrange(1 << 30)))
    candidates = _candidates(rules, world, seat, moves)
    if not candidates:
        return basic.choose_move(rules, world, seat, _SearchRng(search.randrange(1 << 30)))
    best_value = {}
    budget = MOVE_BUDGET
    for candidate in candidates:                     # one greedy completion each
        value, used = _playout(rules, world, seat, candidate, search, noisy=False)
        best_value[json.dumps(candidate, sort_keys=True)] = value
        budget -= used
    ranked = sorted(candidates, key=lambda m: -best_value[json.dumps(m, sort_keys=True)])
    index = 0
    while budget > 0 and ranked:                     # noisy completions for the leaders
        candidate = ranked[index % min(3, len(ranked))]
        value, used = _playout(rules, world, seat, candidate, search, noisy=True)
        key = json.dumps(candidate, sort_keys=True)
        best_value[key] = max(best_value[key], value)
        budget -= used
        index += 1
    return max(ranked, key=lambda m: (best_value[json.dumps(m, sort_keys=True)],
                                      -ranked.index(m)))


choose_move.version = 1
