"""`tabletop games`: the registered games."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from tabletop.games import registry


def list_games() -> None:
    table = Table("id", "title", "players", "rules version")
    for game in registry().values():
        table.add_row(game.id, game.title, f"{game.min_players}-{game.max_players}", game.rules_version)
    Console().print(table)
