"""Replies through hosted providers' inbound webhooks (django-anymail): each provider's
payload as its documentation shows it, signed (or authenticated) as the provider does;
the same judging as the SMTP gateway behind them. A bad signature changes nothing."""
from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
from email.message import EmailMessage

import pytest

from games.models import Event
from tests.support.factories import few_first_moves, started_game
from worker.mailplay import tokens
from worker.mailplay.models import InboundMail
from worker.mailplay.turns import MAX_LISTED
from worker.models import Delivery

SECRET = "inbound-user:inbound-password-123"
MAILGUN_KEY = "mailgun-signing-key-0123456789"


@pytest.fixture
def game(db, settings):
    settings.ANYMAIL = {"WEBHOOK_SECRET": SECRET, "MAILGUN_WEBHOOK_SIGNING_KEY": MAILGUN_KEY}
    game, users = started_game("momiji", 2, names=["ada", "bo"], deal=few_first_moves(MAX_LISTED))
    return game, users[game.to_move[0]]  # the rules choose who begins


def raw_reply(sender: str, to: str, text: str, message_id: str) -> bytes:
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = f"Ada <{sender}>", to, "Re: Your turn in Momiji"
    message["Message-ID"], message["Date"] = message_id, "Thu, 03 Dec 2026 19:00:00 +0000"
    message.set_content(f"{text}\n\nOn Thu, LudoPost wrote:\n> It is your turn\n")
    return message.as_bytes()


def basic_auth() -> dict:
    return {"HTTP_AUTHORIZATION": "Basic " + base64.b64encode(SECRET.encode()).decode()}


def events(game) -> int:
    return Event.objects.filter(game_id=game.pk).count()


def mailgun(client, raw: bytes, to: str, sender: str, *, key: str = MAILGUN_KEY):
    # The URL given to Mailgun carries the basic-auth secret as well (anymail asks for both).
    # Mailgun "store and notify" with MIME: form fields and body-mime; its signature is
    # HMAC-SHA256(signing key, timestamp + token), hex.
    timestamp, token = str(int(time.time())), "50f9f3a8b1f8d6c3e2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6"
    signature = hmac.new(key.encode(), f"{timestamp}{token}".encode(), hashlib.sha256).hexdigest()
    return client.post("/mail/inbound/mailgun/inbound_mime/", {
        "recipient": to, "sender": sender, "from": sender, "subject": "Re: Your turn in Momiji",
        "body-mime": raw.decode(), "timestamp": timestamp, "token": token, "signature": signature},
        **basic_auth())


def postmark(client, to: str, sender: str, text: str, message_id: str, auth: dict):
    # Postmark's inbound JSON (FromFull, ToFull, Headers, TextBody ...), behind basic auth.
    payload = {
        "FromName": "Ada", "MessageStream": "inbound", "From": sender,
        "FromFull": {"Email": sender, "Name": "Ada", "MailboxHash": ""},
        "To": to, "ToFull": [{"Email": to, "Name": "", "MailboxHash": ""}], "Cc": "", "CcFull": [],
        "Bcc": "", "BccFull": [], "OriginalRecipient": to, "Subject": "Re: Your turn in Momiji",
        "MessageID": "73e6d360-66eb-11e1-8e72-a8904824019b", "ReplyTo": "", "MailboxHash": "",
        "Date": "Thu, 03 Dec 2026 19:00:00 +0000", "TextBody": f"{text}\n\n> It is your turn\n", "HtmlBody": "",
        "StrippedTextReply": text, "Tag": "", "Attachments": [],
        "Headers": [{"Name": "Return-Path", "Value": f"<{sender}>"},
                    {"Name": "Message-ID", "Value": message_id},
                    {"Name": "X-Spam-Status", "Value": "No"}],
    }
    return client.post("/mail/inbound/postmark/inbound/", json.dumps(payload), content_type="application/json",
                       **auth)


def sendgrid(client, raw: bytes, to: str, sender: str, auth: dict):
    # SendGrid Inbound Parse with "POST the raw, full MIME message": the email field.
    return client.post("/mail/inbound/sendgrid/inbound/", {
        "email": raw.decode(), "to": to, "from": sender, "subject": "Re: Your turn in Momiji",
        "envelope": json.dumps({"to": [to], "from": sender}), "charsets": json.dumps({"to": "UTF-8"}),
        "spam_score": "0.1", "SPF": "pass", "dkim": "{@example.com : pass}"}, **auth)


def amazon_ses(client, raw: bytes, to: str, sender: str, auth: dict):
    # An SES receipt rule with an SNS action: the SNS Notification whose Message is the
    # SES "Received" notification, the MIME message in its content.
    ses = {"notificationType": "Received",
           "mail": {"timestamp": "2026-12-03T19:00:00.000Z", "source": sender, "messageId": "ses-msg-1",
                    "destination": [to], "headersTruncated": False,
                    "commonHeaders": {"from": [sender], "to": [to], "subject": "Re: Your turn in Momiji"}},
           "receipt": {"timestamp": "2026-12-03T19:00:00.000Z", "recipients": [to],
                       "spamVerdict": {"status": "PASS"}, "virusVerdict": {"status": "PASS"},
                       "spfVerdict": {"status": "PASS"}, "dkimVerdict": {"status": "PASS"},
                       "action": {"type": "SNS", "topicArn": "arn:aws:sns:us-east-1:123456789012:inbound",
                                  "encoding": "UTF8"}},
           "content": raw.decode()}
    sns = {"Type": "Notification", "MessageId": "8a5e1e2b-7c3d-5f9e-9f9f-0123456789ab",
           "TopicArn": "arn:aws:sns:us-east-1:123456789012:inbound", "Subject": "Amazon SES Email Receipt Notification",
           "Message": json.dumps(ses), "Timestamp": "2026-12-03T19:00:00.000Z", "SignatureVersion": "1",
           "Signature": "EXAMPLE", "SigningCertURL": "https://sns.us-east-1.amazonaws.com/cert.pem",
           "UnsubscribeURL": "https://sns.us-east-1.amazonaws.com/?Action=Unsubscribe"}
    return client.post("/mail/inbound/amazon_ses/inbound/", json.dumps(sns), content_type="text/plain",
                       HTTP_X_AMZ_SNS_MESSAGE_TYPE="Notification", HTTP_X_AMZ_SNS_MESSAGE_ID=sns["MessageId"],
                       **auth)


PROVIDERS = ["mailgun", "postmark", "sendgrid", "amazon_ses"]


def post(provider, client, game, user, text="1", *, good=True, message_id="<reply-1@mail.example>"):
    to = tokens.address(game.pk, game.to_move[0], game.version)
    raw = raw_reply(user.email, to, text, message_id)
    auth = basic_auth() if good else {"HTTP_AUTHORIZATION": "Basic " + base64.b64encode(b"x:wrong").decode()}
    if provider == "mailgun":
        return mailgun(client, raw, to, user.email, key=MAILGUN_KEY if good else "not-the-key")
    if provider == "postmark":
        return postmark(client, to, user.email, text, message_id, auth)
    if provider == "sendgrid":
        return sendgrid(client, raw, to, user.email, auth)
    return amazon_ses(client, raw, to, user.email, auth)


@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_signed_post_plays_the_move_once(provider, game, client):
    game, ada = game
    before = events(game)
    response = post(provider, client, game, ada, "1")
    assert response.status_code == 200, response.content
    assert events(game) > before
    inbound = InboundMail.objects.get()
    assert (inbound.result, inbound.via) == ("accepted", provider)
    assert Delivery.objects.filter(kind="reply", user=ada, payload__result="accepted").count() == 1
    # The provider posts the same message again (a retry): nothing more is appended.
    after = events(game)
    assert post(provider, client, game, ada, "1").status_code == 200
    assert events(game) == after and InboundMail.objects.count() == 1


@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_bad_signature_is_refused_and_changes_nothing(provider, game, client):
    game, ada = game
    before = events(game)
    response = post(provider, client, game, ada, "1", good=False)
    assert response.status_code in (400, 401, 403)
    assert events(game) == before
    assert not InboundMail.objects.exists() and not Delivery.objects.filter(kind="reply").exists()


def test_a_provider_without_its_secret_is_not_reachable(game, client, settings):
    game, ada = game
    settings.ANYMAIL = {}
    before = events(game)
    response = post("postmark", client, game, ada, "1")
    assert response.status_code == 404 and response.json()["code"] == "provider_not_configured"
    assert events(game) == before
