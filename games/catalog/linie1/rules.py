"""Linie 1 / Streetcar: build a shared tram network, then drive your secret route.

Read next to the rule text (BGA help page, newest revision) and
shared/games/linie1.md. The game in short:

* Setup: every player gets a secret line card (their two terminals) and a secret
  route card (2 or 3 stops, any order), and a face-up hand of 5 tiles.
* Phase 1 (building): a turn is two tile placements, one move each. A tile goes on
  an empty square or replaces a tile without trees so that every connection stays
  and new ones are added; the replaced tile goes to the player's hand. Then the
  hand is refilled to five from the face-down pile.
* When a player's route is complete at the start of their turn they may start
  phase 2: line and route are revealed, the tram goes on a terminal and drives.
* Phase 2 (driving): traffic-light dice (three, used one by one) or the single
  1995 die. The first tram to reach its destination terminal wins and scores the
  milestones its opponents have not reached.
"""
from __future__ import annotations

import json

from games.engine import Event, IllegalMove, Outcome, Rules
from games.engine.outcome import rank_by_keys

from . import board as B
from . import components as C

EDITIONS = ["1995", "bga"]
DICE_MODES = {
    "traffic_lights_bga": C.DIE_BGA,
    "traffic_lights_published": C.DIE_PUBLISHED,
    "single_die_1995": C.DIE_1995,
}
SIDES = ["top", "right", "bottom", "left"]
ACTIVE = ("building", "driving")


def _clone(state):
    return json.loads(json.dumps(state))


def player_name(seat) -> str:
    return f"Player {seat + 1}" if seat is not None else "A spectator"


def occupancy(state) -> list[int]:
    """The board as 144 orientation ids (-1 = empty), for the board module."""
    return [-1 if t is None else t[0] * 4 + t[1] for t in state["tiles"]]


def cell_of(row: int, col: int) -> int:
    return row * B.SIZE + col


def row_col(cell: int) -> list[int]:
    return list(divmod(cell, B.SIZE))


class Linie1Rules(Rules):
    """Rules version 2. Against version 1 (``Linie1RulesV1``, kept so old games replay
    as they were played): the first player is drawn at random, and a driver starting
    the trip chooses the way among the drivable routes of the network (as the 1995
    rules have the driver trace the route; version 1 always took the shortest)."""

    slug = "linie1"
    title = "Linie 1 / Streetcar"
    min_players = 2
    max_players = 6
    version = 2
    random_first = True    # the first player drawn at random
    route_choice = True    # the driver picks the route at the start of the trip
    ROUTE_CHOICES = 6      # routes offered per terminal: the shortest and the next best
    ROUTE_SLACK = 8        # ... at most this many squares longer than the shortest

    # -- description -------------------------------------------------------
    def options_schema(self) -> dict:
        return {
            "type": "object",
            "properties": {
                "board": {
                    "type": "string", "enum": EDITIONS, "default": "1995",
                    "description": ("Which board: '1995' is the Goldsieber board (2-6 players) with its "
                                    "lettering, terminals and 126 tiles; 'bga' is the relettered "
                                    "Board Game Arena board (2-5 players) with its terminals and its "
                                    "stack of 125 tiles plus start hands."),
                },
                "dice": {
                    "type": "string", "enum": list(DICE_MODES), "default": "traffic_lights_bga",
                    "description": ("How trams move: 'traffic_lights_bga' = roll three traffic-light "
                                    "dice and use them one by one (faces red, 1 green, 2 greens twice, "
                                    "H, tool); 'traffic_lights_published' = the same with the printed "
                                    "faces (red, 1 green, 2 greens, H, tool twice); 'single_die_1995' "
                                    "= the single special die of 1995 (1, 2, 3, 4, H, H)."),
                },
            },
            "additionalProperties": False,
        }

    def check_options(self, players: int, options: dict) -> dict:
        options = super().check_options(players, options)
        unknown = set(options) - {"board", "dice"}
        if unknown:
            raise IllegalMove(f"Unknown option(s): {', '.join(sorted(unknown))}.", code="invalid_options")
        if options["board"] not in EDITIONS:
            raise IllegalMove("The board must be '1995' or 'bga'.", code="invalid_options")
        if options["dice"] not in DICE_MODES:
            raise IllegalMove(f"The dice must be one of {', '.join(DICE_MODES)}.", code="invalid_options")
        if options["board"] == "bga" and players > 5:
            raise IllegalMove("The BGA board is played by 2 to 5 players.", code="invalid_options")
        return options

    def view_schema(self) -> dict:
        """The JSON schema of ``view`` (view_schema.py), published as View_linie1."""
        from .view_schema import VIEW
        return VIEW

    def move_schema(self) -> dict:
        coord = {"type": "integer", "minimum": 0, "maximum": B.SIZE - 1}

        def simple(name):
            return {"type": "object", "properties": {"type": {"const": name}},
                    "required": ["type"], "additionalProperties": False}

        return {"oneOf": [
            {"type": "object",
             "properties": {"type": {"const": "place"},
                            "tile": {"type": "integer", "minimum": 0, "maximum": B.TILE_TYPES - 1},
                            "rotation": {"type": "integer", "minimum": 0, "maximum": 3},
                            "row": coord, "col": coord,
                            "from_seat": {"type": "integer", "minimum": 0, "maximum": 5}},
             "required": ["type", "tile", "rotation", "row", "col"], "additionalProperties": False},
            {"type": "object",
             "properties": {"type": {"const": "start_trip"}, "start": {"type": "string", "enum": SIDES},
                            "route": {"type": "integer", "minimum": 0, "maximum": self.ROUTE_CHOICES - 1,
                                      "description": "Which of the routes offered in the view "
                                                     "(`trip_routes`) to drive, from 0."}},
             "required": ["type", "start"], "additionalProperties": False},
            simple("roll"),
            {"type": "object",
             "properties": {"type": {"const": "use_die"},
                            "face": {"type": "string", "enum": ["red", "1", "2", "3", "4", "H", "tool"]}},
             "required": ["type", "face"], "additionalProperties": False},
            simple("pass"),
            simple("give_up"),
        ]}

    # -- the fold ----------------------------------------------------------
    def initial_state(self):
        return {}

    def setup(self, players: int, options: dict, rng) -> list[Event]:
        options = self.check_options(players, options)
        lines = rng.shuffled(C.LINES, "lines")[:players]
        cards = C.ROUTE_CARDS_3 if players <= 3 else C.ROUTE_CARDS_2
        card_order = rng.shuffled(list(range(len(cards))), "routes")[:players]
        routes = [cards[card][line - 1] for card, line in zip(card_order, lines)]
        if options["board"] == "1995":
            pile = [tile for tile, count in enumerate(C.TILES_1995_MAIN) for _ in range(count)]
            start_left = dict(C.TILES_1995_START)
            hands = []
            for _ in range(players):
                hand = []
                for tile in C.START_HAND:
                    # DESIGN: the 25 start tiles serve five players; a sixth player's
                    # start hand is taken from the drawing tiles.
                    if start_left[tile] > 0:
                        start_left[tile] -= 1
                    else:
                        pile.remove(tile)
                    hand.append(tile)
                hands.append(sorted(hand))
        else:
            pile = [tile for tile, count in enumerate(C.TILES_BGA_STACK) for _ in range(count)]
            hands = [sorted(C.START_HAND) for _ in range(players)]
        rng.shuffle(pile, "tiles")
        return [Event("GameSetUp", {
            "players": players, "board": options["board"], "dice": options["dice"],
            "lines": lines, "route_cards": card_order, "routes": routes,
            "hands": hands, "pile": pile,
            "first": rng.randbelow(players, "first_player") if self.random_first else 0,
        })]

    def evolve(self, state, event: Event):
        p = event.payload
        kind = event.type
        if kind == "GameSetUp":
            n = p["players"]
            return {
                "players": n, "board": p["board"], "dice_mode": p["dice"],
                "tiles": [None] * B.CELLS, "signs": {},
                "hands": [list(h) for h in p["hands"]], "pile": list(p["pile"]),
                "lines": list(p["lines"]), "routes": list(p["routes"]),
                "route_cards": list(p["route_cards"]),
                "revealed": [False] * n, "status": ["building"] * n,
                "trips": [None] * n,
                "current": p["first"], "placed": [], "stage": "build",
                "dice": [], "dice_left": 0, "idle_turns": 0,
                "winner": None, "end": None, "turn": 1,
            }
        if kind == "TilePlaced":
            cell = cell_of(p["row"], p["col"])
            state["hands"][p["source"]].remove(p["tile"])
            old = state["tiles"][cell]
            if old is not None:
                state["hands"][p["seat"]].append(old[0])
                state["hands"][p["seat"]].sort()
            state["tiles"][cell] = [p["tile"], p["rotation"]]
            for letter in p["signs"]:
                state["signs"][letter] = cell
            state["placed"].append(cell)
            return state
        if kind == "TilesDrawn":
            for tile in p["tiles"]:
                state["pile"].pop()
                state["hands"][p["seat"]].append(tile)
            state["hands"][p["seat"]].sort()
            return state
        if kind == "TurnEnded":
            state["idle_turns"] = state["idle_turns"] + 1 if p["idle"] else 0
            nxt = p["next"]
            state["current"] = nxt
            state["placed"] = []
            state["dice"] = []
            state["dice_left"] = 0
            state["stage"] = "build" if state["status"][nxt] == "building" else "roll"
            state["turn"] += 1
            return state
        if kind == "TripStarted":
            seat = p["seat"]
            state["status"][seat] = "driving"
            state["revealed"][seat] = True
            state["trips"][seat] = {"start": p["start"], "path": list(p["path"]), "position": 0,
                                    "reached": []}
            state["stage"] = "roll"
            state["dice_left"] = 1 if state["dice_mode"] == "single_die_1995" else 3
            return state
        if kind == "DiceRolled":
            if state["stage"] == "roll":
                state["dice_left"] = 1 if state["dice_mode"] == "single_die_1995" else 3
            state["dice"] = list(p["faces"])
            state["stage"] = "choose"
            return state
        if kind == "DieUsed":
            trip = state["trips"][p["seat"]]
            trip["position"] = p["to"]
            for letter in p["reached"]:
                trip["reached"].append(letter)
            state["dice"] = []
            state["dice_left"] -= 1
            state["stage"] = "continue"
            if p["arrived"]:
                state["status"][p["seat"]] = "arrived"
            return state
        if kind == "PlayerGaveUp":
            state["status"][p["seat"]] = "gave_up"
            state["hands"][p["seat"]] = []
            return state
        if kind == "GameEnded":
            state["end"] = p["reason"]
            state["winner"] = p["winner"]
            state["stage"] = "over"
            state["revealed"] = [True] * state["players"]
            return state
        raise ValueError(f"unknown event {kind}")

    # -- helpers -----------------------------------------------------------
    def _geom(self, state) -> B.Geometry:
        return B.geometry(state["board"])

    def route(self, state, seat, start_side=None, occ=None):
        """The shortest drivable route of ``seat`` (list of squares) or None."""
        occ = occupancy(state) if occ is None else occ
        return B.find_route(self._geom(state), occ, state["lines"][seat], state["routes"][seat],
                            state["signs"], start_side)

    def route_choices(self, state, seat, start_side, occ=None) -> list[list[int]]:
        """The routes a driver may choose from the ``start_side`` terminal (version 2)."""
        occ = occupancy(state) if occ is None else occ
        return B.find_routes(self._geom(state), occ, state["lines"][seat], state["routes"][seat],
                             state["signs"], start_side, limit=self.ROUTE_CHOICES, slack=self.ROUTE_SLACK)

    def route_complete(self, state, seat, occ=None) -> bool:
        return self.route(state, seat, None, occ) is not None

    def _sources(self, state, seat) -> list[tuple[int | None, list[int]]]:
        """Hands a builder may take a tile from: their own (None) and every driver's."""
        sources = [(None, state["hands"][seat])]
        for other in range(state["players"]):
            if other != seat and state["status"][other] == "driving" and state["hands"][other]:
                sources.append((other, state["hands"][other]))
        return sources

    def placements_at(self, state, seat, cell, occ, sources=None) -> list[dict]:
        """Every legal placement of the builder ``seat`` on one square."""
        geom = self._geom(state)
        if not geom.placeable[cell]:
            return []
        old = occ[cell]
        if old >= 0 and (not B.replaceable(old // 4) or cell in state["placed"]):
            return []
        sources = self._sources(state, seat) if sources is None else sources
        fits = B.fitting_rotations(*B.edge_constraints(geom, occ, cell), old)
        row, col = divmod(cell, B.SIZE)
        moves = []
        for source, hand in sources:
            for tile in sorted(set(hand)):
                for rotation in fits[tile]:
                    move = {"type": "place", "tile": tile, "rotation": rotation, "row": row, "col": col}
                    if source is not None:
                        move["from_seat"] = source
                    moves.append(move)
        return moves

    def placements(self, state, seat, occ=None) -> list[dict]:
        """Every legal tile placement of the builder ``seat`` right now."""
        occ = occupancy(state) if occ is None else occ
        sources = self._sources(state, seat)
        if not any(hand for _, hand in sources):
            return []
        moves = []
        for cell in range(B.CELLS):
            moves += self.placements_at(state, seat, cell, occ, sources)
        return moves

    def _has_placement(self, state, seat, occ) -> bool:
        sources = self._sources(state, seat)
        if not any(hand for _, hand in sources):
            return False
        return any(self.placements_at(state, seat, cell, occ, sources) for cell in range(B.CELLS))

    def _can_start_trip(self, state, seat, occ) -> bool:
        return (state["stage"] == "build" and not state["placed"]
                and self.route_complete(state, seat, occ))

    @staticmethod
    def _next_seat(state, seat) -> int | None:
        n = state["players"]
        for step in range(1, n + 1):
            other = (seat + step) % n
            if state["status"][other] in ACTIVE:
                return other
        return None

    def _die_result(self, state, seat, face: str) -> dict:
        """Where ``face`` takes the tram of ``seat``: a DieUsed payload."""
        trip = state["trips"][seat]
        path = trip["path"]
        last = len(path) + 1            # index of the destination terminal
        pos = trip["position"]
        sign_cells = set(state["signs"].values())

        def is_stop(index):
            return 1 <= index <= len(path) and path[index - 1] in sign_cells

        if face == "red":
            new = pos
        elif face == "H":
            new = next((i for i in range(pos + 1, last) if is_stop(i)), last)
        elif face == "tool":
            new = next((i for i in range(pos, 0, -1) if is_stop(i)), 0)
        else:
            new = min(pos + int(face), last)
        reached = []
        if new > pos:
            passed = {path[i - 1] for i in range(pos + 1, min(new, len(path)) + 1)}
            for letter in state["routes"][seat]:
                if letter not in trip["reached"] and state["signs"].get(letter) in passed:
                    reached.append(letter)
        return {"seat": seat, "face": face, "from": pos, "to": new, "reached": reached,
                "arrived": new == last, "breakdown": face == "tool"}

    def _finish_turn(self, scratch, seat, idle: bool) -> list[Event]:
        """Events ending ``seat``'s turn in ``scratch`` (which they are applied to)."""
        events = []
        if scratch["status"][seat] == "building":
            need = C.HAND_SIZE - len(scratch["hands"][seat])
            if need > 0 and scratch["pile"]:
                drawn = list(reversed(scratch["pile"][-need:]))
                events.append(Event("TilesDrawn", {"seat": seat, "tiles": drawn}))
                idle = False
        nxt = self._next_seat(scratch, seat)
        if nxt is None:
            events.append(Event("GameEnded", {"reason": "all_gave_up", "winner": None}))
            return events
        events.append(Event("TurnEnded", {"seat": seat, "next": nxt, "idle": idle}))
        for event in events:
            self.evolve(scratch, event)
        drivers = [s for s in range(scratch["players"]) if scratch["status"][s] == "driving"]
        builders = [s for s in range(scratch["players"]) if scratch["status"][s] == "building"]
        if not drivers and scratch["idle_turns"] >= len(builders):
            events.append(Event("GameEnded", {"reason": "blocked", "winner": None}))
        return events

    # -- decide ------------------------------------------------------------
    def decide(self, state, seat: int, move: dict, rng) -> list[Event]:
        if state.get("stage") == "over":
            raise IllegalMove("The game is over.", code="game_over")
        if seat != state["current"]:
            raise IllegalMove("It is not your turn.", code="not_your_turn")
        if not isinstance(move, dict) or not isinstance(move.get("type"), str):
            raise IllegalMove("A move is an object with a type.", code="bad_move")
        kind = move["type"]
        handler = {
            "place": self._decide_place, "start_trip": self._decide_start_trip,
            "roll": self._decide_roll, "use_die": self._decide_use_die,
            "pass": self._decide_pass, "give_up": self._decide_give_up,
        }.get(kind)
        if handler is None:
            raise IllegalMove(f"There is no move called {kind!r} in Linie 1.", code="bad_move")
        return handler(state, seat, move, rng)

    @staticmethod
    def _fields(move, allowed):
        extra = set(move) - set(allowed) - {"type"}
        if extra:
            raise IllegalMove(f"Unexpected field(s) in the move: {', '.join(sorted(extra))}.", code="bad_move")

    @staticmethod
    def _int(move, name, low, high):
        value = move.get(name)
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise IllegalMove(f"The move needs '{name}' as a whole number from {low} to {high}.",
                              code="bad_move")
        return value

    def _decide_place(self, state, seat, move, rng):
        self._fields(move, {"tile", "rotation", "row", "col", "from_seat"})
        if state["stage"] != "build":
            raise IllegalMove("You are driving your tram; you no longer place tiles.", code="wrong_phase")
        tile = self._int(move, "tile", 0, B.TILE_TYPES - 1)
        rotation = self._int(move, "rotation", 0, 3)
        row = self._int(move, "row", 0, B.SIZE - 1)
        col = self._int(move, "col", 0, B.SIZE - 1)
        source = seat
        if "from_seat" in move:
            source = self._int(move, "from_seat", 0, state["players"] - 1)
            if source == seat:
                raise IllegalMove("Leave out 'from_seat' to play a tile from your own hand.", code="bad_move")
            if state["status"][source] != "driving":
                raise IllegalMove(f"{player_name(source)} is not driving, so their tiles are not available.",
                                  code="tile_not_available")
        if len(state["placed"]) >= 2:
            raise IllegalMove("You have already placed two tiles this turn.", code="turn_done")
        if tile not in state["hands"][source]:
            whose = "your hand" if source == seat else f"{player_name(source)}'s hand"
            raise IllegalMove(f"There is no {C.TILE_NAMES[tile]} tile in {whose}.", code="tile_not_in_hand")
        if rotation not in B.CANONICAL_ROTATIONS[tile]:
            same = B.canonical_oid(tile, rotation) & 3
            raise IllegalMove(f"A {C.TILE_NAMES[tile]} turned {rotation} times looks the same as turned "
                              f"{same} times; use rotation {same}.", code="bad_rotation")
        cell = cell_of(row, col)
        occ = occupancy(state)
        geom = self._geom(state)
        problem = B.placement_problem(geom, occ, cell, tile * 4 + rotation, set(state["placed"]))
        if problem:
            raise IllegalMove(f"You may not place that tile there: {problem}.", code="illegal_placement")
        old = state["tiles"][cell]
        signs = []
        if old is None:
            signs = [letter for letter in geom.adjacent_buildings[cell] if letter not in state["signs"]]
        events = [Event("TilePlaced", {
            "seat": seat, "source": source, "tile": tile, "rotation": rotation, "row": row, "col": col,
            "replaced": old, "signs": signs})]
        if len(state["placed"]) + 1 == 2:
            scratch = _clone(state)
            self.evolve(scratch, events[0])
            events += self._finish_turn(scratch, seat, idle=False)
        return events

    def _decide_start_trip(self, state, seat, move, rng):
        self._fields(move, {"start", "route"} if self.route_choice else {"start"})
        if state["stage"] != "build":
            raise IllegalMove("Your tram is already on its way.", code="wrong_phase")
        if state["placed"]:
            raise IllegalMove("You may start your trip only at the start of your turn, before placing tiles.",
                              code="wrong_time")
        start = move.get("start")
        line = state["lines"][seat]
        sides = [term["side"] for term in self._geom(state).terminals[line]]
        if start not in sides:
            raise IllegalMove(f"Your line {line} has its terminals on the {sides[0]} and {sides[1]} "
                              f"sides of the board.", code="bad_terminal")
        path = self.route(state, seat, start)
        if path is None:
            raise IllegalMove("Your route is not complete yet: there is no drivable track from your terminal "
                              "through all your stops to your other terminal.", code="route_incomplete")
        if self.route_choice:
            choices = self.route_choices(state, seat, start)
            if "route" not in move:
                raise IllegalMove(f"Choose your route: give 'route' from 0 to {len(choices) - 1} "
                                  f"(the routes are listed in the game's view).", code="route_required")
            index = self._int(move, "route", 0, self.ROUTE_CHOICES - 1)
            if index >= len(choices):
                raise IllegalMove(f"From the {start} terminal there {'is' if len(choices) == 1 else 'are'} "
                                  f"only {len(choices)} route{'s' if len(choices) != 1 else ''} to choose "
                                  f"from (0 to {len(choices) - 1}).", code="no_such_route")
            path = choices[index]
        return [Event("TripStarted", {"seat": seat, "line": line, "stops": state["routes"][seat],
                                      "start": start, "path": path})]

    def _decide_roll(self, state, seat, move, rng):
        self._fields(move, set())
        if state["stage"] not in ("roll", "continue"):
            raise IllegalMove("You cannot roll now.", code="wrong_time")
        faces = DICE_MODES[state["dice_mode"]]
        count = 1 if state["dice_mode"] == "single_die_1995" else (3 if state["stage"] == "roll"
                                                                  else state["dice_left"])
        rolled = [rng.choice(faces, "dice") for _ in range(count)]
        events = [Event("DiceRolled", {"seat": seat, "faces": rolled})]
        if count == 1:
            scratch = _clone(state)
            self.evolve(scratch, events[0])
            events += self._use(scratch, seat, rolled[0], force_end=True)
        return events

    def _use(self, scratch, seat, face, force_end=False) -> list[Event]:
        used = Event("DieUsed", self._die_result(scratch, seat, face))
        self.evolve(scratch, used)
        events = [used]
        if used.payload["arrived"]:
            events.append(Event("GameEnded", {"reason": "arrived", "winner": seat}))
        elif force_end or face == "tool" or scratch["dice_left"] <= 0:
            events += self._finish_turn(scratch, seat, idle=False)
        return events

    def _decide_use_die(self, state, seat, move, rng):
        self._fields(move, {"face"})
        if state["stage"] != "choose":
            raise IllegalMove("There is no rolled die to use now.", code="wrong_time")
        face = move.get("face")
        if face not in state["dice"]:
            raise IllegalMove(f"None of the rolled dice shows {face!r}; you rolled {', '.join(state['dice'])}.",
                              code="face_not_rolled")
        return self._use(_clone(state), seat, face)

    def _decide_pass(self, state, seat, move, rng):
        self._fields(move, set())
        if state["stage"] == "continue":
            return self._finish_turn(_clone(state), seat, idle=False)
        if state["stage"] != "build":
            raise IllegalMove("You cannot pass now.", code="wrong_time")
        occ = occupancy(state)
        if self._has_placement(state, seat, occ):
            raise IllegalMove("You can still place a tile, so you may not pass.", code="must_place")
        if self._can_start_trip(state, seat, occ):
            raise IllegalMove("You cannot place a tile but your route is complete: start your trip.",
                              code="must_start_trip")
        return self._finish_turn(_clone(state), seat, idle=not state["placed"])

    def _decide_give_up(self, state, seat, move, rng):
        self._fields(move, set())
        if state["stage"] != "build":
            raise IllegalMove("Only a player still building may give up.", code="wrong_phase")
        scratch = _clone(state)
        gave_up = Event("PlayerGaveUp", {"seat": seat})
        self.evolve(scratch, gave_up)
        return [gave_up] + self._finish_turn(scratch, seat, idle=False)

    # -- questions -----------------------------------------------------------
    def to_move(self, state) -> set[int]:
        if not state or state["stage"] == "over":
            return set()
        return {state["current"]}

    def legal_moves(self, state, seat: int) -> list[dict]:
        if state["stage"] == "over" or seat != state["current"]:
            return []
        stage = state["stage"]
        if stage == "roll":
            return [{"type": "roll"}]
        if stage == "choose":
            return [{"type": "use_die", "face": face} for face in sorted(set(state["dice"]))]
        if stage == "continue":
            return [{"type": "roll"}, {"type": "pass"}]
        occ = occupancy(state)
        moves = []
        if self._can_start_trip(state, seat, occ):
            line = state["lines"][seat]
            for term in self._geom(state).terminals[line]:
                if self.route_choice:
                    moves += [{"type": "start_trip", "start": term["side"], "route": index}
                              for index in range(len(self.route_choices(state, seat, term["side"], occ)))]
                else:
                    moves.append({"type": "start_trip", "start": term["side"]})
        placements = [] if len(state["placed"]) >= 2 else self.placements(state, seat, occ)
        moves += placements
        if not placements and not any(m["type"] == "start_trip" for m in moves):
            moves.append({"type": "pass"})
        moves.append({"type": "give_up"})
        return moves

    def milestones(self, state, seat) -> tuple[int, int]:
        """(milestones reached, milestones in all) of ``seat``: the tram on the board,
        each stop of the route card, the destination."""
        total = 2 + len(state["routes"][seat])
        trip = state["trips"][seat]
        if trip is None:
            return 0, total
        reached = 1 + len(trip["reached"]) + (1 if state["status"][seat] == "arrived" else 0)
        return reached, total

    def outcome(self, state):
        if not state or state["stage"] != "over":
            return None
        n = state["players"]
        counts = [self.milestones(state, seat) for seat in range(n)]
        winner = state["winner"]
        scores = [0] * n
        if winner is not None:
            scores[winner] = sum(total - reached for seat, (reached, total) in enumerate(counts)
                                 if seat != winner)
        keys = [(1 if seat == winner else 0, scores[seat],
                 0 if state["status"][seat] == "gave_up" else 1, counts[seat][0]) for seat in range(n)]
        ranks = rank_by_keys(keys)
        notes = []
        if winner is not None:
            notes.append(f"{player_name(winner)} reached the destination first and scores 1 point for each "
                         f"milestone the opponents have not reached.")
        elif state["end"] == "blocked":
            notes.append("The network is blocked: nobody can place a tile or drive, so nobody wins.")
        else:
            notes.append("Every player gave up, so nobody wins.")
        notes.append("Players who did not arrive score 0 points and are ranked by milestones reached "
                     "(players who gave up last).")
        details = [{"milestones_reached": counts[seat][0], "milestones": counts[seat][1],
                    "status": state["status"][seat], "line": state["lines"][seat],
                    "stops": state["routes"][seat]} for seat in range(n)]
        return Outcome(scores=scores, ranks=ranks, notes=notes, details=details)

    # -- hidden information ------------------------------------------------------
    def view(self, state, seat):
        n = state["players"]
        over = state["stage"] == "over"
        geom = self._geom(state)

        def visible(other):
            return over or state["revealed"][other] or other == seat

        players = []
        for other in range(n):
            trip = state["trips"][other]
            reached, total = self.milestones(state, other)
            players.append({
                "seat": other, "status": state["status"][other], "hand": list(state["hands"][other]),
                "line": state["lines"][other] if visible(other) else None,
                "stops": state["routes"][other] if visible(other) else None,
                "terminals": ([t["side"] for t in geom.terminals[state["lines"][other]]]
                              if visible(other) else None),
                "trip": None if trip is None else {
                    "start": trip["start"], "path": [row_col(c) for c in trip["path"]],
                    "position": trip["position"], "reached": list(trip["reached"])},
                "milestones_reached": reached, "milestones": total,
            })
        tiles = [{"row": cell // B.SIZE, "col": cell % B.SIZE, "tile": t[0], "rotation": t[1]}
                 for cell, t in enumerate(state["tiles"]) if t is not None]
        result = {
            "board": state["board"], "dice_mode": state["dice_mode"],
            "buildings": {letter: {"name": geom.building_names[letter], "square": row_col(cell)}
                          for letter, cell in sorted(geom.building_cell.items())},
            "tiles": tiles,
            "signs": {letter: row_col(cell) for letter, cell in sorted(state["signs"].items())},
            "pile_size": len(state["pile"]), "players": players,
            "current": None if over else state["current"], "stage": state["stage"],
            "placed_this_turn": [row_col(c) for c in state["placed"]],
            "dice": list(state["dice"]), "dice_left": state["dice_left"],
            "winner": state["winner"], "end": state["end"], "turn": state["turn"],
        }
        if over:
            result["pile"] = list(state["pile"])
        if self.route_choice and seat is not None and not over and seat == state["current"]:
            occ = occupancy(state)
            if self._can_start_trip(state, seat, occ):
                result["trip_routes"] = {
                    term["side"]: [{"route": index, "squares": len(path),
                                    "stop_signs": sorted(letter for letter, cell in state["signs"].items()
                                                         if cell in path),
                                    "path": [row_col(c) for c in path]}
                                   for index, path in enumerate(self.route_choices(state, seat, term["side"], occ))]
                    for term in geom.terminals[state["lines"][seat]]}
        return result

    def redact(self, event: Event, seat):
        if event.type != "GameSetUp":
            return event
        p = dict(event.payload)
        n = p["players"]
        p["lines"] = [p["lines"][s] if s == seat else None for s in range(n)]
        p["route_cards"] = [p["route_cards"][s] if s == seat else None for s in range(n)]
        p["routes"] = [p["routes"][s] if s == seat else None for s in range(n)]
        p["pile_size"] = len(p["pile"])
        p["pile"] = None
        return Event(event.type, p)

    def describe(self, event: Event, seat=None) -> str:
        p = event.payload
        kind = event.type
        if kind == "GameSetUp":
            return (f"A game for {p['players']} players began on the {p['board'].upper()} board; "
                    f"everyone got a secret line and route and five tiles.")
        who = player_name(p.get("seat")) if "seat" in p else ""
        if kind == "TilePlaced":
            what = C.TILE_NAMES[p["tile"]]
            where = f"row {p['row'] + 1}, column {p['col'] + 1}"
            text = f"{who} placed a {what} at {where}"
            if p["source"] != p["seat"]:
                text += f" from {player_name(p['source'])}'s hand"
            if p["replaced"]:
                text += f", replacing a {C.TILE_NAMES[p['replaced'][0]]}"
            if p["signs"]:
                text += f" (stop sign {', '.join(p['signs'])})"
            return text + "."
        if kind == "TilesDrawn":
            return f"{who} drew {', '.join(C.TILE_NAMES[t] for t in p['tiles'])}."
        if kind == "TurnEnded":
            return f"{who} ended the turn; {player_name(p['next'])} is next."
        if kind == "TripStarted":
            return (f"{who} revealed line {p['line']} with stops {'-'.join(p['stops'])} and started the "
                    f"trip from the {p['start']} terminal ({len(p['path'])} squares).")
        if kind == "DiceRolled":
            return f"{who} rolled {', '.join(p['faces'])}."
        if kind == "DieUsed":
            if p["breakdown"]:
                text = f"{who}'s tram broke down and went back to the workshop"
            elif p["to"] == p["from"]:
                text = f"{who}'s tram stayed put ({p['face']})"
            else:
                text = f"{who}'s tram moved {p['to'] - p['from']} step(s) ({p['face']})"
            if p["reached"]:
                text += f", reaching stop {', '.join(p['reached'])}"
            if p["arrived"]:
                text += " and arrived at its destination"
            return text + "."
        if kind == "PlayerGaveUp":
            return f"{who} gave up."
        if kind == "GameEnded":
            if p["winner"] is not None:
                return f"{player_name(p['winner'])} won the game."
            return "The game ended without a winner."
        return super().describe(event, seat)


class Linie1RulesV1(Linie1Rules):
    """Rules version 1, kept so that games played under it replay and verify as they
    were played: the first seat began, and a trip always took the shortest route."""

    version = 1
    random_first = False
    route_choice = False
