"""The basic Harmonies bot: greedy, but it plans habitats.

Every atomic move is chosen by a quick estimate of the seat's board: its points if
the game ended now, plus the promise of half-built landscapes (a trunk, a lone field)
and of every animal card it holds (how much of the card's best habitat placement is
already built, times the points its next cube would add). The order inside a turn is
fixed: choose a spirit card, place every cube that fits, take the card that suits the
board best, take the central space whose tokens raise the estimate most, place the
tokens one by one where they help most, end the turn.

Everything is computed from the seat's own view of the position (boards, display,
its own cards), never from the pouch or the deck.
"""
from __future__ import annotations

from functools import lru_cache

from . import board as B
from . import components as C
from .rules import stacking_problem
from .scoring import is_building, is_mountain, landscape_scores, top

SPIRIT_PREFERENCE = [42, 36, 40, 35, 39, 34, 41, 33, 37, 38]


@lru_cache(maxsize=None)
def cell_progress(stack: tuple, requirement: str) -> float:
    """How far ``stack`` is along the way to ``requirement`` (0..1), or -1 when the
    stack can never become it."""
    if requirement == "B":
        if not stack:
            return 0.0
        if len(stack) == 1:
            return 0.5 if stack[0] in C.BUILDING_BASES else -1.0
        return 1.0 if C.stack_meets(list(stack), "B") else -1.0
    goal = C.REQUIREMENTS[requirement]
    if stack == goal[:len(stack)]:
        return len(stack) / len(goal)
    return -1.0


def habitat_progress(side, stacks, cubes, card_id, keys=None) -> float:
    """The best share of the card's habitat already built on a placement whose cube
    space is free (1.0: a cube can go on now)."""
    keys = keys or [tuple(stack) for stack in stacks]
    best = 0.0
    for cube_space, cells in B.placements(side, card_id):
        if cubes[cube_space] is not None:
            continue
        total = 0.0
        for space, requirement in cells:
            progress = cell_progress(keys[space], requirement)
            if progress < 0:
                break
            total += progress
        else:
            share = total / len(cells)
            if share > best:
                best = share
                if best >= 1.0:
                    break
    return best


def _landscape_promise(side, stacks) -> float:
    """Small credit for stacks and groups that are on their way to scoring."""
    adjacent = B.neighbours(side)
    bonus = 0.0
    for index, stack in enumerate(stacks):
        if not stack:
            continue
        colour = stack[-1]
        if colour == "brown":
            bonus += 1.5 if len(stack) == 1 else 3.5
        elif colour == "yellow":
            if not any(top(stacks[j]) == "yellow" for j in adjacent[index]):
                bonus += 1.5
        elif colour == "grey" and is_mountain(stack):
            if not any(is_mountain(stacks[j]) for j in adjacent[index]):
                bonus += 0.5 * len(stack)
        elif colour == "red" and len(stack) == 1:
            bonus += 0.5
        elif is_building(stack):
            colours = {top(stacks[j]) for j in adjacent[index] if stacks[j]}
            if len(colours) < C.BUILDING_COLOURS_NEEDED:
                empty = sum(1 for j in adjacent[index] if not stacks[j])
                bonus += 2.0 if empty >= C.BUILDING_COLOURS_NEEDED - len(colours) else 0.0
    return bonus


def _held_cards(state, seat):
    return [entry for entry in state["places"][seat] if entry is not None]


def _next_gain(entry) -> float:
    card = C.CARDS[entry["card"]]
    if card["kind"] == "spirit":
        return 8.0
    placed = entry["placed"]
    return card["points"][placed] - (card["points"][placed - 1] if placed else 0)


class _CardPlan:
    """One held card's habitat placements and how far each is built, so that the
    effect of one more token on one space is found by looking only at the
    placements that cover that space."""

    def __init__(self, side, keys, cubes, card_id):
        self.cells = [cells for cube, cells in B.placements(side, card_id) if cubes[cube] is None]
        self.values = [self._progress(cells, keys) for cells in self.cells]
        self.covering: dict[int, list[int]] = {}
        for index, cells in enumerate(self.cells):
            for space, _ in cells:
                self.covering.setdefault(space, []).append(index)
        order = sorted(range(len(self.cells)), key=lambda i: -self.values[i])
        self.best = self.values[order[0]] if order else 0.0
        self.best_without: dict[int, float] = {}
        for space, indices in self.covering.items():
            covered = set(indices)
            self.best_without[space] = next((self.values[i] for i in order if i not in covered), 0.0)

    @staticmethod
    def _progress(cells, keys) -> float:
        total = 0.0
        for space, requirement in cells:
            progress = cell_progress(keys[space], requirement)
            if progress < 0:
                return 0.0
            total += progress
        return total / len(cells)

    def progress_with(self, space, keys) -> float:
        indices = self.covering.get(space)
        if not indices:
            return self.best
        best = self.best_without[space]
        for index in indices:
            value = self._progress(self.cells[index], keys)
            if value > best:
                best = value
        return best


class _Evaluator:
    """The estimate of one seat's board, and of that board with one more token."""

    def __init__(self, state, seat, weight):
        self.side = state["side"]
        self.weight = weight
        self.stacks = [list(s) for s in state["boards"][seat]]
        self.cubes = state["cubes"][seat]
        self.keys = [tuple(s) for s in self.stacks]
        self.plans = [(_next_gain(e) * (0.4 + 0.6 * weight),
                       _CardPlan(self.side, self.keys, self.cubes, e["card"]))
                      for e in _held_cards(state, seat)]
        self.base = self._landscape() + sum(g * p.best * p.best for g, p in self.plans)

    def _landscape(self) -> float:
        return (sum(landscape_scores(self.side, self.stacks).values())
                + self.weight * _landscape_promise(self.side, self.stacks))

    def with_token(self, colour, space) -> float:
        self.stacks[space].append(colour)
        old = self.keys[space]
        self.keys[space] = tuple(self.stacks[space])
        value = self._landscape()
        for gain, plan in self.plans:
            progress = plan.progress_with(space, self.keys)
            value += gain * progress * progress
        self.keys[space] = old
        self.stacks[space].pop()
        return value

    def gain(self, colour, space) -> float:
        gain = self.with_token(colour, space) - self.base
        if not self.stacks[space]:
            gain -= 0.4 * (1 - self.weight)      # late in the game, empty spaces are time
        return gain


def _weight(state) -> float:
    """Share of the game still to come, by the pouch and by the fullest board."""
    total = sum(C.TOKEN_COUNTS.values())
    by_pouch = sum(state["pouch"].values()) / total
    size = len(state["boards"][0])
    by_board = min(sum(1 for s in stacks if not s) for stacks in state["boards"]) / size
    return max(0.0, min(1.0, by_pouch, by_board))


def _card_value(state, seat, card_id) -> float:
    card = C.CARDS[card_id]
    progress = habitat_progress(state["side"], state["boards"][seat], state["cubes"][seat], card_id)
    first = card["points"][0]
    spaces = len(card["cells"])
    # Cheap, small habitats fill several times; a card near completion pays at once.
    return first * (0.35 + progress) * (1.2 if spaces == 2 else 1.0)


def _best_placement(state, seat, hand, weight):
    evaluator = _Evaluator(state, seat, weight)
    best, best_gain = None, None
    for colour in dict.fromkeys(hand):
        for space, stack in enumerate(evaluator.stacks):
            if stacking_problem(stack, colour, evaluator.cubes[space]) is not None:
                continue
            gain = evaluator.gain(colour, space)
            if best_gain is None or gain > best_gain:
                best, best_gain = (colour, space), gain
    return best, best_gain or 0.0


def _gain_table(state, seat, colours, weight) -> dict:
    """Estimated gain of one token of each colour on each space it may go on."""
    evaluator = _Evaluator(state, seat, weight)
    table = {}
    for colour in colours:
        for space, stack in enumerate(evaluator.stacks):
            if stacking_problem(stack, colour, evaluator.cubes[space]) is None:
                table[(colour, space)] = evaluator.gain(colour, space)
    return table


def _space_value(table, tokens) -> float:
    """Value of three tokens: the best gains on three different spaces, taken greedily
    (a cheap stand-in for placing them one after another)."""
    used = set()
    total = 0.0
    for colour in sorted(tokens, key=lambda c: -max((g for (k, _), g in table.items() if k == c),
                                                   default=0.0)):
        options = [(gain, space) for (k, space), gain in table.items() if k == colour and space not in used]
        if options:
            gain, space = max(options)
            used.add(space)
            total += gain
    return total


def choose_move(rules, state, seat, rng):
    moves = rules.legal_moves(state, seat)
    by_type: dict[str, list[dict]] = {}
    for move in moves:
        by_type.setdefault(move["type"], []).append(move)
    if "choose_spirit" in by_type:
        options = by_type["choose_spirit"]
        return min(options, key=lambda m: SPIRIT_PREFERENCE.index(m["card"]))
    if "place_cube" in by_type:
        def cube_gain(move):
            entry = next(e for e in state["places"][seat] if e and e["card"] == move["card"])
            card = C.CARDS[move["card"]]
            if card["kind"] == "spirit":
                return 10
            placed = entry["placed"]
            return card["points"][placed] - (card["points"][placed - 1] if placed else 0)
        return max(by_type["place_cube"], key=lambda m: (cube_gain(m), -m["space"], -m["card"]))
    weight = _weight(state)
    if "take_card" in by_type:
        cards = {move["card"] for move in by_type["take_card"]}
        best = max(sorted(cards), key=lambda card: _card_value(state, seat, card))
        if weight > 0.12 or _card_value(state, seat, best) >= C.CARDS[best]["points"][0]:
            place = min(m["place"] for m in by_type["take_card"] if m["card"] == best)
            return {"type": "take_card", "card": best, "place": place}
    if "take_tokens" in by_type:
        colours = sorted({c for m in by_type["take_tokens"] for c in state["central"][m["space"]]})
        table = _gain_table(state, seat, colours, weight)
        return max(by_type["take_tokens"],
                   key=lambda m: (_space_value(table, state["central"][m["space"]]), -m["space"]))
    if "place_token" in by_type:
        (colour, space), _ = _best_placement(state, seat, state["turn"]["hand"], weight)
        return {"type": "place_token", "colour": colour, "space": space}
    if "end_turn" in by_type:
        return {"type": "end_turn"}
    return moves[rng.randbelow(len(moves), "bot")]
