"""The replay viewer on a finished game: stepping with Next and scrubbing,
each step shows exactly the archive's view for that step and perspective and
that step's events in words; the link to a step opens that step."""

from __future__ import annotations

import json

import httpx
from playwright.async_api import Browser, Page

from tests.web.conftest import Site, new_page
from tests.web.play import Played

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
