"""The reference web client in Debian's headless Chromium, driven by Playwright
(never Playwright's own browsers), against the whole platform as real
subprocesses: rules, archive, leaderboards, matchmaking, bots and a gateway
serving web/dist at `/`. Every browser test shares one platform and one
browser, and all of them together keep within BUDGET seconds."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import Browser, ConsoleMessage, Page, async_playwright

from tests.support.platform import Platform
from tests.support.stateful_services import REPO
from tests.web.play import (
    Played,
    Strategy,
    play_out,
    screenshot,
    serious_violations,
    sign_in,
    start_game,
)

CHROMIUM = Path("/usr/bin/chromium")
WEB_DIST = REPO / "web" / "dist"
ARTIFACTS = REPO / ".artifacts" / "web"
DOCS = REPO / "docs" / "images"
BUDGET = 150.0  # seconds for every browser test together (CI: 2 loaded cores)
GAME_WITHIN = 100.0  # seconds for one game to reach its result

# (game, options that keep it short, the board keys and the commands to try first)
GAMES: list[tuple[str, dict[str, Any], Strategy]] = [
    ("schotten-totten", {}, Strategy(["claim", "play_card", "end_turn"])),
    ("splendor", {}, Strategy(["choose_noble", "buy", "take_different", "take_same",
                               "return_tokens", "reserve"])),
    ("splendor-pokemon", {}, Strategy(["evolve", "buy", "take_different", "take_same",
                                       "return_tokens", "reserve", "skip_evolve"])),
    ("potion-explosion", {"max_rounds": 2}, Strategy(["place", "take", "end_turn"])),
    # The TCG from the legal-command list: attacks first, to keep the game short.
    ("pokemon-tcg", {}, Strategy(["attack", "set_active", "play_basic", "attach_energy",
                                  "evolve", "finish_setup", "choose_first", "choose",
                                  "end_turn"], board=False)),
]  # fmt: skip


@dataclass
class Site:
    base: str
    started: float


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if Path(str(item.fspath)).is_relative_to(here):
            # One module (test_web.py) holds them all: `--dist loadfile` sends
            # a file to one worker, so one platform and one browser serve them.
            item.add_marker(pytest.mark.integration)


@pytest.fixture(scope="session")
def built() -> None:
    if not (WEB_DIST / "index.html").is_file():
        pytest.fail("web/dist is not built: `make web` builds it (`make test` does)")
    if not CHROMIUM.exists():
        pytest.fail("no /usr/bin/chromium: `make browser` installs Debian's package")


@pytest.fixture(scope="module")
async def site(
    built: None, nats_url: str, database_url: str, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[Site]:
    started = time.monotonic()
    platform = Platform(nats_url, database_url, tmp_path_factory.mktemp("web"))
    processes = platform.start_all(
        {
            "rules": {},
            "archive": {},
            "leaderboards": {},
            "matchmaking": {"MATCHMAKING_BOT_WAIT": "0.2", "MATCHMAKING_TICK": "0.1"},
            # One commit per fetch: five games at once, none waits behind another's batch.
            "bots": {"BOTS_FETCH_BATCH": "1", "BOTS_ACK_WAIT": "10"},
            "gateway": {
                "GATEWAY_TOKEN_SECRET": "web-tests-secret-0123456789abcdefghij",
                "GATEWAY_WEB_DIR": str(WEB_DIST),
                "GATEWAY_RATE_SIGN_IN": "1000/minute",
                "GATEWAY_RATE_PER_PLAYER": "100000/minute",
                "GATEWAY_RATE_PER_IP": "100000/minute",
                "GATEWAY_MAX_SOCKETS": "16",
            },
        }
    )
    try:
        yield Site(f"http://127.0.0.1:{processes[-1].http_port}", started)
    finally:
        await platform.close()
    spent = time.monotonic() - started
    assert spent <= BUDGET, f"the browser tests took {spent:.0f}s, over their {BUDGET:.0f}s budget"


@pytest.fixture(scope="module")
async def browser(site: Site) -> AsyncIterator[Browser]:
    async with async_playwright() as playwright:
        found = await playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True)
        yield found
        await found.close()


@asynccontextmanager
async def new_page(browser: Browser, site: Site) -> AsyncIterator[Page]:
    """A page in a context of its own (its own guest in localStorage)."""
    viewport = {"width": 1400, "height": 1000}
    context = await browser.new_context(viewport=viewport, base_url=site.base)
    opened = await context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))

    # An event the phrase books could not read is logged (the page shows its fields).
    def unread(message: ConsoleMessage) -> None:
        if message.type == "error" and message.text.startswith("words:"):
            errors.append(message.text)

    opened.on("console", unread)
    try:
        yield opened
    except Exception as exc:
        # What the page threw explains a page that stopped moving (issue #19).
        if errors:
            raise AssertionError(f"the page threw: {errors}") from exc
        raise
    finally:
        await context.close()
    assert not errors, f"the page threw: {errors}"


@pytest.fixture
async def page(browser: Browser, site: Site) -> AsyncIterator[Page]:
    async with new_page(browser, site) as opened:
        yield opened


@pytest.fixture(scope="module")
async def played(browser: Browser, site: Site) -> dict[str, Played | BaseException]:
    """The five games, each played out by clicking in a page of its own, all at once
    (the bots' thinking and the round trips overlap; one browser renders them all)."""

    async def one(game: str, options: dict[str, Any], strategy: Strategy) -> Played:
        async with new_page(browser, site) as opened:
            await sign_in(opened, f"Tester of {game}")
            await start_game(opened, game, options, level="medium")
            done = await play_out(opened, strategy, within=GAME_WITHIN)
            docs = DOCS if os.environ.get("CI") is None else None
            done.screenshot = await screenshot(opened, f"table-{game}", ARTIFACTS, docs)
            done.violations = await serious_violations(opened)
            done.log = await opened.locator('[aria-label="events"] .log li').all_text_contents()
            done.reason = await opened.locator("[data-result] p").first.text_content() or ""
            done.token = await opened.evaluate("localStorage.getItem('tabletop.token')")
            return done

    # TABLETOP_WEB_GAMES=splendor,… plays only those; unset or `all`: the five.
    only = os.environ.get("TABLETOP_WEB_GAMES", "all")
    games = [g for g in GAMES if only == "all" or g[0] in only.split(",")]
    answers = await asyncio.gather(*(one(*game) for game in games), return_exceptions=True)
    return {game[0]: answer for game, answer in zip(games, answers, strict=True)}
