"""The games a process serves: the registry, plus `module:ATTR` extras named in
its settings (test games, plugins) — never a second registry. Shared by every
service that replays games (rules, archive, leaderboards)."""

from __future__ import annotations

import importlib
from collections.abc import Iterable

from tabletop.kernel import Game, UnknownGame

from . import game_ids, get_game


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

    def ids(self) -> list[str]:
        """Every served game id (importing the registry: call at startup, so the
        first request does not pay for it)."""
        return sorted([*game_ids(), *self._extra])

    def get(self, game_type: str) -> Game:
        """The game, or UnknownGame listing what is served."""
        game = self.find(game_type)
        if game is None:
            raise UnknownGame(game_type, self.ids())
        return game

    def find(self, game_type: str) -> Game | None:
        """The game, or None when this process cannot replay it."""
        if game_type in self._extra:
            return self._extra[game_type]
        try:
            return get_game(game_type)
        except UnknownGame:
            return None
