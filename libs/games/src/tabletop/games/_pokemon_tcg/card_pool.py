"""The card pool: importing this module registers every implemented card
(cards_pokemon.py, cards_trainers.py) in the registry."""

from . import cards_pokemon, cards_trainers

__all__ = ["cards_pokemon", "cards_trainers"]
