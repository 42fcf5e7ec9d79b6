"""Table talk rules that need no database: what a message may be, whom it mentions."""
from __future__ import annotations

import re

MAX_LENGTH = 1000
# Messages per author and game within RATE_WINDOW seconds; more is 429 rate_limited.
RATE_LIMIT = 8
RATE_WINDOW = 60

# @name as a username may be spelled (api.serializers.AccountCreateSerializer); a trailing
# "." or "@" belongs to the sentence, not the name.
MENTION = re.compile(r"(?<![A-Za-z0-9_.@+-])@([A-Za-z0-9_.@+-]{3,150})")
# Control characters other than newline and tab have no place in a chat line.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def clean(text) -> str:
    """The message as stored, or ValueError(code, sentence) when it is refused."""
    if not isinstance(text, str):
        raise ValueError("invalid_message", "text must be a string.")
    text = text.replace("\r\n", "\n").strip()
    if not text:
        raise ValueError("empty_message", "A message needs some text.")
    if len(text) > MAX_LENGTH:
        raise ValueError("message_too_long", f"A message is at most {MAX_LENGTH} characters; this one has {len(text)}.")
    if _CONTROL.search(text):
        raise ValueError("invalid_message", "A message may not contain control characters (other than new lines).")
    return text


def mentioned_names(text: str) -> list[str]:
    """Names written as @name, lower-cased, in order of first appearance."""
    seen: list[str] = []
    for match in MENTION.finditer(text):
        name = match.group(1).rstrip(".@").lower()
        if name and name not in seen:
            seen.append(name)
    return seen
