"""Which games the leaderboards can replay to find their end: the registry
plus `module:ATTR` extras (test games). Others are not rated."""

from __future__ import annotations

import importlib
from collections.abc import Iterable

from tabletop.games import get_game
from tabletop.kernel import Game, UnknownGame


class GameCatalog:
    def __init__(self, extra: Iterable[Game] = ()) -> None:
        self._extra = {game.id: game for game in extra}

    @classmethod
    def from_paths(cls, paths: Iterable[str]) -> GameCatalog:
        games: list[Game] = []
        for path in paths:
            module, _, attr = path.partition(":")
            found = getattr(importlib.import_module(module), attr or "GAME")
            game = found() if isinstance(found, type) else found  # a class or its instance
            if not isinstance(game, Game):
                raise TypeError(f"{path} is not a tabletop.kernel.Game")
            games.append(game)
        return cls(games)

    def find(self, game_type: str) -> Game | None:
        if game_type in self._extra:
            return self._extra[game_type]
        try:
            return get_game(game_type)
        except UnknownGame:
            return None
