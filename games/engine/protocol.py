"""The contract every game implements.

A game is a plain object: it knows its rules and nothing about HTTP, the database
or Celery. The platform owns time, storage, transport and randomness.

Commands in, events out:

* ``setup(players, options, rng)`` returns the first events of a game (the dealt
  cards, the shuffled deck — every random outcome written into the payloads);
* ``decide(state, seat, move, rng)`` checks a move against the state and returns the
  events it causes, or raises :class:`~games.engine.errors.IllegalMove`;
* ``evolve(state, event)`` folds one event into the state. It is deterministic and
  never validates or draws random numbers. State at version N is the fold of the
  first N events, starting from ``initial_state()``.

State is plain JSON (dicts with string keys, lists, str, int, bool, None) and must
survive ``json.loads(json.dumps(state)) == state``: the store snapshots it as JSON.
``evolve`` takes ownership of the state it is given and may change it in place
(callers that need the old state keep a copy); ``decide``, ``legal_moves``,
``view`` and ``outcome`` must not change it.

Conventions the platform relies on:

* a move is a JSON object with a ``type`` and typed fields, described by
  ``move_schema()`` (a JSON schema, usually ``{"oneOf": [...]}``);
* a move ``{"type": "pass"}`` among ``legal_moves`` means the rules allow skipping,
  which the ``skip`` timeout policy uses;
* ``to_move`` may name several seats (simultaneous turns, answers to offers);
* ``may_move`` names seats that may move now although nobody waits for them (the
  sender of an offer may withdraw it until it is answered): their ``legal_moves``
  are listed and accepted, but they get no turn notification, no deadline and no
  bot move, and the game never waits for them. It is disjoint from ``to_move``;
* hidden information leaves the server only through ``view`` and ``redact``.
"""
from __future__ import annotations

from typing import Any

from .errors import IllegalMove
from .events import Event
from .outcome import Outcome

State = Any


class Rules:
    """Base class of a game's rules. Subclasses fill in the abstract parts."""

    slug: str = ""
    title: str = ""
    min_players: int = 1
    max_players: int = 1
    version: int = 1
    # Whether a move can show something hidden without drawing from the RNG (a card
    # from a face-down pile dealt at setup, a card played from a hidden hand). The
    # platform then never takes a move back (games.table.takebacks); a game whose
    # hidden things only come out through random draws or redacted events says False.
    moves_reveal_hidden: bool = True

    # -- description -------------------------------------------------------
    def options_schema(self) -> dict:
        """JSON schema of the options object accepted at game creation.

        Every property should carry a ``default`` and a ``description``.
        """
        return {"type": "object", "properties": {}, "additionalProperties": False}

    def move_schema(self) -> dict:
        """JSON schema of a move (usually ``oneOf`` one schema per move type)."""
        raise NotImplementedError

    def view_schema(self) -> dict | None:
        """JSON schema of what ``view`` returns (games.engine.viewschema builds one),
        published as View_<slug>. None: the API documents the view as an object."""
        return None

    def default_options(self) -> dict:
        props = self.options_schema().get("properties", {})
        return {name: spec["default"] for name, spec in props.items() if "default" in spec}

    def check_options(self, players: int, options: dict) -> dict:
        """Complete ``options`` with defaults and check rules the schema cannot say.

        Raises IllegalMove(code="invalid_options") for a combination the game does
        not allow (a variant for another player count, say). Returns the options the
        game will be played with.
        """
        if not self.min_players <= players <= self.max_players:
            raise IllegalMove(
                f"{self.title} is played by {self.min_players} to {self.max_players} players, not {players}.",
                code="invalid_player_count")
        return {**self.default_options(), **(options or {})}

    # -- the fold ----------------------------------------------------------
    def initial_state(self) -> State:
        return {}

    def setup(self, players: int, options: dict, rng) -> list[Event]:
        raise NotImplementedError

    def evolve(self, state: State, event: Event) -> State:
        raise NotImplementedError

    def decide(self, state: State, seat: int, move: dict, rng) -> list[Event]:
        raise NotImplementedError

    # -- questions about a state --------------------------------------------
    def legal_moves(self, state: State, seat: int) -> list[dict]:
        raise NotImplementedError

    def to_move(self, state: State) -> set[int]:
        raise NotImplementedError

    def may_move(self, state: State) -> set[int]:
        """Seats that may move without being waited for (see the module's conventions)."""
        return set()

    def view(self, state: State, seat: int | None) -> dict:
        """What ``seat`` may see (``None``: a spectator). Finished games show all."""
        raise NotImplementedError

    def redact(self, event: Event, seat: int | None) -> Event:
        """The event as ``seat`` may see it. Default: events hold nothing secret."""
        return event

    def outcome(self, state: State) -> Outcome | None:
        raise NotImplementedError

    def describe(self, event: Event, seat: int | None = None) -> str:
        """One line in words for the log a returning player reads."""
        words = "".join(" " + ch.lower() if ch.isupper() else ch for ch in event.type).strip()
        return words[:1].upper() + words[1:] + "."

    # -- helpers shared by the platform --------------------------------------
    def is_over(self, state: State) -> bool:
        return self.outcome(state) is not None

    def fold(self, events, state: State = None) -> State:
        """Fold events into ``state`` (a fresh initial state when omitted)."""
        if state is None:
            state = self.initial_state()
        for event in events:
            state = self.evolve(state, event)
        return state
