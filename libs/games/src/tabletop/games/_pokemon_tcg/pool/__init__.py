"""The card pool: importing this package registers every implemented card in
the registry. One module per Pokémon type, one for the Trainers; shared
shapes of attacks in common.py."""

from . import (
    colorless,
    darkness,
    fighting,
    fire,
    grass,
    lightning,
    metal,
    psychic,
    trainers,
    water,
)

__all__ = [
    "colorless",
    "darkness",
    "fighting",
    "fire",
    "grass",
    "lightning",
    "metal",
    "psychic",
    "trainers",
    "water",
]
