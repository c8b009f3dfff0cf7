"""Splendor Pokémon (2-4 players): ball tokens and master balls, three tiers
of Pokémon plus rare and legendary cards, evolution; 18 points end the game
at the end of the round.

Rules: docs/games/splendor-pokemon.md (from the Korean rulebook). The shared
engine lives in `tabletop.games._gems`; this package is the rule set.
"""

from .codes import PokemonCode
from .commands import Evolve, SkipEvolve
from .events import Evolved
from .game import RULES, SplendorPokemon

__all__ = ["GAME", "RULES", "Evolve", "Evolved", "PokemonCode", "SkipEvolve", "SplendorPokemon"]

GAME = SplendorPokemon()
