"""Browser tests: Debian's chromium driven by Playwright, against pytest-django's live server.

Bots move through games.services.bot_move, the service the worker's bot task calls,
from the test's own thread between the player's clicks; the pages learn of their
moves by polling, as they would learn of any other player's.
"""
from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from games import selectors, services
from games.models import GameStatus
from tests.support.waiting import wait_for

# Playwright's sync API keeps an event loop on the test's thread; the database calls the
# test makes between clicks are ordinary synchronous ones all the same.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
# The docs' pictures are rewritten only on request (`make screenshots`), so that an
# ordinary test run leaves the working tree as it found it.
ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / os.environ.get("SCREENSHOT_DIR", "var/screenshots")
PASSWORD = "correct-horse-1"


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


@pytest.fixture
def web(live_server, settings, browser):
    """A factory of browser contexts on the live server, each recording what it receives."""
    settings.WEB_POLL_MS = 50  # quick enough that waiting for a poll costs little over a whole game
    # The talk panel's poll re-renders its messages each time: slower, so that a message
    # box is not swapped under a click.
    settings.TALK_POLL_MS = 200
    from django.core.cache import cache

    cache.clear()
    contexts = []

    def open_context(width: int = 1280, height: int = 900):
        context = browser.new_context(viewport={"width": width, "height": height}, base_url=live_server.url)
        context.set_default_timeout(15_000)
        received = Received()
        page = context.new_page()
        page.on("response", received.add)
        page.received = received
        contexts.append(context)
        return page

    yield open_context
    for context in contexts:
        context.close()


class Received:
    """Every page and fragment a browser page got from the server (static files aside)."""

    def __init__(self):
        self.responses = []
        self.count = 0

    def add(self, response):
        if "/static/" in response.url or response.status not in (200, 201, 400, 403, 404, 409, 422):
            return
        # Read the body now: once the page navigates away, the browser no longer holds it.
        self.responses.append((response.url, response.text()))

    def drain(self):
        """Forget what came before the game began (pages navigated away from are gone)."""
        self.responses = []

    def unchecked(self) -> list[tuple[str, str]]:
        """The bodies received since the last call."""
        bodies, self.responses = self.responses, []
        self.count += len(bodies)
        return bodies


def sign_up(page, name: str):
    page.goto("/signup/")
    page.fill("#id_username", name)
    page.fill("#id_email", f"{name}@example.com")
    page.fill("#id_password", PASSWORD)
    page.click("button.primary")
    page.wait_for_url("**/")


def shown_version(page) -> int:
    return int(page.get_attribute("#live", "data-version"))


def wait_version_above(page, version: int):
    page.wait_for_function(f"() => Number(document.querySelector('#live').dataset.version) > {version}")


def game_id_of(page) -> int:
    return int(re.search(r"/games/(\d+)/", page.url).group(1))


def play_bots(game_id: int, limit: int = 200) -> int:
    """Play every bot turn now due, as the worker would; returns how many were played."""
    played = 0
    for _ in range(limit):
        game = selectors.game_get(game_id)
        if game.status != GameStatus.ACTIVE:
            return played
        bots = [s.number for s in game.seats.all() if s.bot_level and s.number in game.to_move]
        if not bots:
            return played
        services.bot_move(game_id=game_id, seat=bots[0], expected_version=game.version)
        played += 1
    return played


def canonical(move: dict) -> str:
    return json.dumps(move, sort_keys=True, separators=(",", ":"))


def screenshot(page, name: str):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def wait_until(condition, message: str, timeout: float = 15):
    return wait_for(condition, timeout=timeout, interval=0.05, message=message)
