"""Schotten Totten's card catalog (`Game.card_catalog`): the 54 clan cards
(colour and value) and the 10 tactic cards (name, family, effect) by the ids
the views use. Built from `cards`, the game's own card table."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from .cards import (
    ALL_CARDS,
    COLOURS,
    COMBAT_MODES,
    ELITE_TROOPS,
    ELITE_VALUES,
    RUSES,
    TACTIC_NAMES,
    card_name,
    colour,
    is_clan,
    value,
)

Family = Literal["elite_troop", "combat_mode", "ruse"]

# What each tactic card does (docs/games/schotten-totten.md, tactics variant).
EFFECTS = {
    "joker": "an elite troop of any colour and value; one joker per player per round",
    "spy": "an elite troop: a 7 of any colour",
    "shield-bearer": "an elite troop: a 1, 2 or 3 of any colour",
    "blind-mans-bluff": "on an unclaimed stone: only the sum of the cards counts",
    "mud-fight": "on an unclaimed stone: 4 cards a side, formations of 4",
    "recruiter": "draw 3 from the decks, keep 1, put the other 2 under the decks they came from",
    "strategist": "move one of your cards from an unclaimed stone to another one, or discard it",
    "banshee": "discard an opponent's card from an unclaimed stone",
    "traitor": "move an opponent's clan card from an unclaimed stone to your side of another",
}


class _Facts(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ClanCard(_Facts):
    kind: Literal["clan"] = "clan"
    id: int
    name: str  # "red-7"
    colour: str
    value: int


class TacticCard(_Facts):
    kind: Literal["tactic"] = "tactic"
    id: int
    name: str
    family: Family
    values: list[int] | None  # the values an elite troop may take; None for the others
    effect: str


SchottenTottenCard = Annotated[ClanCard | TacticCard, Field(discriminator="kind")]


class SchottenTottenCards(_Facts):
    game: Literal["schotten-totten"] = "schotten-totten"
    colours: list[str]
    cards: dict[int, SchottenTottenCard]


def _family(card: int) -> Family:
    if card in ELITE_TROOPS:
        return "elite_troop"
    if card in COMBAT_MODES:
        return "combat_mode"
    assert card in RUSES
    return "ruse"


def _card(card: int) -> ClanCard | TacticCard:
    if is_clan(card):
        return ClanCard(
            id=card, name=card_name(card), colour=COLOURS[colour(card)], value=value(card)
        )
    name = TACTIC_NAMES[card]
    values = ELITE_VALUES.get(card)
    return TacticCard(
        id=card,
        name=name,
        family=_family(card),
        values=None if values is None else list(values),
        effect=EFFECTS[name],
    )


def card_catalog() -> SchottenTottenCards:
    return SchottenTottenCards(colours=list(COLOURS), cards={c: _card(c) for c in ALL_CARDS})
