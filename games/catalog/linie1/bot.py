"""A bot for Linie 1 that builds towards its own route and drives sensibly.

Building: a cheapest-completion search (A* over square, entry edge and stops
passed) finds a plan for the bot's own route, where following an existing track
costs nothing and every empty square to fill (or tile to upgrade) costs one. The
bot then places a tile from a hand that lays the plan's segment on one of the
plan's squares, preferring the simplest tile. If none fits, it places a tile away
from its plan (or, failing that, one that does not make the plan longer). When
the route is complete it starts the trip at once.

Driving: use the die that takes the tram furthest (a breakdown only when every
die shows the tool); roll the next two dice always (a forced breakdown needs two
tools), and the last single die only when its expected gain beats the expected
loss of a breakdown.
"""
from __future__ import annotations


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


def _relaxed_distances(geom, occ, area) -> list[int]:
    """Fewest empty squares to enter (and tiles to upgrade) from each square to
    reach ``area``, moving between neighbouring squares wherever no wall, tree
    tile or edge of a tile without track is in the way, but ignoring how tracks
    run inside a tile: a lower bound for the real search."""
    dist = [INF] * B.CELLS
    buckets = [list(area)]
    for cell in area:
        dist[cell] = 0
    edges = geom.edge
    edgemask = B.EDGEMASK
    level = 0
    while level < len(buckets):
        for cell in buckets[level]:
            if dist[cell] != level:
                continue
            oid = occ[cell]
            if oid < 0:
                base, open_edges = level + 1, 15
            else:
                base, open_edges = level, edgemask[oid]
            for d in range(4):
                kind = edges[cell][d]
                if kind < 0 or not open_edges >> d & 1:
                    continue
                other = occ[kind]
                cost = base
                if other >= 0 and not edgemask[other] >> ((d + 2) & 3) & 1:
                    if not B.replaceable(other // 4):
                        continue
                    cost += 1      # leaving ``kind`` this way needs an upgraded tile
                if cost < dist[kind]:
                    dist[kind] = cost
                    while len(buckets) <= cost:
                        buckets.append([])
                    buckets[cost].append(kind)
        level += 1
    return dist


def plan_route(geom, occ, line, stops, signs):
    """Cheapest plan to complete the route: (cost, steps) or (INF, []).

    A* over (square, entry edge, stops passed) with a bucket queue; the cost is
    the number of empty squares to fill plus tiles to upgrade. The heuristic (the
    largest relaxed distance to the destination or to a stop still to pass) never
    overestimates and is consistent, so the first plan found is a cheapest one.

    ``steps`` lists (cell, entry edge, exit edge, kind) along the plan, with kind
    "track" (an existing segment), "empty" (a tile to place) or "upgrade" (a tile
    to replace by one that also carries the segment).
    """
    # which stop bits a square gives: the sign's square, or for a building without
    # a sign yet, every empty square next to it (the first tile there gets the sign)
    bits = [0] * B.CELLS
    areas = []
    for index, letter in enumerate(stops):
        cell = signs.get(letter)
        area = []
        if cell is not None:
            area.append(cell)
        else:
            row, col = divmod(geom.building_cell[letter], B.SIZE)
            for dr, dc in B.DELTA:
                r2, c2 = row + dr, col + dc
                if 0 <= r2 < B.SIZE and 0 <= c2 < B.SIZE:
                    cell2 = r2 * B.SIZE + c2
                    if geom.placeable[cell2] and occ[cell2] < 0:
                        area.append(cell2)
        for cell2 in area:
            bits[cell2] |= 1 << index
        areas.append(area)
    full = (1 << len(stops)) - 1
    start, end = geom.terminals[line]
    end_edge, end_cells = end["edge"], set(end["cells"])
    # heuristic table: h[mask][cell]
    to_end = _relaxed_distances(geom, occ, end["cells"])
    to_stop = [_relaxed_distances(geom, occ, area) for area in areas]
    h = []
    for mask in range(full + 1):
        others = [to_stop[i] for i in range(len(stops)) if not mask >> i & 1]
        h.append(list(map(max, to_end, *others)) if others else to_end)
    size = B.CELLS * 4 * 8
    dist = [INF] * size
    parent = [-1] * size
    how = [0] * size                  # exit edge * 2 + (1 if upgrade) of the parent step
    buckets: list[list[int]] = [[] for _ in range(4 * B.CELLS)]
    for cell in start["cells"]:
        node = ((cell * 4 + start["edge"]) << 3) | bits[cell]
        g = 0 if occ[cell] >= 0 else 1
        f = g + h[node & 7][cell]
        if f < INF and g < dist[node]:
            dist[node] = g
            buckets[f].append(node)
    best, best_node, best_how = INF, -1, 0
    edges = geom.edge
    edgemask = B.EDGEMASK
    exits_of = B.EXITS
    upgrades_of = _UPGRADES
    turns = _NOT_BACK
    f = 0
    while f < len(buckets) and f < best:
        bucket = buckets[f]
        if not bucket:
            f += 1
            continue
        node = bucket.pop()
        here = dist[node]
        mask = node & 7
        cell = node >> 5
        if here + h[mask][cell] != f:
            continue   # a stale entry
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
                    new_cost = cost
                else:
                    new_cost = cost + 1
                nxt = ((kind * 4 + back) << 3) | mask | bits[kind]
                if new_cost < dist[nxt]:
                    estimate = h[nxt & 7][kind]
                    if estimate >= INF:
                        continue
                    dist[nxt] = new_cost
                    parent[nxt] = node
                    how[nxt] = x * 2 + upgrade
                    buckets[new_cost + estimate].append(nxt)
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
    return plan_route(rules._geom(state), occ, state["lines"][seat], state["routes"][seat], state["signs"])


def _build_move(rules, state, seat, rng):
    geom = rules._geom(state)
    occ = [-1 if t is None else t[0] * 4 + t[1] for t in state["tiles"]]
    sources = rules._sources(state, seat)
    cost, steps = _plan_for(rules, state, seat, occ)
    # 1. lay a segment of the plan
    candidates = []
    for order, (cell, entry, exit_edge, kind) in enumerate(steps):
        if kind == "track":
            continue
        pair = B.PAIR_BIT[entry][exit_edge]
        for move in rules.placements_at(state, seat, cell, occ, sources):
            oid = move["tile"] * 4 + move["rotation"]
            if B.SEGMASK[oid] & pair:
                extra = bin(B.EDGEMASK[oid]).count("1")
                own = 0 if "from_seat" in move else 1   # use a driver's tile before one's own
                candidates.append((extra, own, order, move))
    if candidates:
        candidates.sort(key=lambda c: (c[0], c[1], c[2]))
        return candidates[0][3]
    # 2. nothing advances the plan: place a tile away from the plan (placements
    # change what may go on squares up to two steps away) and from the bot's own
    # buildings still without a sign; failing that, one that does not make the
    # plan longer
    near = set()
    for cell, _, _, _ in steps:
        near.update(geom.within_two[cell])
    for letter in state["routes"][seat]:
        if letter not in state["signs"]:
            near.update(geom.within_two[geom.building_cell[letter]])
    offset = rng.randbelow(B.CELLS, "bot")
    order = [(offset + k) % B.CELLS for k in range(B.CELLS)]
    for cell in order:
        if cell in near:
            continue
        moves = rules.placements_at(state, seat, cell, occ, sources)
        if moves:
            return moves[rng.randbelow(len(moves), "bot")]
    tried = []
    for cell in order:
        if cell not in near:
            continue
        moves = rules.placements_at(state, seat, cell, occ, sources)
        if not moves:
            continue
        move = moves[rng.randbelow(len(moves), "bot")]
        trial = list(occ)
        trial[cell] = move["tile"] * 4 + move["rotation"]
        new_cost, _ = _plan_for_signs(rules, state, seat, trial, move)
        if new_cost <= cost:
            return move
        tried.append((new_cost, len(tried), move))
        if len(tried) >= 3:
            break
    if tried:
        return min(tried)[2]
    # 3. no placement at all
    moves = rules.legal_moves(state, seat)
    for kind in ("start_trip", "pass"):
        for move in moves:
            if move["type"] == kind:
                return move
    return moves[0]


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
    if seat not in rules.to_move(state):
        raise RuntimeError("linie1: the bot was asked to move but is not to move")
    if state["stage"] != "build":
        return _drive_move(rules, state, seat, rng, rules.legal_moves(state, seat))
    if not state["placed"] and rules.route_complete(state, seat):
        line = state["lines"][seat]
        move = {"type": "start_trip", "start": rules._geom(state).terminals[line][0]["side"]}
        if getattr(rules, "route_choice", False):
            move["route"] = 0   # the shortest route, with the fewest stop signs among equals
        return move
    return _build_move(rules, state, seat, rng)


def random_player(rules, state, seat, rng) -> dict:
    """The random baseline: any legal move but giving up, unless nothing else is left.

    The generic random bot (version 1, kept for the audit of games it played) picked
    ``give_up`` like any other move, so a random seat sooner or later left every game
    and a random baseline measured nothing."""
    moves = rules.legal_moves(state, seat)
    playing = [move for move in moves if move["type"] != "give_up"] or moves
    return playing[rng.randbelow(len(playing), "bot")]


random_player.version = 2
