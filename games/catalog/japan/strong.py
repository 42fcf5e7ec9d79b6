"""A stronger bot: determinized Monte Carlo search that plays to the end of the trip.

At a placement or a day bonus during planning the bot keeps its best few candidates (the
basic bot's estimate, one per card and day at its top or its bottom, walks trading the
weakest card). For each of a few *determinizations* — the cards its seat cannot see dealt
again at random from the unseen ones (the others' hands and stacks, its own stack and
walk cards, the decks), the others' plans and tokens as they were when the round opened —
it plays each candidate and its own following moves of the round through the rules' own
``decide`` and ``evolve`` (day bonuses, walks drawn and all), then finishes its plan: each
later round deals it cards from the same shuffled unseen pool, placed by the basic
bot's estimate, and the finished plan takes the trip (``run_trip``, the rules' own
scoring) with the trip's questions answered greedily. A candidate is worth its mean final
score; every candidate meets the same deals (common random numbers), so the comparison
is between moves, not luck. The trip has no hidden information left; there it answers
like the basic bot, which already tries every answer.

The search never reads another seat's live state, nor its own face-down walks:
``determinize`` builds the searched state from the seat's own data and the public
snapshot only.
"""
from __future__ import annotations

import copy

from .bot import _finish, _planning_move, _trip_move, plan_value
from .components import CARDS_PER_DAY, CITIES, DAYS, ROUND_TABLE, ROUNDS, all_cards, city_of
from .conditions import card
from .rules import PHASES_DONE, day_matches
from .trip import Track

CANDIDATES = 10
SAMPLES = 8
CHOICE = 2              # cards to choose from beyond those kept, in a searched future round


def known_cards(state: dict, seat: int) -> set:
    """Every card id the seat can place: public plans and discards, its own hand and plan."""
    shown = state["shown"]
    known = set(shown["discard"])
    for public in shown["seats"]:
        for column in public["plan"]:
            known |= {e["card"] for e in column if "card" in e}
    own = state["seats"][seat]
    known |= set(own["hand"])
    for column in own["plan"]:
        known |= {e["card"] for e in column if "card" in e}
    for move in own["round_moves"]:
        if move["type"] in ("discard", "walk"):
            known.add(move["card"])
    if state["agent"]:
        for column in state["agent"]["plan"]:
            known |= {e["card"] for e in column}
    return known


def determinize(state: dict, seat: int, rng) -> dict:
    """A full state consistent with what ``seat`` knows, the unknown cards dealt at random."""
    shown = state["shown"]
    own = state["seats"][seat]
    pool = [c for city in CITIES for c in all_cards(city) if c not in known_cards(state, seat)]
    rng.shuffle(pool, "bot")

    def take(count):
        taken = pool[:count]
        del pool[:count]
        return taken

    _, keep, _ = ROUND_TABLE[state["round"]]
    seats = []
    for index, public in enumerate(shown["seats"]):
        if index == seat:
            data = copy.deepcopy(own)
            data["stack"] = take(len(own["stack"]))
        else:
            data = {key: copy.deepcopy(public[key]) for key in
                    ("plan", "explore", "jokers", "luxury", "start_ticket", "mood", "joy", "stress")}
            data.update({"hand": take(public["hand"]), "stack": take(public["stack"]),
                         "phase": "play" if public["hand"] else PHASES_DONE, "plays_left": keep,
                         "discards_left": 0, "bonus_day": None, "bonus_tier": 0, "round_moves": []})
        for column in data["plan"]:
            for entry in column:
                if "walk" in entry:
                    entry["walk"] = take(1)[0] if pool else None
        seats.append(data)
    discard = list(shown["discard"]) + [m["card"] for m in own["round_moves"] if m["type"] in ("discard", "walk")]
    decks = {city: sorted(c for c in pool if city_of(c) == city) for city in CITIES}
    return {**state, "seats": seats, "discard": discard, "decks": decks,
            "agent": copy.deepcopy(state["agent"]), "trip": None}


def _bonus(tokens: dict, kind: str) -> None:
    if kind == "mood":
        track = Track(tokens["mood"], tokens["joy"], tokens["stress"])
        track.step(+1)
        tokens["mood"], tokens["joy"], tokens["stress"] = track.mood, track.joy, track.stress
    elif kind == "explore":
        tokens["explore"] += 2
    elif kind == "joker":
        tokens["jokers"] += 1
    elif kind == "luxury":
        tokens["luxury"] += 1


def _placed(plan, tokens, symbols, day) -> None:
    """The day bonus of a day just completed, as the quick policy takes it."""
    column = plan[day]
    if len(column) != CARDS_PER_DAY:
        return
    matches = day_matches(column, symbols[day])
    if matches == 1:
        _bonus(tokens, "mood")
    elif matches >= 3:
        _bonus(tokens, "luxury")
    elif matches == 2:
        _bonus(tokens, "joker")


def _greedy_place(plan, card_ids, symbols, tokens) -> str | None:
    """Place the best of ``card_ids`` at the top or the bottom of a day (the basic bot's
    estimate); returns the card placed."""
    base = plan_value(_face_down(plan))
    best = None
    for card_id in card_ids:
        entry = {"card": card_id}
        for day, column in enumerate(plan):
            if len(column) >= CARDS_PER_DAY:
                continue
            for position in {0, len(column)}:
                new_column = column[:position] + [entry] + column[position:]
                value = plan_value(_face_down(plan[:day] + [new_column] + plan[day + 1:])) - base
                if len(new_column) == CARDS_PER_DAY:
                    value += (0, 1, 2.5, 3.5)[min(day_matches(new_column, symbols[DAYS[day]]), 3)]
                if best is None or value > best[0]:
                    best = (value, card_id, day, position)
    if best is None:
        return None
    _, card_id, day, position = best
    plan[day].insert(position, {"card": card_id})
    _placed(plan, tokens, [symbols[d] for d in DAYS], day)
    return card_id


def _face_down(plan):
    return [[({"walk": None, "city": e["city"]} if "walk" in e else e) for e in column] for column in plan]


def _complete(plan, tokens, symbols, hand, plays_left, round_number, pool, rng) -> float:
    """Finish the seat's plan with the quick policy and cards dealt from ``pool``, then
    take the trip (answering its questions greedily): the final score."""
    hand = list(hand)
    for _ in range(plays_left):
        placed = _greedy_place(plan, hand, symbols, tokens)
        if placed is None:
            break
        hand.remove(placed)
    for number in range(round_number + 1, ROUNDS + 1):
        _, keep, _ = ROUND_TABLE[number]
        dealt = [pool.pop() for _ in range(min(len(pool), keep + CHOICE))]
        for _ in range(keep):
            placed = _greedy_place(plan, dealt, symbols, tokens)
            if placed is None:
                break
            dealt.remove(placed)
    return _finish(plan, tokens, [])


def _play_round_out(rules, searched, seat, move, rng) -> dict:
    """Make ``move`` and the seat's following moves of this round (the quick policy)
    through the rules' own ``decide`` and ``evolve``; the searched state after them."""
    number = searched["round"]
    for event in rules.decide(searched, seat, move, rng):
        searched = rules.evolve(searched, event)
    for _ in range(12):
        own = searched["seats"][seat]
        if searched["round"] != number or searched["phase"] != "planning" or own["phase"] == PHASES_DONE:
            break
        choice = _planning_move(rules, searched, seat, rules.legal_moves(searched, seat), rng)
        for event in rules.decide(searched, seat, choice, rng):
            searched = rules.evolve(searched, event)
    return searched


def choose_strong(rules, state, seat, rng) -> dict:
    moves = rules.legal_moves(state, seat)
    if not moves:
        raise RuntimeError("japan strong bot: no legal move")
    if state["phase"] == "trip":
        return _trip_move(rules, state, seat, moves)
    data = state["seats"][seat]
    if data["phase"] not in ("play", "bonus"):
        return _planning_move(rules, state, seat, moves, rng)
    candidates = _candidates(state, seat, moves)
    if len(candidates) == 1:
        return candidates[0]
    symbols = dict(zip(DAYS, state["symbols"]))
    totals = [0.0] * len(candidates)
    for _ in range(SAMPLES):
        # One deal of the unseen cards for every candidate (common random numbers): the
        # rest of this round through the rules, the later rounds dealt from the same pool.
        sample = determinize(state, seat, rng)
        unseen = sorted(c for city in CITIES for c in sample["decks"][city])
        rng.shuffle(unseen, "bot")
        for index, move in enumerate(candidates):
            searched = _play_round_out(rules, copy.deepcopy(sample), seat, move, rng)
            own = searched["seats"][seat]
            left = {c for city in CITIES for c in searched["decks"][city]}
            pool = [c for c in unseen if c in left]
            plan = [[dict(entry) for entry in column] for column in own["plan"]]
            tokens = {key: own[key] for key in ("mood", "joy", "stress", "jokers", "explore", "luxury",
                                                "start_ticket")}
            totals[index] += _complete(plan, tokens, symbols, [], 0, state["round"], pool, rng)
    best = max(range(len(candidates)), key=lambda index: totals[index])
    return candidates[best]


def _candidates(state, seat, moves) -> list[dict]:
    data = state["seats"][seat]
    if data["phase"] == "bonus":
        kinds = {}
        for move in moves:
            kinds.setdefault(move["bonus"], move)
        return list(kinds.values())
    plan = _face_down(data["plan"])
    base = plan_value(plan)
    # A middle position scores like the top, and a walk is worth the same whichever card it
    # discards: only the top and the bottom of a day, and walks of the weakest card, compete.
    weakest = min(data["hand"], key=lambda c: card(c).points + len(card(c).icons))
    scored = []
    for move in moves:
        day = DAYS.index(move.get("day", "mon"))
        if move["type"] not in ("place", "walk") or move["position"] not in (0, len(plan[day])):
            continue
        if move["type"] == "place":
            entry = {"card": move["card"]}
        elif move["card"] == weakest:
            entry = {"walk": None, "city": move["city"]}
        else:
            continue
        column = plan[day][:move["position"]] + [entry] + plan[day][move["position"]:]
        value = plan_value(plan[:day] + [column] + plan[day + 1:]) - base
        if len(column) == CARDS_PER_DAY:
            value += (0, 1, 2.5, 3.5)[min(day_matches(column, state["symbols"][day]), 3)]
        scored.append((value, len(scored), move))
    scored.sort(key=lambda item: (-item[0], item[1]))
    return [move for _, _, move in scored[:CANDIDATES]] or moves[:1]


choose_strong.version = 2
