"""The games a process serves: the registry, plus `module:ATTR` extras named in
its settings (test games, plugins) — never a second registry. Shared by every
service that replays games (rules, archive, leaderboards).

Also what a client is told about the registered games before playing them
(`game_info`: titles, player counts, option sets) and each game's card facts
(`card_facts`, from `Game.card_catalog`): the gateway's `/v1/catalog`."""

from __future__ import annotations

import importlib
import json
from collections.abc import Iterable
from functools import cache
from typing import Any

from pydantic import BaseModel

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


# ------------------------------------------------- what clients are told
class GameInfo(BaseModel):
    """One game as a client sees it before playing: what `GET /v1/catalog` lists."""

    id: str
    title: str
    min_players: int
    max_players: int
    rules_version: str
    option_sets: list[dict[str, Any]]  # the variants, as `options` of the queue
    options_schema: dict[str, Any]  # JSON Schema of `options` (the game's config)
    has_cards: bool  # whether GET /v1/catalog/{game}/cards has facts for it


def game_info(game: Game) -> GameInfo:
    options = game.config_model.model_json_schema()
    # `players` is the queue's own field, not an option a client sets.
    options.get("properties", {}).pop("players", None)
    if "players" in options.get("required", []):
        options["required"] = [name for name in options["required"] if name != "players"]
    return GameInfo(
        id=game.id,
        title=game.title,
        min_players=game.min_players,
        max_players=game.max_players,
        rules_version=game.rules_version,
        option_sets=[json.loads(json.dumps(options_set)) for options_set in game.option_sets],
        options_schema=options,
        has_cards=card_facts_model(game) is not None,
    )


@cache
def card_facts(game: Game) -> dict[str, Any] | None:
    """The game's card catalog as JSON (`Game.card_catalog`), None when it has
    none; built once per process (the facts are fixed)."""
    facts = _card_catalog(game)
    return None if facts is None else facts.model_dump(mode="json")


def card_facts_model(game: Game) -> type[BaseModel] | None:
    """The pydantic model of the game's card catalog (its schema goes to proto/)."""
    facts = _card_catalog(game)
    return None if facts is None else type(facts)


@cache
def _card_catalog(game: Game) -> BaseModel | None:
    return game.card_catalog()
