"""axe-core (injected by the tests) finds no serious or critical violation on
the sign-in page, the lobby, the leaderboards, the replay viewer, and each
game's table with its result (checked where each game ended, in `played`)."""

from __future__ import annotations

from typing import Any

from playwright.async_api import Browser

from tests.web.conftest import Site, new_page
from tests.web.play import Played, serious_violations, sign_in


async def test_no_serious_accessibility_violations(
    played: dict[str, Played | BaseException], browser: Browser, site: Site
) -> None:
    found: dict[str, list[dict[str, Any]]] = {}
    async with new_page(browser, site) as page:
        await page.goto("/#/")
        await page.wait_for_selector("#name")
        found["sign-in"] = await serious_violations(page)
        await sign_in(page, "Axe")
        found["lobby"] = await serious_violations(page)
        await page.goto("/#/leaderboards/splendor")
        await page.wait_for_selector("#board-game")
        found["leaderboards"] = await serious_violations(page)
    tables = {f"table {game}": done for game, done in played.items() if isinstance(done, Played)}
    assert len(tables) == len(played), "a game did not finish (see test_games)"
    found.update({name: done.violations for name, done in tables.items()})
    done = tables["table splendor"]
    async with new_page(browser, site) as page:
        await page.add_init_script(f"localStorage.setItem('tabletop.token', {done.token!r})")
        await page.goto(f"/#/replay/{done.game_id}?step=2")
        await page.wait_for_selector('[data-step="2"]')
        found["replay"] = await serious_violations(page)
    assert {name: v for name, v in found.items() if v} == {}
