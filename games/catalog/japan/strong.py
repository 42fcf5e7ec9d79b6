"""A stronger bot: determinized Monte Carlo search over the rules' own decide and evolve.

At a placement (or day bonus) during planning, the bot keeps the basic bot's best few
candidates, then for each of a few *determinizations* (the hidden cards dealt again at
random, consistent with what its own seat may know: its hand, its plan, the plans,
tokens, hand and stack sizes everybody saw when the round opened, the public discard
pile) plays each candidate and the following moves of every seat with a quick policy
through ``rules.decide`` and ``rules.evolve``, until the end of the next round or until
the fixed move budget is spent. A candidate is worth its mean final margin: its own plan's
estimate minus the best other plan's (the travel agent's score when solo). The trip has no
hidden information left; there it answers like the basic bot, which already tries every
answer.

The search never reads another seat's live state: ``determinize`` builds the searched
state from the seat's own data and the public snapshot only.
"""
from __future__ import annotations

import copy

from .bot import _finish, _planning_move, _trip_move, _with, plan_value
from .components import CARDS_PER_DAY, CITIES, DAYS, ROUND_TABLE, ROUNDS, all_cards, city_of
from .rules import PHASES_DONE, day_matches
from .trip import Track

CANDIDATES = 5
SAMPLES = 4
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


def _unknown_pool(state: dict, seat: int) -> list[str]:
    return [c for city in CITIES for c in all_cards(city) if c not in known_cards(state, seat)]


def _own_plan(data: dict, pool: list[str]) -> list[list[dict]]:
    """The seat's plan with its face-down walks given cards from the unknown pool: the
    state knows which card each walk is, the seat does not."""
    plan = []
    for column in data["plan"]:
        entries = []
        for entry in column:
            if "walk" in entry:
                entries.append({**entry, "walk": pool.pop() if pool else None})
            else:
                entries.append(dict(entry))
        plan.append(entries)
    return plan


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


def _apply_candidate(plan, tokens, move, symbols, pool) -> str | None:
    """Make ``move`` on the searched copy; returns the card it took from the hand."""
    if move["type"] == "bonus":
        if move["bonus"] == "walk":
            day = tokens.pop("bonus_day")
            plan[day].insert(move["position"], {"walk": pool.pop(), "city": move["city"], "bonus": True})
        else:
            tokens.pop("bonus_day", None)
            _bonus(tokens, move["bonus"])
        return None
    day = DAYS.index(move["day"])
    if move["type"] == "place":
        plan[day].insert(move["position"], {"card": move["card"]})
    else:
        plan[day].insert(move["position"], {"walk": pool.pop(), "city": move["city"], "bonus": False})
        tokens["explore"] += 1
    _placed(plan, tokens, [symbols[d] for d in DAYS], day)
    return move["card"]


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
    unknown = sorted(_unknown_pool(state, seat))
    totals = [0.0] * len(candidates)
    for _ in range(SAMPLES):
        # The same deal of unknown cards for every candidate (common random numbers).
        sample = list(unknown)
        rng.shuffle(sample, "bot")
        for index, move in enumerate(candidates):
            pool = list(sample)
            plan = _own_plan(data, pool)
            tokens = {key: data[key] for key in ("mood", "joy", "stress", "jokers", "explore", "luxury",
                                                 "start_ticket")}
            if data["phase"] == "bonus":
                tokens["bonus_day"] = data["bonus_day"]
            hand = list(data["hand"])
            used = _apply_candidate(plan, tokens, move, symbols, pool)
            if used is not None:
                hand.remove(used)
            plays_left = data["plays_left"] - (used is not None)
            totals[index] += _complete(plan, tokens, symbols, hand, plays_left, state["round"], pool, rng)
    best = max(range(len(candidates)), key=lambda index: totals[index])
    return candidates[best]


def _candidates(state, seat, moves) -> list[dict]:
    data = state["seats"][seat]
    if data["phase"] == "bonus":
        kinds = {}
        for move in moves:
            kinds.setdefault(move["bonus"], move)
        return list(kinds.values())
    plan = [[({"walk": None, "city": e["city"]} if "walk" in e else e) for e in column] for column in data["plan"]]
    base = plan_value(plan)
    scored = []
    for move in moves:
        if move["type"] == "place":
            entry = {"card": move["card"]}
        elif move["type"] == "walk" and move["city"] == "tokyo":
            entry = {"walk": None, "city": "tokyo"}
        else:
            continue
        day = DAYS.index(move["day"])
        value = plan_value(_with(plan, day, move["position"], entry)) - base
        if len(plan[day]) + 1 == CARDS_PER_DAY:
            value += 1
        scored.append((value, len(scored), move))
    scored.sort(key=lambda item: (-item[0], item[1]))
    return [move for _, _, move in scored[:CANDIDATES]] or moves[:1]


choose_strong.version = 2
