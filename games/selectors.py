"""Reads: what a user may see of games, their logs and their past states."""
from __future__ import annotations

from games import registry, store
from games.engine import Event as RulesEvent
from games.errors import InvalidInput, NotFound
from games.hashing import HIDING_SCHEME, public_part, timestamp
from games.models import Event, Game, GameStatus
from games.names import name_players, names_of
from games.platform_events import PLATFORM_EVENT_TYPES, public_payload
from games.platform_events import describe as describe_platform_event


def game_get(game_id, *, annotate: dict | None = None) -> Game:
    """The game; ``annotate``: expressions read along in the same query (a caller's extras,
    e.g. table.selectors.etag_annotations)."""
    try:
        return Game.objects.annotate(**(annotate or {})).get(pk=game_id)
    except (Game.DoesNotExist, ValueError, TypeError):
        raise NotFound("There is no such game.", code="game_not_found")


def seat_of(game: Game, user) -> int | None:
    """The user's seat number in ``game``, or None for a spectator."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    try:
        return game.seat_users.index(user.pk)
    except ValueError:
        return None


def rules_of(game: Game):
    return registry.rules_for(game.slug, game.rules_version)


def game_list(*, user, mine: bool = False, status: str | None = None, slug: str | None = None,
              my_turn: bool = False):
    games = Game.objects.all().order_by("-id")
    if status:
        if status not in GameStatus.values:
            raise InvalidInput(f"status must be one of {', '.join(GameStatus.values)}.", code="invalid_filter")
        games = games.filter(status=status)
    if slug:
        games = games.filter(slug=slug)
    if mine or my_turn:
        if user is None:
            raise InvalidInput("Log in to filter by your own games.", code="login_required")
        games = games.filter(seats__user=user).distinct()
    if my_turn:
        ids = [g.pk for g in games.filter(status=GameStatus.ACTIVE).only("id", "to_move", "seat_users")
               if seat_of(g, user) in g.to_move]
        games = Game.objects.filter(pk__in=ids).order_by("-id")
    return games


def may_move(game: Game) -> list[int]:
    """Seats that may move now without being waited for (Rules.may_move)."""
    if game.status != GameStatus.ACTIVE:
        return []
    return sorted(rules_of(game).may_move(game.state))


def can_move(game: Game, seat: int | None) -> bool:
    """Whether ``seat`` may move now: it is waited for, or it may move unasked."""
    return (seat is not None and game.status == GameStatus.ACTIVE
            and (seat in game.to_move or seat in rules_of(game).may_move(game.state)))


def view_for(game: Game, seat: int | None, state=None) -> dict | None:
    if game.status == GameStatus.OPEN:
        return None
    rules = rules_of(game)
    return rules.view(game.state if state is None else state, seat)


def describe(rules, row_type: str, payload: dict, seat: int | None, names: list[str] | None = None) -> str:
    """The event in words; with the table's ``names``, players by name (games.names)."""
    text = describe_platform_event(row_type, payload)
    if text is None:
        text = rules.describe(RulesEvent(row_type, payload), seat)
    return name_players(text, names) if names else text


def event_json(rules, row, seat: int | None, *, reveal: bool, names: list[str] | None = None) -> dict:
    """A stored event as ``seat`` may see it (everything once the game is over)."""
    event = RulesEvent(row.type, row.payload)
    if not reveal and row.type in PLATFORM_EVENT_TYPES:
        event = RulesEvent(row.type, public_payload(row.type, row.payload))
    elif not reveal:
        event = rules.redact(event, seat)
    # A scheme-1 hash commits to hidden content with nothing secret: served only once all is revealed.
    shown = reveal or row.sealed is not None
    data = {"seq": row.seq, "type": event.type, "payload": event.payload, "actor": row.actor,
            "created_at": timestamp(row.created_at), "hash": row.hash if shown else None,
            "description": describe(rules, event.type, event.payload, seat, names),
            "batch": row.batch, "prev_hash": row.prev_hash if shown else None, "sealed": row.sealed}
    if row.sealed is not None:
        # Scheme 2: the hash covers the spectator's form of the event; a seat (or anyone
        # after the end) is shown more, so it also gets that form to recompute the link.
        public = public_part(rules, row.type, row.payload)
        if public != {"type": event.type, "payload": event.payload}:
            data["public"] = public
    return data


def served_head_hash(game: Game) -> str | None:
    """The chain head as served (game page, audit, emails, webhooks): always under the
    hiding scheme; under scheme 1 only once the game is over, since such a hash lets
    anyone test guesses about the hidden content it covers (docs/FAIRNESS.md)."""
    if game.hash_scheme >= HIDING_SCHEME or game.status == GameStatus.FINISHED:
        return game.head_hash
    return None


def events_for(game: Game, seat: int | None, *, after: int = 0, limit: int = 100,
               names: list[str] | None = None) -> list[dict]:
    """A page of the log as ``seat`` may see it, players by name (``names``: the
    table's, read here when not given)."""
    rules = rules_of(game)
    reveal = game.status == GameStatus.FINISHED
    rows = Event.objects.filter(game_id=game.pk, seq__gt=after).order_by("seq")[:limit]
    names = names or names_of(game)
    return [event_json(rules, row, seat, reveal=reveal, names=names) for row in rows]


def last_move_version(game: Game, seat: int) -> int:
    """The version just after ``seat``'s own last move (0 if it has not moved yet)."""
    return game.seats.filter(number=seat).values_list("last_move_version", flat=True).first() or 0


def state_at_for(game: Game, seat: int | None, version: int) -> dict:
    if not 0 <= version <= game.version:
        raise InvalidInput(f"version must be between 0 and {game.version}.", code="invalid_version")
    if version == 0:
        return {}
    rules = rules_of(game)
    state = store.state_at(game, rules, version)
    return rules.view(state, seat)
