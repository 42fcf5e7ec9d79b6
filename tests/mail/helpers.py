"""Play-by-mail test helpers: the gateway on loopback, and reading what the SMTP sink received."""
from __future__ import annotations

import smtplib
from email.message import EmailMessage
from email.utils import make_msgid

from tests.support.waiting import free_port, wait_for


class Gateway:
    """``manage.py mail_gateway``'s server, on a free loopback port."""

    def __init__(self):
        from worker.mailplay import gateway

        self.port = free_port()
        self.controller = gateway.controller("127.0.0.1", self.port)

    def send(self, *, sender: str, to: str, text: str | None = None, html: str | None = None,
             subject: str = "Re: your turn", headers: dict | None = None, message_id: str | None = None,
             charset: str = "utf-8", envelope_from: str | None = None) -> str:
        """Send one reply through smtplib; returns its Message-ID."""
        message = EmailMessage()
        message["From"], message["To"], message["Subject"] = sender, to, subject
        message["Message-ID"] = message_id or make_msgid(domain="player.example")
        for name, value in (headers or {}).items():
            message[name] = value
        if text is not None:
            message.set_content(text, charset=charset)
        if html is not None:
            if text is None:
                message.set_content(html, subtype="html", charset=charset)
            else:
                message.add_alternative(html, subtype="html", charset=charset)
        with smtplib.SMTP("127.0.0.1", self.port, timeout=30) as client:
            client.send_message(message, from_addr=sender if envelope_from is None else envelope_from,
                                to_addrs=[to])
        return message["Message-ID"]

    def send_raw(self, raw: bytes, *, sender: str, to: str) -> None:
        with smtplib.SMTP("127.0.0.1", self.port, timeout=30) as client:
            client.sendmail(sender, [to], raw)


def keep_sample(name: str, message) -> None:
    """With LUDOPOST_MAIL_SAMPLES=<folder>, write a message there as a player reads it."""
    import os

    folder = os.environ.get("LUDOPOST_MAIL_SAMPLES")
    if folder and message is not None:
        with open(os.path.join(folder, name), "w") as out:
            out.write("".join(f"{k}: {v}\n" for k, v in message.items() if k in (
                "From", "To", "Reply-To", "Subject", "In-Reply-To", "Auto-Submitted")) + "\n" + text_of(message))
            html = message.get_body(("html",))
            if html is not None:
                with open(os.path.join(folder, name + ".html"), "w") as page:
                    page.write(html.get_content())


def mail_to(mailbox, address: str, *, kind: str | None = None, after: int = 0) -> list:
    with mailbox.lock:
        found = [m for m in mailbox.messages[after:] if address in m["To"]]
    return [m for m in found if kind is None or m["X-LudoPost-Kind"] == kind]


def text_of(message) -> str:
    return message.get_body(("plain",)).get_content()


def wait_for_mail(mailbox, address: str, *, kind: str | None = None, after: int = 0, timeout: float = 30,
                  where=None):
    def found():
        hits = [m for m in mail_to(mailbox, address, kind=kind, after=after) if where is None or where(m)]
        return hits[-1] if hits else None

    wait_for(lambda: found() is not None, timeout=timeout, message=f"mail to {address} ({kind or 'any'})")
    return found()


# -- playing whole games by email -------------------------------------------------------------

import re  # noqa: E402

_LISTED = re.compile(r"^\s*(\d+)  (.+)$")


def reply_to_version(message) -> tuple[int, int, int] | None:
    """(game, seat, version) named by a message's Reply-To, read from the address."""
    match = re.search(r"play\+(\d+)-(\d+)-(\d+)-", str(message.get("Reply-To") or ""))
    return tuple(int(g) for g in match.groups()) if match else None


def numbered_moves(text: str) -> dict[str, int]:
    """Words of each listed move -> its number, as the email shows them."""
    moves, inside = {}, False
    for line in text.splitlines():
        if line.startswith("YOUR MOVES"):
            inside = True
            continue
        if inside:
            match = _LISTED.match(line)
            if not match:
                if moves:
                    break
                continue
            moves.setdefault(match.group(2).strip(), int(match.group(1)))
    return moves


def mail_for(mailbox, address: str, game_id: int, seat: int, version: int, timeout: float = 30):
    """The newest email to ``address`` whose reply address is for this version of the game."""
    def found():
        for message in reversed(mail_to(mailbox, address)):
            if reply_to_version(message) == (game_id, seat, version):
                return message
        return None

    wait_for(found, timeout=timeout, message=f"an email to {address} to answer at version {version}")
    return found()


def _nothing_owed() -> bool:
    """No outbox row waits to be fanned out and no delivery (email or bot turn) to be made:
    every email owed so far is in the mailbox (the sink keeps a message before it answers
    250, and a delivery is marked sent only after that)."""
    from games.models import Outbox
    from worker.models import Delivery

    return (not Outbox.objects.filter(status="pending").exists()
            and not Delivery.objects.filter(status__in=["pending", "sending"]).exists())


def _current_mail(mailbox, address: str, game, seat: int, fits=lambda message: True, timeout: float = 30):
    """The email that asks ``seat`` for its move now: the one for the game's version, else
    the newest since the seat's own last move that still ``fits`` the move (a turn email
    goes out when a turn begins, not again when a bot moves in the same simultaneous
    round). None if the game moves on meanwhile; ``CONTINUED`` when the seat's turn goes
    on without a new turn beginning, which no email announces. The older email or
    ``CONTINUED`` is settled on only once nothing more is owed at this version, so a
    slow worker cannot make the wrong one look right."""
    from games import selectors
    from games.models import Game

    version = game.version
    since = selectors.last_move_version(game, seat)
    answer = []

    def decided():
        # Read before the mailbox: if nothing was owed then, whatever this version sends is in it.
        drained = _nothing_owed()
        older = None
        for message in reversed(mail_to(mailbox, address)):
            answering = reply_to_version(message)
            if not answering or answering[:2] != (game.pk, seat):
                continue
            if answering[2] == version:
                answer.append(message)
                return True
            if older is None and since <= answering[2] < version and fits(message):
                older = message
        if Game.objects.filter(pk=game.pk).values_list("version", flat=True).first() != version:
            answer.append(None)
            return True
        if drained and older is not None:
            answer.append(older)
            return True
        if drained:
            # Its turn went on (after its own move, or another seat's in the same round):
            # no new turn began, so no email asks for this move.
            answer.append(CONTINUED)
            return True
        return False

    def explain():
        from worker.models import Delivery

        owed = list(Delivery.objects.filter(status__in=["pending", "sending", "held"])
                    .values_list("channel", "kind", "status"))
        return (f"own last move at version {since}; emails for versions "
                f"{[reply_to_version(m) for m in mail_to(mailbox, address)]}; deliveries open {owed}")

    wait_for(decided, timeout=timeout, message=f"an email to {address} to answer at version {version}",
             explain=explain)
    return answer[-1]


CONTINUED = object()


def play_by_mail(mailbox, gateway, game, accounts: dict, choose, *, max_moves: int, until=None,
                 by_mail=None) -> dict:
    """Play ``game`` by answering its emails: ``accounts`` {seat: user} are the seats played
    here (the others are bots); ``choose(rules, state, seat, legal) -> move`` picks each move,
    which is then sent as its number from the email's list, or in the game's notation when
    the email lists none. With ``by_mail(move) -> bool``, the moves it declines are made
    straight through the move service instead (to reach the later moves of a long game
    quickly). Returns counts of the move types played by email and how."""
    from games import registry
    from games import services as game_services
    from games.errors import VersionConflict
    from games.models import Game
    from worker.mailplay import turns

    played: dict[str, int] = {}
    by = {"number": 0, "notation": 0, "direct": 0}
    for _ in range(max_moves):
        game.refresh_from_db()
        if game.status != "active" or (until is not None and until(played)):
            break
        mine = sorted(set(game.to_move) & set(accounts))
        if not mine:
            version = game.version
            wait_for(lambda: Game.objects.get(pk=game.pk).version != version
                     or Game.objects.get(pk=game.pk).status != "active", timeout=30, message="the bots to move")
            continue
        seat = mine[0]
        user = accounts[seat]
        rules = registry.rules_for(game.slug, game.rules_version)
        legal = rules.legal_moves(game.state, seat)
        move = choose(rules, game.state, seat, legal)
        if by_mail is not None and not by_mail(move):
            try:
                game_services.move_submit(user=user, game_id=game.pk, expected_version=game.version, move=move)
            except VersionConflict:
                continue  # a bot moved at the same moment: choose again
            by["direct"] += 1
            continue
        turn = turns.turn_for(game, seat)
        module = turns.notation_module(game.slug)
        words = module.move_words(move, turn.view)

        def fits(message):  # an older email's list must still hold the move
            listed = numbered_moves(message.get_body(("plain",)).get_content())
            # A move in the notation needs no list: the gateway takes it if nothing the seat
            # may see has changed since, else answers "moved on" (awaited below).
            return words in listed if listed else True

        message = _current_mail(mailbox, user.email, game, seat, fits)
        if message is None:
            continue  # the game moved on (a bot, at the same time) while the email was on its way
        if message is CONTINUED:  # no email asks for this move: made straight through the service
            try:
                game_services.move_submit(user=user, game_id=game.pk, expected_version=game.version, move=move)
            except VersionConflict:
                continue
            by["direct"] += 1
            continue
        text = message.get_body(("plain",)).get_content()
        listed = numbered_moves(text)
        if listed:
            answer = f"{listed[words]}"
            by["number"] += 1
        else:
            answer = module.notation(move, turn.view)
            assert answer.split()[0] in text or "notation" in text
            by["notation"] += 1
        version = game.version
        gateway.send(sender=user.email, to=message["Reply-To"], subject="Re: " + str(message["Subject"]),
                     text=f"{answer}\n\nOn a day, LudoPost wrote:\n" + "\n".join("> " + l for l in text.splitlines()),
                     headers={"In-Reply-To": message["Message-ID"]})
        answered_at = reply_to_version(message)[2]
        if answered_at < version:
            # An older turn email: the gateway takes it if nothing that seat may see has
            # changed since, else answers "the game moved on" with the list of now.
            def settled():
                return (Game.objects.get(pk=game.pk).version > version
                        or any(reply_to_version(m) == (game.pk, seat, version)
                               for m in mail_to(mailbox, user.email)))
            wait_for(settled, timeout=30, message=f"{move} ({answer!r}) to be appended or answered")
            if Game.objects.get(pk=game.pk).version == version:
                continue
        wait_for(lambda: Game.objects.get(pk=game.pk).version > version, timeout=30,
                 message=f"{move} ({answer!r}) to be appended")
        played[move["type"]] = played.get(move["type"], 0) + 1
        for step in move.get("steps") or []:  # a sealed choice (62 Soleils, rules version 2) counts its steps
            played[step["type"]] = played.get(step["type"], 0) + 1
    game.refresh_from_db()
    return {"types": played, "by": by}


def send_travel_offer(game, offerer, sender: int) -> None:
    """Itchy Feet: ``sender`` (played by ``offerer``) puts an offer to the other player
    together through the move service, a card given (not a passport) and a kind asked
    for, and sends it."""
    from games import registry
    from games import services as game_services
    from games.catalog.travel.components import kind as card_kind

    rules = registry.rules_for("travel", game.rules_version)
    for pick in (lambda m: m["type"] == "propose" and m["to"] == 1 - sender,
                 lambda m: m["type"] == "offer_give" and card_kind(m["card"]) != "passport",
                 lambda m: m["type"] == "offer_want",
                 lambda m: m["type"] == "offer_send"):
        game.refresh_from_db()
        legal = rules.legal_moves(game.state, sender)
        game_services.move_submit(user=offerer, game_id=game.pk, expected_version=game.version,
                                  move=next(m for m in legal if pick(m)))
    game.refresh_from_db()
