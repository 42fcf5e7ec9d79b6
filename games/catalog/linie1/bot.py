"""A bot for Linie 1 that builds towards its own route and drives sensibly.

Building: a cheapest-completion search (0-1 breadth-first over square, entry edge
and stops passed) finds a plan for the bot's own route, where following an
existing track costs nothing and every empty square to fill (or tile to upgrade)
costs one. The bot then places a tile from a hand that lays the plan's segment on
one of the plan's squares. If none fits, it places a tile where it does not make
its own plan longer. When the route is complete it starts the trip at once.

Driving: use the die that takes the tram furthest (a breakdown only when every
die shows the tool); roll the next two dice always (a forced breakdown needs two
tools), and the last single die only when its expected gain beats the expected
loss of a breakdown.
"""
from __future__ import annotations

from collections import deque

from . import board as B
from .rules import DICE_MODES

INF = 10 ** 9
TERMINAL = B.TERMINAL
# an empty square can be laid to leave by any edge but the one entered
_NOT_BACK = [tuple((entry + k) & 3 for k in (1, 2, 3)) for entry in range(4)]
# for a replaceable tile entered at an edge: the exits an upgraded tile could add
_UPGRADES = []
for _oid in range(len(B.EXITS)):
    _row = []
    for _entry in range(4):
        _extra = ()
        if B.replaceable(_oid // 4):
            _extra = tuple(x for x in _NOT_BACK[_entry] if x not in B.EXITS[_oid][_entry]
                           and B.upgrade_possible(B.SEGMASK[_oid], B.PAIR_BIT[_entry][x]))
        _row.append(_extra)
    _UPGRADES.append(_row)


def plan_route(geom, occ, line, stops, signs):
    """Cheapest plan to complete the route: (cost, steps) or (INF, []).

    ``steps`` lists (cell, entry edge, exit edge, kind) along the plan, with kind
    "track" (an existing segment), "empty" (a tile to place) or "upgrade" (a tile
    to replace by one that also carries the segment).
    """
    # which stop bits a square gives: the sign's square, or for a building without
    # a sign yet, every empty square next to it (the first tile there gets the sign)
    bits = [0] * B.CELLS
    for index, letter in enumerate(stops):
        cell = signs.get(letter)
        if cell is not None:
            bits[cell] |= 1 << index
        else:
            row, col = divmod(geom.building_cell[letter], B.SIZE)
            for dr, dc in B.DELTA:
                r2, c2 = row + dr, col + dc
                if 0 <= r2 < B.SIZE and 0 <= c2 < B.SIZE:
                    cell2 = r2 * B.SIZE + c2
                    if geom.placeable[cell2] and occ[cell2] < 0:
                        bits[cell2] |= 1 << index
    full = (1 << len(stops)) - 1
    start, end = geom.terminals[line]
    end_edge, end_cells = end["edge"], set(end["cells"])
    size = B.CELLS * 4 * 8
    dist = [INF] * size
    parent = [-1] * size
    how = [0] * size                  # exit edge * 2 + (1 if upgrade) of the parent step
    queue = deque()
    for cell in start["cells"]:
        node = ((cell * 4 + start["edge"]) << 3) | bits[cell]
        dist[node] = 0 if occ[cell] >= 0 else 1
        queue.append(node)
    # 0-1 breadth-first search needs the zero-cost starts first
    queue = deque(sorted(queue, key=lambda n: dist[n]))
    best, best_node, best_how = INF, -1, 0
    edges = geom.edge
    edgemask = B.EDGEMASK
    exits_of = B.EXITS
    upgrades_of = _UPGRADES
    turns = _NOT_BACK
    popleft, appendleft, append = queue.popleft, queue.appendleft, queue.append
    while queue:
        node = popleft()
        here = dist[node]
        if here >= best:
            break
        mask = node & 7
        cell = node >> 5
        entry = (node >> 3) & 3
        oid = occ[cell]
        row = edges[cell]
        if oid >= 0:
            options = exits_of[oid][entry]
            extra_options = upgrades_of[oid][entry]
        else:
            options = turns[entry]
            extra_options = ()
        for upgrade, group in ((0, options), (1, extra_options)):
            cost = here + upgrade
            for x in group:
                kind = row[x]
                if kind < 0:
                    if (kind == TERMINAL and x == end_edge and mask == full and cost < best
                            and cell in end_cells):
                        best, best_node, best_how = cost, node, x * 2 + upgrade
                    continue
                other = occ[kind]
                back = (x + 2) & 3
                if other >= 0:
                    if not edgemask[other] >> back & 1:
                        continue   # a tile without track on that edge
                    nxt = ((kind * 4 + back) << 3) | mask | bits[kind]
                    if cost < dist[nxt]:
                        dist[nxt] = cost
                        parent[nxt] = node
                        how[nxt] = x * 2 + upgrade
                        if upgrade:
                            append(nxt)
                        else:
                            appendleft(nxt)
                else:
                    nxt = ((kind * 4 + back) << 3) | mask | bits[kind]
                    if cost + 1 < dist[nxt]:
                        dist[nxt] = cost + 1
                        parent[nxt] = node
                        how[nxt] = x * 2 + upgrade
                        append(nxt)
    if best_node < 0:
        return INF, []
    steps = []
    node, step_how = best_node, best_how
    while node != -1:
        cell, entry = node >> 5, (node >> 3) & 3
        kind_here = "empty" if occ[cell] < 0 else ("upgrade" if step_how & 1 else "track")
        steps.append((cell, entry, step_how >> 1, kind_here))
        step_how = how[node]
        node = parent[node]
    steps.reverse()
    return best, steps


def _plan_for(rules, state, seat, occ):
    geom = rules._geom(state)
    return plan_route(geom, occ, state["lines"][seat], state["routes"][seat], state["signs"])


def _build_move(rules, state, seat, rng, moves):
    geom = rules._geom(state)
    occ = [-1 if t is None else t[0] * 4 + t[1] for t in state["tiles"]]
    placements = [m for m in moves if m["type"] == "place"]
    if not placements:
        return next(m for m in moves if m["type"] == "pass") if any(
            m["type"] == "pass" for m in moves) else moves[0]
    cost, steps = _plan_for(rules, state, seat, occ)
    by_cell: dict[int, list[dict]] = {}
    for move in placements:
        by_cell.setdefault(move["row"] * B.SIZE + move["col"], []).append(move)
    if steps:
        candidates = []
        for order, (cell, entry, exit_edge, kind) in enumerate(steps):
            if kind == "track" or cell not in by_cell:
                continue
            pair = B.PAIR_BIT[entry][exit_edge]
            for move in by_cell[cell]:
                oid = move["tile"] * 4 + move["rotation"]
                if B.SEGMASK[oid] & pair:
                    extra = bin(B.EDGEMASK[oid]).count("1")
                    own = 0 if "from_seat" in move else 1   # keep own tiles when a driver's fit
                    candidates.append((extra, own, order, move))
        if candidates:
            candidates.sort(key=lambda c: (c[0], c[1], c[2]))
            return candidates[0][3]
    # nothing advances the plan: place where it does no harm to the plan
    plan_cells = {cell for cell, _, _, _ in steps}
    near = set()
    for cell in plan_cells:
        near.add(cell)
        for d in range(4):
            kind = geom.edge[cell][d]
            if kind >= 0:
                near.add(kind)
    own_buildings = {geom.building_cell[letter] for letter in state["routes"][seat]
                     if letter not in state["signs"]}
    far = [m for m in placements if m["row"] * B.SIZE + m["col"] not in near
           and not any(geom.building_cell.get(l) in own_buildings
                       for l in geom.adjacent_buildings[m["row"] * B.SIZE + m["col"]])]
    pool = far or placements
    tried = []
    for _ in range(3):
        move = pool[rng.randbelow(len(pool), "bot")]
        trial = list(occ)
        trial[move["row"] * B.SIZE + move["col"]] = move["tile"] * 4 + move["rotation"]
        new_cost, _ = _plan_for_signs(rules, state, seat, trial, move)
        if new_cost <= cost:
            return move
        tried.append((new_cost, len(tried), move))
    return min(tried)[2]


def _plan_for_signs(rules, state, seat, trial_occ, move):
    """Plan cost after ``move``, with the stop signs the move would hand out."""
    geom = rules._geom(state)
    signs = state["signs"]
    cell = move["row"] * B.SIZE + move["col"]
    new_letters = [l for l in geom.adjacent_buildings[cell] if l not in signs] if state["tiles"][cell] is None else []
    if new_letters:
        signs = dict(signs)
        for letter in new_letters:
            signs[letter] = cell
    return plan_route(geom, trial_occ, state["lines"][seat], state["routes"][seat], signs)


def _face_target(rules, state, seat, face):
    return rules._die_result(state, seat, face)


def _drive_move(rules, state, seat, rng, moves):
    stage = state["stage"]
    if stage == "roll":
        return {"type": "roll"}
    if stage == "choose":
        best = None
        for move in moves:
            result = _face_target(rules, state, seat, move["face"])
            score = (result["arrived"], not result["breakdown"], result["to"], len(result["reached"]))
            if best is None or score > best[0]:
                best = (score, move)
        return best[1]
    # continue: roll more, or stop
    if state["dice_left"] >= 2:
        return {"type": "roll"}
    faces = DICE_MODES[state["dice_mode"]]
    position = state["trips"][seat]["position"]
    gain = 0
    for face in faces:
        result = _face_target(rules, state, seat, face)
        if result["arrived"]:
            gain += 100
        else:
            gain += result["to"] - position
    return {"type": "roll"} if gain > 0 else {"type": "pass"}


def choose_move(rules, state, seat, rng) -> dict:
    moves = rules.legal_moves(state, seat)
    if not moves:
        raise RuntimeError("linie1: the bot was asked to move but has no legal move")
    if state["stage"] != "build":
        return _drive_move(rules, state, seat, rng, moves)
    trips = [m for m in moves if m["type"] == "start_trip"]
    if trips:
        # start from the terminal whose trip passes the most stop signs early on
        return trips[0]
    return _build_move(rules, state, seat, rng, moves)
