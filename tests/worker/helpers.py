"""Building timed games and running the worker's steps in-process with a chosen clock."""
from __future__ import annotations

from datetime import datetime, timezone

from games import services
from games.models import Event, Game
from tests.support.factories import user
from worker import deliver, relay, sweep

# Wednesday 9 January 2030, noon UTC: a weekday far from any clock change.
T0 = datetime(2030, 1, 9, 12, 0, tzinfo=timezone.utc)


def timed_game(slug: str = "race", players: int = 2, *, time_control: dict, names=None, now=T0,
               options=None, bot_seats=None) -> tuple[Game, list]:
    """A started game whose human seats are new users, created and joined at ``now``."""
    names = names or [f"{slug}-{i}-{now.timestamp():.0f}" for i in range(players)]
    bots = {b if isinstance(b, int) else b["seat"] for b in (bot_seats or [])}
    users = [user(names[0])]
    game = services.game_create(user=users[0], slug=slug, players=players, options=options or {},
                                time_control=time_control, bot_seats=bot_seats, now=now)
    for seat in range(1, players):
        if seat in bots:
            users.append(None)
            continue
        account = user(names[seat])
        users.append(account)
        services.game_join(user=account, game_id=game.pk, now=now)
    game.refresh_from_db()
    return game, users


def bot_game(slug: str = "race", players: int = 3, *, creator_name: str = "host", options=None, level="best",
             now=None) -> Game:
    """A game every seat of which is a bot (the creator watches), created through the service."""
    return services.game_create(user=user(creator_name), slug=slug, players=players, options=options or {},
                                bot_seats=[{"seat": n, "level": level} for n in range(players)],
                                creator_plays=False, now=now)


def drain(*, now=None, rounds: int = 500) -> dict:
    """Sweep, relay and perform everything due at ``now``, in-process, until nothing is left."""
    totals = {"rounds": 0, "performed": []}
    for _ in range(rounds):
        published: list[int] = []
        due = sweep.sweep_deadlines(now=now)["due"]
        relayed = relay.relay_outbox(now=now)
        relay.dispatch_due(published.append, now=now)
        for delivery_id in published:
            totals["performed"].append(deliver.perform(delivery_id, now=now))
        totals["rounds"] += 1
        if not (due or relayed or published):
            break
    return totals


def batches(game: Game) -> list[dict]:
    """Each command of the log: its kind, seat, policy, move and the event types in it."""
    result: dict[int, dict] = {}
    for row in Event.objects.filter(game=game).order_by("seq"):
        entry = result.setdefault(row.batch, {"command": row.command or {}, "types": []})
        entry["types"].append(row.type)
    return [{"kind": b["command"].get("kind"), "seat": b["command"].get("seat"), "move": b["command"].get("move"),
             "policy": b["command"].get("policy"), "types": b["types"]} for b in result.values()]


_sentinels = iter(range(10**6))


def settle(mailbox, *, timeout: float = 60, explain=None) -> str:
    """Wait until everything queued so far has been carried out, without sleeping.

    Starts a new two-person game, whose first turn email is owed after every side
    effect already in the outbox or the broker, and waits until that email has
    arrived and no delivery or outbox row is still open. A duplicate of anything
    earlier would have been carried out by then, so a test may count right after.
    Returns the address of that last email, for the caller to leave out of counts.
    """
    from games.models import Outbox
    from tests.support.waiting import wait_for
    from worker.models import Delivery

    number = next(_sentinels)
    first, second = user(f"sentinel-{number}-a"), user(f"sentinel-{number}-b")
    game = services.game_create(user=first, slug="race", players=2, options={})
    services.game_join(user=second, game_id=game.pk)
    address = first.email

    def settled():
        return (mailbox.of_kind("turn", address)
                and not Delivery.objects.filter(status__in=["pending", "sending"]).exists()
                and not Outbox.objects.filter(status="pending").exists())

    wait_for(settled, timeout=timeout, message="the sentinel email, after everything queued before it",
             explain=explain)
    return address
