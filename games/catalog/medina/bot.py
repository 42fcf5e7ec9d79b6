"""A greedy Medina bot: it values each legal placement by what it adds to its own
palaces and what it gives away to the others, and plays the best one.

No search: each move gets a value from local rules of thumb —
* a roof is worth the palace's points (with the tiles it would win) minus what the
  roof could still earn later, which shrinks as the buildings of its colour run out;
* a building or stable on a palace it means to roof this turn is worth its point,
  one that feeds someone else's palace costs;
* walls and merchants count for whose palace they touch, and a wall that wins a
  guard tile counts the tile;
* a tea break is taken when every placement left would cost more than it brings.
"""
from __future__ import annotations

from .components import COLOURS, GUARD_TILE_VALUE, PALACE_TILE_VALUE
from .placement import Site, is_wall, wall_tower
from .scoring import palace_points, palace_size

ENEMY = 0.7     # how much a point given to another player hurts
KEEP_BASE = 8.0  # what an unused roof is still worth, in points, when its colour is used up
KEEP_SPAN = 10.0  # at most this much more while its colour has buildings left


class _Look:
    """What the bot knows about the board for one decision."""

    def __init__(self, state, seat):
        self.state = state
        self.seat = seat
        self.site = Site(state)
        self.board = self.site.board
        self.cells = state["cells"]
        self.palace_at = state["palace_at"]
        self.palaces = state["palaces"]
        self.points = [palace_points(state, p) for p in self.palaces]
        self.claimed = set(state["claimed"][seat])
        self.roofs = state["supply"][seat]["roofs"]
        turn = state["turn"]
        self.pieces_left = turn["pieces"] - turn["placed"]
        self.marked = set(self.board.fountain_squares(state["fountain"])) if state["fountain"] is not None else set()
        self.remaining = {c: sum(s[c] for s in state["supply"]) for c in COLOURS}
        self.largest = {}
        for palace in self.palaces:
            if palace["status"] != "open":
                size = palace_size(palace)
                self.largest[palace["colour"]] = max(self.largest.get(palace["colour"], 0), size)

    def weight(self, owner) -> float:
        if owner == self.seat:
            return 1.0
        return 0.0 if owner is None else -ENEMY

    def can_claim(self, palace) -> bool:
        return self.roofs > 0 and palace["colour"] not in self.claimed

    def guard_gain(self, tower: int, owner) -> float:
        holder = self.state["guards"][tower - 1]
        if holder == owner:
            return 0.0
        value = GUARD_TILE_VALUE[tower - 1]
        if not self.state["guards_won"][tower - 1]:
            value += 0.8 * self.state["tower_merchants"][tower - 1]
        gain = value * self.weight(owner)
        if holder is not None:
            gain -= value * self.weight(holder)
        return gain

    def growth_value(self, palace_index: int, square: int) -> float:
        """Worth of one more part of a palace on ``square`` (a building or stable)."""
        cells, board = self.cells, self.board
        touched_walls, touched_merchants = set(), set()
        parts = self.palaces[palace_index]["buildings"] + self.palaces[palace_index]["stables"]
        for part in parts:
            for n in board.orth[part]:
                if is_wall(cells[n]):
                    touched_walls.add(n)
                elif cells[n] == "M":
                    touched_merchants.add(n)
        value = 1.0
        for n in board.orth[square]:
            if (is_wall(cells[n]) and n not in touched_walls) or (cells[n] == "M" and n not in touched_merchants):
                value += 1.0
        if square in self.marked:
            value += 4.0
        return value

    def roof_value(self, palace_index: int) -> float:
        palace = self.palaces[palace_index]
        colour = palace["colour"]
        value = float(self.points[palace_index]["total"])
        size = palace_size(palace)
        if size > self.largest.get(colour, 0):
            holder = self.state["palace_tiles"][colour]
            value += PALACE_TILE_VALUE[colour] * (1 + (ENEMY if holder not in (None, self.seat) else 0))
        towers = {wall_tower(self.cells[n]) for part in palace["buildings"] + palace["stables"]
                  for n in self.board.orth[part] if is_wall(self.cells[n])}
        value += sum(self.guard_gain(t, self.seat) for t in towers)
        if colour == "violet" and self.state["tea_pool"] > 0:
            value += 0.5 * ((self.state["tea_pool"] + 1) // 2)   # tea tiles: 3, 2, 1
        # What this roof might still earn if kept: less as the colour's buildings run out.
        keep = KEEP_BASE + min(KEEP_SPAN, self.remaining[colour] / max(1, self.state["players"]))
        if self.site.expansion(palace_index) and self.pieces_left == 2:
            keep += 1.0   # better: grow it with this piece, roof it with the next
        return value - keep


def _value(look: _Look, move: dict) -> float:
    kind = move["type"]
    if kind == "tea":
        return 0.0
    board = look.board
    square = board.index(move["x"], move["y"])
    cells, palace_at, palaces = look.cells, look.palace_at, look.palaces
    if kind == "roof":
        return 3.0 + look.roof_value(palace_at[square])
    if kind == "neutral_roof":
        palace = palaces[palace_at[square]]
        threat = look.points[palace_at[square]]["total"]
        if look.can_claim(palace):
            return -2.0
        return 0.6 * threat - 3.0
    if kind in ("building", "stable"):
        if kind == "building":
            palace_index = next((palace_at[n] for n in board.orth[square]
                                 if cells[n] == move["colour"] and palace_at[n] != -1), -1)
            if palace_index == -1:
                # A new palace: worth a little if it is a colour we still want.
                wanted = move["colour"] not in look.claimed and look.roofs > 0
                return 0.2 if wanted else -0.2
        else:
            # Through a building; from rules version 2 on, possibly through a stable only.
            palace_index = next((palace_at[n] for n in board.orth[square]
                                 if palace_at[n] != -1 and cells[n] != "S"), None)
            if palace_index is None:
                palace_index = next(palace_at[n] for n in board.orth[square] if palace_at[n] != -1)
        palace = palaces[palace_index]
        gain = look.growth_value(palace_index, square)
        if palace["status"] == "owned":
            towers = {wall_tower(cells[n]) for n in board.orth[square] if is_wall(cells[n])}
            gain_total = gain * look.weight(palace["owner"])
            gain_total += sum(look.guard_gain(t, palace["owner"]) for t in towers)
            return gain_total
        if palace["status"] == "neutral":
            return -0.3
        # An unfinished palace: good if we roof it this turn, a gift otherwise.
        if look.can_claim(palace) and look.pieces_left == 2:
            return 0.5 + gain
        return -0.4 * gain
    if kind == "wall":
        inner = board.inward[square]
        palace_index = palace_at[inner]
        tower = look.site.tower_of_new_wall(square)
        if palace_index == -1:
            # Leading the wall towards one of our palaces is a little better.
            ahead = [n for n in board.along[square] if cells[n] == ""]
            for n in ahead:
                target = palace_at[board.inward[n]] if board.inward[n] != -1 else -1
                if target != -1 and palaces[target]["owner"] == look.seat:
                    return 0.4
            return 0.05
        palace = palaces[palace_index]
        if palace["status"] == "owned":
            return look.weight(palace["owner"]) * 1.0 + look.guard_gain(tower, palace["owner"])
        if palace["status"] == "neutral":
            return look.guard_gain(tower, None) - 0.1
        return 0.3 if look.can_claim(palace) else -0.3
    if kind == "merchant":
        value = 0.05
        seen = set()
        for n in board.orth[square]:
            palace_index = palace_at[n]
            if palace_index == -1 or palace_index in seen:
                continue
            seen.add(palace_index)
            palace = palaces[palace_index]
            if palace["status"] == "owned":
                value += look.weight(palace["owner"])
            elif palace["status"] == "open":
                value += 0.3 if look.can_claim(palace) else -0.3
        return value
    return 0.0


def choose_move(rules, state, seat, rng) -> dict:
    moves = rules.legal_moves(state, seat)
    if not moves:
        raise RuntimeError("medina: the bot was asked to move but has no legal move")
    look = _Look(state, seat)
    best, best_moves = None, []
    for move in moves:
        value = _value(look, move)
        if best is None or value > best + 1e-9:
            best, best_moves = value, [move]
        elif abs(value - best) <= 1e-9:
            best_moves.append(move)
    return best_moves[rng.randbelow(len(best_moves), "bot")]
