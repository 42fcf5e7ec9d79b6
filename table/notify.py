"""The table's side effects, carried out by the worker (worker/relay.py, worker/deliver.py).

* outbox "table.mention" (written with a message that @mentions players): an email
  "mention" to each mentioned player, unless they muted the author; held for the
  daily digest in digest mode, nothing in mode none.
* outbox "table.invitation": the invitation email with its accept and decline links.
* outbox "table.invitation_withdrawn": an email telling the invitee, only if the
  invitation email went out (otherwise that email is cancelled and nothing is owed).
* outbox "game.advanced" of a game that ended: the ratings, in the relay's
  transaction (table.services.ratings_apply keeps its tracking row there too).
* outbox "game.advanced" of a cancel proposal or a takeback request
  (games.table.writes names the command): an email "proposal" to each person asked,
  answerable by reply; not held for the digest, since the table waits for the answer.

``register`` plugs these into the worker's tables of handlers, mail builders and
listeners when the app starts.
"""
from __future__ import annotations

from django.conf import settings

from games import registry
from games.models import Game, Outbox
from worker import mail, notify, selectors
from worker.models import Channel, Delivery, DeliveryStatus, NotifyMode


def _title(game: Game) -> str:
    entry = registry.get(game.slug)
    return entry.rules.title if entry else game.slug


def game_link(game_id: int) -> str:
    return f"{settings.SITE_URL}/games/{game_id}/"


def on_mention(row: Outbox, *, now) -> int:
    from table.models import Message, Mute

    message = Message.objects.select_related("author").filter(pk=row.payload["message"]).first()
    if message is None:
        return 0
    game = Game.objects.defer("state").get(pk=row.game_id)
    muting = set(Mute.objects.filter(muted=message.author, user_id__in=message.mentions).values_list("user_id",
                                                                                                      flat=True))
    players = {uid for uid in game.seat_users if uid}
    wanted = [uid for uid in message.mentions if uid in players and uid not in muting]
    prefs = selectors.preferences_for(wanted)
    notifier = notify.Notifier(game, now=now)
    for user_id in wanted:
        notifier.email(kind="mention", seat=game.seat_users.index(user_id), user_id=user_id, version=game.version,
                       prefs=prefs[user_id], key=f"email:mention:{message.pk}:{user_id}",
                       payload={"message": message.pk, "author": message.author.username,
                                "text": message.text[:300]})
    return notifier.save()


def on_invitation(row: Outbox, *, now) -> int:
    from table.models import Invitation, InvitationStatus

    invitation = Invitation.objects.filter(pk=row.payload["invitation"], status=InvitationStatus.PENDING).first()
    if invitation is None:
        return 0
    prefs = selectors.preferences_for([invitation.invitee_id])[invitation.invitee_id]
    if prefs.mode == NotifyMode.NONE:
        return 0
    # Not held for a digest: the seat waits for the answer.
    Delivery.objects.bulk_create([Delivery(
        key=f"email:invitation:{invitation.pk}", channel=Channel.EMAIL, kind="invitation", game_id=row.game_id,
        user_id=invitation.invitee_id, payload={"invitation": invitation.pk}, status=DeliveryStatus.PENDING,
        next_attempt_at=prefs.quiet_until(now) or now, created_at=now)], ignore_conflicts=True)
    return 1


def on_invitation_withdrawn(row: Outbox, *, now) -> int:
    from table.models import Invitation

    invitation = Invitation.objects.filter(pk=row.payload["invitation"]).first()
    told = Delivery.objects.filter(key=f"email:invitation:{row.payload['invitation']}",
                                   status=DeliveryStatus.SENT).exists()
    if invitation is None or not told:
        return 0
    prefs = selectors.preferences_for([invitation.invitee_id])[invitation.invitee_id]
    if prefs.mode == NotifyMode.NONE:
        return 0
    Delivery.objects.bulk_create([Delivery(
        key=f"email:invitation_withdrawn:{invitation.pk}", channel=Channel.EMAIL, kind="invitation_withdrawn",
        game_id=row.game_id, user_id=invitation.invitee_id, payload=row.payload, status=DeliveryStatus.PENDING,
        next_attempt_at=prefs.quiet_until(now) or now, created_at=now)], ignore_conflicts=True)
    return 1


def on_game_advanced(row: Outbox, *, now) -> int:
    if row.payload.get("table") in PROPOSALS:
        return on_proposal(row, now=now)
    if not row.payload.get("finished"):
        return 0
    from table import services

    return 1 if services.ratings_apply(game_id=row.game_id, now=now) else 0


# Table commands that ask the other players something: the email's subject.
PROPOSALS = {"cancel_propose": "cancel", "takeback_request": "takeback"}


def _asked(game: Game, what: str) -> tuple[dict | None, list[int]]:
    """The open proposal of this kind and the seats that still owe it an answer."""
    from games.table import writes

    proposal = writes.table_json(game)[what]
    if not proposal or game.status != "active":
        return None, []
    playing = set(writes.playing_humans(game))
    if what == "cancel":
        return proposal, sorted(playing - set(proposal["agreed"]))
    return proposal, sorted(set(proposal["asked"]) & playing - set(proposal["accepted"]))


def on_proposal(row: Outbox, *, now) -> int:
    what = PROPOSALS[row.payload["table"]]
    game = Game.objects.defer("state").get(pk=row.game_id)
    proposal, seats = _asked(game, what)
    if proposal is None:
        return 0    # settled in the same breath (nobody else to ask) or lapsed since
    users = {seat: game.seat_users[seat] for seat in seats}
    prefs = selectors.preferences_for(users.values())
    notifier = notify.Notifier(game, now=now)
    for seat, user_id in users.items():
        notifier.email(kind="proposal", seat=seat, user_id=user_id, version=row.payload["version"],
                       prefs=prefs[user_id], key=f"email:proposal:{game.pk}:{what}:{row.payload['version']}:{seat}",
                       payload={"what": what, "by": proposal["by"]})
    return notifier.save()


# -- emails ----------------------------------------------------------------------------------

def mention_email(delivery, user, prefs, now):
    game = Game.objects.defer("state").get(pk=delivery.game_id)
    payload = delivery.payload
    context = {"title": _title(game), "game": game, "author": payload.get("author", ""),
               "text": payload.get("text", ""), "link": game_link(game.pk)}
    return f"{context['author']} mentioned you in {context['title']} #{game.pk}", context


def _invitation_still(delivery, status: str, why: str):
    """The delivery's invitation, if it is still in ``status``; else the email is cancelled."""
    from table.models import Invitation

    invitation = Invitation.objects.select_related("game", "inviter").filter(
        pk=delivery.payload.get("invitation")).first()
    if invitation is None or invitation.status != status:
        raise mail.Cancel(why)
    return invitation


def invitation_email(delivery, user, prefs, now):
    from table.models import InvitationStatus

    invitation = _invitation_still(delivery, InvitationStatus.PENDING, "the invitation was answered or withdrawn")
    game = invitation.game
    base = f"{settings.SITE_URL}/invitations/{invitation.token}"
    context = {"title": _title(game), "game": game, "inviter": invitation.inviter.username,
               "players": game.players, "accept_link": f"{base}/?answer=accept",
               "decline_link": f"{base}/?answer=decline", "link": game_link(game.pk)}
    return f"{context['inviter']} invites you to {context['title']} #{game.pk}", context


def invitation_withdrawn_email(delivery, user, prefs, now):
    from table.models import InvitationStatus

    invitation = _invitation_still(delivery, InvitationStatus.WITHDRAWN, "the invitation is no longer withdrawn")
    game = invitation.game
    context = {"title": _title(game), "game": game, "by": delivery.payload.get("by", ""),
               "inviter": invitation.inviter.username, "link": game_link(game.pk)}
    return f"{context['by']} withdrew your invitation to {context['title']} #{game.pk}", context


PROPOSAL_WORDS = {
    "cancel": {"subject": "{by} proposes to cancel {title} #{pk}",
               "asks": "{by} proposes to cancel the game. A cancelled game is void: nobody wins and it is not rated.",
               "yes": "agree to cancel", "no": "object to cancel",
               "rule": "The game is cancelled when every player still in it agrees; one objection keeps it going."},
    "takeback": {"subject": "{by} asks to take back a move in {title} #{pk}",
                 "asks": "{by} asks to take back their last move.",
                 "yes": "accept takeback", "no": "refuse takeback",
                 "rule": "The move is taken back when everyone asked accepts; the request lapses with the next move."},
}


def proposal_email(delivery, user, prefs, now):
    from games.names import names_of
    from worker.mailplay import tokens

    what = delivery.payload.get("what")
    game = Game.objects.defer("state").get(pk=delivery.game_id)
    proposal, seats = _asked(game, what)
    if proposal is None or delivery.seat not in seats:
        raise mail.Cancel("the proposal was settled, withdrawn or has lapsed")
    words = PROPOSAL_WORDS[what]
    by = names_of(game)[proposal["by"]]
    fill = {"by": by, "title": _title(game), "pk": game.pk}
    context = {"title": _title(game), "game": game, "by": by, "what": what, "link": game_link(game.pk),
               "asks": words["asks"].format(**fill), "yes": words["yes"], "no": words["no"], "rule": words["rule"],
               "deadline": mail._moment(proposal.get("deadline"), prefs) if what == "cancel" else None,
               "reply_to": tokens.address(game.pk, delivery.seat, game.version)}
    return words["subject"].format(**fill), context


def register() -> None:
    notify.HANDLERS.setdefault("table.mention", on_mention)
    notify.HANDLERS.setdefault("table.invitation", on_invitation)
    notify.HANDLERS.setdefault("table.invitation_withdrawn", on_invitation_withdrawn)
    listeners = notify.LISTENERS.setdefault("game.advanced", [])
    if on_game_advanced not in listeners:
        listeners.append(on_game_advanced)
    mail.BUILDERS.setdefault("mention", mention_email)
    mail.BUILDERS.setdefault("invitation", invitation_email)
    mail.BUILDERS.setdefault("invitation_withdrawn", invitation_withdrawn_email)
    mail.BUILDERS.setdefault("proposal", proposal_email)
