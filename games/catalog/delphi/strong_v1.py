"""The first version of the Oracle of Delphi's strong bot, kept so that games its moves
were made in replay and verify the same (``BOTS_BY_VERSION``); strong.py holds the current one.

A search over the seat's own turn through the
rules' own ``decide`` and ``evolve``, judged by how many actions the seat still needs.

Delphi is a race: the first ship back at Zeus with every task done ends the game. So a
position is worth the actions its seat still needs, estimated by ``remaining``: a
greedy voyage from the ship over the next stop of every open task (load an offering and
bring it to its temple, fetch a statue and raise it, fight a fitting monster, explore or
build a shrine on a tile of the seat's colour) and home to Zeus, each leg counted in
sail actions (``ceil(spaces / range)``) plus the action at the island (a fight as its
expected cost with the favour in hand, an unknown island tile as the explorations it
will likely take). Favour, oracle cards, gods on the way up, shield and injuries are
worth fractions of an action (``value``).

At each action of its turn the bot plans the rest of the turn: a beam search over
sequences of its actions (every die, the oracle card, the extra action, the gods' top
row), each applied with ``decide`` and ``evolve`` and resolved up to its next choice,
the nodes of a depth ranked by their value plus the sources still unspent. It plays the
first action of the best plan, and plans again at the next decision: the move follows
from the state and the bot's RNG alone, so the audit re-derives it.

It never reads what its seat may not know: every plan is made in a world where the
face-down island tiles it has not seen are dealt again at random from the ones it has
not seen (``determinize``), an exploration is judged over several such deals, a fight
over several rolls of the battle die. The other choices (ships, equipment, companions,
the god advances others' rolls offer) are judged one step ahead by the same value, or
left to the basic bot where the value has nothing to say.
"""
from __future__ import annotations

import math
import pickle
import random
from collections import deque

from games.engine.errors import IllegalMove
from games.engine.search import SimulationRng, canonical_key, redeal

from . import components as C
from . import queries as Q
from .bot import choose_move
from .effects import Turn, apply
from .hexes import neighbours

# The beam: how many partial plans survive each depth, how many of a node's children
# (best by their own value) are expanded further, how many deals judge a chance move.
BEAM = 2
CHILDREN = 4
CHANCE_SAMPLES = 2

# What things are worth, in actions.
FAVOUR = 0.3
FAVOUR_CAP = 10
ORACLE = 0.6
SOURCE = 0.9                 # an unspent die (or card) in the middle of a plan
GOD_TOP = 1.5
SHIELD = 0.25
STUCK = 4.0                  # a task with nowhere to do it now


# -- the sea, measured once per map ------------------------------------------------------
class Geometry:
    """Distances over water between every two spaces (Zeus counts as a start only) and
    from every water space to every island's shore."""

    def __init__(self, sea: dict):
        self.zeus = sea["zeus"]
        water = set(sea["water"])
        self.water = water
        islands = sea["islands"]
        self.shore = {key: [n for n in neighbours(key) if n in water] for key in islands}
        starts = sorted(water) + [self.zeus]
        self.dist = {}
        for start in starts:
            best = {start: 0}
            queue = deque([start])
            while queue:
                here = queue.popleft()
                for n in neighbours(here):
                    if n in water and n not in best:
                        best[n] = best[here] + 1
                        queue.append(n)
            self.dist[start] = best
        self.near = {}          # start -> island -> (steps, the shore space reached)
        for start in starts:
            row = {}
            dist = self.dist[start]
            for key, shore in self.shore.items():
                found = [(dist[w], w) for w in shore if w in dist]
                if found:
                    row[key] = min(found)
            self.near[start] = row
        around = [n for n in neighbours(self.zeus) if n in water]
        self.home = {start: min((self.dist[start][n] + 1 for n in around if n in self.dist[start]), default=99)
                     for start in starts}
        self.home[self.zeus] = 0


_GEOMETRY: dict = {}


def geometry(state: dict) -> Geometry:
    sea = state["sea"]
    key = (sea["zeus"], tuple(sorted(sea["water"])), tuple(sorted(sea["islands"])))
    found = _GEOMETRY.get(key)
    if found is None:
        if len(_GEOMETRY) > 32:
            _GEOMETRY.clear()
        found = _GEOMETRY[key] = Geometry(sea)
    return found


# -- what a position is worth -------------------------------------------------------------
def fight_cost(shield: int, favour: int) -> float:
    """Expected actions (favour at its worth) to defeat a monster, starting now."""
    strength = C.BATTLE_BASE - shield
    alive, spent, won = 1.0, 0.0, 0.0
    for paid in range(favour + 1):
        chance = min(1.0, max(0.0, (C.BATTLE_FACES - (strength - paid)) / C.BATTLE_FACES))
        won += alive * chance
        alive *= 1 - chance
        if alive < 0.05:
            break
        spent += alive * (paid + 1 <= favour)
    return 1.0 + FAVOUR * spent + alive * 2.0


def remaining(state: dict, seat: int, geo: Geometry) -> float:
    """Actions the seat still needs to finish: a greedy voyage over its open tasks."""
    me = state["seats"][seat]
    if me["returned"]:
        return 0.0
    board = state["board"]
    isl = state["sea"]["islands"]
    reach = Q.ship_range(state, seat)
    tiles = me["tiles"]
    cargo = list(me["cargo"])
    room = Q.storage(state, seat) - len(cargo)
    temples = {isl[key]["colour"]: key for key in board["temples"]}

    # Tasks as chains of stops: ("deliver", colour), ("offering", colours wanted),
    # ("raise", colour), ("statue", None), ("monster", colours), ("shrine", kind).
    chains = []
    coloured_offerings = {t["colour"] for t in tiles if t["kind"] == "offering" and t["colour"]}
    open_offering = [t["colour"] for t in tiles if t["kind"] == "offering" and not t["done"]]
    for kind, colour in cargo:
        if kind == "offering":
            chains.append(["deliver", colour])
            if colour in open_offering:
                open_offering.remove(colour)
            elif None in open_offering:
                open_offering.remove(None)
    for colour in open_offering:
        wanted = frozenset({colour} if colour else set(C.COLOURS) - coloured_offerings -
                           {c for k, c in cargo if k == "offering"})
        chains.append(["offering", wanted])
    raised = {t["with"] for t in tiles if t["kind"] == "statue" and t["done"]}
    open_statues = sum(1 for t in tiles if t["kind"] == "statue" and not t["done"])
    carried_statues = [c for k, c in cargo if k == "statue" and c not in raised]
    for colour in carried_statues[:open_statues]:
        chains.append(["raise", colour])
    taken = raised | set(carried_statues)
    for _ in range(max(0, open_statues - len(carried_statues))):
        chains.append(["statue", None])
    coloured_monsters = {t["colour"] for t in tiles if t["kind"] == "monster" and t["colour"]}
    for t in tiles:
        if t["kind"] == "monster" and not t["done"]:
            chains.append(["monster", frozenset({t["colour"]} if t["colour"] else set(C.COLOURS) - coloured_monsters)])
    shrines = sum(1 for t in tiles if t["kind"] == "shrine" and not t["done"])
    mine = me["colour"]
    known = state["known"][seat]
    ready = [key for key, t in board["tiles"].items()
             if (t["up"] and t["colour"] == mine and t["shrine"] is None)
             or (not t["up"] and known.get(key, [None])[0] == mine)]
    located = sum(1 for t in board["tiles"].values() if t["up"] and t["colour"] == mine) + \
        sum(1 for key, t in board["tiles"].items() if not t["up"] and known.get(key, [None])[0] == mine)
    unknown = [key for key, t in board["tiles"].items() if not t["up"] and key not in known]
    hidden_mine = max(0, 3 - located)
    for _ in range(shrines):
        chains.append(["shrine", None])
    ready_left = list(ready)
    search_penalty = 0.0
    if hidden_mine and unknown:
        search_penalty = 1.2 * max(0.0, len(unknown) / hidden_mine - 1.0)

    fight = fight_cost(me["shield"], me["favour"])
    statue_stock = {key: set(stock) for key, stock in board["statues"].items()}
    free_sites = {}
    for key, taken_sites in board["sites"].items():
        for colour, holder in zip(isl[key]["sites"], taken_sites):
            if holder is None:
                free_sites.setdefault(colour, []).append(key)
    offerings = {key: set(stock) for key, stock in board["offerings"].items()}
    monsters = {key: set(stock) for key, stock in board["monsters"].items()}

    here = me["pos"]
    total = 0.0
    near = geo.near

    legs = [0] + [math.ceil(steps / reach) for steps in range(1, 100)]

    def sail(steps: int) -> float:
        return legs[min(steps, 99)]

    while chains:
        row = near.get(here, {})
        best = None
        alike = set()
        for index, chain in enumerate(chains):
            kind, what = chain
            if (kind, what) in alike:
                continue          # the same stop as an earlier chain: the same price
            alike.add((kind, what))
            options = []
            if kind == "deliver":
                key = temples.get(what)
                if key in row:
                    options.append((key, 1.0, what))
            elif kind == "offering":
                if room <= 0:
                    continue
                for key, stock in offerings.items():
                    if key in row and stock & what:
                        options.append((key, 1.0, min(stock & what, key=C.COLOURS.index)))
            elif kind == "raise":
                for key in free_sites.get(what, ()):
                    if key in row:
                        options.append((key, 1.0, what))
            elif kind == "statue":
                if room <= 0:
                    continue
                for key, stock in statue_stock.items():
                    usable = {c for c in stock if c not in taken and free_sites.get(c)}
                    if key in row and usable:
                        options.append((key, 1.0, min(usable, key=C.COLOURS.index)))
            elif kind == "monster":
                for key, stock in monsters.items():
                    if key in row and stock & what:
                        options.append((key, fight, min(stock & what, key=C.COLOURS.index)))
            else:  # shrine
                for key in ready_left:
                    if key in row:
                        options.append((key, 1.0, "ready"))
                if not ready_left:
                    for key in unknown:
                        if key in row:
                            options.append((key, 1.0 + search_penalty, "search"))
            for key, cost, detail in options:
                steps, shore = row[key]
                price = sail(steps) + cost
                if best is None or price < best[0]:
                    best = (price, index, key, shore, detail)
        if best is None:
            total += STUCK * len(chains)
            break
        price, index, key, shore, detail = best
        total += price
        here = shore
        kind, what = chains[index]
        if kind == "offering":
            chains[index] = ["deliver", detail]
            offerings[key] = offerings[key] - {detail}
            room -= 1
        elif kind == "statue":
            chains[index] = ["raise", detail]
            statue_stock[key] = statue_stock[key] - {detail}
            taken.add(detail)
            room -= 1
        else:
            chains.pop(index)
            if kind in ("deliver", "raise"):
                room += 1
            if kind == "raise":
                free_sites[what] = [k for k in free_sites.get(what, []) if k != key] or []
                # one site used: drop the island only if it has no other free site of that colour
                sites = [c for c, h in zip(isl[key]["sites"], board["sites"][key]) if h is None and c == what]
                if len(sites) > 1:
                    free_sites[what].append(key)
            elif kind == "monster":
                monsters[key] = monsters[key] - {detail}
            elif kind == "shrine":
                if detail == "ready":
                    ready_left.remove(key)
                else:
                    unknown.remove(key)
    return total + sail(geo.home.get(here, 99))


def value(state: dict, seat: int, geo: Geometry) -> float:
    """The seat's position in actions: minus what it still needs, plus its resources."""
    me = state["seats"][seat]
    if me["returned"]:
        # Back at Zeus: the tie-breaks count, oracle cards first.
        return 1000.0 + len(me["oracle"]) + me["favour"] / 100
    worth = -remaining(state, seat, geo)
    favour = me["favour"]
    worth += FAVOUR * min(favour, FAVOUR_CAP) + 0.1 * max(0, favour - FAVOUR_CAP)
    cards = len(me["oracle"])
    worth += ORACLE * min(cards, 3) + 0.2 * max(0, cards - 3)
    for row in me["gods"].values():
        worth += GOD_TOP * (row / C.TOP) * 0.8 if row < C.TOP else GOD_TOP
    worth += SHIELD * me["shield"]
    injuries = me["injuries"]
    total = sum(injuries.values())
    same = max(injuries.values(), default=0)
    limit_same, limit_total = ((C.TOLERANT_SAME, C.TOLERANT_TOTAL) if Q.has_equipment(state, seat, 15)
                               else (C.RECOVER_SAME, C.RECOVER_TOTAL))
    worth -= 0.2 * total
    if same >= limit_same - 1:
        worth -= 1.0
    if total >= limit_total - 1:
        worth -= 1.5
    if same >= limit_same or total >= limit_total:
        worth -= 3.0       # the next turn is lost to recovering
    return worth


# -- hidden information --------------------------------------------------------------------
def determinize(state: dict, seat: int, rng) -> dict:
    """A world the seat cannot tell from the real one: the face-down island tiles it has
    not seen dealt again from the ones it has not seen; what the others' peeks showed
    follows the new deal. The decks are counts per colour, drawn when a card is taken,
    so they hold no order to sample."""
    hidden = state["hidden"]
    known = state["known"][seat]
    unseen = sorted(key for key in hidden if key not in known)
    dealt = redeal([[tuple(hidden[key])] for key in unseen], rng)
    for key, (tile,) in zip(unseen, dealt):
        hidden[key] = list(tile)
    for other, seen in enumerate(state["known"]):
        if other != seat:
            for key in seen:
                if key in hidden:
                    seen[key] = list(hidden[key])
    return state


# -- the search -----------------------------------------------------------------------------
def _copy(state: dict) -> dict:
    """A copy to play on; the map never changes, so it is shared, not copied."""
    rest = dict(state)
    sea = rest.pop("sea")
    copied = pickle.loads(pickle.dumps(rest, pickle.HIGHEST_PROTOCOL))
    copied["sea"] = sea
    return copied


def _apply(rules, state, seat, move, rng):
    """``move`` played on ``state`` (changed in place) as ``rules.decide`` plays it: the
    same Turn emits the same events and folds them with ``evolve`` as it goes; only the
    legality check is left out, since every move tried comes from ``legal_moves``."""
    turn = Turn(state, rng)
    apply(turn, seat, move)
    turn.settle()
    return turn.state


def _resolve(rules, state, seat, rng):
    """Answer the seat's choices and battles (the basic bot's way) until it is back at
    its actions, or its turn is over."""
    for _ in range(12):
        if state.get("phase") != "play" or Q_actor(state) != seat:
            return state
        if not state["pending"] and state["step"] == "actions":
            return state
        state = _apply(rules, state, seat, choose_move(rules, state, seat, rng), rng)
    return state


def Q_actor(state):
    from .moves import current_actor
    return current_actor(state)


def _in_actions(state, seat) -> bool:
    return state.get("phase") == "play" and Q_actor(state) == seat and not state["pending"] \
        and state["step"] == "actions"


def _sources_left(state, seat) -> int:
    if not _in_actions(state, seat):
        return 0
    return len(state["unused"])


CHANCE = {"fight", "explore", "draw_oracle", "peek"}


def _body(move) -> str:
    return canonical_key({k: v for k, v in move.items() if k not in ("die", "card", "extra")})


def _reduced(rules, state, seat) -> list[dict]:
    """The moves worth trying: per action, only its cheapest ways to pay (a die before an
    oracle card, the extra action last); one peek; no god card while a god acts."""
    from .moves import action_cost
    moves = rules.legal_moves(state, seat)
    me = state["seats"][seat]
    known = state["known"][seat]
    cache: dict = {}
    groups: dict = {}
    peeked = False
    for move in moves:
        kind = move["type"]
        if kind == "end":
            continue
        if kind == "peek":
            if peeked or any(key in known for key in move["islands"]):
                continue
        if kind in ("heal",) and me["injuries"].get(move["colour"], 0) == 0:
            continue
        if "die" in move or "card" in move or "extra" in move:
            cost = action_cost(state, seat, move, cache)
            rank = (cost, 0 if "die" in move else 1 if "card" in move else 2)
        else:
            rank = (0, 0)
        body = _body(move)
        if kind == "peek":
            peeked = True
        groups.setdefault(body, []).append((rank, canonical_key(move), move))
    reduced = []
    for body in sorted(groups):
        options = sorted(groups[body], key=lambda item: (item[0], item[1]))
        best = options[0][0]
        # Every way to pay at the cheapest price: which die is left matters later.
        reduced += [move for rank, _, move in options if rank == best]
    return reduced


class _Node:
    __slots__ = ("state", "first", "score")

    def __init__(self, state, first, score):
        self.state, self.first, self.score = state, first, score


def _child(rules, state, seat, move, geo, rng, seeder):
    """The state after ``move`` (resolved to the seat's next action) and its worth: a
    chance move is judged over several deals and rolls, the first one continued."""
    samples = CHANCE_SAMPLES if move["type"] in CHANCE else 1
    first_state, total = None, 0.0
    for index in range(samples):
        world = _copy(state)
        if index:
            world = determinize(world, seat, SimulationRng(seeder.getrandbits(62)))
        sample_rng = SimulationRng(seeder.getrandbits(62))
        try:
            after = _resolve(rules, _apply(rules, world, seat, move, sample_rng), seat, sample_rng)
        except IllegalMove:
            return None, -1e9
        if first_state is None:
            first_state = after
        total += value(after, seat, geo) + SOURCE * _sources_left(after, seat)
    return first_state, total / samples


def plan_turn(rules, state, seat, rng) -> dict:
    """The first action of the best plan for the rest of the turn (``end`` if none helps)."""
    geo = geometry(state)
    seeder = random.Random(rng.randbelow(1 << 62, "bot"))
    world = determinize(_copy(state), seat, SimulationRng(seeder.getrandbits(62)))
    stop = {"type": "end"}
    best_first, best_score = stop, value(world, seat, geo)
    beam = [_Node(world, None, best_score)]
    for _ in range(5):
        children = []
        for node in beam:
            if not _in_actions(node.state, seat):
                continue
            scored = []
            for move in _reduced(rules, node.state, seat):
                after, score = _child(rules, node.state, seat, move, geo, rng, seeder)
                if after is None:
                    continue
                scored.append((score, canonical_key(move), after, node.first or move))
            scored.sort(key=lambda item: (-item[0], item[1]))
            for score, _, after, first in scored[:CHILDREN]:
                children.append(_Node(after, first, score))
                # The plan stops here: the sources left are spent on nothing.
                final = score - SOURCE * _sources_left(after, seat)
                if final > best_score + 1e-9:
                    best_first, best_score = first, final
        if not children:
            break
        children.sort(key=lambda node: (-node.score, canonical_key(node.first)))
        beam = children[:BEAM]
    return best_first


def _one_step(rules, state, seat, rng, moves) -> dict:
    """The move whose result is worth most (choices outside the actions)."""
    geo = geometry(state)
    seeder = random.Random(rng.randbelow(1 << 62, "bot"))
    world = determinize(_copy(state), seat, SimulationRng(seeder.getrandbits(62)))
    best, best_score = None, None
    for move in sorted(moves, key=canonical_key):
        after, score = _child(rules, world, seat, move, geo, rng, seeder)
        if after is None:
            continue
        if best_score is None or score > best_score + 1e-9:
            best, best_score = move, score
    return best if best is not None else moves[0]


JUDGED = {"take_offer", "decline_offers", "bless_favour", "bless_god", "recover", "god_step", "heal_colour"}


def choose_strong(rules, state, seat, rng) -> dict:
    moves = rules.legal_moves(state, seat)
    if not moves:
        raise RuntimeError("delphi: the strong bot's seat has no legal move")
    if len(moves) == 1:
        return moves[0]
    if _in_actions(state, seat):
        return plan_turn(rules, state, seat, rng)
    kinds = {move["type"] for move in moves}
    if kinds <= JUDGED and Q_actor(state) == seat:
        return _one_step(rules, state, seat, rng, moves)
    return choose_move(rules, state, seat, rng)


choose_strong.version = 1
