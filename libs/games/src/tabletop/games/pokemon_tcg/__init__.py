"""Pokémon TCG (2 players), Scarlet & Violet base set (issue #5).

Rules, options, prebuilt decks and status: docs/games/pokemon-tcg.md.
"""

from .game import GAME, PokemonTCG

__all__ = ["GAME", "PokemonTCG"]
