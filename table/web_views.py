"""The table in the browser: the chat panel of the game page (htmx fragments),
invitations (the list and the pages the email's links open) and the leaderboards.
Reads through table.selectors, writes through table.services, as the API does."""
from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from games import registry
from games import selectors as game_selectors
from games.errors import NotFound, ServiceError
from table import selectors, services, talk
from table.models import InvitationStatus

PANEL_MESSAGES = 50


def _game(game_id):
    try:
        return game_selectors.game_get(game_id)
    except NotFound:
        raise Http404("There is no such game.")


def _user(request):
    return request.user if request.user.is_authenticated else None


def _title(slug: str) -> str:
    entry = registry.get(slug)
    return entry.rules.title if entry else slug


def _talk_context(request, game, *, since: int | None, error: str = "") -> dict:
    """The last messages (muted authors left out), the new ones marked, and read them."""
    user = _user(request)
    player = game_selectors.seat_of(game, user) is not None
    readable = selectors.can_read(game, user)
    rows = selectors.messages_for(game, user)[-PANEL_MESSAGES:] if readable else []
    before = selectors.read_up_to(game, user) if player else 0
    since = before if since is None else since
    entries = [{"message": m, "mine": user is not None and m.author_id == user.pk,
                "new": player and m.pk > since and m.author_id != user.pk} for m in rows]
    first_new = next((e for e in entries if e["new"]), None)
    if first_new:
        first_new["first_new"] = True
    if player and rows and rows[-1].pk > before:
        services.mark(user.pk, game.pk, read_up_to=rows[-1].pk)
    muted = sorted(selectors.muted_names(user)) if user else []
    return {"game": game, "entries": entries, "player": player, "readable": readable, "since": since,
            "new_count": sum(1 for e in entries if e["new"]), "muted": muted, "error": error,
            "max_length": talk.MAX_LENGTH, "poll_ms": settings.TALK_POLL_MS}


def chat_panel(request, game_id: int):
    """The whole panel (heading, messages, the form): loaded once by the game page."""
    game = _game(game_id)
    return render(request, "table/_chat_panel.html", _talk_context(request, game, since=None))


def chat_messages(request, game_id: int):
    """The messages only, polled by the panel; ``since`` keeps the marker where it was."""
    game = _game(game_id)
    raw = request.GET.get("since", "")
    since = int(raw) if raw.isdigit() and len(raw) < 19 else None
    return render(request, "table/_chat_messages.html", _talk_context(request, game, since=since))


@login_required
@require_POST
def chat_post(request, game_id: int):
    game = _game(game_id)
    error = ""
    try:
        services.message_post(user=request.user, game_id=game.pk, text=request.POST.get("text", ""))
    except ServiceError as refused:
        error = refused.message
    if not request.htmx:
        if error:
            messages.error(request, error)
        return redirect("web:game", game_id=game.pk)
    raw = request.POST.get("since", "")
    since = int(raw) if raw.isdigit() and len(raw) < 19 else None
    return render(request, "table/_chat_messages.html", _talk_context(request, game, since=since, error=error))


@login_required
@require_POST
def chat_mute(request, game_id: int):
    game = _game(game_id)
    error = ""
    try:
        services.mute_set(user=request.user, username=request.POST.get("username", ""),
                          muted=request.POST.get("muted", "1") == "1")
    except ServiceError as refused:
        error = refused.message
    if not request.htmx:
        if error:
            messages.error(request, error)
        return redirect("web:game", game_id=game.pk)
    return render(request, "table/_chat_panel.html", _talk_context(request, game, since=None, error=error))


# -- invitations ------------------------------------------------------------------------------

@login_required
def invitations(request):
    rows = selectors.invitations_for(request.user)
    return render(request, "table/invitations.html", {
        "invitations": [{"invitation": i, "title": _title(i.game.slug)} for i in rows]})


@login_required
@require_POST
def invitation_withdraw(request, game_id: int, invitation_id: int):
    try:
        invitation = selectors.invitation_get(invitation_id)
    except NotFound:
        invitation = None
    if invitation is None or invitation.game_id != game_id:
        raise Http404("There is no such invitation.")
    try:
        services.invitation_withdraw(invitation=invitation, user=request.user)
    except ServiceError as refused:
        messages.error(request, refused.message)
    else:
        messages.success(request, f"The invitation to {invitation.invitee.username} is withdrawn; "
                                  "their seat is free again.")
    return redirect("web:game", game_id=game_id)


def invitation_page(request, token: str):
    """The page an invitation email's links open. Answering is a POST (a mail scanner
    that follows the link answers nothing); the token in the link stands for the
    invitee, so no login is needed, but someone else's login is refused."""
    invitation = selectors.invitation_by_token(token)
    if invitation is None:
        raise Http404("This invitation link is not valid.")
    user = _user(request)
    if user is not None and user.pk != invitation.invitee_id:
        messages.error(request, f"This invitation is for {invitation.invitee.username}; you are logged in as "
                                f"{user.username}.")
        return redirect("web:home")
    context = {"invitation": invitation, "title": _title(invitation.game.slug),
               "answer": request.GET.get("answer") if request.GET.get("answer") in ("accept", "decline") else "",
               "pending": invitation.status == InvitationStatus.PENDING}
    if request.method == "POST":
        answer = request.POST.get("answer")
        if answer not in ("accept", "decline"):
            context["error"] = "Choose accept or decline."
            return render(request, "table/invitation.html", context, status=400)
        try:
            services.invitation_answer(invitation=invitation, user=invitation.invitee, accept=answer == "accept")
        except ServiceError as refused:
            context["error"] = refused.message
            return render(request, "table/invitation.html", context, status=409)
        if answer == "accept":
            messages.success(request, f"You took your seat in {context['title']} #{invitation.game_id}.")
            return redirect("web:game", game_id=invitation.game_id)
        context.update(pending=False, declined=True)
        invitation.refresh_from_db()
    return render(request, "table/invitation.html", context)


# -- ratings ------------------------------------------------------------------------------------------

def leaderboards(request):
    return render(request, "table/leaderboards.html", {
        "games": [{"slug": e.rules.slug, "title": e.rules.title} for e in registry.all_games()]})


def leaderboard(request, slug: str):
    if registry.get(slug) is None:
        raise Http404("There is no such game.")
    return render(request, "table/leaderboard.html", {"slug": slug, "title": _title(slug),
                                                      "rows": selectors.leaderboard(slug)})


def my_games_extras(rows: list[dict], user) -> dict:
    """Adds to each row of the games page (web/views/lobby.py) its unread table talk,
    whether it is rated and the player's rating in that game."""
    games = [row["game"] for row in rows]
    fields = selectors.game_fields(games, user.pk)
    for row in rows:
        game = row["game"]
        extra = fields[game.pk]
        me = game.seat_users.index(user.pk) if user.pk in game.seat_users else None
        row.update(unread=extra["unread_messages"] or 0, rated=extra["rated"],
                   my_rating=extra["ratings"][me] if me is not None else None)
    return {}
