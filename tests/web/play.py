"""Playing the web client as a person would: sign in, pick a game in the
lobby, then click the board (or the legal-command list) until the result
shows. Which element to click is chosen in the page from what it marks as
playable; the click itself is Playwright's, a real pointer event."""

from __future__ import annotations

import asyncio
import json
import random
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.async_api import Page

from tests.support.stateful_services import REPO

FAILED = REPO / ".artifacts" / "web" / "failed"
# axe-core from web/node_modules, injected by the tests: the client does not ship it.
AXE = REPO / "web" / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = {"serious", "critical"}

# Picks the next click: a legal command of the first preferred type (one at
# random among those), then the first of its board elements not yet selected
# (its `data-keys`), else its button in the legal-command list.
CHOOSE = """([types, board, roll]) => {
  if (document.querySelector('[data-result]')) return {kind: 'done'};
  if (!document.querySelector('main[data-busy="false"] [data-turn="mine"]')) return null;
  const list = [...document.querySelectorAll('.legal button[data-command]')];
  if (!list.length) return null;
  let pick = null;
  for (const type of types) {
    const found = list.filter((b) => b.dataset.command === type);
    if (found.length) { pick = found[Math.floor(roll * found.length)]; break; }
  }
  pick = pick || list[Math.floor(roll * list.length)];
  const keys = (pick.dataset.keys || '').split(' ').filter(Boolean);
  const selected = (document.querySelector('.board').dataset.selection || '').split(' ');
  for (const key of selected) { const at = keys.indexOf(key); if (at >= 0) keys.splice(at, 1); }
  const spot = keys.length && document.querySelector(`.board .playable[data-key="${keys[0]}"]`);
  const command = pick.dataset.command;
  if (board && spot) return {kind: 'board', key: keys[0], command};
  return {kind: 'list', index: list.indexOf(pick), command};
}"""


@dataclass
class Strategy:
    """How a test plays one game: the command types to prefer, and whether to
    make them on the board (else from the legal-command list)."""

    commands: list[str] = field(default_factory=list)
    board: bool = True


@dataclass
class Played:
    game_id: str
    result: str
    board_clicks: int
    list_clicks: int
    screenshot: Path | None = None
    token: str = ""  # the guest's, to read the gateway as the page did
    violations: list[dict[str, Any]] = field(default_factory=list)  # axe's, on the final table
    log: list[str] = field(default_factory=list)  # the table's events in words, newest first
    reason: str = ""  # the result's reason in words


async def sign_in(page: Page, name: str) -> None:
    await page.goto("/#/")
    await page.fill("#name", name)
    await page.click("button[type=submit]")
    await page.wait_for_selector("#play")


async def start_game(
    page: Page, game: str, options: dict[str, Any], level: str, clock: str = "none"
) -> str:
    await page.select_option("#game", game)
    await page.select_option("#level", level)
    await page.select_option("#clock", clock)
    if options:
        await page.fill("#custom-options", json.dumps(options))
    await page.click("#play")
    await page.wait_for_url(re.compile(r"#/play/"), timeout=30_000)
    await page.wait_for_selector(".board")
    return page.url.rsplit("/", 1)[-1]


async def play_out(page: Page, strategy: Strategy, within: float, seed: int = 1) -> Played:
    """Click until the result shows; fails after `within` seconds (the page kept as a picture)."""
    try:
        return await _play_out(page, strategy, within, seed)
    except Exception:
        await screenshot(page, "failed-" + page.url.rsplit("/", 1)[-1], FAILED, None)
        raise


async def _play_out(page: Page, strategy: Strategy, within: float, seed: int) -> Played:
    rng = random.Random(seed)
    deadline = time.monotonic() + within
    board = listed = 0
    game_id = page.url.rsplit("/", 1)[-1]
    while True:
        assert time.monotonic() < deadline, f"no result after {within}s ({board}+{listed} clicks)"
        choice = await page.evaluate(CHOOSE, [strategy.commands, strategy.board, rng.random()])
        if choice is None:  # not my turn, or my legal commands are on their way
            left = max(deadline - time.monotonic(), 1.0)
            await page.wait_for_selector(
                'main[data-busy="false"] [data-turn="mine"], [data-result]', timeout=left * 1000
            )
        elif choice["kind"] == "done":
            result = await page.locator("[data-result]").get_attribute("data-result")
            return Played(game_id, result or "", board, listed)
        elif choice["kind"] == "board":
            await page.locator(f'.board [data-key="{choice["key"]}"]').first.click()
            board += 1
        else:
            await page.locator(".legal button[data-command]").nth(choice["index"]).click()
            listed += 1


async def screenshot(page: Page, name: str, artifacts: Path, docs: Path | None) -> Path:
    """The page as a PNG under `artifacts` (and `docs`, for the README's pictures)."""
    picture = await page.screenshot(full_page=True)
    folders = [artifacts] if docs is None else [artifacts, docs]
    return (await asyncio.gather(*(asyncio.to_thread(_save, f, name, picture) for f in folders)))[0]


def _save(folder: Path, name: str, picture: bytes) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    path.write_bytes(picture)
    return path


async def serious_violations(page: Page) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on the page as it is now."""
    await page.add_script_tag(path=str(AXE))
    report = await page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [
        {"id": v["id"], "impact": v["impact"], "nodes": [n["target"] for n in v["nodes"]][:3]}
        for v in report["violations"]
        if v["impact"] in SERIOUS
    ]
