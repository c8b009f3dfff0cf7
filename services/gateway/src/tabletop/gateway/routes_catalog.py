"""The catalog: what a client needs before and while playing, without any
game's rules document — the games (titles, player counts, option sets and
their schema) and each game's printed card facts. Public and fixed per
release, so answers may be cached."""

from __future__ import annotations

import json
from functools import cache
from typing import Annotated, Any, Union

from fastapi import APIRouter, Path
from fastapi.responses import Response
from pydantic import BaseModel, Field

from tabletop.games import registry
from tabletop.games.catalog import GameInfo, card_facts, card_facts_model, game_info
from tabletop.kernel import Game
from tabletop.kernel.clock import (
    MAX_INCREMENT_MS,
    MAX_INITIAL_MS,
    MIN_INITIAL_MS,
    NO_CLOCK,
    PRESETS,
    ClockSettings,
)
from tabletop.policies.levels import DEFAULT_LEVEL, levels_for
from tabletop.policies.matching import BOT_LEVEL_RATINGS

from .backend import known_game
from .errors import ERROR_RESPONSES, ApiError

router = APIRouter(prefix="/v1/catalog", tags=["catalog"], responses=ERROR_RESPONSES)

CACHED = {"Cache-Control": "public, max-age=3600"}


class CatalogGameOut(GameInfo):
    """A game of the catalog with the bot levels its queue takes."""

    bot_levels: list[str] = Field(description="`bot_difficulty` values of the queue, easiest first")
    default_bot_level: str
    clocks: dict[str, ClockSettings | None] = Field(
        description="`clock` presets of the queue by name (none: no clock); a custom clock "
        f"has initial_ms {MIN_INITIAL_MS}..{MAX_INITIAL_MS} and increment_ms 0..{MAX_INCREMENT_MS}"
    )
    bot_level_ratings: dict[str, float] = Field(
        description="the rating (OpenSkill mu; a new player: 25) each level plays at: the "
        "backfill picks the level nearest the waiting players' rating (ADR 0026)"
    )


class CatalogOut(BaseModel):
    games: list[CatalogGameOut]


def _catalog_game(game: Game) -> CatalogGameOut:
    return CatalogGameOut(
        **game_info(game).model_dump(),
        bot_levels=list(levels_for(game.id)),
        default_bot_level=DEFAULT_LEVEL,
        clocks={NO_CLOCK: None, **PRESETS},
        bot_level_ratings={
            level: BOT_LEVEL_RATINGS[level]
            for level in levels_for(game.id)
            if level in BOT_LEVEL_RATINGS
        },
    )


def _cards_union() -> Any:
    """One of the games' card catalog models, told apart by their `game` field."""
    models = tuple(m for m in map(card_facts_model, registry().values()) if m is not None)
    if len(models) == 1:
        return models[0]
    return Annotated[Union[models], Field(discriminator="game")]  # noqa: UP007


@router.get("")
async def catalog() -> CatalogOut:
    """Every game the platform runs: title, player counts, option sets (the
    `options` of `POST /v1/queue`) with their JSON Schema, and its bot levels."""
    return _catalog()


@cache
def _catalog() -> CatalogOut:
    return CatalogOut(games=[_catalog_game(game) for game in registry().values()])


@router.get(
    "/{game}/cards",
    response_model=None,
    responses={200: {"model": _cards_union(), "description": "the game's card facts"}},
)
async def cards(
    game: Annotated[str, Path(description="a game id of the catalog", max_length=64)],
) -> Response:
    """The printed facts of every card, tile or noble id the game's views
    show, keyed by that id (JSON object keys are strings: id 7 is `"7"`)."""
    body = _cards_body(known_game(game))
    if body is None:
        raise ApiError("not_found", f"{game} has no cards")
    return Response(body, media_type="application/json", headers=CACHED)


@cache
def _cards_body(game: Game) -> bytes | None:
    """The answer, encoded once (Pokémon TCG's is 125 kB)."""
    facts = card_facts(game)
    return None if facts is None else json.dumps(facts, ensure_ascii=False).encode()
