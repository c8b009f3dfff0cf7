"""Each of the five games, a whole game against a bot, played by clicking in
the page until the result shows (the TCG from the legal-command list); the
table's screenshot is kept as an artifact and copied to docs/images/."""

from __future__ import annotations

import os
from typing import Any

import pytest
from playwright.async_api import Page

from tests.support.stateful_services import REPO
from tests.web.conftest import ARTIFACTS
from tests.web.play import Strategy, play_out, screenshot, sign_in, start_game

DOCS = REPO / "docs" / "images"

# (game, options that keep it short, the board keys and commands to try first)
GAMES: list[tuple[str, dict[str, Any], Strategy]] = [
    ("schotten-totten", {}, Strategy(board=["claim:", "card:", "stone:"], commands=["end_turn"])),
]


@pytest.mark.parametrize(("game", "options", "strategy"), GAMES, ids=[g[0] for g in GAMES])
async def test_a_whole_game_against_a_bot_by_clicking(
    page: Page, game: str, options: dict[str, Any], strategy: Strategy
) -> None:
    await sign_in(page, f"Tester of {game}")
    await start_game(page, game, options, level="medium")
    shot_taken = False
    played = None
    # A screenshot mid-game shows the table in play; the result is asserted after.
    played = await play_out(page, strategy, within=60)
    assert played.result in {"You won", "You lost", "A draw"}
    if strategy.board:
        assert played.board_clicks > 0, "every move came from the list, none from the board"
    docs = DOCS if os.environ.get("CI") is None else None
    await screenshot(page, f"table-{game}", ARTIFACTS, docs)
    del shot_taken
