"""The Oracle of Delphi's strong bot: a search over the seat's own turn through the
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

At each action of its turn the bot improves on the basic bot by rollouts: every action
it could take now (each with its cheapest ways to pay), and ending the turn, is tried in
two sampled worlds, the rest of the turn played by the basic bot, and the turn's end
judged by ``value``; every candidate meets the same worlds and the same dice, so their
difference is the action's. The basic bot's own choice is played unless another is worth
clearly more (``MARGIN``). The move follows from the state and the bot's RNG alone, so
the audit re-derives it. Choices outside the actions (ships, equipment, companions,
battle rounds, the god advances others' rolls offer) follow the basic bot.

It never reads what its seat may not know: each world deals the face-down island tiles
it has not seen again at random from the ones it has not seen (``determinize``).
Version 1 (a beam search over the turn judged by ``value`` alone, strong_v1.py) lost to
the basic bot; among its faults, it would load a second statue of a colour, which can
never be raised and blocks a hold for good.
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
from .bot import _sites_free, _wanted_statue, choose_move
from .effects import Turn, apply
from .hexes import neighbours

# What things are worth, in actions.
FAVOUR = 0.3
FAVOUR_CAP = 10
ORACLE = 0.6
GOD_TOP = 1.5
SHIELD = 0.25
STUCK = 4.0                  # a task with nowhere to do it now
DEAD = 3.0                   # cargo that can never be unloaded: a hold lost for good


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
    free_sites = {}
    for key, taken_sites in board["sites"].items():
        for colour, holder in zip(isl[key]["sites"], taken_sites):
            if holder is None:
                free_sites.setdefault(colour, []).append(key)
    # A carried statue counts only if it can still be raised: a colour not raised yet, not
    # carried twice, with a free site. Any other is dead weight that never leaves the ship.
    carried_statues = []
    dead = 0
    for kind, colour in cargo:
        if kind != "statue":
            continue
        if colour in raised or colour in carried_statues or not free_sites.get(colour) \
                or len(carried_statues) >= open_statues:
            dead += 1
        else:
            carried_statues.append(colour)
    for colour in carried_statues:
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
    offerings = {key: set(stock) for key, stock in board["offerings"].items()}
    monsters = {key: set(stock) for key, stock in board["monsters"].items()}

    here = me["pos"]
    total = DEAD * dead
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


def Q_actor(state):
    from .moves import current_actor
    return current_actor(state)


def _in_actions(state, seat) -> bool:
    return state.get("phase") == "play" and Q_actor(state) == seat and not state["pending"] \
        and state["step"] == "actions"


def _body(move) -> str:
    return canonical_key({k: v for k, v in move.items() if k not in ("die", "card", "extra")})


def _reduced(rules, state, seat) -> list[dict]:
    """The actions worth trying: each with its cheapest ways to pay (a die before an
    oracle card, the extra action last); no peeks (the basic bot never needs one) and no
    heal with nothing to heal."""
    from .moves import action_cost
    moves = rules.legal_moves(state, seat)
    me = state["seats"][seat]
    cache: dict = {}
    groups: dict = {}
    for move in moves:
        kind = move["type"]
        if kind in ("end", "peek"):
            continue
        if kind in ("heal",) and me["injuries"].get(move["colour"], 0) == 0:
            continue
        # A statue that could never be raised would block a hold for the rest of the game.
        statue = move.get("colour") if kind == "load_statue" else \
            move.get("statue") if kind == "god_power" else None
        if statue is not None and not (_wanted_statue(state, seat, statue) and _sites_free(state, statue)):
            continue
        if "die" in move or "card" in move or "extra" in move:
            cost = action_cost(state, seat, move, cache)
            rank = (cost, 0 if "die" in move else 1 if "card" in move else 2)
        else:
            rank = (0, 0)
        body = _body(move)
        groups.setdefault(body, []).append((rank, canonical_key(move), move))
    reduced = []
    for body in sorted(groups):
        options = sorted(groups[body], key=lambda item: (item[0], item[1]))
        best = options[0][0]
        # Every way to pay at the cheapest price: which die is left matters later.
        reduced += [move for rank, _, move in options if rank == best]
    return reduced


# -- rollouts of the rest of the turn -----------------------------------------------------
ROLLOUT_SAMPLES = 2          # worlds (deals and rolls) per candidate, the same for every one
MARGIN = 0.35                # how much better a move must look to overrule the basic bot's


def _finish_turn(rules, state, seat, rng, limit: int = 16):
    """The basic bot plays the rest of the seat's actions; stops before it would end."""
    for _ in range(limit):
        if state.get("phase") != "play" or Q_actor(state) != seat:
            return state
        if not _in_actions(state, seat):
            if state["step"] != "actions" and not state["pending"]:
                return state
        move = choose_move(rules, state, seat, rng)
        if move["type"] == "end":
            return state
        state = _apply(rules, state, seat, move, rng)
    return state


def rollout_turn(rules, state, seat, rng) -> dict:
    """The first action whose turn, finished by the basic bot, ends worth most; the basic
    bot's own choice unless another is better by ``MARGIN``."""
    geo = geometry(state)
    seeder = random.Random(rng.randbelow(1 << 62, "bot"))
    worlds = [(determinize(_copy(state), seat, SimulationRng(seeder.getrandbits(62))), seeder.getrandbits(62))
              for _ in range(ROLLOUT_SAMPLES)]
    own = choose_move(rules, state, seat, SimulationRng(seeder.getrandbits(62)))
    candidates = {canonical_key(own): own}
    for move in _reduced(rules, state, seat):
        candidates.setdefault(canonical_key(move), move)
    candidates.setdefault(canonical_key({"type": "end"}), {"type": "end"})
    scores = {}
    for key, move in candidates.items():
        total = 0.0
        for world, seed in worlds:
            sample_rng = SimulationRng(seed)
            if move["type"] == "end":
                after = world
            else:
                try:
                    after = _apply(rules, _copy(world), seat, move, sample_rng)
                except IllegalMove:
                    total = None
                    break
                after = _finish_turn(rules, after, seat, sample_rng)
            total += value(after, seat, geo)
        if total is not None:
            scores[key] = total / len(worlds)
    own_key = canonical_key(own)
    best_key = max(sorted(scores), key=lambda k: scores[k])
    if own_key in scores and scores[best_key] <= scores[own_key] + MARGIN:
        return own
    return candidates[best_key]


def choose_strong(rules, state, seat, rng) -> dict:
    moves = rules.legal_moves(state, seat)
    if not moves:
        raise RuntimeError("delphi: the strong bot's seat has no legal move")
    if len(moves) == 1:
        return moves[0]
    if _in_actions(state, seat):
        return rollout_turn(rules, state, seat, rng)
    return choose_move(rules, state, seat, rng)


choose_strong.version = 2
