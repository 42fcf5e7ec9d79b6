"""Medina (Stefan Dorra): second edition with all its options, first edition as a variant.

A turn places two pieces. Each placement is one move, so the seat stays to move
until its pieces for the turn are placed, a tea break ends the turn early, or it has
nothing left it can place. Seats that cannot place anything are passed over (the
rules make them pass); the game ends when nobody can place a piece.

Every consequence of a placement is its own event, so the log reads like the game:
a guard tile changing hands, tea tiles taken, a palace tile moving to a larger
palace, a colour's last buildings leaving the game.
"""
from __future__ import annotations

import copy

from games.engine.errors import IllegalMove
from games.engine.events import Event
from games.engine.outcome import Outcome, rank_by_keys
from games.engine.protocol import Rules

from .components import (COLOURS, CITY_SIZE, CITY_SIZE_TWO_PLAYERS, GUARD_TILE_VALUE,
                         PALACE_TILE_VALUE, SUPPLY_FIRST_EDITION, SUPPLY_SECOND_EDITION,
                         TEA_TILES, TOWER_MERCHANTS)
from .placement import Site, board_of, colours_with_supply, is_wall, wall_tower
from .scoring import palace_points, palace_size, palace_tile_holders, player_scores

PIECES = ["building", "roof", "neutral_roof", "stable", "wall", "merchant"]
SECOND_EDITION_OPTIONS = ["fountain", "tea_tiles", "tower_merchants"]
NOT_PLACED = 10 ** 9   # tie-break stand-in for "never claimed a palace"


def _copy_state(state) -> dict:
    """A copy deep enough for ``evolve`` to change freely (faster than deepcopy)."""
    result = dict(state)
    for key in ("cells", "palace_at", "closed_colours", "guards", "guards_won", "tower_merchants"):
        result[key] = list(state[key])
    result["palaces"] = [{**p, "buildings": list(p["buildings"]), "stables": list(p["stables"])}
                         for p in state["palaces"]]
    result["supply"] = [dict(s) for s in state["supply"]]
    result["claimed"] = [list(c) for c in state["claimed"]]
    result["palace_tiles"] = dict(state["palace_tiles"])
    result["options"] = dict(state["options"])
    result["turn"] = dict(state["turn"]) if state["turn"] is not None else None
    return result


def _player(seat) -> str:
    return "the neutral player" if seat is None else f"Player {seat + 1}"


class MedinaRules(Rules):
    """Rules version 2. Against version 1 (kept in ``MedinaRulesV1`` so old games
    replay as they were played): a stable may extend a palace through the palace's
    stables, since a palace is built "aus Gebäude oder Stall" and stables go "an einen
    Palast"; and a tea tile may be handed in before the turn's single piece as well as
    after it ("muss dann nur noch ein Holzteil einsetzen")."""

    slug = "medina"
    # Perfect information after the setup: nothing a move shows was hidden.
    moves_reveal_hidden = False
    title = "Medina"
    min_players = 2
    max_players = 4
    version = 2
    stables_extend = True   # a stable may touch only a stable of its palace
    tea_first = True        # a tea tile may come before the single piece of the turn

    def _site(self, state) -> Site:
        return Site(state, stables_extend=self.stables_extend)

    # -- description -------------------------------------------------------
    def options_schema(self) -> dict:
        return {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "first_edition": {
                    "type": "boolean", "default": False,
                    "description": "Play the first edition (3-4 players): its piece counts, no "
                                   "first-turn rule, no fountain, tea, tower merchants or neutral "
                                   "roofs; the last player with roofs must place one each turn."},
                "fountain": {
                    "type": "boolean", "default": True,
                    "description": "A fountain on a random square; each palace part two squares "
                                   "from it in a straight line scores 4 (second edition)."},
                "tea_tiles": {
                    "type": "boolean", "default": True,
                    "description": "Six tea tiles: the first three violet palaces claimed bring "
                                   "3, 2 and 1; a tile lets you place one piece instead of two "
                                   "(second edition)."},
                "tower_merchants": {
                    "type": "boolean", "default": True,
                    "description": "3, 2 and 1 merchants wait on the guard tiles of towers 1, 2 "
                                   "and 3 for the first player to win each tile (second edition)."},
                "neutral_roofs_for_three": {
                    "type": "boolean", "default": False,
                    "description": "In a three-player game every player also gets one neutral "
                                   "roof (two players always have two each; four players none)."},
            },
        }

    def check_options(self, players: int, options: dict) -> dict:
        given = dict(options or {})
        resolved = super().check_options(players, given)
        unknown = set(given) - set(self.options_schema()["properties"])
        if unknown:
            raise IllegalMove(f"Medina has no option {sorted(unknown)[0]!r}.", code="invalid_options")
        for name, value in given.items():
            if not isinstance(value, bool):
                raise IllegalMove(f"The option {name!r} must be true or false.", code="invalid_options")
        if resolved["first_edition"]:
            if players == 2:
                raise IllegalMove("The first edition of Medina is played by 3 or 4 players.",
                                  code="invalid_options")
            for name in SECOND_EDITION_OPTIONS + ["neutral_roofs_for_three"]:
                if given.get(name):
                    raise IllegalMove(f"The option {name!r} belongs to the second edition.",
                                      code="invalid_options")
                resolved[name] = False
        if resolved["neutral_roofs_for_three"] and players == 4:
            raise IllegalMove("Neutral roofs are not used with four players.", code="invalid_options")
        return resolved

    def view_schema(self) -> dict:
        """The JSON schema of ``view`` (view_schema.py), published as View_medina."""
        from .view_schema import VIEW
        return VIEW

    def move_schema(self) -> dict:
        square = {"x": {"type": "integer", "minimum": 0}, "y": {"type": "integer", "minimum": 0}}

        def placement(kind, extra=None):
            props = {"type": {"const": kind}, **(extra or {}), **square}
            return {"type": "object", "properties": props, "required": list(props),
                    "additionalProperties": False}

        return {"oneOf": [
            placement("building", {"colour": {"enum": COLOURS}}),
            placement("roof"),
            placement("neutral_roof"),
            placement("stable"),
            placement("wall"),
            placement("merchant"),
            {"type": "object", "properties": {"type": {"const": "tea"}}, "required": ["type"],
             "additionalProperties": False},
        ]}

    # -- setup ---------------------------------------------------------------
    def initial_state(self):
        return {}

    def setup(self, players: int, options: dict, rng) -> list[Event]:
        options = self.check_options(players, options)
        first = options["first_edition"]
        width, height = CITY_SIZE_TWO_PLAYERS if players == 2 else CITY_SIZE
        board = board_of({"width": width, "height": height})
        table = (SUPPLY_FIRST_EDITION if first else SUPPLY_SECOND_EDITION)[players]
        neutral = table["neutral_roofs"] if (players == 2 or options["neutral_roofs_for_three"]) else 0
        supply = {**{colour: table["buildings"] for colour in COLOURS},
                  "roofs": table["roofs"], "neutral_roofs": neutral, "stables": table["stables"],
                  "merchants": table["merchants"], "walls": table["walls"], "tea": 0}
        first_player = rng.randbelow(players, "first_player")
        fountain = None
        squares = list(board.interior_squares)
        if options["fountain"]:
            fountain = squares[rng.randbelow(len(squares), "fountain")]
            squares.remove(fountain)
        merchant = squares[rng.randbelow(len(squares), "merchant")]
        setup = Event("GameSetUp", {
            "players": players, "options": options, "width": width, "height": height,
            "first_player": first_player,
            "fountain": list(board.xy(fountain)) if fountain is not None else None,
            "merchant": list(board.xy(merchant)),
            "supply": supply,
            "tower_merchants": list(TOWER_MERCHANTS) if options["tower_merchants"] else [0, 0, 0, 0],
            "tea_tiles": TEA_TILES if options["tea_tiles"] else 0,
        })
        state = self.evolve(self.initial_state(), setup)
        return [setup, Event("TurnStarted", {"seat": first_player, "pieces": self._pieces_due(state)})]

    def _pieces_due(self, state) -> int:
        """Two pieces a turn; in the second edition the opening turn(s) place one: the
        first player's with two players, the first and second player's with three or
        four (Boardspace; the seed: "und der zweite Spieler ... ebenfalls")."""
        if state["options"]["first_edition"]:
            return 2
        short_turns = 1 if state["players"] == 2 else 2
        return 1 if state["turns_started"] < short_turns else 2

    # -- the fold --------------------------------------------------------------
    def evolve(self, state, event: Event):
        p = event.payload
        kind = event.type
        if kind == "GameSetUp":
            board = board_of(p)
            cells = [""] * board.size
            for i in range(board.size):
                if board.tower_at[i]:
                    cells[i] = "T"
            fountain = None
            if p["fountain"] is not None:
                fountain = board.index(*p["fountain"])
                cells[fountain] = "F"
            cells[board.index(*p["merchant"])] = "M"
            return {
                "players": p["players"], "options": dict(p["options"]),
                "width": p["width"], "height": p["height"],
                "cells": cells, "palace_at": [-1] * board.size, "palaces": [],
                "fountain": fountain,
                "supply": [dict(p["supply"]) for _ in range(p["players"])],
                "claimed": [[] for _ in range(p["players"])],
                "closed_colours": [],
                "guards": [None, None, None, None],
                "guards_won": [False, False, False, False],
                "tower_merchants": list(p["tower_merchants"]),
                "tea_pool": p["tea_tiles"],
                "palace_tiles": {colour: None for colour in COLOURS},
                "first_player": p["first_player"],
                "turn": None, "turns_started": 0, "clock": 0, "finished": False,
            }
        if kind == "TurnStarted":
            state["turn"] = {"seat": p["seat"], "pieces": p["pieces"], "placed": 0,
                             "roof_placed": False, "tea_used": False}
            state["turns_started"] += 1
        elif kind == "PiecePlaced":
            self._place(state, p)
        elif kind == "GuardTileTaken":
            tower = p["tower"] - 1
            state["guards"][tower] = p["seat"]
            state["guards_won"][tower] = True
            if p["merchants"] and p["seat"] is not None:
                state["supply"][p["seat"]]["merchants"] += p["merchants"]
            state["tower_merchants"][tower] -= p["merchants"]
        elif kind == "TeaTilesTaken":
            state["tea_pool"] -= p["count"]
            if p["seat"] is not None:
                state["supply"][p["seat"]]["tea"] += p["count"]
        elif kind == "PalaceTileTaken":
            state["palace_tiles"][p["colour"]] = p["seat"]
        elif kind == "ColourClosed":
            for supply in state["supply"]:
                supply[p["colour"]] = 0
            state["closed_colours"].append(p["colour"])
        elif kind == "TeaBreak":
            state["supply"][p["seat"]]["tea"] -= 1
            state["turn"]["tea_used"] = True
            if self.tea_first:
                # The tile stands for one of the turn's pieces, before or after the other.
                state["turn"]["pieces"] -= 1
        elif kind == "TurnPassed":
            pass
        elif kind == "GameEnded":
            state["finished"] = True
            state["turn"] = None
        return state

    def _place(self, state, p) -> None:
        board = board_of(state)
        seat, piece = p["seat"], p["piece"]
        square = board.index(p["x"], p["y"])
        supply = state["supply"][seat]
        cells, palace_at, palaces = state["cells"], state["palace_at"], state["palaces"]
        state["clock"] += 1
        clock = state["clock"]
        if piece == "building":
            colour = p["colour"]
            supply[colour] -= 1
            cells[square] = colour
            palace = next((palace_at[n] for n in board.orth[square]
                           if cells[n] == colour and palace_at[n] != -1), -1)
            if palace == -1:
                palaces.append({"colour": colour, "buildings": [], "stables": [], "status": "open",
                                "owner": None, "roof": None, "claimed_at": None, "grown_at": clock})
                palace = len(palaces) - 1
            palaces[palace]["buildings"].append(square)
            palace_at[square] = palace
        elif piece == "stable":
            supply["stables"] -= 1
            palace = self._site(state).palace_of_new_stable(square)
            cells[square] = "S"
            palaces[palace]["stables"].append(square)
            palaces[palace]["grown_at"] = clock
            palace_at[square] = palace
        elif piece in ("roof", "neutral_roof"):
            palace = palaces[palace_at[square]]
            palace["roof"] = square
            palace["claimed_at"] = clock
            palace["grown_at"] = clock
            if piece == "roof":
                supply["roofs"] -= 1
                palace["status"], palace["owner"] = "owned", seat
                state["claimed"][seat].append(palace["colour"])
                state["turn"]["roof_placed"] = True
            else:
                supply["neutral_roofs"] -= 1
                palace["status"] = "neutral"
        elif piece == "wall":
            supply["walls"] -= 1
            cells[square] = f"W{self._site(state).tower_of_new_wall(square)}"
        elif piece == "merchant":
            supply["merchants"] -= 1
            cells[square] = "M"
        state["turn"]["placed"] += 1

    # -- moves -------------------------------------------------------------------
    def _placements(self, state, seat: int, site: Site | None = None):
        """Every placement the seat's supply and the board allow (a generator, so a
        question like "can this seat still place anything?" stops at the first)."""
        site = site or self._site(state)
        board = site.board
        supply = state["supply"][seat]

        def square_move(kind, square, **extra):
            x, y = board.xy(square)
            return {"type": kind, **extra, "x": x, "y": y}

        if supply["roofs"] > 0:
            for square in site.roof_squares(seat):
                yield square_move("roof", square)
        if supply["neutral_roofs"] > 0:
            for square in site.roof_squares(None):
                yield square_move("neutral_roof", square)
        for colour in colours_with_supply(supply):
            for square in site.building_squares(colour):
                yield square_move("building", square, colour=colour)
        if supply["stables"] > 0:
            for square in site.stable_squares():
                yield square_move("stable", square)
        if supply["walls"] > 0:
            for square in site.wall_squares():
                yield square_move("wall", square)
        if supply["merchants"] > 0:
            for square in site.merchant_squares():
                yield square_move("merchant", square)

    def can_place(self, state, seat: int) -> bool:
        return next(self._placements(state, seat), None) is not None

    def _must_roof(self, state, seat: int) -> bool:
        """First edition: the only player who still has roofs must place at least one
        a turn if they can; so the last piece of a roofless turn must be a roof."""
        turn = state["turn"]
        if not state["options"]["first_edition"] or turn["roof_placed"]:
            return False
        if turn["pieces"] - turn["placed"] != 1 or state["supply"][seat]["roofs"] == 0:
            return False
        if any(supply["roofs"] > 0 for other, supply in enumerate(state["supply"]) if other != seat):
            return False
        return bool(self._site(state).roof_squares(seat))

    def legal_moves(self, state, seat: int) -> list[dict]:
        if seat not in self.to_move(state):
            return []
        moves = list(self._placements(state, seat))
        if self._must_roof(state, seat):
            moves = [move for move in moves if move["type"] == "roof"]
        if self._tea_allowed(state, seat):
            moves.append({"type": "tea"})
        return moves

    def _tea_allowed(self, state, seat: int) -> bool:
        """A tea break replaces one piece of a two-piece turn, never both ("nicht
        zweimal in einer Runde passen"): version 1 only after the first piece, version 2
        before it too."""
        turn = state["turn"]
        if state["supply"][seat]["tea"] == 0 or turn["tea_used"] or self._must_roof(state, seat):
            return False
        if self.tea_first:
            return turn["pieces"] == 2 and turn["placed"] < 2
        return turn["pieces"] == 2 and turn["placed"] == 1

    def to_move(self, state) -> set[int]:
        if not state or state["finished"] or state["turn"] is None:
            return set()
        return {state["turn"]["seat"]}

    def decide(self, state, seat: int, move: dict, rng) -> list[Event]:
        if state["finished"]:
            raise IllegalMove("The game is over.", code="game_over")
        if seat not in self.to_move(state):
            raise IllegalMove("It is not your turn.", code="not_your_turn")
        move = self._normalise(move)
        if move not in self.legal_moves(state, seat):
            self._explain_refusal(state, seat, move)
        if move["type"] == "tea":
            events = [Event("TeaBreak", {"seat": seat})]
        else:
            events = [Event("PiecePlaced", {"seat": seat, "piece": move["type"],
                                            **({"colour": move["colour"]} if move["type"] == "building" else {}),
                                            "x": move["x"], "y": move["y"]})]
            events += self._consequences(state, seat, move)
        after = _copy_state(state)
        for event in events:
            after = self.evolve(after, event)
        if move["type"] != "tea":
            for colour, holder in palace_tile_holders(after).items():
                if holder != after["palace_tiles"][colour]:
                    event = Event("PalaceTileTaken", {"colour": colour, "seat": holder})
                    events.append(event)
                    after = self.evolve(after, event)
        turn = after["turn"]
        if turn["placed"] < turn["pieces"] and self.can_place(after, seat) and (
                move["type"] != "tea" or self.tea_first):
            return events
        return events + self._next_turn(after, seat)

    def _next_turn(self, state, seat: int) -> list[Event]:
        players = state["players"]
        able = [self.can_place(state, other) for other in range(players)]
        if not any(able):
            return [Event("GameEnded", {})]
        events = []
        for step in range(1, players + 1):
            other = (seat + step) % players
            if able[other]:
                return events + [Event("TurnStarted", {"seat": other, "pieces": self._pieces_due(state)})]
            events.append(Event("TurnPassed", {"seat": other}))
        raise AssertionError("unreachable")

    def _consequences(self, state, seat: int, move: dict) -> list[Event]:
        """Guard tiles, tea tiles and closed colours a placement brings about."""
        site = self._site(state)
        board = site.board
        cells, palace_at, palaces = state["cells"], state["palace_at"], state["palaces"]
        square = board.index(move["x"], move["y"])
        kind = move["type"]
        events = []
        # Guard tiles: a roofed palace newly touching a wall of a tower's wall lines
        # wins that tower's guard tile (a neutral palace puts it back on the board).
        towers, owner = [], None
        if kind == "wall":
            palace = palace_at[board.inward[square]]
            if palace != -1 and palaces[palace]["status"] != "open":
                towers, owner = [site.tower_of_new_wall(square)], palaces[palace]["owner"]
        elif kind == "stable":
            palace = site.palace_of_new_stable(square)
            if palaces[palace]["status"] != "open":
                towers = sorted({wall_tower(cells[n]) for n in board.orth[square] if is_wall(cells[n])})
                owner = palaces[palace]["owner"]
        elif kind in ("roof", "neutral_roof"):
            palace = palaces[palace_at[square]]
            owner = seat if kind == "roof" else None
            towers = sorted({wall_tower(cells[n]) for part in palace["buildings"] + palace["stables"]
                             for n in board.orth[part] if is_wall(cells[n])})
        for tower in towers:
            if state["guards"][tower - 1] == owner and state["guards_won"][tower - 1]:
                continue
            merchants = 0 if state["guards_won"][tower - 1] else state["tower_merchants"][tower - 1]
            events.append(Event("GuardTileTaken", {"tower": tower, "seat": owner, "merchants": merchants}))
        if kind in ("roof", "neutral_roof"):
            palace = palaces[palace_at[square]]
            if palace["colour"] == "violet" and state["tea_pool"] > 0:
                events.append(Event("TeaTilesTaken", {"seat": seat if kind == "roof" else None,
                                                      "count": (state["tea_pool"] + 1) // 2}))
            colour = palace["colour"]
            if kind == "roof" and colour not in state["closed_colours"] and all(
                    colour in claimed or other == seat for other, claimed in enumerate(state["claimed"])):
                events.append(Event("ColourClosed", {"colour": colour}))
        return events

    @staticmethod
    def _normalise(move) -> dict:
        if not isinstance(move, dict) or not isinstance(move.get("type"), str):
            raise IllegalMove("A move needs a type.", code="malformed_move")
        kind = move["type"]
        if kind == "tea":
            if set(move) != {"type"}:
                raise IllegalMove("A tea break takes no other fields.", code="malformed_move")
            return {"type": "tea"}
        if kind not in PIECES:
            raise IllegalMove(f"There is no move called {kind!r}.", code="unknown_move")
        fields = {"type", "x", "y"} | ({"colour"} if kind == "building" else set())
        if set(move) != fields:
            raise IllegalMove(f"A {kind} move needs exactly the fields {sorted(fields)}.",
                              code="malformed_move")
        for name in ("x", "y"):
            if not isinstance(move[name], int) or isinstance(move[name], bool):
                raise IllegalMove(f"{name} must be a whole number.", code="malformed_move")
        if kind == "building" and move["colour"] not in COLOURS:
            raise IllegalMove(f"Buildings come in {', '.join(COLOURS)}.", code="malformed_move")
        result = {"type": kind}
        if kind == "building":
            result["colour"] = move["colour"]
        result["x"], result["y"] = move["x"], move["y"]
        return result

    def _explain_refusal(self, state, seat: int, move: dict):
        """Raise the IllegalMove that says why ``move`` is not among the legal moves."""
        kind = move["type"]
        supply = state["supply"][seat]
        turn = state["turn"]

        def refuse(message, code="illegal_placement"):
            raise IllegalMove(message, code=code)

        if kind == "tea":
            if supply["tea"] == 0:
                refuse("You have no tea tile.", "no_tea_tile")
            if turn["tea_used"]:
                refuse("You already took a tea break this turn.", "tea_not_now")
            if turn["pieces"] != 2 or (turn["placed"] != 1 and not self.tea_first):
                refuse("A tea break replaces the second piece of a turn: place one piece first."
                       if turn["pieces"] == 2 else
                       "A tea break replaces one of two pieces: this turn has only one.", "tea_not_now")
            refuse("You must place a roof this turn.", "must_place_roof")
        site = self._site(state)
        board = site.board
        if not board.on_grid(move["x"], move["y"]):
            refuse("That square is not on the board.", "off_board")
        square = board.index(move["x"], move["y"])
        if self._must_roof(state, seat) and kind != "roof":
            refuse("You are the last player with roofs: place a roof with this piece.", "must_place_roof")
        stock = {"building": move.get("colour"), "roof": "roofs", "neutral_roof": "neutral_roofs",
                 "stable": "stables", "wall": "walls", "merchant": "merchants"}[kind]
        if supply[stock] == 0:
            what = f"{move['colour']} buildings" if kind == "building" else stock.replace("_", " ")
            refuse(f"You have no {what} left.", "not_in_supply")
        if kind in ("roof", "neutral_roof"):
            palace_index = state["palace_at"][square]
            if palace_index == -1 or state["cells"][square] == "S":
                refuse("A roof goes on a building of a palace.")
            palace = state["palaces"][palace_index]
            if palace["status"] != "open":
                refuse("That palace already has a roof.")
            refuse(f"You already own a {palace['colour']} palace: only one palace per colour.",
                   "colour_already_claimed")
        if kind == "wall":
            if not board.is_ring_side[square]:
                refuse("Walls go on the squares of the city wall around the board.")
            if state["cells"][square] != "":
                refuse("That square is taken.")
            refuse("A wall must continue a wall line from a tower, and a gate must stay open "
                   "between two wall lines.")
        if not board.is_city[square]:
            refuse("That piece goes inside the city, not on the wall.")
        if state["cells"][square] != "":
            refuse("That square is taken.")
        if kind == "merchant":
            if site.merchant_neighbours(square) > 1:
                refuse("A merchant may not touch two merchants.")
            refuse("A merchant must continue the market alley at one of its ends.")
        if square in site.near_fountain:
            refuse("No building or stable may stand next to the fountain.")
        if kind == "stable":
            refuse("A stable must touch a building of a palace and no other palace." if not self.stables_extend
                   else "A stable must touch a palace (a building or one of its stables) and no other palace.")
        colour = move["colour"]
        growing = site.extendable_palace(colour)
        if growing is not None:
            refuse(f"The unfinished {colour} palace can still grow: a {colour} building must "
                   "extend it, without touching another palace.")
        refuse("A new palace may not touch another palace, not even diagonally.")

    # -- questions ---------------------------------------------------------------
    def view(self, state, seat: int | None) -> dict:
        if not state:
            return {}
        board = board_of(state)
        scores = player_scores(state)
        palaces = []
        for number, palace in enumerate(state["palaces"]):
            palaces.append({
                "id": number, "colour": palace["colour"], "status": palace["status"],
                "owner": palace["owner"],
                "buildings": [list(board.xy(i)) for i in palace["buildings"]],
                "stables": [list(board.xy(i)) for i in palace["stables"]],
                "roof": list(board.xy(palace["roof"])) if palace["roof"] is not None else None,
                "size": palace_size(palace), "points": palace_points(state, palace),
            })
        rows = [state["cells"][y * board.grid_width:(y + 1) * board.grid_width]
                for y in range(board.grid_height)]
        return {
            "you": seat, "players": state["players"], "options": dict(state["options"]),
            "width": state["width"], "height": state["height"],
            "grid": [list(row) for row in rows],
            "fountain": list(board.xy(state["fountain"])) if state["fountain"] is not None else None,
            "palaces": palaces,
            "supply": copy.deepcopy(state["supply"]),
            "claimed_colours": copy.deepcopy(state["claimed"]),
            "closed_colours": list(state["closed_colours"]),
            "guard_tiles": [{"tower": t + 1, "value": GUARD_TILE_VALUE[t], "holder": holder,
                             "merchants_waiting": state["tower_merchants"][t]}
                            for t, holder in enumerate(state["guards"])],
            "palace_tiles": [{"colour": c, "value": PALACE_TILE_VALUE[c], "holder": state["palace_tiles"][c]}
                             for c in COLOURS],
            "tea_tiles_left": state["tea_pool"],
            "scores": [row["total"] for row in scores],
            "score_details": scores,
            "turn": copy.deepcopy(state["turn"]),
            "first_player": state["first_player"],
            "finished": state["finished"],
        }

    def outcome(self, state) -> Outcome | None:
        if not state or not state["finished"]:
            return None
        details = player_scores(state)
        keys = [(row["total"], row["largest_palace"],
                 -(row["largest_claimed_at"] if row["largest_claimed_at"] is not None else NOT_PLACED))
                for row in details]
        ranks = rank_by_keys(keys)
        notes = []
        totals = [row["total"] for row in details]
        for score in sorted(set(totals), reverse=True):
            tied = [seat for seat, total in enumerate(totals) if total == score]
            if len(tied) < 2:
                continue
            names = ", ".join(_player(seat) for seat in tied)
            sizes = {details[seat]["largest_palace"] for seat in tied}
            if len(sizes) > 1:
                notes.append(f"{names} tied on {score} points; the larger largest palace ranks higher.")
            else:
                notes.append(f"{names} tied on {score} points and largest palace; whoever claimed "
                             "their largest palace first ranks higher.")
        return Outcome(scores=totals, ranks=ranks, notes=notes, details=details)

    def describe(self, event: Event, seat: int | None = None) -> str:
        p = event.payload
        kind = event.type
        if kind == "GameSetUp":
            where = f"; the fountain is at {tuple(p['fountain'])}" if p["fountain"] else ""
            return (f"Medina for {p['players']} players begins: the first merchant stands at "
                    f"{tuple(p['merchant'])}{where}; {_player(p['first_player'])} starts.")
        if kind == "TurnStarted":
            pieces = "one piece" if p["pieces"] == 1 else "two pieces"
            return f"{_player(p['seat'])} places {pieces} this turn."
        if kind == "PiecePlaced":
            article = "an" if (p.get("colour") or "-")[0] in "aeiou" else "a"
            what = {"building": f"{article} {p.get('colour')} building", "roof": "a roof",
                    "neutral_roof": "a neutral roof", "stable": "a stable", "wall": "a wall",
                    "merchant": "a merchant"}[p["piece"]]
            return f"{_player(p['seat'])} placed {what} at ({p['x']}, {p['y']})."
        if kind == "GuardTileTaken":
            if p["seat"] is None:
                text = f"A neutral palace returned the guard tile of tower {p['tower']} to the board"
                return text + (f"; its {p['merchants']} merchants leave the game." if p["merchants"] else ".")
            extra = f" and its {p['merchants']} merchants" if p["merchants"] else ""
            return f"{_player(p['seat'])} took the guard tile of tower {p['tower']}{extra}."
        if kind == "TeaTilesTaken":
            if p["seat"] is None:
                return f"{p['count']} tea tiles left the game with a neutral violet palace."
            return f"{_player(p['seat'])} took {p['count']} tea tiles."
        if kind == "PalaceTileTaken":
            if p["seat"] is None:
                return f"The {p['colour']} palace tile went back to the board."
            return f"{_player(p['seat'])} took the {p['colour']} palace tile."
        if kind == "ColourClosed":
            article = "an" if p["colour"][:1] in "aeiou" else "a"
            return f"Every player owns {article} {p['colour']} palace: the remaining {p['colour']} buildings leave the game."
        if kind == "TeaBreak":
            return f"{_player(p['seat'])} took a tea break: one piece fewer this turn."
        if kind == "TurnPassed":
            return f"{_player(p['seat'])} cannot place any piece and passes."
        if kind == "GameEnded":
            return "Nobody can place a piece any more: the game is over."
        return super().describe(event, seat)


class MedinaRulesV1(MedinaRules):
    """Rules version 1, kept so that games played under it replay and verify as they
    were played: a stable had to touch a building, and a tea tile came only after the
    turn's first piece."""

    version = 1
    stables_extend = False
    tea_first = False
