"""The reference web client in a real Chromium, in one module so that one
worker runs it all (one platform, one browser, one `played` fixture; pytest-xdist
sends a file to one worker):

- each of the five games, a whole game against a bot, played by clicking in the
  page until the result shows (the TCG from the legal-command list; the others on
  the board wherever a move is one); the table's screenshot is kept as an artifact
  (.artifacts/web/) and copied to docs/images/;
- the replay viewer on a finished game: stepping with Next and scrubbing, each
  step shows exactly the archive's view for that step and perspective and that
  step's events in words; the link to a step opens that step;
- axe-core (injected by the tests) finds no serious or critical violation on the
  sign-in page, the lobby, the leaderboards, the replay viewer, and each game's
  table with its result (checked where each game ended, in `played`).
"""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from playwright.async_api import Browser, Page

from tests.web.conftest import GAMES, Site, new_page
from tests.web.play import Played, serious_violations, sign_in

pytestmark = [pytest.mark.integration]


GAME = "schotten-totten"
STEPPED = 12  # steps walked one by one with Next; the rest by scrubbing


async def shown(page: Page, step: int, as_: str = "me") -> dict[str, object]:
    await page.wait_for_selector(f'[data-step="{step}"][data-as="{as_}"]')
    return json.loads(await page.locator("#raw-view").text_content() or "null")


async def archived(http: httpx.AsyncClient, done: Played, step: int, as_: str) -> object:
    answer = await http.get(f"/v1/games/{done.game_id}/replay", params={"at": step, "as": as_})
    assert answer.status_code == 200, answer.text
    return answer.json()["view"]


async def test_the_replay_viewer_steps_through_the_archived_game(
    played: dict[str, Played | BaseException], browser: Browser, site: Site
) -> None:
    done = played[GAME]
    assert isinstance(done, Played), done
    headers = {"Authorization": f"Bearer {done.token}"}
    async with (
        httpx.AsyncClient(base_url=site.base, headers=headers, timeout=20) as http,
        new_page(browser, site) as page,
    ):
        feed = (await http.get(f"/v1/games/{done.game_id}/events")).json()
        events = {commit["seq"]: commit["events"] for commit in feed["commits"]}
        last = feed["last_seq"]
        await page.add_init_script(f"localStorage.setItem('tabletop.token', {done.token!r})")
        await page.goto(f"/#/replay/{done.game_id}?step=1&as=me")
        for step in range(1, min(STEPPED, last) + 1):
            assert await shown(page, step) == await archived(http, done, step, "me")
            said = await page.locator("#step-events li").count()
            assert said == len(events[step]), f"step {step}: {said} events in words"
            if step < min(STEPPED, last):
                await page.click("#next")
        # Scrubbing to a later step, then the spectator's perspective there.
        middle = (STEPPED + last) // 2
        await page.locator("#scrub").fill(str(middle))
        assert await shown(page, middle) == await archived(http, done, middle, "me")
        await page.select_option("#as", "spectator")
        assert await shown(page, middle, "spectator") == await archived(
            http, done, middle, "spectator"
        )
        # The game is over: the other seat's view is released too.
        await page.click("#last")
        await shown(page, last, "spectator")
        await page.select_option("#as", "1")
        assert await shown(page, last, "1") == await archived(http, done, last, "1")
        assert await page.locator("#next").is_disabled()
        link = await page.locator("#share").get_attribute("data-link")
        assert link is not None and f"step={last}" in link
        async with new_page(browser, site) as shared:
            await shared.add_init_script(f"localStorage.setItem('tabletop.token', {done.token!r})")
            await shared.goto(link)
            assert await shown(shared, last, "1") == await archived(http, done, last, "1")


@pytest.mark.parametrize("game", [g[0] for g in GAMES])
def test_a_whole_game_against_a_bot_by_clicking(
    played: dict[str, Played | BaseException], game: str
) -> None:
    if game not in played:
        pytest.skip("left out by TABLETOP_WEB_GAMES")
    done = played[game]
    if isinstance(done, BaseException):
        raise done
    assert done.result in {"You won", "You lost", "A draw"}
    if game != "pokemon-tcg":
        assert done.board_clicks > 0, "every move came from the list, none from the board"
    assert done.screenshot is not None and done.screenshot.stat().st_size > 10_000


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
    done = next(iter(tables.values()))  # the replay viewer of any finished table
    async with new_page(browser, site) as page:
        await page.add_init_script(f"localStorage.setItem('tabletop.token', {done.token!r})")
        await page.goto(f"/#/replay/{done.game_id}?step=2")
        await page.wait_for_selector('[data-step="2"]')
        found["replay"] = await serious_violations(page)
    assert {name: v for name, v in found.items() if v} == {}
