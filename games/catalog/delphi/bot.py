"""The basic Delphi bot: a steady player's rules of thumb.

* a task that can be done where the ship lies is done at once (the cheapest way to pay);
  a monster is fought when the favour in hand makes a win likely;
* otherwise the ship sails towards the nearest island where a task waits (offerings and
  statues to fetch or bring, monsters that fit, island tiles to explore or build on), and
  with every task done, back to Zeus;
* spare dice take favour (or an oracle card when favour is plentiful), heal injuries of
  their colour, or advance gods; gods on the top row are used when their action helps;
* the god advances other players' rolls offer are always taken, nearest the top first.

It reads only its own seat and what is public: island tiles it has not seen are unknown.
"""
from __future__ import annotations

from collections import deque

from . import components as C
from . import queries as Q
from .queries import neighbours
from .moves import action_cost, free_site

SHIP_PREFERENCE = (5, 3, 6, 7, 2, 1, 0, 4)
EQUIPMENT_PREFERENCE = (10, 8, 12, 9, 14, 3, 16, 7, 11, 15, 21, 13, 17, 18, 19, 20, 4, 5, 6, 0, 1, 2)
GOD_PREFERENCE = ("blue", "black", "green", "yellow", "pink", "red")


def choose_move(rules, state, seat, rng) -> dict:
    moves = rules.legal_moves(state, seat)
    if not moves:
        raise RuntimeError("delphi: the bot's seat has no legal move")
    if len(moves) == 1:
        return moves[0]
    kinds = {move["type"] for move in moves}
    pick = _choice(state, seat, moves, kinds)
    if pick is None:
        pick = _actions(state, seat, moves)
    return pick if pick is not None else moves[0]


choose_move.version = 1


def _of(moves, kind):
    return [move for move in moves if move["type"] == kind]


def _best_god(state, seat, colours) -> str:
    gods = Q.seat_state(state, seat)["gods"]
    return max(colours, key=lambda c: (gods[c], -GOD_PREFERENCE.index(c)))


def _choice(state, seat, moves, kinds):
    me = Q.seat_state(state, seat)
    if "ship" in kinds:
        return min(_of(moves, "ship"), key=lambda m: SHIP_PREFERENCE.index(m["ship"]))
    if "drop_tile" in kinds:
        tiles = me["tiles"]
        order = ("monster", "statue", "offering", "shrine")
        return min(_of(moves, "drop_tile"), key=lambda m: (order.index(tiles[m["tile"]]["kind"]),
                                                            tiles[m["tile"]]["colour"] is None))
    if "equipment" in kinds:
        return min(_of(moves, "equipment"), key=lambda m: EQUIPMENT_PREFERENCE.index(m["card"]))
    if "companion" in kinds:
        order = ("hero", "creature", "demigod") if me["shield"] < C.SHIELD_MAX else ("creature", "demigod", "hero")
        return min(_of(moves, "companion"), key=lambda m: order.index(m["kind"]))
    if "god_step" in kinds or "bless_god" in kinds and "bless_favour" not in kinds:
        steps = _of(moves, "god_step") or _of(moves, "bless_god")
        colour = _best_god(state, seat, [m["colour"] for m in steps])
        return next(m for m in steps if m["colour"] == colour)
    if "heal_colour" in kinds:
        return max(_of(moves, "heal_colour"), key=lambda m: me["injuries"][m["colour"]])
    if "god_top" in kinds:
        return min(_of(moves, "god_top"), key=lambda m: GOD_PREFERENCE.index(m["colour"]))
    if "grab" in kinds or "skip" in kinds:
        for move in _of(moves, "grab"):
            if _wanted_statue(state, seat, move["colour"]) or move["colour"] in \
                    [c for c in C.COLOURS if Q.offering_fits(state, seat, c)]:
                return move
        return {"type": "skip"}
    if "chart" in kinds:
        return _of(moves, "chart")[0]
    if "uncover" in kinds:
        known = state["known"][seat]
        for move in _of(moves, "uncover"):
            if known.get(move["island"], [None])[0] == me["colour"]:
                return move
        return _of(moves, "uncover")[0]
    if "take_offer" in kinds:
        offers = _of(moves, "take_offer")
        colour = _best_god(state, seat, [m["colour"] for m in offers])
        return next(m for m in offers if m["colour"] == colour)
    if "recover" in kinds:
        return max(_of(moves, "recover"), key=lambda m: sum(me["injuries"][c] for c in m["colours"]))
    if "bless_favour" in kinds:
        gods = me["gods"]
        near = [c for c in C.COLOURS if C.TOP - 2 <= gods[c] < C.TOP]
        if near and me["favour"] >= 4:
            return {"type": "bless_god", "colour": _best_god(state, seat, near)}
        return {"type": "bless_favour"}
    if "fight_on" in kinds:
        strength = state["battle"]["strength"] - 1
        if me["favour"] >= 1 and (strength <= 6 or me["favour"] >= 3):
            return {"type": "fight_on"}
        return {"type": "retreat"}
    return None


# -- goals ------------------------------------------------------------------------------
def _wanted_statue(state, seat, colour) -> bool:
    me = Q.seat_state(state, seat)
    carried = [c for kind, c in me["cargo"] if kind == "statue"]
    open_tasks = sum(1 for t in me["tiles"] if t["kind"] == "statue" and not t["done"])
    return colour not in carried and Q.task_tile(state, seat, "statue", colour) is not None and \
        len(carried) < open_tasks


def _sites_free(state, colour) -> bool:
    return any(free_site(state, key, colour) is not None for key in state["board"]["sites"])


def targets(state: dict, seat: int) -> list[tuple[str, float]]:
    """Islands worth sailing to, with a weight (lower is more urgent)."""
    me = Q.seat_state(state, seat)
    board = state["board"]
    isl = Q.islands(state)
    found: list[tuple[str, float]] = []
    room = Q.cargo_room(state, seat)
    carried_offerings = [c for kind, c in me["cargo"] if kind == "offering"]
    carried_statues = [c for kind, c in me["cargo"] if kind == "statue"]
    for key, island in isl.items():
        kind = island["kind"]
        if kind == "temple" and island["colour"] in carried_offerings:
            found.append((key, 0.0))
        elif kind == "statue":
            if any(free_site(state, key, c) is not None and Q.task_tile(state, seat, "statue", c) is not None
                   for c in carried_statues):
                found.append((key, 0.0))
        elif kind == "offering" and room > 0:
            if any(Q.offering_fits(state, seat, c) for c in board["offerings"][key]):
                found.append((key, 1.0))
        elif kind == "city" and room > 0:
            if any(_wanted_statue(state, seat, c) and _sites_free(state, c) for c in board["statues"][key]):
                found.append((key, 1.0))
        elif kind in ("monster", "monster2"):
            if any(Q.monster_fits(state, seat, c) for c in board["monsters"].get(key, [])):
                found.append((key, 1.5))
        elif kind == "tile" and Q.shrine_tile(state, seat) is not None:
            tile = board["tiles"][key]
            known = state["known"][seat].get(key)
            if tile["up"]:
                if tile["colour"] == me["colour"] and tile["shrine"] is None:
                    found.append((key, 0.5))
            elif known is None:
                found.append((key, 1.5))
            elif known[0] == me["colour"]:
                found.append((key, 0.3))
    return found


def _distance_field(state, sources: list[str]) -> dict[str, int]:
    wet = Q.water(state)
    best = {key: 0 for key in sources if key in wet}
    queue = deque(best)
    while queue:
        here = queue.popleft()
        for key in neighbours(here):
            if key in wet and key not in best:
                best[key] = best[here] + 1
                queue.append(key)
    return best


def _goal_field(state, seat) -> dict[str, float]:
    """For each water space, how far the nearest worthwhile island is (plus its weight)."""
    field: dict[str, float] = {}
    if Q.tasks_left(state, seat) == 0:
        zeus = state["sea"]["zeus"]
        around = [k for k in neighbours(zeus) if k in Q.water(state)]
        for key, dist in _distance_field(state, around).items():
            field[key] = dist
        return field
    reach_card = {"temple": 12, "offering": 12, "city": 9, "statue": 9}
    groups: dict[float, set] = {}
    for island, weight in targets(state, seat):
        shore = [k for k in neighbours(island) if k in Q.water(state)]
        if Q.has_equipment(state, seat, reach_card.get(Q.islands(state)[island]["kind"], 10)):
            shore += [n for k in shore for n in neighbours(k) if n in Q.water(state)]
        groups.setdefault(weight, set()).update(shore)
    # One breadth-first search per weight: every island of a weight is a source of it.
    for weight, shore in groups.items():
        for key, dist in _distance_field(state, sorted(shore)).items():
            value = dist + weight
            if value < field.get(key, 1e9):
                field[key] = value
    return field


# -- actions -------------------------------------------------------------------------------
TASKS = ("deliver", "raise_statue", "shrine", "explore", "load_offering", "load_statue", "fight")


def _source_penalty(state, seat, move) -> float:
    """Prefer spending dice over oracle cards (cards break ties at the end) and the extra action."""
    if "card" in move:
        return 0.5
    if "extra" in move:
        return 1.0
    return 0.0


def _actions(state, seat, moves):
    me = Q.seat_state(state, seat)
    favour = me["favour"]
    cache: dict = {}

    def _cost(state, seat, move):
        return action_cost(state, seat, move, cache)
    # Gods first, when they help.
    pick = _gods(state, seat, moves)
    if pick is not None:
        return pick
    if any(m["type"] == "sail" and m["to"] == state["sea"]["zeus"] for m in moves):
        return min((m for m in moves if m["type"] == "sail" and m["to"] == state["sea"]["zeus"]),
                   key=lambda m: (_cost(state, seat, m), _source_penalty(state, seat, m)))
    known = state["known"][seat]
    tasks = []
    for move in moves:
        kind = move["type"]
        if kind not in TASKS:
            continue
        cost = _cost(state, seat, move)
        if kind == "explore":
            seen = known.get(move["island"])
            if Q.shrine_tile(state, seat) is None and seen is None:
                continue
            if seen is not None and seen[0] != me["colour"] and Q.shrine_tile(state, seat) is not None:
                continue
        if kind == "load_statue" and not (_wanted_statue(state, seat, move["colour"]) and
                                          _sites_free(state, move["colour"])):
            continue
        if kind == "fight":
            strength = C.BATTLE_BASE - me["shield"]
            spare = favour - cost
            if spare < max(0, strength - 6):
                continue
        if kind == "load_offering" and any(c == move["colour"] for k, c in me["cargo"] if k == "offering"):
            continue
        urgency = TASKS.index(kind)
        tasks.append((cost + _source_penalty(state, seat, move), urgency, move))
    if tasks:
        tasks.sort(key=lambda item: (item[0], item[1]))
        if tasks[0][0] <= 3:
            return tasks[0][2]
    # Sail towards the nearest task.
    field = _goal_field(state, seat)
    here = field.get(me["pos"], 1e9)
    best, best_key = None, None
    for move in moves:
        if move["type"] != "sail" or move["to"] == state["sea"]["zeus"]:
            continue
        value = field.get(move["to"], 1e9)
        if value >= here:
            continue
        cost = _cost(state, seat, move)
        if cost > max(2, favour - 3):
            continue
        key = (value + cost * 0.6 + _source_penalty(state, seat, move), cost)
        if best_key is None or key < best_key:
            best, best_key = move, key
    if best is not None:
        return best
    # Spare dice: heal, advance gods, favour, oracle cards.
    spare = [m for m in moves if ("die" in m) and _cost(state, seat, m) == 0]
    for move in spare:
        if move["type"] == "heal" and me["injuries"][move["colour"]] >= 2:
            return move
    for move in spare:
        if move["type"] == "amulet":
            return move
    for move in spare:
        if move["type"] == "advance_god" and me["gods"][move["colour"]] >= Q.entry_row(state):
            return move
    wanted = "draw_oracle" if favour >= 8 or me["returned"] else "take_favour"
    for move in spare:
        if move["type"] == wanted:
            return move
    return {"type": "end"}


def _gods(state, seat, moves):
    me = Q.seat_state(state, seat)
    powers = [m for m in moves if m["type"] == "god_power"]
    if not powers:
        return None
    by_colour: dict = {}
    for move in powers:
        by_colour.setdefault(move["colour"], []).append(move)
    if "black" in by_colour:
        return by_colour["black"][0]
    if "red" in by_colour and Q.injury_total(state, seat) >= 3:
        return by_colour["red"][0]
    if "yellow" in by_colour and len(state["unused"]) >= 2:
        return by_colour["yellow"][0]
    if "green" in by_colour and Q.shrine_tile(state, seat) is not None:
        known = state["known"][seat]
        mine = [m for m in by_colour["green"] if known.get(m["island"], [None])[0] == me["colour"]]
        unknown = [m for m in by_colour["green"] if m["island"] not in known]
        if mine or unknown:
            return (mine or unknown)[0]
    if "blue" in by_colour:
        zeus = [m for m in by_colour["blue"] if m["to"] == state["sea"]["zeus"]]
        if zeus:
            return zeus[0]
        field = _goal_field(state, seat)
        here = field.get(me["pos"], 1e9)
        best = min(by_colour["blue"], key=lambda m: field.get(m["to"], 1e9))
        if field.get(best["to"], 1e9) + 3 < here:
            return best
    if "pink" in by_colour and Q.cargo_room(state, seat) > 0:
        for move in by_colour["pink"]:
            if _wanted_statue(state, seat, move["statue"]) and _sites_free(state, move["statue"]):
                return move
    return None
