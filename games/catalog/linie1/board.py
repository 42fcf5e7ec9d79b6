"""Board geometry, tile orientations, placement legality and the route search.

Everything the rules and the bot ask many times is precomputed here once:

* every tile orientation's segments as a bit mask, its edge mask and, for each
  entry edge, the edges a tram may leave by (so following the drawn track is a
  table lookup);
* per board edition, what lies behind every edge of every square: another square,
  a wall (the board's edge or a building) or a terminal.

Squares are numbered ``cell = row * 12 + col`` with 0-based row and column. A
board position during play is a list ``occ`` of 144 orientation ids
(``tile * 4 + rotation``, or -1 for an empty square).
"""
from __future__ import annotations

from collections import deque
from functools import lru_cache

from . import components as C

SIZE = C.BOARD_SIZE
CELLS = SIZE * SIZE
WALL = -1          # the board's edge or a building: no track may lead there
TERMINAL = -2      # a terminal loop: a track must lead there
DELTA = ((-1, 0), (0, 1), (1, 0), (0, -1))   # N, E, S, W as (drow, dcol)
SIDE_EDGE = {"top": C.N, "right": C.E, "bottom": C.S, "left": C.W}


def opposite(edge: int) -> int:
    return (edge + 2) & 3


# --- tile orientations --------------------------------------------------------
# The six possible segments on a square, as bits of a segment mask.
_PAIRS = [(C.N, C.S), (C.E, C.W), (C.N, C.E), (C.E, C.S), (C.S, C.W), (C.N, C.W)]
PAIR_BIT = [[0] * 4 for _ in range(4)]
for _index, (_a, _b) in enumerate(_PAIRS):
    PAIR_BIT[_a][_b] = PAIR_BIT[_b][_a] = 1 << _index

TILE_TYPES = len(C.TILE_SEGMENTS)
SEGMASK = [0] * (TILE_TYPES * 4)        # orientation id -> segment mask
EDGEMASK = [0] * (TILE_TYPES * 4)       # orientation id -> edges with track
EXITS = [None] * (TILE_TYPES * 4)       # orientation id -> entry edge -> exit edges
CANONICAL_ROTATIONS: list[list[int]] = []  # tile -> rotations that look different

for _tile, _segments in enumerate(C.TILE_SEGMENTS):
    _seen = set()
    _canonical = []
    for _rot in range(4):
        _oid = _tile * 4 + _rot
        _exits = [[] for _ in range(4)]
        for (_a, _b) in _segments:
            _a2, _b2 = (_a + _rot) & 3, (_b + _rot) & 3
            SEGMASK[_oid] |= PAIR_BIT[_a2][_b2]
            EDGEMASK[_oid] |= (1 << _a2) | (1 << _b2)
            _exits[_a2].append(_b2)
            _exits[_b2].append(_a2)
        EXITS[_oid] = tuple(tuple(sorted(x)) for x in _exits)
        if SEGMASK[_oid] not in _seen:
            _seen.add(SEGMASK[_oid])
            _canonical.append(_rot)
    CANONICAL_ROTATIONS.append(_canonical)

# Orientation ids grouped by tile, only the distinct-looking rotations.
ORIENTATIONS = [[tile * 4 + rot for rot in CANONICAL_ROTATIONS[tile]] for tile in range(TILE_TYPES)]
# tile -> [(rotation, edge mask, segment mask)] of its distinct-looking rotations
ORIENTATION_INFO = [[(oid & 3, EDGEMASK[oid], SEGMASK[oid]) for oid in group] for group in ORIENTATIONS]
# Every segment mask some tile orientation has: used to ask "can this tile be
# upgraded to also carry segment X?".
ALL_SEGMASKS = sorted({SEGMASK[oid] for group in ORIENTATIONS for oid in group})


def canonical_oid(tile: int, rotation: int) -> int:
    """The orientation id of the canonical rotation that looks like ``rotation``."""
    mask = SEGMASK[tile * 4 + rotation]
    for oid in ORIENTATIONS[tile]:
        if SEGMASK[oid] == mask:
            return oid
    raise AssertionError("unreachable")


def replaceable(tile: int) -> bool:
    return tile not in C.TREE_TILES


@lru_cache(maxsize=None)
def upgrade_possible(old_segmask: int, extra_pair: int) -> bool:
    """Is there a tile orientation keeping ``old_segmask`` and adding ``extra_pair``?"""
    want = old_segmask | extra_pair
    return any(mask & want == want for mask in ALL_SEGMASKS)


# --- geometry of one board edition -------------------------------------------
class Geometry:
    """What lies around every square of one board edition."""

    def __init__(self, edition: str):
        buildings = C.BUILDINGS_1995 if edition == "1995" else C.BUILDINGS_BGA
        terminals = C.TERMINALS_1995 if edition == "1995" else C.TERMINALS_BGA
        self.edition = edition
        self.building_names = {letter: name for letter, (name, _) in buildings.items()}
        self.building_cell = {letter: (r - 1) * SIZE + (c - 1) for letter, (_, (r, c)) in buildings.items()}
        self.letter_at = {cell: letter for letter, cell in self.building_cell.items()}
        # terminals[line] = [{"side", "edge", "cells"}, {...}]
        self.terminals: dict[int, list[dict]] = {line: [] for line in C.LINES}
        terminal_edges = {}
        for side, lines in terminals.items():
            edge = SIDE_EDGE[side]
            for line, (p1, p2) in zip(lines, C.TERMINAL_POSITIONS):
                cells = [self._side_cell(side, p1), self._side_cell(side, p2)]
                self.terminals[line].append({"side": side, "edge": edge, "cells": cells})
                for cell in cells:
                    terminal_edges[(cell, edge)] = line
        self.terminal_line = terminal_edges
        # edge[cell][d]: neighbour cell, WALL or TERMINAL
        self.edge = []
        for cell in range(CELLS):
            row, col = divmod(cell, SIZE)
            kinds = []
            for d, (dr, dc) in enumerate(DELTA):
                r2, c2 = row + dr, col + dc
                if (cell, d) in terminal_edges:
                    kinds.append(TERMINAL)
                elif not (0 <= r2 < SIZE and 0 <= c2 < SIZE):
                    kinds.append(WALL)
                elif r2 * SIZE + c2 in self.letter_at:
                    kinds.append(WALL)
                else:
                    kinds.append(r2 * SIZE + c2)
            self.edge.append(tuple(kinds))
        # buildings orthogonally next to each square
        self.adjacent_buildings = [[] for _ in range(CELLS)]
        for letter, bcell in sorted(self.building_cell.items()):
            brow, bcol = divmod(bcell, SIZE)
            for dr, dc in DELTA:
                r2, c2 = brow + dr, bcol + dc
                if 0 <= r2 < SIZE and 0 <= c2 < SIZE and r2 * SIZE + c2 not in self.letter_at:
                    self.adjacent_buildings[r2 * SIZE + c2].append(letter)
        self.placeable = [cell not in self.letter_at for cell in range(CELLS)]
        # the squares up to two steps away (itself included)
        self.within_two = []
        for cell in range(CELLS):
            row, col = divmod(cell, SIZE)
            self.within_two.append([r * SIZE + c for r in range(row - 2, row + 3) for c in range(col - 2, col + 3)
                                    if 0 <= r < SIZE and 0 <= c < SIZE and abs(r - row) + abs(c - col) <= 2])
        # the squares up to three steps away, on which a square's constraints depend
        self.around = []
        for cell in range(CELLS):
            row, col = divmod(cell, SIZE)
            self.around.append([r * SIZE + c for r in range(row - 3, row + 4) for c in range(col - 3, col + 4)
                                if 0 <= r < SIZE and 0 <= c < SIZE and abs(r - row) + abs(c - col) <= 3
                                and (r, c) != (row, col)])

    @staticmethod
    def _side_cell(side: str, position: int) -> int:
        p = position - 1
        if side == "top":
            return p
        if side == "bottom":
            return (SIZE - 1) * SIZE + p
        if side == "left":
            return p * SIZE
        return p * SIZE + SIZE - 1

    def terminal(self, line: int, side: str) -> dict:
        for term in self.terminals[line]:
            if term["side"] == side:
                return term
        raise KeyError(side)


_GEOMETRIES: dict[str, Geometry] = {}


def geometry(edition: str) -> Geometry:
    if edition not in _GEOMETRIES:
        _GEOMETRIES[edition] = Geometry(edition)
    return _GEOMETRIES[edition]


# --- placement legality -----------------------------------------------------
# "A track may never have an end that cannot be continued." A track end that
# leads into an empty square can be continued when that square can still take a
# tile with a track there and at least one more usable edge (every edge set of two
# or more edges exists among the tile shapes). An edge of an empty square is
# usable when a terminal or a tile's track meets it, or when it leads into another
# empty square that has some other edge still open. The check looks two squares
# deep, which is what a player checks at the table.

def _open(geom, occ, cell, d, placed_cell, placed_track) -> bool:
    """Can a track of the empty ``cell`` lead out through edge ``d`` at all?"""
    kind = geom.edge[cell][d]
    if kind == WALL:
        return False
    if kind == TERMINAL:
        return True
    if kind == placed_cell:
        return placed_track
    other = occ[kind]
    return other < 0 or bool(EDGEMASK[other] >> opposite(d) & 1)


def _usable(geom, occ, cell, skip, placed_cell, placed_track) -> int:
    """Number of usable edges of the empty ``cell`` (two squares deep), leaving out ``skip``."""
    count = 0
    for d in range(4):
        if d == skip:
            continue
        kind = geom.edge[cell][d]
        if kind == WALL:
            continue
        if kind == TERMINAL:
            count += 1
        elif kind == placed_cell:
            count += placed_track
        elif occ[kind] >= 0:
            count += EDGEMASK[occ[kind]] >> opposite(d) & 1
        else:
            back = opposite(d)
            if any(_open(geom, occ, kind, d2, placed_cell, placed_track) for d2 in range(4) if d2 != back):
                count += 1
    return count


def _needs_track(geom, occ, cell, skip) -> bool:
    """Does a terminal or a neighbouring track lead into the empty ``cell``?"""
    for d in range(4):
        if d == skip:
            continue
        kind = geom.edge[cell][d]
        if kind == TERMINAL:
            return True
        if kind >= 0 and occ[kind] >= 0 and EDGEMASK[occ[kind]] >> opposite(d) & 1:
            return True
    return False


def _compute_constraints(geom: Geometry, occ: list[int], cell: int) -> tuple[int, int]:
    required = forbidden = 0
    for d in range(4):
        bit = 1 << d
        kind = geom.edge[cell][d]
        if kind == WALL:
            forbidden |= bit
            continue
        if kind == TERMINAL:
            required |= bit
            continue
        other = occ[kind]
        if other >= 0:
            if EDGEMASK[other] >> opposite(d) & 1:
                required |= bit
            else:
                forbidden |= bit
            continue
        back = opposite(d)
        # a track from here into the empty neighbour: it must be continuable there
        if _usable(geom, occ, kind, back, cell, True) < 1:
            forbidden |= bit
        # no track towards the neighbour: it must not be left with a dead end,
        # nor leave one of its empty neighbours with a dead end
        ok = not _needs_track(geom, occ, kind, back) or _usable(geom, occ, kind, back, cell, False) >= 2
        if ok:
            for d2 in range(4):
                far = geom.edge[kind][d2]
                if d2 == back or far < 0 or occ[far] >= 0:
                    continue
                if _needs_track(geom, occ, far, -1) and _usable(geom, occ, far, -1, cell, False) < 2:
                    ok = False
                    break
        if not ok:
            required |= bit
    return required, forbidden


_CONSTRAINT_CACHE: dict = {}


def edge_constraints(geom: Geometry, occ: list[int], cell: int) -> tuple[int, int]:
    """(required edges, forbidden edges) for a tile placed on ``cell`` now.

    A track must lead into every terminal and into every neighbouring tile whose
    track leads here; no track may lead off the board, into a building or into a
    neighbouring tile without a track there. Towards an empty neighbour a track is
    forbidden if it could not be continued there, and required if leaving it out
    would leave a track end nearby that could no longer be continued. The answer
    depends only on the squares up to three steps away, so it is cached on them.
    """
    key = (geom.edition, cell, tuple([occ[c] for c in geom.around[cell]]))
    found = _CONSTRAINT_CACHE.get(key)
    if found is None:
        if len(_CONSTRAINT_CACHE) > 300_000:
            _CONSTRAINT_CACHE.clear()
        found = _CONSTRAINT_CACHE[key] = _compute_constraints(geom, occ, cell)
    return found


@lru_cache(maxsize=None)
def fitting_rotations(required: int, forbidden: int, old: int) -> tuple:
    """tile -> rotations that fit a square with these constraints, on which lies
    the orientation ``old`` (-1 for an empty square)."""
    old_segments = SEGMASK[old] if old >= 0 else 0
    result = []
    for tile in range(TILE_TYPES):
        rotations = []
        for rotation, edges, segments in ORIENTATION_INFO[tile]:
            if edges & required != required or edges & forbidden:
                continue
            if old >= 0 and (segments & old_segments != old_segments or segments == old_segments):
                continue
            rotations.append(rotation)
        result.append(tuple(rotations))
    return tuple(result)


def mask_fits(edge_mask: int, constraints: tuple[int, int]) -> bool:
    required, forbidden = constraints
    return edge_mask & required == required and not edge_mask & forbidden


def placement_problem(geom: Geometry, occ: list[int], cell: int, oid: int, placed_this_turn) -> str | None:
    """Why ``oid`` may not go on ``cell`` (a sentence), or None when it may."""
    if not geom.placeable[cell]:
        return "that square is a building"
    old = occ[cell]
    if old >= 0:
        old_tile = old // 4
        if not replaceable(old_tile):
            return "a tile with trees can never be replaced"
        if cell in placed_this_turn:
            return "you may not replace a tile you placed this turn"
        if SEGMASK[oid] & SEGMASK[old] != SEGMASK[old]:
            return "a replacing tile must keep every connection of the tile it replaces"
        if SEGMASK[oid] == SEGMASK[old]:
            return "a replacing tile must add at least one new connection"
    required, forbidden = edge_constraints(geom, occ, cell)
    edges = EDGEMASK[oid]
    if edges & forbidden:
        return ("a track would lead off the board, into a building, against a tile without "
                "track there, or into a square where it could not be continued")
    if edges & required != required:
        return ("a neighbouring track, a terminal, or a square that would be left with a dead end "
                "needs a track on this square that this tile does not have")
    return None


# --- routes ---------------------------------------------------------------
def stop_bits(stops: str, signs: dict) -> dict[int, int] | None:
    """cell -> bit mask of the route card's stops whose sign is on that cell;
    None while some stop has no sign yet (the route cannot be complete)."""
    bits: dict[int, int] = {}
    for index, letter in enumerate(stops):
        cell = signs.get(letter)
        if cell is None:
            return None
        bits[cell] = bits.get(cell, 0) | (1 << index)
    return bits


def find_route(geom: Geometry, occ: list[int], line: int, stops: str, signs: dict,
               start_side: str | None = None) -> list[int] | None:
    """The shortest drivable route for ``line`` through all ``stops``, or None.

    Breadth-first search over (square, entry edge, stops passed so far). A tram
    enters a terminal square through the terminal edge and leaves a square only
    along a drawn segment of its tile; the route ends when it leaves a square of
    the other terminal through that terminal's edge with every stop passed.
    Returns the list of squares driven through, in order. Searching from one
    terminal is enough to decide completeness (segments are two-way).
    """
    bits = stop_bits(stops, signs)
    if bits is None:
        return None
    full = (1 << len(stops)) - 1
    terms = geom.terminals[line]
    start = terms[0] if start_side is None else geom.terminal(line, start_side)
    end = terms[1] if start is terms[0] else terms[0]
    end_edge = end["edge"]
    end_cells = end["cells"]
    edges = geom.edge
    parent: dict[int, int] = {}
    queue: deque[int] = deque()
    for cell in start["cells"]:
        if occ[cell] < 0:
            continue
        node = ((cell * 4 + start["edge"]) << 3) | bits.get(cell, 0)
        if node not in parent:
            parent[node] = -1
            queue.append(node)
    while queue:
        node = queue.popleft()
        mask = node & 7
        cell, entry = divmod(node >> 3, 4)
        for exit_edge in EXITS[occ[cell]][entry]:
            kind = edges[cell][exit_edge]
            if kind < 0:
                if kind == TERMINAL and exit_edge == end_edge and mask == full and cell in end_cells:
                    path = []
                    while node != -1:
                        path.append((node >> 3) // 4)
                        node = parent[node]
                    path.reverse()
                    return path
                continue
            if occ[kind] < 0:
                continue
            new_entry = opposite(exit_edge)
            if not EDGEMASK[occ[kind]] >> new_entry & 1:
                continue
            nxt = ((kind * 4 + new_entry) << 3) | mask | bits.get(kind, 0)
            if nxt not in parent:
                parent[nxt] = node
                queue.append(nxt)
    return None


def find_routes(geom: Geometry, occ: list[int], line: int, stops: str, signs: dict, start_side: str,
                *, limit: int, slack: int, budget: int = 20_000) -> list[list[int]]:
    """Drivable routes from the ``start_side`` terminal of ``line`` through all
    ``stops`` to the other terminal, for a driver who picks their way (rules version 2).

    Depth-first over (square, entry edge): a tram never drives the same segment
    twice on one trip, so a route visits each (square, entry edge) at most once. Only
    routes at most ``slack`` squares longer than the shortest one are kept, the
    search stops after ``budget`` steps, and the ``limit`` best are returned, ordered
    by length, then by how many stop signs lie on the way, then by their squares —
    the same list for the same board, whoever asks.
    """
    shortest = find_route(geom, occ, line, stops, signs, start_side)
    if shortest is None:
        return []
    bits = stop_bits(stops, signs)
    full = (1 << len(stops)) - 1
    start = geom.terminal(line, start_side)
    end = next(term for term in geom.terminals[line] if term is not start)
    sign_cells = set(signs.values())
    longest = len(shortest) + slack
    found: set[tuple[int, ...]] = set()
    steps = 0

    def walk(cell, entry, mask, path, seen):
        nonlocal steps
        steps += 1
        if steps > budget or len(path) > longest:
            return
        for exit_edge in EXITS[occ[cell]][entry]:
            kind = geom.edge[cell][exit_edge]
            if kind < 0:
                if (kind == TERMINAL and exit_edge == end["edge"] and mask == full
                        and cell in end["cells"]):
                    found.add(tuple(path))
                continue
            if occ[kind] < 0:
                continue
            new_entry = opposite(exit_edge)
            if not EDGEMASK[occ[kind]] >> new_entry & 1 or (kind, new_entry) in seen:
                continue
            seen.add((kind, new_entry))
            path.append(kind)
            walk(kind, new_entry, mask | bits.get(kind, 0), path, seen)
            path.pop()
            seen.discard((kind, new_entry))

    for cell in start["cells"]:
        if occ[cell] >= 0:
            walk(cell, start["edge"], bits.get(cell, 0), [cell], {(cell, start["edge"])})
    found.add(tuple(shortest))
    ranked = sorted(found, key=lambda path: (len(path), sum(1 for c in path if c in sign_cells), path))
    return [list(path) for path in ranked[:limit]]
