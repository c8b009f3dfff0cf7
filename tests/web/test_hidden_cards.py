"""A table whose view holds a card its seat may not see still plays (issue #19).

Splendor's `reserve_top` puts a deck's top card in the reserver's hand face down:
the other seat's view has it as `{id: null, level, hidden: true}`. The page drew
it as a known card (no cost to read), threw, and froze on the step before
("Waiting for seat 2") while the game went on: the browser games that seemed to
wait for their bot. Here the hidden card is made on purpose, through rules, with
only rules and a gateway running: no bot, so nothing depends on what a bot picks.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from nats.aio.client import Client
from playwright.async_api import async_playwright

from tabletop.eventlog import ensure_key_values, ensure_streams
from tabletop.messaging import RulesClient, StartGame, SubmitCommand
from tabletop.messaging.matchmaking import SeatInfo, Seating
from tests.support.platform import Platform
from tests.web.conftest import CHROMIUM, WEB_DIST, Site, new_page
from tests.web.play import sign_in

pytestmark = [pytest.mark.integration]

GAMES = ["splendor", "splendor-pokemon"]


@pytest.fixture(scope="module")
async def gateway(
    built: None, nats_url: str, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[tuple[Platform, str]]:
    platform = Platform(nats_url, "", tmp_path_factory.mktemp("hidden"))
    processes = platform.start_all(
        {
            "rules": {},
            "gateway": {
                "GATEWAY_TOKEN_SECRET": "web-tests-secret-0123456789abcdefghij",
                "GATEWAY_WEB_DIR": str(WEB_DIST),
            },
        }
    )
    try:
        yield platform, f"http://127.0.0.1:{processes[-1].http_port}"
    finally:
        await platform.close()


async def seat_with_a_hidden_reserve(
    nc: Client, platform: Platform, game: str, me: str, game_id: str
) -> None:
    """A game where I (seat 0) took tokens and seat 1 reserved a deck's top card."""
    js = nc.jetstream()
    await ensure_streams(js, platform.topology)
    await ensure_key_values(js, platform.topology)
    players = [SeatInfo(player_id=me), SeatInfo(player_id="someone-else")]
    seating = Seating(game_id=game_id, game=game, seats=players)
    seats = await js.key_value(platform.topology.seats_bucket)
    await seats.put(game_id, seating.model_dump_json().encode())
    rules = RulesClient(nc, platform.namespace, timeout=20)
    await rules.start_game(
        StartGame(game=game, players=2, game_id=game_id, command_id=f"start-{game_id}")
    )
    # Every gem is in the supply at the start, so these two moves are legal in any deal.
    colors = ["white", "blue", "green"] if game == "splendor" else ["black", "pink", "yellow"]
    take = {"type": "take_different", "seat": 0, "colors": colors}
    await rules.submit(
        SubmitCommand(game_id=game_id, command_id=f"take-{game_id}", command=take, expected_seq=1)
    )
    top = {"type": "reserve_top", "seat": 1, "level": 1}
    await rules.submit(
        SubmitCommand(game_id=game_id, command_id=f"top-{game_id}", command=top, expected_seq=2)
    )


@pytest.mark.parametrize("game", GAMES)
async def test_my_turn_shows_beside_a_card_reserved_face_down(
    nc: Client, gateway: tuple[Platform, str], game: str
) -> None:
    platform, base = gateway
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True)
        try:
            # new_page fails the test on anything the page throws.
            async with new_page(browser, Site(base, 0.0)) as page:
                await sign_in(page, f"Tester of hidden cards in {game}")
                me = await page.evaluate("localStorage.getItem('tabletop.player')")
                game_id = f"hidden-{game}"
                await seat_with_a_hidden_reserve(nc, platform, game, me, game_id)
                await page.goto(f"/#/play/{game_id}")
                # The table, or the error the page shows in its place.
                await page.wait_for_selector('[data-turn="mine"], [role="alert"]', timeout=30_000)
                alert = page.locator('[role="alert"]')
                assert not await alert.count(), await alert.first.text_content()
                assert await page.locator(".sp-reserved .sp-card.back").count() == 1
        finally:
            await browser.close()
