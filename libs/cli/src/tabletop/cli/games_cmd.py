"""`tabletop games`: the registered games."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from tabletop.games import registry


def list_games() -> None:
    table = Table("id", "title", "players", "rules version", "options (-o KEY=VALUE)")
    for game in registry().values():
        seats = f"{game.min_players}-{game.max_players}"
        options = [name for name in game.config_model.model_fields if name != "players"]
        table.add_row(game.id, game.title, seats, game.rules_version, ", ".join(options))
    Console().print(table)
