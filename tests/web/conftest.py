"""The reference web client in Debian's headless Chromium, driven by Playwright
(never Playwright's own browsers), against the whole platform as real
subprocesses: rules, archive, leaderboards, matchmaking, bots and a gateway
serving web/dist at `/`. Every browser test shares one platform and one
browser, and all of them together keep within BUDGET seconds."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.async_api import Browser, Page, async_playwright

from tests.support.platform import Platform
from tests.support.stateful_services import REPO

CHROMIUM = Path("/usr/bin/chromium")
WEB_DIST = REPO / "web" / "dist"
ARTIFACTS = REPO / ".artifacts" / "web"
BUDGET = 150.0  # seconds for every browser test together (CI: 2 loaded cores)


@dataclass
class Site:
    base: str
    started: float


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if Path(str(item.fspath)).is_relative_to(here):
            # One worker runs them all: one platform, one browser.
            item.add_marker(pytest.mark.xdist_group("web"))
            item.add_marker(pytest.mark.integration)


@pytest.fixture(scope="session")
def built() -> None:
    if not (WEB_DIST / "index.html").is_file():
        pytest.fail("web/dist is not built: `make web` builds it (`make test` does)")
    if not CHROMIUM.exists():
        pytest.fail("no /usr/bin/chromium: `make browser` installs Debian's package")


@pytest.fixture(scope="session")
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
            "bots": {},
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


@pytest.fixture(scope="session")
async def browser(site: Site) -> AsyncIterator[Browser]:
    async with async_playwright() as playwright:
        found = await playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True)
        yield found
        await found.close()


@pytest.fixture
async def page(browser: Browser, site: Site) -> AsyncIterator[Page]:
    viewport = {"width": 1400, "height": 1000}
    context = await browser.new_context(viewport=viewport, base_url=site.base)
    opened = await context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    yield opened
    await context.close()
    assert not errors, f"the page threw: {errors}"
