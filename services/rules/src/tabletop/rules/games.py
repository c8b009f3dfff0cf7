"""Which games the service serves: the registry, plus any `module:ATTR` games
named in RULES_EXTRA_GAMES (test games, plugins) — never a second registry."""

from __future__ import annotations

import importlib
from collections.abc import Iterable

from tabletop.games import game_ids, get_game
from tabletop.kernel import Game, UnknownGame


class GameCatalog:
    def __init__(self, extra: Iterable[Game] = ()) -> None:
        self._extra = {game.id: game for game in extra}

    @classmethod
    def from_paths(cls, paths: Iterable[str]) -> GameCatalog:
        games = []
        for path in paths:
            module, _, attr = path.partition(":")
            game = getattr(importlib.import_module(module), attr or "GAME")
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
        if game_type in self._extra:
            return self._extra[game_type]
        try:
            return get_game(game_type)
        except UnknownGame:
            raise UnknownGame(game_type, self.ids()) from None
