"""Each game's docs page shows its board as the web client draws it: the screenshots the
browser tests take (tests/web/test_bot_games.py, test_board_moves.py), which exist."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[2] / "docs"


@pytest.mark.parametrize("slug", ["momiji", "travel", "soleils", "medina", "linie1", "forestsm", "delphi"])
def test_the_docs_page_shows_the_web_board_at_desktop_and_phone_width(slug):
    page = (DOCS / "games" / f"{slug}.md").read_text()
    pictures = re.findall(r"!\[[^\]]+\]\(\.\./screenshots/([\w.-]+\.png)\)", page)
    assert f"{slug}-1280.png" in pictures and f"{slug}-375.png" in pictures, pictures
    for name in pictures:
        assert (DOCS / "screenshots" / name).stat().st_size > 10_000, name
