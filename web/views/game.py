"""The game page, its live fragment (polled with ETag / If-None-Match), moves, the log,
replay and audit. Every read goes through games.selectors and every write through
games.services: the page shows only the seat's view and the log as redacted for it."""
from __future__ import annotations

import hashlib
import json
from datetime import timezone

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse, HttpResponseNotModified, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.views.decorators.http import require_POST

from games import registry, selectors, services
from games.audit import export_game, verify_game
from games.errors import NotFound, ServiceError, VersionConflict
from games.models import GameStatus
from table import selectors as table_selectors
from web import boards
from web.names import name_players, seat_names, seat_rows
from web.words import group_moves, move_value
from worker import clock
from worker import selectors as worker_selectors

LOG_LENGTH = 40


def _game(game_id):
    try:
        return selectors.game_get(game_id)
    except NotFound:
        raise Http404("There is no such game.")


def _user(request):
    return request.user if request.user.is_authenticated else None


def _zone(user):
    return worker_selectors.preferences_of(user).zone if user else timezone.utc


def _seat_context(game, seats, names, me, user) -> list[dict]:
    zone = _zone(user)
    clocks = {c["seat"]: c for c in worker_selectors.clocks_for(game, now=clock.now(), viewer_seat=me)["seats"]} \
        if game.time_control and game.status == GameStatus.ACTIVE else {}
    rows = []
    for seat in seats:
        c = clocks.get(seat.number, {})
        deadline = c.get("deadline")
        rows.append({"number": seat.number, "name": names[seat.number], "me": seat.number == me,
                     "bot": bool(seat.bot_level), "bot_level": seat.bot_level, "open": not seat.joined_at,
                     "forfeited": seat.forfeited, "to_move": game.status == GameStatus.ACTIVE and seat.number in game.to_move,
                     "deadline": deadline.astimezone(zone) if deadline else None,
                     "remaining": _duration(c.get("remaining_seconds")), "on_vacation": c.get("on_vacation")})
    return rows


def _duration(seconds) -> str:
    if seconds is None:
        return ""
    seconds = max(0, int(seconds))
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes = rest // 60
    if days:
        return f"{days} d {hours} h"
    if hours:
        return f"{hours} h {minutes} min"
    return f"{minutes} min"


def _etag(game, seat, user, partial=None) -> str:
    steps = f"-p{hashlib.sha256(json.dumps(partial, sort_keys=True).encode()).hexdigest()[:12]}" if partial else ""
    return f'"web-g{game.pk}-v{game.version}-s{seat}-u{user.pk if user else 0}{steps}"'


def log_entries(game, seat, names, *, after: int, limit: int, since: int | None = None) -> list[dict]:
    entries = []
    for event in selectors.events_for(game, seat, after=after, limit=limit):
        entries.append({"seq": event["seq"], "text": name_players(event["description"], names),
                        "actor": names[event["actor"]] if event["actor"] is not None and event["actor"] < len(names) else "",
                        "new": since is not None and event["seq"] > since, "created_at": event["created_at"]})
    for entry in entries:
        if entry["new"]:
            entry["first_new"] = True
            break
    return entries


def outcome_rows(game, names) -> list[dict]:
    outcome = game.outcome or {}
    scores, ranks = outcome.get("scores") or [], outcome.get("ranks") or []
    rows = [{"name": names[i], "score": scores[i] if i < len(scores) else None,
             "rank": ranks[i] if i < len(ranks) else None} for i in range(len(names))]
    return sorted(rows, key=lambda row: (row["rank"] is None, row["rank"] or 0))


def live_context(request, game, *, notice: str = "", error: str = "", partial=None) -> dict:
    """Everything the live part of the game page shows, for the user's seat (or a spectator);
    ``partial``: the steps of a move the player has begun on the board."""
    user = _user(request)
    me = selectors.seat_of(game, user)
    seats = seat_rows(game)
    names = seat_names(seats)
    rules = selectors.rules_of(game)
    view = selectors.view_for(game, me)
    legal = rules.legal_moves(game.state, me) if selectors.can_move(game, me) else []
    optional = me is not None and game.status == GameStatus.ACTIVE and me not in game.to_move and bool(legal)
    since = selectors.last_move_version(game, me) if me is not None else None
    after = max(0, game.version - LOG_LENGTH)
    if since is not None and since < after:
        after = max(since - 3, game.version - 200, 0)
    seat_info = _seat_context(game, seats, names, me, user)
    waiting_for = [names[n] for n in game.to_move] if game.status == GameStatus.ACTIVE else []
    partial = boards.Partial(partial or []) if legal else boards.Partial()
    return {
        "game": game, "title": rules.title, "me": me, "names": names, "seats": seat_info,
        "my_name": names[me] if me is not None else None, "view": view, "legal_count": len(legal),
        "board": (boards.present(game.slug, view, legal=legal, names=names, seat=me, partial=partial)
                  if view is not None else None),
        "move_groups": group_moves(game.slug, [m for m in legal if not boards.on_board(game.slug, m)],
                                   view, names, optional=optional),
        "optional": optional, "my_turn": me is not None and me in game.to_move,
        "waiting_for": waiting_for, "log": log_entries(game, me, names, after=after, limit=250, since=since),
        "since": since, "outcome": outcome_rows(game, names) if game.status == GameStatus.FINISHED else None,
        "outcome_notes": [name_players(note, names) for note in (game.outcome or {}).get("notes") or []],
        "etag": _etag(game, me, user, partial),
        "poll_headers": json.dumps({"If-None-Match": _etag(game, me, user, partial)}),
        "partial_query": urlencode({"partial": json.dumps(partial)}) if partial else "",
        "notice": notice, "error": error, **_open_seats(game, me, seat_info),
        "poll_ms": settings.WEB_POLL_MS,
        "time_control": game.time_control,
        "seat_link_base": request.build_absolute_uri(reverse("web:join", args=[game.pk])),
        "move_url": reverse("web:move", args=[game.pk]),
        "table": table_context(game, me, names), "table_url": reverse("web:table", args=[game.pk]),
    }


def _open_seats(game, me, seat_info) -> dict:
    """While a game waits for players: its free seats (a link to share each) and, for its
    players, the seats held by pending invitations (each may be withdrawn)."""
    if game.status != GameStatus.OPEN:
        return {"free_seats": [], "invitations": []}
    invitations = table_selectors.invitations_of_game(game) if me is not None else []
    held = {invitation.seat: invitation.invitee.username for invitation in invitations}
    for row in seat_info:
        row["held_for"] = held.get(row["number"])
    return {"free_seats": [s for s in seat_info if s["open"] and s["number"] not in held],
            "invitations": invitations}


def table_context(game, me, names):
    from web.views.table import table_context as context    # the table's module imports this one

    return context(game, me, names)


def game_page(request, game_id: int):
    game = _game(game_id)
    context = live_context(request, game, partial=boards.partial_from(request.GET.get("partial")))
    return render(request, "web/game.html", context)


def game_live(request, game_id: int):
    """The live fragment. The page sends the ETag of what it shows; unchanged → 304."""
    game = _game(game_id)
    user = _user(request)
    me = selectors.seat_of(game, user)
    partial = boards.partial_from(request.GET.get("partial")) if selectors.can_move(game, me) else None
    etag = _etag(game, me, user, partial)
    if etag in [tag.strip() for tag in request.headers.get("If-None-Match", "").split(",")]:
        response = HttpResponseNotModified()
        response["ETag"] = etag
        return response
    response = render(request, "web/_live.html", live_context(request, game, partial=partial))
    response["ETag"] = etag
    response["Cache-Control"] = "no-store"
    return response


@require_POST
def game_move(request, game_id: int):
    """One move, posted with the version the page showed. Answers with the live fragment
    (htmx) or redirects back to the page; a refusal is said in words and changes nothing."""
    if not request.user.is_authenticated:
        return _answer(request, game_id, error="Log in to play.", status=403)
    try:
        expected = int(request.POST.get("expected_version", ""))
    except ValueError:
        return _answer(request, game_id, error="The page did not say which version it showed; reload it.",
                       status=400)
    game = _game(game_id)
    move = _posted_move(request, game)
    if move is None:
        clicked = set(request.POST) - {"csrfmiddlewaretoken", "expected_version", "partial"}
        return _answer(request, game_id, status=400, error=(
            "That is not one of your legal moves now: choose again." if clicked else "Choose a move first."))
    if isinstance(move, boards.Partial):  # one more step of a move begun on the board: show it
        if request.htmx:
            return render(request, "web/_live.html", live_context(request, game, partial=move))
        return redirect(reverse("web:game", args=[game_id]) + "?" + urlencode({"partial": json.dumps(move)}))
    try:
        services.move_submit(user=request.user, game_id=game.pk, expected_version=expected, move=move)
    except VersionConflict:
        game = _game(game_id)
        me = selectors.seat_of(game, request.user)
        names = seat_names(seat_rows(game))
        happened = log_entries(game, me, names, after=expected, limit=20)
        text = "; ".join(entry["text"] for entry in happened[-6:])
        return _answer(request, game_id, status=409, error=(
            "The game moved on while you were deciding, so your move was not made. "
            + (f"Meanwhile: {text} " if text else "") + "The board now shows the current position."))
    except ServiceError as refused:
        return _answer(request, game_id, error=refused.message, status=refused.status)
    return _answer(request, game_id, notice="Your move was made.")


def _posted_move(request, game):
    raw = request.POST.get("move")
    if raw:
        try:
            move = json.loads(raw)
        except ValueError:
            return None
        return move if isinstance(move, dict) else None
    board = boards.board_for(game.slug)
    if hasattr(board, "move_from_post"):
        me = selectors.seat_of(game, request.user)
        legal = selectors.rules_of(game).legal_moves(game.state, me) if selectors.can_move(game, me) else []
        return board.move_from_post(request.POST, legal)
    return None


def _answer(request, game_id, *, notice: str = "", error: str = "", status: int = 200):
    if request.htmx:
        game = _game(game_id)
        response = render(request, "web/_live.html", live_context(request, game, notice=notice, error=error))
        # htmx swaps 2xx answers only: a refusal is still a page to show, with its words.
        response["X-Move-Status"] = str(status)
        return response
    if error:
        messages.error(request, error)
    elif notice:
        messages.success(request, notice)
    return redirect("web:game", game_id=game_id)


def game_log(request, game_id: int):
    game = _game(game_id)
    me = selectors.seat_of(game, _user(request))
    names = seat_names(seat_rows(game))
    since = selectors.last_move_version(game, me) if me is not None else None
    entries = log_entries(game, me, names, after=0, limit=5000, since=since)
    return render(request, "web/log.html", {"game": game, "title": selectors.rules_of(game).title,
                                            "log": entries, "since": since, "names": names})


def game_replay(request, game_id: int):
    """The board as the seat saw it at any version; after the end, any seat's view."""
    game = _game(game_id)
    me = selectors.seat_of(game, _user(request))
    seats = seat_rows(game)
    names = seat_names(seats)
    finished = game.status == GameStatus.FINISHED
    try:
        version = int(request.GET.get("version", game.version))
    except ValueError:
        version = game.version
    version = min(max(version, 0), game.version)
    shown = me
    if finished and request.GET.get("seat", "") != "":
        try:
            shown = int(request.GET["seat"])
        except ValueError:
            shown = me
        if shown is not None and not 0 <= shown < game.players:
            shown = me
    view = selectors.state_at_for(game, shown, version) if version else None
    entries = log_entries(game, shown, names, after=max(0, version - 12), limit=min(12, version)) if version else []
    context = {"game": game, "title": selectors.rules_of(game).title, "version": version, "names": names,
               "board": boards.present(game.slug, view, legal=[], names=names, seat=shown) if view else None,
               "finished": finished, "shown": shown, "shown_name": names[shown] if shown is not None else None,
               "me": me, "log": entries, "seat_choices": list(enumerate(names)) if finished else [],
               "prev": max(0, version - 1), "next": min(game.version, version + 1), "replay": True,
               "move_url": reverse("web:move", args=[game.pk])}
    template = "web/_replay.html" if request.htmx else "web/replay.html"
    return render(request, template, context)


def game_audit(request, game_id: int):
    game = _game(game_id)
    finished = game.status == GameStatus.FINISHED
    verdict = verify_game(game) if finished else None
    return render(request, "web/audit.html", {
        "game": game, "title": selectors.rules_of(game).title, "finished": finished, "verdict": verdict,
        "verdict_text": str(verdict) if verdict is not None else "",
        "seeds": list(zip(seat_names(seat_rows(game)), game.player_seeds)),
        "export_url": reverse("web:export", args=[game.pk])})


def game_export(request, game_id: int):
    game = _game(game_id)
    if game.status != GameStatus.FINISHED:
        return HttpResponse("The full log can be exported once the game is over: until then it holds "
                            "secrets.", status=409, content_type="text/plain; charset=utf-8")
    response = JsonResponse(export_game(game), json_dumps_params={"indent": 1})
    response["Content-Disposition"] = f'attachment; filename="ludopost-game-{game.pk}.json"'
    return response


@login_required
def game_join(request, game_id: int):
    """A seat's share link lands here: say what game it is, and join with one button."""
    game = _game(game_id)
    seats = seat_rows(game)
    names = seat_names(seats)
    wanted = request.GET.get("seat") or request.POST.get("seat")
    seat = int(wanted) if wanted and wanted.isdigit() else None
    if request.method == "POST":
        try:
            services.game_join(user=request.user, game_id=game.pk, seat=seat)
        except ServiceError as refused:
            messages.error(request, refused.message)
        else:
            messages.success(request, "You have a seat in this game.")
        return redirect("web:game", game_id=game.pk)
    entry = registry.get(game.slug)
    return render(request, "web/join.html", {"game": game, "title": entry.rules.title if entry else game.slug,
                                             "names": names, "seat": seat,
                                             "seated": selectors.seat_of(game, request.user) is not None})
