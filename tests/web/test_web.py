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
- the Pokémon TCG on the board (the whole game in `played` is played from the
  list): trainers from the hand, a retreat, and an attack on the Active, each
  clicked on the board where the game offers it, then a resignation;
- a table with a blitz clock: my clock runs down while I think, as the gateway's
  deadline says; resigning (after its confirmation) ends the game with the
  resignation shown; the replay shows each step's clocks, the last step's as the
  gateway's final view has them; a table whose 4-second clock runs out shows
  the timeout;
- axe-core (injected by the tests) finds no serious or critical violation on the
  sign-in page, the lobby, the leaderboards, the replay viewer, each game's
  table with its result (checked where each game ended, in `played`), and a
  clocked table asking to confirm a resignation.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.async_api import Browser, Page

from tests.web.conftest import ARTIFACTS, DOCS, GAMES, Site, new_page
from tests.web.play import CHOOSE, Played, screenshot, serious_violations, sign_in, start_game

pytestmark = [pytest.mark.integration]


GAME = "schotten-totten"
STEPPED = 12  # steps walked one by one with Next; the rest by scrubbing
# What no event in words may show: a field the books missed, a raw id, a seat or stone from 0.
RAW = re.compile(
    r"undefined|\bnull\b|NaN|\[object|\b(card|pokemon|tile|noble|target) \d|\b(Seat|stone) 0\b"
)
# What each game's log says, in words, at the end of a whole game.
SAID = {
    "schotten-totten": r"Seat [12] played [A-Z]\w+ \d at stone [1-9]\b",
    "splendor": r"Seat [12] (took|bought|reserved) ",
    "splendor-pokemon": r"Seat [12] (took|caught|reserved) ",
    "potion-explosion": r"Seat [12] (took|put) an? (red|blue|black|yellow) marble",
    "pokemon-tcg": r"Turn \d+: Seat [12]'s turn",
}


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
        cards = (await http.get(f"/v1/catalog/{GAME}/cards")).json()["cards"]
        named = 0
        for step in range(1, min(STEPPED, last) + 1):
            assert await shown(page, step) == await archived(http, done, step, "me")
            # The step's events in words: a card played by its printed name, at a stone from 1.
            said = await page.locator("#step-events li").all_text_contents()
            assert said and not RAW.search(" ".join(said)), f"step {step}: {said}"
            for event in events[step]:
                card = cards[str(event.get("card"))] if event["type"] == "card_played" else {}
                if card.get("kind") == "clan":
                    name = f"{card['colour'].capitalize()} {card['value']}"
                    assert f"played {name} at stone {event['stone'] + 1}" in said[0], said
                    named += 1
            if step < min(STEPPED, last):
                await page.click("#next")
        assert named > 0, "no card was played in the steps walked"
        # Scrubbing to a later step, then the spectator's perspective there.
        middle = (STEPPED + last) // 2
        await page.locator("#scrub").fill(str(middle))
        assert await shown(page, middle) == await archived(http, done, middle, "me")
        await page.select_option("#as", "spectator")
        assert await shown(page, middle, "spectator") == await archived(
            http, done, middle, "spectator"
        )
        await screenshot(page, f"replay-{GAME}", ARTIFACTS, docs())
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


BLITZ_MS = 180_000  # the catalog's blitz preset: 3 minutes, + 2 s a move
# Trainers first, one retreat, then attack: the turn's moves a person makes on the board.
TCG_BOARD = ["play_trainer", "set_active", "play_basic", "attach_energy", "evolve", "retreat",
             "attack", "finish_setup", "choose_first", "choose", "end_turn"]  # fmt: skip
TCG_WITHIN = 60.0  # seconds to reach an attack


def docs() -> Path | None:
    """Where the README's pictures go (not on CI, as in `played`)."""
    return DOCS if os.environ.get("CI") is None else None


async def my_clock(page: Page) -> tuple[int, float]:
    """My clock's time left as the page shows it, and when it was read."""
    shown = await page.locator("[data-clock-seat][data-mine]").get_attribute("data-ms")
    return int(shown or -1), time.monotonic()


async def resign(page: Page) -> None:
    """Resign with the table's button; "Keep playing" first takes the question back."""
    await page.click("#resign")
    await page.click("#resign-cancel")
    await page.click("#resign")
    await page.click("#resign-confirm")
    await page.locator("[data-result]").wait_for()


async def clocked_table_resigned(browser: Browser, site: Site) -> list[dict[str, Any]]:
    """Schotten Totten with a blitz clock: my clock runs down while I think,
    as the gateway's deadline says; I resign; the replay shows the clocks.
    Answers axe's serious violations while the resignation asks to confirm."""
    async with new_page(browser, site) as page:
        await sign_in(page, "Resigner")
        game_id = await start_game(page, GAME, {}, level="easy", clock="blitz")
        token = await page.evaluate("localStorage.getItem('tabletop.token')")
        headers = {"Authorization": f"Bearer {token}"}
        async with httpx.AsyncClient(base_url=site.base, headers=headers, timeout=20) as http:
            await page.wait_for_selector('main[data-busy="false"] [data-turn="mine"]')
            await page.wait_for_selector('[data-clock-seat][data-mine][data-running="true"]')
            clock = (await http.get(f"/v1/games/{game_id}")).json()["clock"]
            assert clock["preset"] == "blitz" and clock["running"] == [clock["deadline_seat"]]
            first, read = await my_clock(page)
            # The page redraws the time four times a second: it may lag that much.
            assert abs(clock["deadline"] - time.time() * 1000 - first) < 1500
            await asyncio.sleep(1.2)
            later, read_later = await my_clock(page)
            elapsed = (read_later - read) * 1000
            assert abs((first - later) - elapsed) < 600, (first, later, elapsed)
            text = await page.locator("[data-clock-seat][data-mine] .time").text_content()
            assert later < BLITZ_MS and text is not None and text.startswith("2:5"), text
            await page.click("#resign")
            violations = await serious_violations(page)
            await screenshot(page, "table-clock-resign", ARTIFACTS, docs())
            await page.click("#resign-cancel")
            await resign(page)
            result = page.locator("[data-result]")
            assert await result.get_attribute("data-result") == "You lost"
            assert await result.get_attribute("data-reason") == "resign"
            assert "you resigned" in (await result.text_content() or "")
            assert await page.locator("#resign").count() == 0
            final = (await http.get(f"/v1/games/{game_id}")).json()
            assert final["outcome"]["reason"] == "resign"
            assert final["outcome"]["resigned"] == [final["seat"]]
        # The replay: every seat starts with the whole blitz time; at the last
        # step the clocks are the final view's, and nobody's runs.
        clocks = "items => items.map((i) => [Number(i.dataset.ms), i.dataset.running])"
        await page.goto(f"/#/replay/{game_id}?step=1&as=me")
        await page.wait_for_selector('[data-step="1"] ~ .game-controls [data-clock-seat]')
        starts = await page.locator("[data-clock-seat]").evaluate_all(clocks)
        assert [ms for ms, _ in starts] == [BLITZ_MS, BLITZ_MS]
        last = final["seq"]
        await page.goto(f"/#/replay/{game_id}?step={last}&as=me")
        await page.wait_for_selector(f'[data-step="{last}"] ~ .game-controls [data-clock-seat]')
        ends = await page.locator("[data-clock-seat]").evaluate_all(clocks)
        assert ends == [[ms, "false"] for ms in final["clock"]["remaining_ms"]]
        async with httpx.AsyncClient(base_url=site.base, headers=headers, timeout=20) as http:
            replayed = (await http.get(f"/v1/games/{game_id}/replay", params={"at": last})).json()
        assert replayed["clock"] == final["clock"]  # the live view's, as of the same commit
    return violations


async def tcg_on_the_board(browser: Browser, site: Site) -> dict[str, list[str]]:
    """The TCG until my first attack, every move with board elements made on
    the board, then resigned. Answers the keys clicked by command type."""
    async with new_page(browser, site) as page:
        await sign_in(page, "Trainer")
        await start_game(page, "pokemon-tcg", {}, level="easy")
        on_board: dict[str, list[str]] = {}
        from_list: set[str] = set()
        deadline = time.monotonic() + TCG_WITHIN
        while "attack" not in on_board:
            assert time.monotonic() < deadline, f"no attack within {TCG_WITHIN}s: {on_board}"
            prefer = [t for t in TCG_BOARD if t != "retreat" or "retreat" not in on_board]
            choice = await page.evaluate(CHOOSE, [prefer, True, 0.0])
            if choice is None:
                await page.wait_for_selector(
                    'main[data-busy="false"] [data-turn="mine"], [data-result]', timeout=30_000
                )
                continue
            assert choice["kind"] != "done", "the game ended before my first attack"
            if choice["command"] == "attack" and choice["kind"] == "board":
                await screenshot(page, "table-pokemon-tcg-moves", ARTIFACTS, docs())
            if choice["kind"] == "board":
                on_board.setdefault(choice["command"], []).append(choice["key"])
                await page.locator(f'.board [data-key="{choice["key"]}"]').first.click()
            else:
                from_list.add(choice["command"])
                await page.locator(".legal button[data-command]").nth(choice["index"]).click()
        assert not {"play_trainer", "retreat", "attack", "attach_energy"} & from_list, from_list
        # The attack may have won the game (no Pokémon left to promote); else I resign.
        await page.wait_for_selector('main[data-busy="false"]')
        if not await page.locator("[data-result]").count():
            await resign(page)
            assert await page.locator("[data-result]").get_attribute("data-reason") == "resign"
    return on_board


SHORT_CLOCK = {"kind": "fischer", "initial_ms": 4000}  # a custom clock: 4 s for the game


async def timed_out(browser: Browser, site: Site) -> tuple[str, dict[str, Any]]:
    """A table with a 4-second clock (queued over HTTP: the lobby offers the
    presets), watched until the deadline keeper ends it. Answers the result's
    text and the gateway's final view."""
    async with new_page(browser, site) as page:
        await sign_in(page, "Slowcoach")
        token = await page.evaluate("localStorage.getItem('tabletop.token')")
        headers = {"Authorization": f"Bearer {token}"}
        async with httpx.AsyncClient(base_url=site.base, headers=headers, timeout=20) as http:
            body = {"game": GAME, "players": 2, "bot_difficulty": "easy", "clock": SHORT_CLOCK}
            ticket = (await http.post("/v1/queue", json=body)).json()
            while ticket["status"] == "waiting":
                await asyncio.sleep(0.2)
                ticket = (await http.get("/v1/queue")).json()
            assert ticket["status"] == "matched", ticket
            await page.goto(f"/#/play/{ticket['game_id']}")
            result = page.locator('[data-result][data-reason="timeout"]')
            await result.wait_for(timeout=30_000)
            final = (await http.get(f"/v1/games/{ticket['game_id']}")).json()
        return await result.text_content() or "", final


@pytest.fixture(scope="module")
async def side_games(browser: Browser, site: Site) -> dict[str, Any]:
    """The two short games above at once (their bots think at the same time)."""
    answers = await asyncio.gather(
        clocked_table_resigned(browser, site), tcg_on_the_board(browser, site),
        timed_out(browser, site), return_exceptions=True,
    )  # fmt: skip
    return dict(zip(["clock", "tcg", "timeout"], answers, strict=True))


def test_a_clocked_table_runs_down_and_resigning_ends_it(side_games: dict[str, Any]) -> None:
    violations = side_games["clock"]
    if isinstance(violations, BaseException):
        raise violations
    assert violations == []  # the table with its clocks, asking to confirm the resignation


def test_a_table_whose_clock_runs_out_shows_the_timeout(side_games: dict[str, Any]) -> None:
    answer = side_games["timeout"]
    if isinstance(answer, BaseException):
        raise answer
    said, final = answer
    outcome = final["outcome"]
    assert outcome["reason"] == "timeout" and len(outcome["timed_out"]) == 1
    late = outcome["timed_out"][0]
    who = "you" if late == final["seat"] else f"seat {late + 1}"
    assert f"{who} ran out of time" in said, said
    assert final["clock"]["remaining_ms"][late] == 0 and final["clock"]["running"] == []


def test_pokemon_tcg_trainers_retreat_and_attacks_on_the_board(
    side_games: dict[str, Any],
) -> None:
    on_board = side_games["tcg"]
    if isinstance(on_board, BaseException):
        raise on_board
    assert [key.split(":")[0] for key in on_board["attack"]] == ["attack"]
    # A retreat, where the game offered one: "Retreat…", then the Pokémon to promote.
    if "retreat" in on_board:
        assert on_board["retreat"][0] == "retreat"
        assert on_board["retreat"][1].startswith("mon:")
    # A trainer: its card in the hand (a Tool: then the Pokémon it goes on).
    trainers = on_board.get("play_trainer", [])
    assert all(key.split(":")[0] in {"hand", "mon"} for key in trainers), trainers
    assert not trainers or trainers[0].startswith("hand:")


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
    # The table's log and the result's reason in words.
    said = " ".join(done.log)
    assert re.search(SAID[game], said) and not RAW.search(said), done.log[:5]
    assert done.reason.endswith(".") and not RAW.search(done.reason), done.reason


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
