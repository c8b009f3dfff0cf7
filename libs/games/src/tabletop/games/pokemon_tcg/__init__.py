"""Pokémon TCG (2 players), Scarlet & Violet base set — work in progress.

The package name starts with an underscore so the games registry does not
list it yet: a game is supported only once it is complete (issue #5).
Rules and status: docs/games/pokemon-tcg.md.
"""

from .game import GAME, PokemonTCG

__all__ = ["GAME", "PokemonTCG"]
