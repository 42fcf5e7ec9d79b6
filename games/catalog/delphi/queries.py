"""Questions about a Delphi state that the moves, the bot and the view share.

The state is plain JSON (see setup.py for its shape). Nothing here changes it.
"""
from __future__ import annotations

from collections import deque
from functools import lru_cache

from . import components as C
from .board import sea_for
from . import hexes


@lru_cache(maxsize=None)
def neighbours(space: str) -> tuple[str, ...]:
    """The six keys around a space (cached: the map's few hundred keys are asked often)."""
    return tuple(hexes.neighbours(space))


def seat_state(state: dict, seat: int) -> dict:
    return state["seats"][seat]


def has_equipment(state: dict, seat: int, card: int) -> bool:
    return card in state["seats"][seat]["equipment"]


def ship_id(state: dict, seat: int):
    return state["seats"][seat]["ship"]


def has_ship(state: dict, seat: int, ship: int) -> bool:
    return state["seats"][seat]["ship"] == ship


def entry_row(state: dict) -> int:
    return C.ENTRY_ROW[state["players"]]


def home_row(state: dict, seat: int) -> int:
    """Where a god starts and returns after its special action (Divine Patronage: the
    player-count row)."""
    return entry_row(state) if has_ship(state, seat, 4) else 0


def god_step(state: dict, seat: int, colour: str) -> int | None:
    """The row a god reaches with one step, or None at the top (the step is lost)."""
    row = state["seats"][seat]["gods"][colour]
    if row >= C.TOP:
        return None
    return entry_row(state) if row == 0 else row + 1


def steppable_gods(state: dict, seat: int) -> list[str]:
    return [colour for colour in C.COLOURS if god_step(state, seat, colour) is not None]


def storage(state: dict, seat: int) -> int:
    ship = ship_id(state, seat)
    room = C.SHIPS[ship]["storage"] if ship is not None else C.BASE_STORAGE
    return room + (1 if has_equipment(state, seat, 16) else 0)


def cargo_room(state: dict, seat: int) -> int:
    return storage(state, seat) - len(state["seats"][seat]["cargo"])


def ship_range(state: dict, seat: int) -> int:
    extra = (2 if has_ship(state, seat, 5) else 0) + (1 if has_equipment(state, seat, 8) else 0)
    return C.BASE_RANGE + extra


def has_companion(state: dict, seat: int, colour: str, kind: str) -> bool:
    return [colour, kind] in state["seats"][seat]["companions"]


def shield(state: dict, seat: int) -> int:
    return state["seats"][seat]["shield"]


def injury_total(state: dict, seat: int) -> int:
    return sum(state["seats"][seat]["injuries"].values())


def must_recover(state: dict, seat: int) -> bool:
    same, total = ((C.TOLERANT_SAME, C.TOLERANT_TOTAL) if has_equipment(state, seat, 15)
                   else (C.RECOVER_SAME, C.RECOVER_TOTAL))
    injuries = state["seats"][seat]["injuries"]
    return max(injuries.values(), default=0) >= same or sum(injuries.values()) >= total


# -- Zeus tiles ---------------------------------------------------------------------
def tiles_of(state: dict, seat: int, kind: str) -> list[dict]:
    return [tile for tile in state["seats"][seat]["tiles"] if tile["kind"] == kind]


def task_tile(state: dict, seat: int, kind: str, colour: str) -> int | None:
    """The index of the Zeus tile an offering, monster or statue of ``colour`` would
    complete: the open tile of that colour, else the open white tile, if the white tile
    may take that colour (it must differ from the seat's coloured tiles of that kind)."""
    tiles = state["seats"][seat]["tiles"]
    if kind == "statue":
        if colour in [tile["with"] for tile in tiles if tile["kind"] == "statue" and tile["done"]]:
            return None
        return next((index for index, tile in enumerate(tiles) if tile["kind"] == "statue" and not tile["done"]), None)
    coloured = {tile["colour"] for tile in tiles if tile["kind"] == kind and tile["colour"]}
    for index, tile in enumerate(tiles):
        if tile["kind"] != kind or tile["done"]:
            continue
        if tile["colour"] == colour or (tile["colour"] is None and colour not in coloured):
            return index
    return None


def offering_fits(state: dict, seat: int, colour: str) -> bool:
    """May ``colour`` be loaded: with the offerings carried, it still fits different open
    offering tiles (ruling 3)."""
    carried = [c for kind, c in state["seats"][seat]["cargo"] if kind == "offering"]
    wanted = [task_tile(state, seat, "offering", c) for c in carried + [colour]]
    return None not in wanted and len(set(wanted)) == len(wanted)


def monster_fits(state: dict, seat: int, colour: str) -> bool:
    return task_tile(state, seat, "monster", colour) is not None


def shrine_tile(state: dict, seat: int) -> int | None:
    return next((index for index, tile in enumerate(state["seats"][seat]["tiles"])
                 if tile["kind"] == "shrine" and not tile["done"]), None)


def tasks_left(state: dict, seat: int) -> int:
    return sum(1 for tile in state["seats"][seat]["tiles"] if not tile["done"])


def tasks_done(state: dict, seat: int) -> int:
    return sum(1 for tile in state["seats"][seat]["tiles"] if tile["done"])


# -- the sea ---------------------------------------------------------------------
def water(state: dict) -> dict:
    return state["sea"]["water"]


def islands(state: dict) -> dict:
    return state["sea"]["islands"]


def adjacent_islands(state: dict, space: str) -> list[str]:
    isl = islands(state)
    return [key for key in neighbours(space) if key in isl]


def islands_in_reach(state: dict, seat: int, far: bool) -> set[str]:
    """Islands beside the ship, and with ``far`` (the "from 1 water space away"
    equipment) also those beside a water space next to the ship."""
    pos = state["seats"][seat]["pos"]
    near = set(adjacent_islands(state, pos))
    if far:
        wet = water(state)
        for key in neighbours(pos):
            if key in wet:
                near.update(adjacent_islands(state, key))
    return near


def reach_for(state: dict, seat: int, action: str) -> set[str]:
    """Islands where ``seat`` may take an island action of this kind now."""
    far = {"statue": 9, "monster": 10, "tile": 10, "offering": 12}[action]
    return islands_in_reach(state, seat, has_equipment(state, seat, far))


def sail_steps(state: dict, seat: int) -> dict[str, int]:
    """Water spaces the ship can reach and the fewest spaces it moves to get there.
    Paths go over water only; with Flat keel across shallows too, which cost nothing:
    the tiles' holes, Zeus (else reachable only as a last step, see ``zeus_steps``) and
    the holes left between the tiles, which are shallows as well."""
    wet = water(state)
    cross = has_equipment(state, seat, 14)
    shallows = set(state["sea"]["shallows"]) | {state["sea"]["zeus"]}
    if cross:
        shallows |= set(sea_for(state["sea"]).gaps)
    start = state["seats"][seat]["pos"]
    best = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for key in neighbours(here):
            if key in wet:
                cost = best[here] + 1
            elif cross and key in shallows:
                cost = best[here]
            else:
                continue
            if key not in best or cost < best[key]:
                best[key] = cost
                if cost == best[here]:
                    queue.appendleft(key)
                else:
                    queue.append(key)
    return {key: steps for key, steps in best.items() if key in wet and key != start}


def zeus_steps(state: dict, seat: int, steps: dict[str, int] | None = None) -> int | None:
    """Spaces to sail back onto Zeus (the last step leaves the water), or None."""
    zeus = state["sea"]["zeus"]
    pos = state["seats"][seat]["pos"]
    if pos == zeus:
        return None
    steps = sail_steps(state, seat) if steps is None else steps
    around = [key for key in neighbours(zeus) if key in water(state)]
    options = [steps[key] + 1 for key in around if key in steps]
    if pos in around:
        options.append(1)
    return min(options) if options else None


# -- dice ------------------------------------------------------------------------
def recolour_cost(state: dict, seat: int, shown: str, wanted: str, die: bool = True) -> int:
    """Favour to make a die (or, ``die`` False, an oracle card) showing ``shown`` count as
    ``wanted``."""
    if shown == wanted or is_wild(state, seat, shown, die):
        return 0
    steps = C.wheel_steps(shown, wanted, both_ways=has_ship(state, seat, 2))
    if has_ship(state, seat, 7):
        steps = max(0, steps - 1)
    return steps


def is_wild(state: dict, seat: int, shown: str, die: bool = True) -> bool:
    """Apollo's action this turn (dice and oracle card), or a demigod of the shown
    colour (dice only): any colour."""
    return bool(state.get("wild")) or (die and has_companion(state, seat, shown, "demigod"))


def sources(state: dict, seat: int) -> list[dict]:
    """What may pay for an action now: each unused die colour, each oracle card colour
    (one card per turn), the extra action (3 favour, once per turn)."""
    found = [{"die": colour} for colour in sorted(set(state["unused"]), key=C.COLOURS.index)]
    if not state["card_used"]:
        found += [{"card": colour} for colour in sorted(set(state["seats"][seat]["oracle"]), key=C.COLOURS.index)]
    if has_equipment(state, seat, 3) and not state["extra_used"] and \
            state["seats"][seat]["favour"] >= C.EXTRA_ACTION_COST:
        found.append({"extra": True})
    return found


def source_colour(source: dict) -> str | None:
    return source.get("die") or source.get("card")


def source_cost(state: dict, seat: int, source: dict, wanted: str | None) -> int:
    """Favour a source costs for an action needing ``wanted`` (None: any colour)."""
    if source.get("extra"):
        return C.EXTRA_ACTION_COST
    if wanted is None:
        return 0
    return recolour_cost(state, seat, source_colour(source), wanted, die="die" in source)


def all_returned(state: dict) -> list[int]:
    return [seat for seat in range(state["players"]) if state["seats"][seat]["returned"]]
