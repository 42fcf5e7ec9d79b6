"""The sea of The Oracle of Delphi: a seeded map generator and the Sea helper.

`generate(rng, players)` lays the 12 board tiles and 6 city tiles into one legal map,
drawing only with ``rng.randbelow(n, purpose="map")``; the result is a plain JSON dict
that goes into the setup event, so a replay reads the map and never rebuilds it:

    {"water":    {"q,r": colour, ...},            # the 72 water spaces
     "zeus":     "q,r",                           # the shallows in the middle of tile 7-0
     "shallows": ["q,r", ...],                    # all 3 shallows, Zeus included
     "islands":  {"q,r": {"kind": "offering" | "temple" | "statue" | "monster" |
                                  "monster2" | "tile" | "city",
                          "colour": temple or city colour, else None,
                          "ring":   island-tile ring colour, else None,
                          "sites":  [3 statue-site colours] on statue islands, else None}},
     "pieces":   [{"piece": "7-0", "anchor": "q,r", "rotation": 0..5}, ...]}

The map holds geometry and printed attributes only (and the temples' colours, which
setup lays on the temple islands); cubes, monsters, statues and island tiles are the
rules' business. Legal means (checked by `problems`): every tile joins the sea it is
laid against with at least two water-to-water contacts, all water is one connected
sea, every island touches water, each city sits on the rim with its outer sides open
and at least 5 hexes from the other cities.
"""
from __future__ import annotations

from collections import Counter, deque
from functools import lru_cache

from . import hexes as H
from . import tiles as T

MAX_ATTEMPTS = 200
MIN_CITY_DISTANCE = 5
TOP_CHOICES = 6          # a tile goes to one of the few most compact places, drawn at random
ISLAND_KINDS = ("offering", "temple", "statue", "monster", "monster2", "tile", "city")


class MapError(RuntimeError):
    pass


# --- random draws ----------------------------------------------------------------

def _draw(rng, n: int) -> int:
    return rng.randbelow(n, purpose="map")


def _shuffled(rng, items: list) -> list:
    items = list(items)
    for i in range(len(items) - 1, 0, -1):
        j = _draw(rng, i + 1)
        items[i], items[j] = items[j], items[i]
    return items


@lru_cache(maxsize=None)
def _turned(name: str, rotation: int) -> tuple[tuple[int, int, str, str | None], ...]:
    return tuple((*H.rotate(dq, dr, rotation), kind, colour) for dq, dr, kind, colour in T.piece(name))


def _hexes(name: str, anchor: tuple[int, int], rotation: int):
    aq, ar = anchor
    for dq, dr, kind, colour in _turned(name, rotation):
        yield aq + dq, ar + dr, kind, colour


def _outer_sides(anchor: tuple[int, int], rotation: int) -> list[tuple[int, int]]:
    """The two hexes a city faces (the open sea beyond the map's edge)."""
    cq, cr = _city_hex(anchor, rotation)
    return [(cq + dq, cr + dr) for dq, dr in (H.rotate(*side, rotation) for side in T.CITY_OUTER_SIDES)]


# --- the layout under construction ------------------------------------------------

@lru_cache(maxsize=None)
def _shape(name: str, rotation: int):
    """Offsets of a turned piece: all its hexes, its water hexes, and the hexes beside
    each of them (with repeats, one per shared side) for counting contacts."""
    turned = _turned(name, rotation)
    cells = tuple((dq, dr) for dq, dr, _, _ in turned)
    water = tuple((dq, dr) for dq, dr, kind, _ in turned if kind == "water")
    around = tuple((dq + a, dr + b) for dq, dr in cells for a, b in H.DIRECTIONS)
    around_water = tuple((dq + a, dr + b) for dq, dr in water for a, b in H.DIRECTIONS)
    return cells, water, around, around_water


class _Layout:
    def __init__(self):
        self.cells: dict[tuple[int, int], tuple[str, str | None]] = {}
        self.water: set[tuple[int, int]] = set()
        self.pieces: list[dict] = []
        self.blocked: set[tuple[int, int]] = set()   # laid hexes and the cities' open outer sides

    def place(self, name, anchor, rotation):
        for q, r, kind, colour in _hexes(name, anchor, rotation):
            self.cells[(q, r)] = (kind, colour)
            self.blocked.add((q, r))
            if kind == "water":
                self.water.add((q, r))
        self.pieces.append({"piece": name, "anchor": H.key(*anchor), "rotation": rotation})

    def fits(self, name, anchor, rotation) -> bool:
        aq, ar = anchor
        blocked = self.blocked
        return not any((aq + dq, ar + dr) in blocked for dq, dr in _shape(name, rotation)[0])

    def water_contacts(self, name, anchor, rotation) -> int:
        aq, ar = anchor
        water = self.water
        return sum((aq + dq, ar + dr) in water for dq, dr in _shape(name, rotation)[3])

    def touching(self, name, anchor, rotation) -> int:
        """Sides shared with hexes already laid: a measure of how snugly a piece fits."""
        aq, ar = anchor
        cells = self.cells
        return sum((aq + dq, ar + dr) in cells for dq, dr in _shape(name, rotation)[2])

    def anchors_against_water(self, name, rotation, targets):
        """Anchors that put one of the piece's water hexes on an empty hex beside `targets`."""
        free = {(q + dq, r + dr) for q, r in targets for dq, dr in H.DIRECTIONS} - self.cells.keys()
        own_water = _shape(name, rotation)[1]
        return {(fq - dq, fr - dr) for fq, fr in free for dq, dr in own_water}


def _screen(q: int, r: int) -> tuple[float, float]:
    return (q + r / 2) * 1.732, 1.5 * r


def _spread(box, cells) -> float:
    """Size of the bounding box on screen of `box` (min x, max x, min y, max y) grown by
    `cells`, measured so a map 1.4 times as wide as high is the most compact: keeps the
    sea a landscape page, not a long strip."""
    low_x, high_x, low_y, high_y = box
    for q, r in cells:
        x, y = _screen(q, r)
        low_x, high_x, low_y, high_y = min(low_x, x), max(high_x, x), min(low_y, y), max(high_y, y)
    width, height = high_x - low_x, high_y - low_y
    return max(width / 1.4, height) + 0.25 * (width / 1.4 + height)


def _lay_board_tile(layout: _Layout, name: str, rng) -> bool:
    points = [_screen(q, r) for q, r in layout.cells]
    box = (min(x for x, _ in points), max(x for x, _ in points), min(y for _, y in points), max(y for _, y in points))
    options = []
    for rotation in range(6):
        offsets = _shape(name, rotation)[0]
        for anchor in sorted(layout.anchors_against_water(name, rotation, layout.water)):
            if not layout.fits(name, anchor, rotation):
                continue
            if layout.water_contacts(name, anchor, rotation) < 2:
                continue
            new = [(anchor[0] + dq, anchor[1] + dr) for dq, dr in offsets]
            score = layout.touching(name, anchor, rotation) - 2 * _spread(box, new)
            options.append((-score, anchor, rotation))
    if not options:
        return False
    options.sort()
    _, anchor, rotation = options[_draw(rng, min(TOP_CHOICES, len(options)))]
    layout.place(name, anchor, rotation)
    return True


def _city_hex(anchor, rotation) -> tuple[int, int]:
    dq, dr = H.rotate(1, -1, rotation)
    return anchor[0] + dq, anchor[1] + dr


def _outside(occupied) -> set[tuple[int, int]]:
    """The empty hexes connected to the open sea beyond the map (not holes inside it)."""
    qs = [q for q, r in occupied]
    rs = [r for q, r in occupied]
    low_q, high_q, low_r, high_r = min(qs) - 2, max(qs) + 2, min(rs) - 2, max(rs) + 2
    start = (low_q, low_r)
    seen = {start}
    queue = deque([start])
    while queue:
        q, r = queue.popleft()
        for dq, dr in H.DIRECTIONS:
            there = (q + dq, r + dr)
            if (there not in seen and there not in occupied
                    and low_q <= there[0] <= high_q and low_r <= there[1] <= high_r):
                seen.add(there)
                queue.append(there)
    return seen


def _lay_city(layout: _Layout, colour: str, cities: list[tuple[int, int]], rng) -> bool:
    name = f"city-{colour}"
    outside = _outside(layout.cells.keys())
    rim = [w for w in layout.water if any((w[0] + dq, w[1] + dr) not in layout.cells for dq, dr in H.DIRECTIONS)]
    options = []
    for rotation in range(6):
        for anchor in sorted(layout.anchors_against_water(name, rotation, rim)):
            city = _city_hex(anchor, rotation)
            gap = min((H.cube_distance(*city, *other) for other in cities), default=99)
            if gap < MIN_CITY_DISTANCE or not layout.fits(name, anchor, rotation):
                continue
            if any(side not in outside for side in _outer_sides(anchor, rotation)):
                continue
            if layout.water_contacts(name, anchor, rotation) < 2:
                continue
            options.append((-min(gap, 12), -layout.touching(name, anchor, rotation), anchor, rotation))
    if not options:
        return False
    options.sort()
    *_, anchor, rotation = options[_draw(rng, min(3, len(options)))]
    layout.place(name, anchor, rotation)
    layout.blocked.update(_outer_sides(anchor, rotation))
    cities.append(_city_hex(anchor, rotation))
    return True


def _attempt(rng) -> _Layout | None:
    layout = _Layout()
    layout.place(T.ZEUS_TILE, (0, 0), _draw(rng, 6))
    for name in _shuffled(rng, [n for n in T.BOARD_TILES if n != T.ZEUS_TILE]):
        if not _lay_board_tile(layout, name, rng):
            return None
    cities: list[tuple[int, int]] = []
    for colour in _shuffled(rng, list(T.CITY_COLOURS)):
        if not _lay_city(layout, colour, cities, rng):
            return None
    return layout


def build(pieces: list[dict], temples: list[str]) -> dict:
    """The map dict for laid pieces; `temples` colours the temple islands in reading order."""
    water, shallows, islands = {}, [], {}
    zeus = None
    for placed in pieces:
        name, anchor, rotation = placed["piece"], H.parse(placed["anchor"]), placed["rotation"]
        for q, r, kind, colour in _hexes(name, anchor, rotation):
            k = H.key(q, r)
            if kind == "water":
                water[k] = colour
            elif kind == "shallows":
                shallows.append(k)
                if name == T.ZEUS_TILE:
                    zeus = k
            else:
                islands[k] = {"kind": kind, "colour": name[5:] if kind == "city" else None,
                              "ring": colour if kind == "tile" else None,
                              "sites": list(T.STATUE_SITES[name]) if kind == "statue" else None}
    order = H.reading_order
    temple_keys = sorted((k for k, i in islands.items() if i["kind"] == "temple"), key=order)
    for k, colour in zip(temple_keys, temples):
        islands[k]["colour"] = colour
    return {"water": {k: water[k] for k in sorted(water, key=order)},
            "zeus": zeus,
            "shallows": sorted(shallows, key=order),
            "islands": {k: islands[k] for k in sorted(islands, key=order)},
            "pieces": [dict(p) for p in pieces]}


def piece_of(board: dict) -> dict[str, int]:
    """Which laid piece (index into board["pieces"]) each hex belongs to: for drawing
    the tiles' outlines."""
    found = {}
    for index, placed in enumerate(board.get("pieces", [])):
        for q, r, _, _ in _hexes(placed["piece"], H.parse(placed["anchor"]), placed["rotation"]):
            found[H.key(q, r)] = index
    return found


def generate(rng, players: int = 4) -> dict:
    """A legal map, the same for the same rng (all 18 pieces are used at every player count)."""
    for _ in range(MAX_ATTEMPTS):
        layout = _attempt(rng)
        if layout is None:
            continue
        board = build(layout.pieces, _shuffled(rng, list(T.COLOURS)))
        if not problems(board):
            return board
    raise MapError("no legal map found")


# --- checking ----------------------------------------------------------------------

def problems(board: dict) -> list[str]:
    """Everything that makes a map dict illegal (an empty list for a legal map)."""
    found = []
    sea = Sea(board)
    colours = Counter(sea.water.values())
    if any(colours[c] != 12 for c in T.COLOURS) or len(sea.water) != 72:
        found.append(f"water colours {dict(colours)}")
    kinds = Counter(i["kind"] for i in sea.islands.values())
    want = {"offering": 6, "temple": 6, "statue": 6, "monster": 6, "monster2": 3, "tile": 12, "city": 6}
    if dict(kinds) != want:
        found.append(f"islands {dict(kinds)}")
    if len(sea.shallows) != 3 or sea.zeus not in sea.shallows:
        found.append("shallows")
    if sorted(i["colour"] for i in sea.islands.values() if i["kind"] == "temple") != sorted(T.COLOURS):
        found.append("temple colours")
    if sorted(i["colour"] for i in sea.islands.values() if i["kind"] == "city") != sorted(T.COLOURS):
        found.append("city colours")
    if Counter(i["ring"] for i in sea.islands.values() if i["kind"] == "tile") != {c: 2 for c in T.COLOURS}:
        found.append("island-tile rings")
    sites = [i["sites"] for i in sea.islands.values() if i["kind"] == "statue"]
    if any(len(set(s)) != 3 for s in sites) or Counter(c for s in sites for c in s) != {c: 3 for c in T.COLOURS}:
        found.append("statue sites")
    everything = list(sea.water) + list(sea.islands) + list(sea.shallows)
    if len(set(everything)) != len(everything):
        found.append("overlapping hexes")
    start = next(iter(sea.water))
    if len(sea.steps_over_water(start)) != len(sea.water):
        found.append("the sea is not connected")
    if not sea.zeus_neighbours():
        found.append("Zeus has no water beside it")
    for k in sea.islands:
        if not any(n in sea.water for n in H.neighbours(k)):
            found.append(f"island {k} has no water beside it")
    cities = [k for k, i in sea.islands.items() if i["kind"] == "city"]
    outside = _outside({H.parse(k) for k in everything})
    for placed in board.get("pieces", []):
        if placed["piece"].startswith("city-"):
            anchor = H.parse(placed["anchor"])
            if any(side not in outside for side in _outer_sides(anchor, placed["rotation"])):
                found.append(f"{placed['piece']} does not face the open sea")
    for k in cities:
        if any(H.distance(k, other) < MIN_CITY_DISTANCE for other in cities if other != k):
            found.append(f"city {k} is too close to another city")
    return found


# --- the Sea helper ------------------------------------------------------------------

_RECENT: dict[int, "Sea"] = {}


def sea_for(board: dict) -> "Sea":
    """The Sea of a map dict, reused while the same dict object is asked about again (a
    map never changes after setup, and the rules ask about it on every move)."""
    sea = _RECENT.get(id(board))
    if sea is None or sea.board is not board:
        if len(_RECENT) >= 64:
            _RECENT.clear()
        sea = _RECENT[id(board)] = Sea(board)
    return sea


class Sea:
    """Questions the rules ask of a map dict (a view of it, never stored in the state)."""

    def __init__(self, board: dict):
        self.board = board
        self.water: dict[str, str] = board["water"]
        self.zeus: str = board["zeus"]
        self.shallows: list[str] = list(board["shallows"])
        self.islands: dict[str, dict] = board["islands"]
        self._water_neighbours = {k: [n for n in H.neighbours(k) if n in self.water]
                                  for k in list(self.water) + [self.zeus]}
        self._adjacent_islands = {k: [n for n in H.neighbours(k) if n in self.islands] for k in self._water_neighbours}
        self._steps: dict[tuple[str, bool], dict[str, int]] = {}

    @property
    def gaps(self) -> list[str]:
        """Empty hexes enclosed by the map: holes between the tiles, which count as
        shallows (impassable, unless an equipment card lets a ship cross shallows)."""
        if not hasattr(self, "_gaps"):
            laid = {H.parse(k) for k in list(self.water) + list(self.islands) + self.shallows}
            outside = _outside(laid)
            qs, rs = [q for q, _ in laid], [r for _, r in laid]
            self._gaps = sorted((H.key(q, r) for q in range(min(qs), max(qs) + 1) for r in range(min(rs), max(rs) + 1)
                                 if (q, r) not in laid and (q, r) not in outside),
                                key=H.reading_order)
        return self._gaps

    def colour(self, water_key: str) -> str:
        return self.water[water_key]

    def water_neighbours(self, key: str) -> list[str]:
        """Water spaces beside a space (Zeus is not water; ask zeus_neighbours for it)."""
        if key in self._water_neighbours:
            return self._water_neighbours[key]
        return [n for n in H.neighbours(key) if n in self.water]

    def zeus_neighbours(self) -> list[str]:
        """The water spaces from which a ship can sail onto Zeus (or leave it)."""
        return self._water_neighbours[self.zeus]

    def adjacent_islands(self, water_key: str) -> list[str]:
        """Island keys beside a water space (or Zeus): where a ship there may act."""
        if water_key in self._adjacent_islands:
            return self._adjacent_islands[water_key]
        return [n for n in H.neighbours(water_key) if n in self.islands]

    def steps_over_water(self, from_key: str, over_shallows: bool = False) -> dict[str, int]:
        """Fewest water steps from a space to every water space (itself 0).

        The path runs over water only: never over islands, shallows or Zeus. Zeus may be
        the start (ships begin there); to finish on Zeus the rules add one step from
        one of `zeus_neighbours()`. With `over_shallows` (the equipment that lets a ship
        cross shallows) a shallow, Zeus included, or a gap between the tiles counts as
        one more space on the way; the result still lists only water spaces (and the
        start).
        """
        cache = (from_key, over_shallows)
        if cache not in self._steps:
            passable = set(self.shallows) | set(self.gaps) if over_shallows else set()
            steps = {from_key: 0}
            queue = deque([from_key])
            while queue:
                here = queue.popleft()
                ahead = H.neighbours(here) if over_shallows else self.water_neighbours(here)
                for there in ahead:
                    if there not in steps and (there in self.water or there in passable):
                        steps[there] = steps[here] + 1
                        queue.append(there)
            self._steps[cache] = {k: v for k, v in steps.items() if k in self.water or k == from_key}
        return dict(self._steps[cache])

    def islands_within(self, water_key: str, distance: int) -> list[str]:
        """Islands a ship on `water_key` reaches with at most `distance` water spaces between.

        0 gives the adjacent islands; 1 also those beside a water space next to the ship
        (the equipment cards that act "from 1 water space away").
        """
        found = []
        for space, steps in self.steps_over_water(water_key).items():
            if steps <= distance:
                for island in self.adjacent_islands(space):
                    if island not in found:
                        found.append(island)
        return sorted(found, key=H.reading_order)

    def islands_of(self, kind: str) -> list[str]:
        return [k for k, i in self.islands.items() if i["kind"] == kind]

    def temple(self, colour: str) -> str:
        return next(k for k, i in self.islands.items() if i["kind"] == "temple" and i["colour"] == colour)

    def city(self, colour: str) -> str:
        return next(k for k, i in self.islands.items() if i["kind"] == "city" and i["colour"] == colour)


# --- the first-game map -------------------------------------------------------------
# One fixed, checked layout for tests, examples and a first game (a compact landscape
# sea with Zeus near the middle). Pieces as (piece, anchor, rotation).
FIRST_GAME_PIECES = (
    ("7-0", "0,0", 3),
    ("7-4", "-2,2", 5),
    ("11-0", "2,1", 3),
    ("9-1", "-1,-2", 5),
    ("11-2", "0,4", 4),
    ("9-2", "-5,1", 3),
    ("7-2", "2,-3", 1),
    ("7-1", "-4,-2", 2),
    ("7-5", "4,3", 3),
    ("11-1", "6,-2", 0),
    ("7-3", "5,-4", 5),
    ("9-0", "-6,4", 3),
    ("city-black", "-3,4", 3),
    ("city-blue", "7,-5", 1),
    ("city-green", "-7,-1", 0),
    ("city-pink", "5,4", 2),
    ("city-red", "0,-4", 0),
    ("city-yellow", "-8,4", 5),
)
FIRST_GAME_TEMPLES = ('blue', 'black', 'red', 'pink', 'green', 'yellow')

FIRST_GAME: dict = build([{"piece": n, "anchor": a, "rotation": r} for n, a, r in FIRST_GAME_PIECES],
                         list(FIRST_GAME_TEMPLES))
