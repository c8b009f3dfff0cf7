"""The prebuilt decks (decks/*.txt, TCG Live format), drawn only from sv1
and only from implemented cards."""

from __future__ import annotations

from functools import cache
from importlib import resources

from .decklists import DeckList, load
from .registry import implemented

PREBUILT = ("lightning", "fighting", "darkness", "colorless", "water", "psychic", "grass", "fire")


@cache
def prebuilt(name: str) -> DeckList:
    text = resources.files(__package__).joinpath("decks", f"{name}.txt").read_text("utf-8")
    return load(text, implemented())


def resolve(deck: str) -> DeckList:
    """A prebuilt deck by name, or a deck list in the TCG Live text format."""
    if deck.strip() in PREBUILT:
        return prebuilt(deck.strip())
    return load(deck, implemented())
