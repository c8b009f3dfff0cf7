"""`tabletop games` never cuts or wraps a game id, even on a narrow terminal
(it cut them at 80 columns)."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from tabletop.cli.games_cmd import list_games
from tabletop.games import game_ids


@pytest.mark.parametrize("width", [60, 80, 140])
def test_every_game_id_is_printed_whole(width: int) -> None:
    out = io.StringIO()
    list_games(Console(file=out, width=width, color_system=None))
    cells = {line.split("│")[1].strip() for line in out.getvalue().splitlines() if "│" in line}
    assert set(game_ids()) <= cells
