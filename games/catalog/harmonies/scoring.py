"""End-of-game scoring (SEED's table, completed by the shared rulings 3-6 and 10).

A board is a list of stacks, one per space index, each a list of colours from bottom
to top. Every function here is pure and works for both sides.
"""
from __future__ import annotations

from collections import deque

from . import board as B
from . import components as C


def top(stack):
    return stack[-1] if stack else None


def is_tree(stack) -> bool:
    """A green token on 0, 1 or 2 brown ones."""
    return bool(stack) and stack[-1] == "green" and all(c == "brown" for c in stack[:-1])


def is_mountain(stack) -> bool:
    """A stack of grey tokens only (a building on grey is no mountain)."""
    return bool(stack) and all(c == "grey" for c in stack)


def is_building(stack) -> bool:
    return C.stack_meets(stack, "B")


def groups(side: str, member: list[bool]) -> list[list[int]]:
    """Connected groups of the spaces for which ``member`` is true."""
    adjacent = B.neighbours(side)
    seen = [False] * len(member)
    result = []
    for start, inside in enumerate(member):
        if not inside or seen[start]:
            continue
        seen[start] = True
        group, queue = [], deque([start])
        while queue:
            space = queue.popleft()
            group.append(space)
            for other in adjacent[space]:
                if member[other] and not seen[other]:
                    seen[other] = True
                    queue.append(other)
        result.append(sorted(group))
    return result


def river_length(side: str, group: list[int]) -> int:
    """Tokens on the longest of the shortest paths between two tokens of the group."""
    adjacent = B.neighbours(side)
    inside = set(group)
    longest = 0
    for start in group:
        distance = {start: 0}
        queue = deque([start])
        while queue:
            space = queue.popleft()
            for other in adjacent[space]:
                if other in inside and other not in distance:
                    distance[other] = distance[space] + 1
                    queue.append(other)
        longest = max(longest, max(distance.values()))
    return longest + 1 if group else 0


def landscape_scores(side: str, stacks: list[list[str]]) -> dict:
    adjacent = B.neighbours(side)
    trees = sum(C.TREE_POINTS[len(s)] for s in stacks if is_tree(s))
    mountain = [is_mountain(s) for s in stacks]
    mountains = sum(C.MOUNTAIN_POINTS[len(s)] for i, s in enumerate(stacks)
                    if mountain[i] and any(mountain[j] for j in adjacent[i]))
    yellow = [top(s) == "yellow" for s in stacks]
    fields = C.FIELD_POINTS * sum(1 for g in groups(side, yellow) if len(g) >= 2)
    buildings = 0
    for i, s in enumerate(stacks):
        if is_building(s):
            colours = {top(stacks[j]) for j in adjacent[i] if stacks[j]}
            if len(colours) >= C.BUILDING_COLOURS_NEEDED:
                buildings += C.BUILDING_POINTS
    blue = [top(s) == "blue" for s in stacks]
    if side == "A":
        water = C.river_points(max((river_length(side, g) for g in groups(side, blue)), default=0))
    else:
        water = C.ISLAND_POINTS * len(groups(side, [not b for b in blue]))
    return {"trees": trees, "mountains": mountains, "fields": fields,
            "buildings": buildings, "water": water}


def card_points(card_id: int, placed: int) -> int:
    """An animal card scores the value under its last cube taken off (0 if none)."""
    if placed <= 0:
        return 0
    return C.CARDS[card_id]["points"][placed - 1]


def spirit_points(card_id: int, side: str, stacks: list[list[str]]) -> int:
    """A Nature's Spirit card's own formula (counted only once its cube is placed)."""
    yellow = [top(s) == "yellow" for s in stacks]
    trees = [len(s) for s in stacks if is_tree(s)]
    mountains = [len(s) for s in stacks if is_mountain(s)]
    buildings = [is_building(s) for s in stacks]
    blue = [top(s) == "blue" for s in stacks]
    if card_id == 33:
        return sum(10 if len(g) >= 3 else 2 for g in groups(side, yellow))
    if card_id == 34:
        return 5 * len(groups(side, yellow))
    if card_id == 35:
        return 4 * sum(1 for h in trees if h >= 2)
    if card_id == 36:
        return sum(4 if h == 3 else 3 for h in trees)
    if card_id == 37:
        return 4 * len(groups(side, buildings))
    if card_id == 38:
        return 6 * sum(1 for g in groups(side, buildings) if len(g) >= 2)
    if card_id == 39:
        return 4 * sum(1 for h in mountains if h >= 2)
    if card_id == 40:
        return sum(1 if h == 3 else 3 for h in mountains)
    if card_id == 41:
        return 7 * sum(1 for g in groups(side, blue) if len(g) >= 2)
    if card_id == 42:
        return 2 * sum(blue)
    raise ValueError(card_id)


def seat_score(side: str, stacks, cards: list[dict], spirit: dict | None) -> dict:
    """The full breakdown for one seat.

    ``cards`` are the seat's animal cards, on a place or completed, each
    ``{"card": id, "placed": cubes taken off}``; ``spirit`` is the chosen spirit card
    ``{"card": id, "placed": 0 or 1}`` or None.
    """
    result = landscape_scores(side, stacks)
    result["animals"] = sum(card_points(c["card"], c["placed"]) for c in cards)
    result["spirit"] = (spirit_points(spirit["card"], side, stacks)
                        if spirit and spirit["placed"] else 0)
    result["total"] = sum(result.values())
    result["animal_cubes"] = sum(c["placed"] for c in cards)
    return result


def solo_suns(score: int, side: str, spirit_card: int | None) -> int:
    """The solo rank in suns (BGA's table): by score, +1 on side A, +2 without a spirit
    card, +1 with a spirit card that counts groups, +0 with one that counts landscapes."""
    suns = sum(1 for threshold in C.SOLO_SUN_THRESHOLDS if score >= threshold)
    if suns == 0:
        return 0          # below the first threshold the bonuses do not apply (DESIGN)
    if side == "A":
        suns += 1
    if spirit_card is None:
        suns += 2
    elif C.CARDS[spirit_card]["group"]:
        suns += 1
    return suns
