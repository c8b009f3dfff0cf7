"""Each of the five games, a whole game against a bot, played by clicking in
the page until the result shows (the TCG from the legal-command list; the
others on the board wherever a move is one); the table's screenshot is kept
as an artifact (.artifacts/web/) and copied to docs/images/."""

from __future__ import annotations

import pytest

from tests.web.conftest import GAMES
from tests.web.play import Played


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
