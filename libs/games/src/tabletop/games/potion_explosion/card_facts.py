"""Potion Explosion's card catalog (`Game.card_catalog`): every potion tile
by the id the views use (type, points, holes per colour, starting tile) and
what each potion type does when drunk. Read from the game's own tile data
(`data.TILES`), never a copy."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from .data import COLOURS, TILES, TYPES

# What drinking each type does (docs/games/potion-explosion.md, the effects).
EFFECTS = {
    "wisdom": ("Wisdom", "take any 1 marble from the dispenser"),
    "magnetic_attraction": (
        "Magnetic Attraction",
        "take 2 adjacent marbles of different colours from one track",
    ),
    "blind_love": ("Blind Love", "take every marble of one opponent's pool"),
    "prismatic_joy": (
        "Prismatic Joy",
        "place up to 3 marbles of your pool into holes of any colour",
    ),
    "abyssal_draft": (
        "Abyssal Draft",
        "take bottom marbles, at most one per track, all of different colours",
    ),
    "sands_of_time": ("Sands of Time", "use the effect of a potion you drank before again"),
    "uttermost_stickiness": (
        "Uttermost Stickiness",
        "take 2 or more adjacent marbles of one colour from one track",
    ),
    "lavamancing_filter": (
        "Lavamancing Filter",
        "put up to 5 marbles of one colour from one track back into the reservoir",
    ),
}


class _Facts(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class PotionType(_Facts):
    id: str  # as in views: "wisdom"
    name: str  # as printed: "Wisdom"
    effect: str


class PotionTile(_Facts):
    id: int
    type: str
    points: int
    holes: dict[str, int]  # marbles of each colour the potion needs
    start: bool  # one of the starting tiles dealt at setup


class PotionExplosionCards(_Facts):
    game: Literal["potion-explosion"] = "potion-explosion"
    colours: list[str]
    types: dict[str, PotionType]
    tiles: dict[int, PotionTile]


def card_catalog() -> PotionExplosionCards:
    return PotionExplosionCards(
        colours=list(COLOURS),
        types={t: PotionType(id=t, name=EFFECTS[t][0], effect=EFFECTS[t][1]) for t in TYPES},
        tiles={
            tile.id: PotionTile(
                id=tile.id,
                type=TYPES[tile.type],
                points=tile.points,
                holes=dict(zip(COLOURS, tile.holes, strict=True)),
                start=tile.start,
            )
            for tile in TILES
        },
    )
