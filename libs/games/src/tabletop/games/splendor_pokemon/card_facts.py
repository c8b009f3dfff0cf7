"""Splendor Pokémon's card catalog (`Game.card_catalog`): the 90 Pokémon
cards by the ids the views use, with names and evolutions."""

from __future__ import annotations

from typing import Literal

from tabletop.games._gems.card_facts import Facts, GemCard, gem_cards, levels

from .data import COLORS


class PokemonCard(GemCard):
    """A Pokémon card; `cost` may include master balls. `evolves_to` names the
    next stage, which this card becomes by paying `evolve_bonus` in bonuses."""

    name: str
    evolves_to: str | None = None
    evolve_bonus: dict[str, int] | None = None


class SplendorPokemonCards(Facts):
    game: Literal["splendor-pokemon"] = "splendor-pokemon"
    colours: list[str]  # the five ball colours, then the wild token (master)
    levels: list[str]
    cards: dict[int, PokemonCard]


def card_catalog() -> SplendorPokemonCards:
    from . import GAME

    return SplendorPokemonCards(
        colours=list(COLORS),
        levels=levels(GAME),
        cards={card["id"]: PokemonCard.model_validate(card) for card in gem_cards(GAME)},
    )
