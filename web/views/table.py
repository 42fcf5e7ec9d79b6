"""The table's commands on the game page: resign, cancel by agreement, takebacks.

One form posts ``action``; the answer is the live fragment (htmx) or a redirect,
through the same ``_answer`` as a move, so a refusal is said in words and changes
nothing. The services are games.table's, as behind the API and the mail gateway."""
from __future__ import annotations

from django.views.decorators.http import require_POST


from games.errors import ServiceError
from games.models import GameStatus
from games.table import cancel, resign, takebacks, writes
from web.views.game import _answer

ACTIONS = {
    "resign": (lambda user, gid: resign.seat_resign(user=user, game_id=gid), "You resigned."),
    "cancel": (lambda user, gid: cancel.cancel_propose(user=user, game_id=gid), "You proposed to cancel the game."),
    "cancel_agree": (lambda user, gid: cancel.cancel_vote(user=user, game_id=gid, vote="agree"),
                     "You agreed to cancel the game."),
    "cancel_object": (lambda user, gid: cancel.cancel_vote(user=user, game_id=gid, vote="object"),
                      "You objected: the game goes on."),
    "takeback": (lambda user, gid: takebacks.takeback_request(user=user, game_id=gid),
                 "You asked to take back your last move."),
    "takeback_accept": (lambda user, gid: takebacks.takeback_answer(user=user, game_id=gid, accept=True),
                        "You accepted the takeback."),
    "takeback_refuse": (lambda user, gid: takebacks.takeback_answer(user=user, game_id=gid, accept=False),
                        "You refused the takeback."),
}


def table_context(game, me, names: list[str]) -> dict | None:
    """What the page's table panel shows the seat ``me`` (None: nothing to show)."""
    if me is None or game.status != GameStatus.ACTIVE:
        return None
    table = writes.table_json(game)
    left = me in (game.forfeited_seats or [])
    proposal, request = table["cancel"], table["takeback"]
    return {
        "left": left, "takebacks": table["options"]["takebacks"] != "off",
        "cancel": proposal and {"by": names[proposal["by"]], "mine": proposal["by"] == me,
                                "agreed": [names[s] for s in proposal["agreed"]],
                                "may_vote": not left and me not in proposal["agreed"],
                                "deadline": proposal["deadline"]},
        "takeback": request and {"by": names[request["by"]], "mine": request["by"] == me,
                                 "may_answer": me in request["asked"] and me not in request["accepted"]},
    }


@require_POST
def table_action(request, game_id: int):
    if not request.user.is_authenticated:
        return _answer(request, game_id, error="Log in to play.", status=403)
    action = ACTIONS.get(request.POST.get("action", ""))
    if action is None:
        return _answer(request, game_id, error="Choose what to do at the table.", status=400)
    command, done = action
    try:
        command(request.user, game_id)
    except ServiceError as refused:
        return _answer(request, game_id, error=refused.message, status=refused.status)
    return _answer(request, game_id, notice=done)



