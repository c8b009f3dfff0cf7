"""Splendor's card catalog (`Game.card_catalog`): the 90 development cards
and 10 nobles by the ids the views use."""

from __future__ import annotations

from typing import Literal

from tabletop.games._gems.card_facts import Facts, GemCard, Noble, gem_cards, levels

from .data import COLORS, NOBLES


class SplendorCards(Facts):
    game: Literal["splendor"] = "splendor"
    colours: list[str]  # the five gem colours, then the wild token (gold)
    levels: list[str]
    cards: dict[int, GemCard]
    nobles: dict[int, Noble]


def card_catalog() -> SplendorCards:
    from . import GAME

    return SplendorCards(
        colours=list(COLORS),
        levels=levels(GAME),
        cards={card["id"]: GemCard.model_validate(card) for card in gem_cards(GAME)},
        nobles={n: Noble.model_validate(GAME.noble_view(n)) for n in range(len(NOBLES))},
    )
