"""Reading a reply: is it from a person, and what new text did they write?

Mail systems answer mail by themselves (vacation notices, bounces, list software);
answering those back would start a loop, so they are recognised by the headers the
standards give them (RFC 3834 Auto-Submitted, Precedence, RFC 3464 delivery status
reports, the null envelope sender) and dropped without an answer. The new text is
what is left once quoted history and signatures are taken away (mail-parser-reply),
from the plain-text part or, when there is none, from the HTML part.
"""
from __future__ import annotations

import email
import email.policy
import hashlib
import re
from email.message import EmailMessage
from email.utils import getaddresses, parseaddr
from html.parser import HTMLParser

from mailparser_reply import EmailReplyParser

LANGUAGES = ["en", "de", "fr", "es", "it", "nl", "sv", "da", "pl", "cs"]
AUTO_PRECEDENCE = {"bulk", "junk", "list", "auto_reply", "auto-reply"}
AUTO_HEADERS = ("X-Autoreply", "X-Autorespond", "X-Autoresponder", "X-Auto-Response")
ROBOT_LOCALS = {"mailer-daemon", "postmaster", "noreply", "no-reply", "donotreply", "do-not-reply"}


def parse_bytes(raw: bytes) -> EmailMessage:
    return email.message_from_bytes(raw, policy=email.policy.default)


def sender(message: EmailMessage) -> str:
    """The From address, lower-cased ('' when there is none or it cannot be read)."""
    try:
        return parseaddr(str(message.get("From", "")))[1].strip().lower()
    except Exception:
        return ""


def recipients(message: EmailMessage) -> list[str]:
    fields = []
    for name in ("To", "Cc", "Delivered-To", "X-Original-To", "Envelope-To"):
        for value in message.get_all(name, []) or []:
            fields.append(str(value))
    return [addr for _, addr in getaddresses(fields) if addr]


def message_key(message: EmailMessage, raw: bytes | None) -> str:
    """What makes two deliveries the same message: its Message-ID, else its bytes."""
    ident = str(message.get("Message-ID", "") or "").strip()
    if ident:
        return ident[:300]
    body = raw if raw is not None else message.as_bytes()
    return "sha256:" + hashlib.sha256(body).hexdigest()


def automatic(message: EmailMessage, envelope_sender: str | None = None) -> str | None:
    """Why this message was sent by a machine (and must not be answered), or None."""
    auto = str(message.get("Auto-Submitted", "") or "").strip().lower()
    if auto and auto != "no":
        return f"Auto-Submitted: {auto}"
    precedence = str(message.get("Precedence", "") or "").strip().lower()
    if precedence in AUTO_PRECEDENCE:
        return f"Precedence: {precedence}"
    for name in AUTO_HEADERS:
        if message.get(name) is not None:
            return name
    if message.get("List-Id") is not None or message.get("List-Unsubscribe") is not None:
        return "mailing list"
    kind = message.get_content_type()
    if kind == "multipart/report" or any(part.get_content_type() in (
            "message/delivery-status", "message/disposition-notification") for part in message.walk()):
        return "delivery or disposition report"
    if envelope_sender is not None and envelope_sender.strip("<> ") == "":
        return "null envelope sender (a bounce)"
    local = sender(message).split("@", 1)[0]
    if local in ROBOT_LOCALS:
        return f"sent by {local}"
    return None


class _Text(HTMLParser):
    """HTML to lines of text, leaving out quoted history (blockquote, mail clients' quote blocks)."""

    BLOCKS = {"p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "pre", "table"}
    SKIP = {"script", "style", "head", "title"}
    QUOTE_CLASSES = ("gmail_quote", "moz-cite-prefix", "yahoo_quoted", "protonmail_quote")
    QUOTE_IDS = ("divrplyfwdmsg", "appendonsend", "mail-editor-reference-message-container")

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.depth_skip = 0
        self.stack: list[bool] = []
        self.cut = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        classes = (attrs.get("class") or "").lower()
        ident = (attrs.get("id") or "").lower()
        if tag in ("hr",) and ident.startswith("stopspelling"):
            self.cut = True
        quoted = (tag == "blockquote" or any(c in classes for c in self.QUOTE_CLASSES)
                  or ident in self.QUOTE_IDS)
        if ident in self.QUOTE_IDS:
            self.cut = True  # Outlook: everything after its reply header is history
        skip = quoted or tag in self.SKIP
        if tag not in ("br", "hr", "img", "meta", "link", "input"):
            self.stack.append(skip)
            if skip:
                self.depth_skip += 1
        if tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_endtag(self, tag):
        if tag in ("br", "hr", "img", "meta", "link", "input"):
            return
        if self.stack:
            if self.stack.pop():
                self.depth_skip -= 1
        if tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data):
        if not self.depth_skip and not self.cut:
            self.parts.append(data)


def html_to_text(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    parser.close()
    text = "".join(parser.parts).replace("\xa0", " ")
    return "\n".join(line.strip() for line in text.splitlines())


def _content(part) -> str:
    try:
        return part.get_content()
    except (LookupError, UnicodeError, KeyError):
        payload = part.get_payload(decode=True) or b""
        return payload.decode("utf-8", "replace")


def body_text(message: EmailMessage) -> str:
    """The text of the message: its plain part, else its HTML part as text."""
    part = message.get_body(preferencelist=("plain", "html"))
    if part is None:
        return ""
    text = _content(part)
    if part.get_content_type() == "text/html":
        text = html_to_text(text)
    return text


def new_text(message: EmailMessage) -> str:
    """What the person wrote in this reply, without quoted history and signatures."""
    text = body_text(message).replace("\r\n", "\n")
    try:
        replies = EmailReplyParser(languages=LANGUAGES).read(text).replies
        text = replies[0].body if replies else ""
    except Exception:  # the parser is a heuristic; fall back to our own cut below
        pass
    lines = []
    for line in text.splitlines():
        if line.lstrip().startswith(">"):
            continue
        if line.strip() in ("--", "-- "):
            break
        lines.append(line)
    return "\n".join(lines).strip()


def subject_text(message: EmailMessage) -> str:
    subject = str(message.get("Subject", "") or "")
    return re.sub(r"^\s*((re|aw|sv|fw|fwd|wg)\s*:\s*)+", "", subject, flags=re.IGNORECASE).strip()
