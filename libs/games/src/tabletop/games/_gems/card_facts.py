"""The printed facts of the gem games' cards and nobles, shared by Splendor
and Splendor Pokémon's `card_facts` modules. Built from the game's own
`card_view` / `noble_view`, so the catalog says exactly what the views say."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from tabletop.kernel import JsonDict

from .game import GemsGame


class Facts(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class GemCard(Facts):
    """One development card: `cost` per colour (zero costs left out), the
    bonus it gives (`bonus_count` of that colour) and its points."""

    id: int
    level: str
    bonus: str
    bonus_count: int
    points: int
    cost: dict[str, int]


class Noble(Facts):
    id: int
    points: int
    requires: dict[str, int]  # card bonuses per colour


def gem_cards(game: GemsGame) -> list[JsonDict]:
    return [game.card_view(c) for c in range(len(game.rules.cards))]


def levels(game: GemsGame) -> list[str]:
    return [row.name for row in game.rules.rows]
