"""`tabletop games`: the registered games."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from tabletop import games

from .tables import table_console


def games_table() -> Table:
    registry = games.registry()  # looked up at call time (tests swap the registry)
    table = Table()
    # Ids are what the user types next: never cut or wrapped, whatever the width.
    table.add_column("id", no_wrap=True, min_width=max(map(len, registry)))
    for heading in ("title", "players", "rules version"):
        table.add_column(heading)
    table.add_column("options (-o KEY=VALUE)", overflow="fold")
    for game in registry.values():
        seats = f"{game.min_players}-{game.max_players}"
        options = [name for name in game.config_model.model_fields if name != "players"]
        table.add_row(game.id, game.title, seats, game.rules_version, ", ".join(options))
    return table


def list_games(console: Console | None = None) -> None:
    (console or table_console()).print(games_table())
