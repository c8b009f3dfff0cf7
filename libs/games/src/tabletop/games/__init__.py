"""The game registry: every subpackage of `tabletop.games` that exports a
`GAME` (an instance of `tabletop.kernel.Game`) is a registered game. A new game
joins by adding its package; nothing else lists games."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from tabletop.kernel import Game, UnknownGame

__all__ = ["game_ids", "get_game", "registry"]


@cache
def registry() -> dict[str, Game]:
    games: dict[str, Game] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if not info.ispkg or info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            games[game.id] = game
    return dict(sorted(games.items()))


def game_ids() -> list[str]:
    return list(registry())


def get_game(game_id: str) -> Game:
    try:
        return registry()[game_id]
    except KeyError:
        raise UnknownGame(game_id, game_ids()) from None
