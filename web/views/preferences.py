"""Settings: email preferences, time zone, quiet hours, vacations, webhooks, the API token.
Every change goes through worker.services or games.services, as the API's do."""
from __future__ import annotations

from datetime import time

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST
from rest_framework.authtoken.models import Token

from games import selectors as game_selectors
from games import services as game_services
from games import timecontrol
from games.errors import ServiceError
from games.models import GameStatus
from worker import mail, selectors, services
from worker.models import NotifyMode

User = get_user_model()


def _token_of(user) -> str:
    token, _ = Token.objects.get_or_create(user=user)
    return token.key


@login_required
def settings_page(request):
    user = request.user
    prefs = selectors.preferences_of(user)
    games = []
    for game in game_selectors.game_list(user=user, mine=True, status=GameStatus.ACTIVE)[:100]:
        if timecontrol.vacation_allowance(game.time_control):
            games.append(game)
    return render(request, "web/settings.html", {
        "prefs": prefs, "modes": NotifyMode.choices, "webhooks": selectors.webhooks_for(user),
        "vacations": selectors.vacations_of(user), "vacation_games": games,
        "show_token": request.GET.get("token") == "show", "token": _token_of(user) if request.GET.get("token") == "show" else "",
        "new_secret": request.session.pop("web_new_secret", None),
        "event_types": services.WEBHOOK_EVENT_TYPES,
    })


def _clock(value: str, name: str) -> time | None:
    return services.parse_clock_time(value, name) if value else None


@login_required
@require_POST
def preferences_save(request):
    _save_email_preferences(request, request.user)
    return redirect("web:settings")


def _save_email_preferences(request, user) -> bool:
    """Save the email-and-time form for ``user``; the outcome is said in a message."""
    post = request.POST
    changes = {"mode": post.get("mode", ""), "time_zone": post.get("time_zone", "").strip() or "UTC"}
    try:
        start, end = _clock(post.get("quiet_start", ""), "quiet start"), _clock(post.get("quiet_end", ""), "quiet end")
        changes["quiet_hours"] = {"start": start, "end": end} if start and end else None
        if post.get("reminder_hours", "") != "":
            changes["reminder_hours"] = float(post["reminder_hours"])
        if post.get("digest_hour", "") != "":
            changes["digest_hour"] = int(post["digest_hour"])
        services.preferences_update(user=user, changes=changes)
    except ValueError:
        messages.error(request, "Reminder hours and the digest hour must be numbers.")
    except ServiceError as refused:
        messages.error(request, refused.message)
    else:
        messages.success(request, "Your preferences are saved.")
        return True
    return False


def email_preferences(request, token: str):
    """The page every email's "Change what we send you" opens: the account is the one the
    signed link names, so no login is needed (the link expires; then the settings page,
    after logging in, does the same)."""
    user_id = mail.preferences_user_id(token)
    user = User.objects.filter(pk=user_id, is_active=True).first() if user_id is not None else None
    if user is None:
        return render(request, "web/email_preferences.html", {"expired": True}, status=404)
    if request.method == "POST":
        _save_email_preferences(request, user)
        return redirect("web:email_preferences", token=token)
    return render(request, "web/email_preferences.html", {
        "prefs": selectors.preferences_of(user), "modes": NotifyMode.choices, "account": user,
        "action": request.path, "unsubscribe_url": mail.unsubscribe_url(user.pk)})


@login_required
@require_POST
def webhook_add(request):
    try:
        hook = services.webhook_create(user=request.user, url=request.POST.get("url", "").strip(),
                                       events=request.POST.getlist("events") or None)
    except ServiceError as refused:
        messages.error(request, refused.message)
    else:
        request.session["web_new_secret"] = {"id": hook.pk, "secret": hook.secret}
        messages.success(request, "The webhook is added. Copy its secret now: it is shown once.")
    return redirect("web:settings")


@login_required
@require_POST
def webhook_remove(request, webhook_id: int):
    try:
        services.webhook_delete(user=request.user, webhook_id=webhook_id)
    except ServiceError as refused:
        messages.error(request, refused.message)
    else:
        messages.success(request, "The webhook is removed.")
    return redirect("web:settings")


@login_required
@require_POST
def vacation_add(request):
    game = request.POST.get("game")
    try:
        days = int(request.POST.get("days", ""))
        result = services.vacation_book(user=request.user, days=days,
                                        game_id=int(game) if game and game.isdigit() else None)
    except ValueError:
        messages.error(request, "Say how many days, as a whole number.")
    except ServiceError as refused:
        messages.error(request, refused.message)
    else:
        messages.success(request, f"Vacation booked in {len(result['booked'])} game(s).")
    return redirect("web:settings")


@login_required
@require_POST
def vacation_cancel(request, vacation_id: int):
    try:
        services.vacation_cancel(user=request.user, vacation_id=vacation_id)
    except ServiceError as refused:
        messages.error(request, refused.message)
    else:
        messages.success(request, "The vacation is cancelled; unused days are given back.")
    return redirect("web:settings")


@login_required
@require_POST
def token_rotate(request):
    game_services.account_token_revoke(user=request.user)
    _token_of(request.user)
    messages.success(request, "Your API token is replaced: clients using the old one are logged out.")
    return redirect("/settings/?token=show")
