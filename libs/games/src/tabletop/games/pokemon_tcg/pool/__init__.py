"""The card pool: importing this package registers every implemented card in
the registry. One module per Pokémon type, the Trainers by kind (items,
supporters, tools and stadiums); shared shapes of attacks in common.py, shared
Trainer conditions in trainer_rules.py."""

from . import (
    colorless,
    darkness,
    fighting,
    fire,
    grass,
    items,
    lightning,
    metal,
    psychic,
    supporters,
    tools_and_stadiums,
    water,
)

__all__ = [
    "colorless",
    "darkness",
    "fighting",
    "fire",
    "grass",
    "items",
    "lightning",
    "metal",
    "psychic",
    "supporters",
    "tools_and_stadiums",
    "water",
]
