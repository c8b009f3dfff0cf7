"""`tabletop games`: the registered games."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from tabletop.games import registry


def list_games() -> None:
    table = Table("id", "title", "players", "rules version")
    for game in registry().values():
        seats = f"{game.min_players}-{game.max_players}"
        table.add_row(game.id, game.title, seats, game.rules_version)
    Console().print(table)
