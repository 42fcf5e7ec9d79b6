"""The Oracle of Delphi: the rules.

Read next to the seed text (BGA help, seed 000 lines 3054-3167) and the rulings of
games/delphi.md ("Ambiguities and rulings", cited as ruling N):

* ``GameStarted`` holds the map, the pieces, the face-down island tiles (secret), the
  equipment display, the ships (or the ships on offer for a draft), every player's first
  injury and dice (setup.py). Ships with a start choice, and the draft, are choices owed
  (``ChoiceOwed``) before play begins.
* A turn (effects.py): the god advances others' rolls offered this seat, if any are still
  open (ruling 14); the injury check (recover, or the blessing for no injuries); then
  actions paid by the three dice, one oracle card and the extra-action equipment, the top
  row's god actions, in any order; ``end`` consults the oracle: the dice are rolled and
  every other player may advance a god of a rolled colour that is not on the lowest row,
  until their own next turn begins (``may_move``).
* After the last seat of a round the Titan attacks; once someone is back at Zeus with all
  tasks done, the round is finished and the game ends (ruling 11).

Moves and their checks are in moves.py, their events in effects.py, the fold in fold.py,
log lines in words.py, the view in view.py.
"""
from __future__ import annotations

from games.engine import Event, IllegalMove, Outcome, Rules
from games.engine.search import clone

from . import moves as M
from . import queries as Q
from .effects import Turn, apply, ship_start
from .fold import evolve
from .setup import game_started


class DelphiRules(Rules):
    slug = "delphi"
    title = "The Oracle of Delphi"
    min_players = 2
    max_players = 4
    version = 1
    # Peeks show face-down tiles drawn at setup without a new draw.
    moves_reveal_hidden = True

    # -- description -------------------------------------------------------------
    def options_schema(self) -> dict:
        return {
            "type": "object",
            "properties": {
                "ships": {
                    "type": "string", "enum": ["random", "draft"], "default": "random",
                    "description": ("How ship tiles are handed out: 'random' deals one to each player; "
                                    "'draft' lays out one more than there are players and the last "
                                    "player chooses first, counter-clockwise."),
                },
                "zeus_tiles": {
                    "type": "integer", "enum": [12, 11, 10, 9, 8], "default": 12,
                    "description": ("Zeus tiles (tasks) per player. Fewer shortens the game: the "
                                    "rulebook removes a statue, then a shrine, then a coloured monster, "
                                    "then a coloured offering (the same for everybody); 8 is the "
                                    "suggested first game."),
                },
            },
            "additionalProperties": False,
        }

    def check_options(self, players: int, options: dict) -> dict:
        if not isinstance(options or {}, dict):
            raise IllegalMove("Options must be an object.", code="invalid_options")
        options = super().check_options(players, options)
        unknown = set(options) - {"ships", "zeus_tiles"}
        if unknown:
            raise IllegalMove(f"Unknown option(s): {', '.join(sorted(unknown))}.", code="invalid_options")
        if options["ships"] not in ("random", "draft"):
            raise IllegalMove("The ships option is 'random' or 'draft'.", code="invalid_options")
        if options["zeus_tiles"] not in (12, 11, 10, 9, 8) or isinstance(options["zeus_tiles"], bool):
            raise IllegalMove("The zeus_tiles option is 12, 11, 10, 9 or 8.", code="invalid_options")
        return options

    def view_schema(self) -> dict:
        from .view_schema import VIEW
        return VIEW

    def move_schema(self) -> dict:
        from .move_schema import MOVE_SCHEMA
        return MOVE_SCHEMA

    # -- the fold ------------------------------------------------------------------
    def initial_state(self) -> dict:
        return {}

    def setup(self, players: int, options: dict, rng) -> list[Event]:
        options = self.check_options(players, options)
        payload = game_started(players, options, rng)
        turn = Turn({}, rng)
        turn.emit("GameStarted", **payload)
        state = turn.state
        if payload["ships"] is not None:
            for seat in state["order"]:
                turn.emit("ShipTaken", seat=seat, ship=payload["ships"][seat])
                ship_start(turn, seat, payload["ships"][seat])
        else:
            for seat in reversed(state["order"]):
                turn.emit("ChoiceOwed", seat=seat, kind="ship")
        turn.settle()
        return turn.events

    def evolve(self, state: dict, event: Event) -> dict:
        return evolve(state, event.type, event.payload)

    def decide(self, state: dict, seat: int, move: dict, rng) -> list[Event]:
        if not state:
            raise IllegalMove("The game has not started.", code="not_started")
        if state.get("phase") == "over":
            raise IllegalMove("The game is over.", code="game_over")
        self._check_shape(move)
        if seat not in self.to_move(state) and seat not in self.may_move(state):
            raise IllegalMove("It is not your turn.", code="not_your_turn")
        why = M.problem(state, seat, move)
        if why is not None:
            raise IllegalMove(why, code="illegal_move")
        turn = Turn(clone(state), rng)
        apply(turn, seat, move)
        turn.settle()
        return turn.events

    def _check_shape(self, move) -> None:
        if not isinstance(move, dict) or not isinstance(move.get("type"), str):
            raise IllegalMove('A move is an object with a "type".', code="malformed_move")
        kind = move["type"]
        if kind not in M.FIELDS:
            raise IllegalMove(f"There is no move called {kind!r} in Delphi.", code="unknown_move")
        given = set(move) - {"type"}
        required = M.FIELDS[kind]
        allowed = required | M.OPTIONAL.get(kind, set())
        if kind in M.DIE_ACTIONS:
            sources = given & set(M.SOURCE_FIELDS)
            if len(sources) != 1:
                raise IllegalMove(f'A {kind} move names what pays for it: one of "die", "card" or "extra".',
                                  code="malformed_move")
            given -= sources
        if not required <= given or not given <= allowed:
            wanted = ", ".join(sorted(required)) or "no fields"
            raise IllegalMove(f"A {kind} move takes {wanted}.", code="malformed_move")
        for name in given | (set(move) & set(M.SOURCE_FIELDS)):
            value = move[name]
            if name in ("tile", "ship", "card", "roller") and kind != "draw_oracle":
                ok = isinstance(value, int) and not isinstance(value, bool)
                if name == "card" and kind in M.DIE_ACTIONS:
                    ok = isinstance(value, str)
            elif name == "islands" or name == "colours":
                ok = isinstance(value, list) and all(isinstance(v, str) for v in value)
            elif name == "extra":
                ok = value is True
            else:
                ok = isinstance(value, str)
            if not ok:
                raise IllegalMove(f"The {name} of a {kind} move has the wrong form.", code="malformed_move")

    # -- questions -----------------------------------------------------------------
    def legal_moves(self, state: dict, seat: int) -> list[dict]:
        if not state or state.get("phase") == "over":
            return []
        return M.legal_moves(state, seat)

    def to_move(self, state: dict) -> set[int]:
        actor = M.current_actor(state)
        return set() if actor is None else {actor}

    def start_seat(self, state: dict) -> int:
        """The start player (ship drafts and start choices are made by others first);
        games.simulation counts turn order from it."""
        return state["first"]

    def may_move(self, state: dict) -> set[int]:
        if not state or state.get("phase") != "play":
            return set()
        actor = M.current_actor(state)
        return {seat for seat in range(state["players"])
                if seat != actor and any(Q.god_step(state, seat, c) is not None
                                         for offer in state["offers"][seat] for c in offer["colours"])}

    def view(self, state: dict, seat: int | None) -> dict:
        from .view import view
        return view(self, state, seat)

    def redact(self, event: Event, seat: int | None) -> Event:
        p = event.payload
        if event.type == "GameStarted":
            return Event(event.type, {key: value for key, value in p.items() if key != "hidden"})
        if event.type == "TilesPeeked" and p["seat"] != seat:
            return Event(event.type, {key: value for key, value in p.items() if key != "tiles"})
        return event

    def outcome(self, state: dict) -> Outcome | None:
        if not state or state.get("phase") != "over":
            return None
        players = state["players"]
        returned = set(Q.all_returned(state))
        winners = set(state["winners"])
        details, keys = [], []
        for seat in range(players):
            me = state["seats"][seat]
            details.append({"returned": seat in returned, "tasks": Q.tasks_done(state, seat),
                            "tasks_needed": len(me["tiles"]), "oracle_cards": len(me["oracle"]),
                            "favour": me["favour"]})
            keys.append((1 if seat in winners else 0, seat in returned, Q.tasks_done(state, seat),
                         len(me["oracle"]), me["favour"]))
        # The score shown is the tasks done; who wins is the return to Zeus (the ranks).
        scores = [Q.tasks_done(state, seat) for seat in range(players)]
        # Winners share rank 1; the others rank by how close they came (tasks, then the
        # same tie-breaks), which the published game leaves open.
        order = sorted(range(players), key=lambda s: keys[s], reverse=True)
        ranks = [0] * players
        for position, seat in enumerate(order):
            if seat in winners:
                ranks[seat] = 1
            elif position and keys[seat] == keys[order[position - 1]] and order[position - 1] not in winners:
                ranks[seat] = ranks[order[position - 1]]
            else:
                ranks[seat] = position + 1
        from .words import outcome_notes
        return Outcome(scores=scores, ranks=ranks, notes=outcome_notes(state), details=details)

    def describe(self, event: Event, seat: int | None = None) -> str:
        from .words import describe
        return describe(event, seat)

