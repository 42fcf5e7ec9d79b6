"""Home, the lobby (catalogue, open games, creating a game) and my games."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from games import registry, selectors, services
from games.errors import ServiceError
from games.models import GameStatus
from web import catalog
from table import selectors as table_selectors
from table import services as table_services
from table import web_views as table_web
from web.forms import CreateGameForm
from web.names import seat_names, seat_rows
from worker import selectors as worker_selectors


def home(request):
    context = {"catalog": catalog.entries()}
    if request.user.is_authenticated:
        context.update(_my_games(request.user))
    return render(request, "web/home.html", context)


def lobby(request):
    open_games = []
    for game in selectors.game_list(user=None, status=GameStatus.OPEN)[:100]:
        names = seat_names(seat_rows(game))
        entry = registry.get(game.slug)
        mine = request.user.is_authenticated and request.user.pk in game.seat_users
        open_games.append({"game": game, "title": entry.rules.title if entry else game.slug, "names": names,
                           "free": names.count("open seat"), "mine": mine})
    return render(request, "web/lobby.html", {"catalog": catalog.entries(), "open_games": open_games})


@login_required
def create_game(request, slug: str):
    entry = registry.get(slug)
    if entry is None or not catalog.is_public(entry):
        raise Http404("There is no such game in the catalogue.")
    levels = catalog.bot_levels(entry)
    form = CreateGameForm(request.POST or None, entry=entry, bot_levels=levels)
    if request.method == "POST" and form.is_valid():
        try:
            game = table_services.game_create(user=request.user, slug=slug, **form.game_arguments(),
                                              **form.table_arguments())
        except ServiceError as refused:
            form.add_error(None, refused.message)
        else:
            return redirect("web:game", game_id=game.pk)
    return render(request, "web/create.html", {"form": form, "entry": entry,
                                               "description": catalog.description(entry)})


def _waiting_since(game, seat) -> str:
    events = selectors.events_for(game, seat, after=max(0, game.version - 1), limit=1)
    return events[0]["created_at"] if events else ""


def _my_games(user) -> dict:
    """Waiting for my move first (longest waiting first), then the others, then finished ones."""
    zone = worker_selectors.preferences_of(user).zone
    mine, others, finished = [], [], []
    for game in selectors.game_list(user=user, mine=True)[:300]:
        seats = seat_rows(game)
        names = seat_names(seats)
        me = selectors.seat_of(game, user)
        entry = registry.get(game.slug)
        deadline = next((s.deadline for s in seats if s.number == me and s.deadline), None)
        row = {"game": game, "title": entry.rules.title if entry else game.slug,
               "opponents": [n for i, n in enumerate(names) if i != me],
               "whose_turn": [names[n] for n in game.to_move] if game.status == GameStatus.ACTIVE else [],
               "deadline": deadline.astimezone(zone) if deadline else None}
        if game.status == GameStatus.FINISHED:
            ranks = (game.outcome or {}).get("ranks") or []
            row["rank"] = ranks[me] if me is not None and me < len(ranks) else None
            finished.append(row)
        elif game.status == GameStatus.ACTIVE and selectors.can_move(game, me) and me in game.to_move:
            row["since"] = _waiting_since(game, me)
            mine.append(row)
        else:
            others.append(row)
    mine.sort(key=lambda row: row["since"])
    return {"my_turn": mine, "other_games": others, "finished": finished, "time_zone": str(zone),
            "invitations": table_selectors.invitations_for(user),
            **table_web.my_games_extras(mine + others + finished, user)}


@login_required
def my_games(request):
    return render(request, "web/my_games.html", _my_games(request.user))


@login_required
@require_POST
def invite(request, game_id: int):
    seat = request.POST.get("seat")
    try:
        invitation = table_services.invitation_create(user=request.user, game_id=game_id,
                                                      username=request.POST.get("username", ""),
                                                      seat=int(seat) if seat and seat.isdigit() else None)
    except ServiceError as refused:
        messages.error(request, refused.message)
    else:
        messages.success(request, f"{invitation.invitee.username} is invited (by email, and on their games page); "
                                  "their seat is kept until they answer.")
    return redirect("web:game", game_id=game_id)
